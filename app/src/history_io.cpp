#include "history_io.h"

#include "game_recorder.h"

#include "adjudicator/jcz.h"
#include "adjudicator/json.h"

#include "tiledb/catalogue.h"

#include <array>

namespace carc::history {

namespace {

using tiledb::jsonString;

std::string base64(std::string_view bytes) {
    static const char* const abc =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t n = std::uint32_t(std::uint8_t(bytes[i])) << 16;
        if (i + 1 < bytes.size()) n |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) n |= std::uint8_t(bytes[i + 2]);
        out += abc[(n >> 18) & 63];
        out += abc[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? abc[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? abc[n & 63] : '=';
    }
    return out;
}

std::optional<std::string> unbase64(std::string_view text) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        int v = c >= 'A' && c <= 'Z'   ? c - 'A'
                : c >= 'a' && c <= 'z' ? c - 'a' + 26
                : c >= '0' && c <= '9' ? c - '0' + 52
                : c == '+'             ? 62
                : c == '/'             ? 63
                : c == '='             ? -2
                                       : -1;
        if (v == -1) return std::nullopt;
        if (v == -2) break;
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((acc >> bits) & 0xff);
        }
    }
    return out;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string gameJson(const StoredGame& g) {
    const GameSummary& s = g.summary;
    std::string o =
        "    {\"uuid\": " + jsonString(s.uuid) + ", \"started_at\": " + jsonString(s.startedAt) +
        ", \"finished_at\": " + (s.finished() ? jsonString(s.finishedAt) : std::string("null"));
    o += ", \"set\": " + jsonString(s.baseSet) + ", \"expansions\": " + jsonString(s.expansions);
    o += ", \"source\": " + jsonString(s.source) + ", \"note\": " + jsonString(g.info.note);
    o += ",\n     \"setup\": " + jsonString(g.info.setup) + ",\n     \"players\": [";
    for (size_t i = 0; i < s.seats.size(); ++i) {
        const SeatResult& r = s.seats[i];
        o += (i ? ", " : "") + std::string("{\"name\": ") + jsonString(r.player.name) +
             ", \"colour\": " + jsonString(r.player.colour) +
             ", \"score\": " + (r.score ? std::to_string(*r.score) : std::string("null")) +
             ", \"rank\": " + std::to_string(r.rank) + "}";
    }
    o += "],\n     \"turns\": [";
    for (size_t i = 0; i < g.turns.size(); ++i) {
        const TurnRecord& t = g.turns[i];
        o += (i ? ",\n       " : "\n       ") + std::string("{\"seq\": ") + std::to_string(t.seq) +
             ", \"player\": " + std::to_string(t.player) + ", \"action\": " + jsonString(t.action) +
             ", \"recorded_at\": " + jsonString(t.recordedAt) + ", \"scores\": [";
        for (size_t k = 0; k < t.scores.size(); ++k)
            o += (k ? ", " : "") + std::to_string(t.scores[k]);
        o += "], \"state\": " + jsonString(t.state);
        if (!t.thumbnail.empty()) o += ", \"thumbnail\": " + jsonString(base64(t.thumbnail));
        o += ", \"events\": " + t.eventsJson + "}";
    }
    o += "],\n     \"corrections\": [";
    for (size_t i = 0; i < g.corrections.size(); ++i) {
        const Correction& c = g.corrections[i];
        o += (i ? ", " : "") + std::string("{\"turn\": ") + std::to_string(c.turnSeq) +
             ", \"what\": " + jsonString(c.what) + ", \"before\": " + jsonString(c.before) +
             ", \"after\": " + jsonString(c.after) + ", \"made_at\": " + jsonString(c.madeAt) + "}";
    }
    return o + "]}";
}

// Replays one exported game into the store; throws StoreError, returns "" or why it is refused.
std::string importGame(Store& store, const adj::json::Value& g, ImportReport& report) {
    const std::string uuid = g.str("uuid");
    if (uuid.empty()) return "no uuid";
    if (store.hasUuid(uuid)) {
        report.skipped.push_back(uuid);
        return "";
    }
    std::string error;
    std::optional<adj::State> start = adj::State::fromNotation(g.str("setup"), &error);
    if (!start) return "setup: " + error;
    if (start->turnNumber() != 0 || start->board().size() != 1)
        return "setup: not the state before the first turn";
    GameInfo info;
    info.uuid = uuid;
    info.startedAt = g.str("started_at");
    info.source = g.str("source", "import");
    info.note = g.str("note");
    const adj::json::Value* players = g.get("players");
    if (!players || !players->isArray() || int(players->array.size()) != start->config().players)
        return "players: expected " + std::to_string(start->config().players) + " players";
    for (const adj::json::Value& p : players->array)
        info.players.push_back(PlayerInfo{p.str("name"), p.str("colour")});
    const adj::json::Value* turns = g.get("turns");
    if (!turns || !turns->isArray()) return "turns: missing";

    Savepoint whole(store.db()); // the game is kept whole or not at all
    GameRecorder rec(store, std::move(*start), std::move(info));
    for (size_t i = 0; i < turns->array.size(); ++i) {
        const adj::json::Value& t = turns->array[i];
        const std::string where = "turn " + std::to_string(i + 1);
        const std::string action = t.str("action");
        std::optional<std::string> thumb = unbase64(t.str("thumbnail"));
        if (!thumb) return where + ": the thumbnail is not base64";
        const int before = rec.turnsRecorded();
        size_t startWord = 0;
        while (startWord <= action.size()) {
            size_t end = action.find(' ', startWord);
            if (end == std::string::npos) end = action.size();
            const std::string word = action.substr(startWord, end - startWord);
            startWord = end + 1;
            if (word.empty()) continue;
            const std::optional<adj::Action> a = adj::parseAction(rec.state(), word, &error);
            if (!a) return where + ": " + error;
            const adj::Outcome o = rec.apply(*a, *thumb, t.str("recorded_at"));
            if (!o.ok())
                return where + ": '" + word + "' is refused by the engine (" +
                       adj::violationKindName(o.violation->kind) + ")";
        }
        if (i + 1 == turns->array.size()) rec.flush(); // the game may stop mid-turn
        if (rec.turnsRecorded() != before + 1) return where + ": not one whole turn";
        const std::string state = t.str("state");
        if (!state.empty() && state != rec.state().toNotation())
            return where + ": the engine reaches a different state than the file says";
    }
    if (const adj::json::Value* cs = g.get("corrections"); cs && cs->isArray())
        for (const adj::json::Value& c : cs->array) {
            const std::optional<int> turn =
                c.get("turn") ? c.get("turn")->integer(0, 100000) : std::nullopt;
            if (!turn) return "corrections: a turn number is missing or out of range";
            rec.recordCorrection(Correction{*turn, c.str("what"), c.str("before"), c.str("after"),
                                            c.str("made_at")});
        }
    // The finish time is the file's (the recorder stamped the last turn's time).
    if (const adj::json::Value* f = g.get("finished_at");
        f && f->isString() && rec.state().terminal()) {
        Stmt st(store.db(), "UPDATE games SET finished_at = ? WHERE id = ?");
        st.bind(1, f->string).bind(2, rec.gameId()).run();
    }
    whole.commit();
    report.added.push_back(rec.gameId());
    return "";
}

} // namespace

std::string exportJson(const Store& store, const std::vector<GameId>& games) {
    std::string o =
        "{\"schema\": \"carcassonne-history/1\", \"exported_at\": " + jsonString(nowIso()) +
        ",\n  \"games\": [";
    bool first = true;
    for (GameId id : games)
        if (const std::optional<StoredGame> g = store.game(id)) {
            o += (first ? "\n" : ",\n") + gameJson(*g);
            first = false;
        }
    return o + "]}\n";
}

std::string exportCsv(const Store& store, const std::vector<GameId>& games) {
    std::string o = "game,uuid,started_at,finished_at,set,expansions,source,turns,seat,player,"
                    "colour,score,rank,road,city,cloister,field\n";
    for (GameId id : games) {
        const std::optional<StoredGame> g = store.game(id);
        if (!g) continue;
        std::vector<std::array<int, 4>> points(g->summary.seats.size());
        static const char* const features[4] = {"road", "city", "cloister", "field"};
        for (const TurnRecord& t : g->turns)
            for (const ScoreLine& l : t.lines)
                for (int f = 0; f < 4; ++f)
                    if (l.feature == features[f] && size_t(l.seat) < points.size())
                        points[size_t(l.seat)][size_t(f)] += l.points;
        const GameSummary& s = g->summary;
        for (size_t i = 0; i < s.seats.size(); ++i) {
            const SeatResult& r = s.seats[i];
            o += std::to_string(s.id) + "," + s.uuid + "," + s.startedAt + "," + s.finishedAt +
                 "," + csvField(s.baseSet) + "," + csvField(s.expansions) + "," +
                 csvField(s.source) + "," + std::to_string(s.turns) + "," + std::to_string(i) +
                 "," + csvField(r.player.name) + "," + csvField(r.player.colour) + "," +
                 (r.score ? std::to_string(*r.score) : "") + "," + std::to_string(r.rank);
            for (int p : points[i]) o += "," + std::to_string(p);
            o += "\n";
        }
    }
    return o;
}

ImportReport importJson(Store& store, std::string_view text, const std::string& file) {
    ImportReport report;
    const adj::json::ParseResult parsed = adj::json::parse(text);
    if (!parsed.value) {
        report.error = file + ": " + parsed.error;
        return report;
    }
    const adj::json::Value& root = *parsed.value;
    if (root.str("schema") != "carcassonne-history/1") {
        report.error =
            file + ": not a carcassonne-history/1 export (schema is '" + root.str("schema") + "')";
        return report;
    }
    const adj::json::Value* games = root.get("games");
    if (!games || !games->isArray()) {
        report.error = file + ": no \"games\" array";
        return report;
    }
    for (size_t i = 0; i < games->array.size(); ++i) {
        const adj::json::Value& g = games->array[i];
        const std::string why = g.isObject() ? importGame(store, g, report) : "not an object";
        if (!why.empty())
            report.refused.push_back(file + ": game " + std::to_string(i + 1) + " (" +
                                     g.str("uuid", "no uuid") + "): " + why);
    }
    return report;
}

ImportReport importJcz(Store& store, std::string_view text, const std::string& file) {
    ImportReport report;
    std::string error;
    const std::optional<adj::jcz::Replay> replay = adj::jcz::parse(text, &error);
    if (!replay) {
        report.error = file + ": " + error;
        return report;
    }
    std::optional<adj::State> start = adj::State::create(replay->config, &error);
    if (!start) {
        report.error = file + ": " + error;
        return report;
    }
    GameInfo info;
    info.source = "jcz";
    info.note = replay->description.empty() ? file : replay->description;
    static const char* const colours[] = {"red", "blue", "green", "yellow", "black", "grey"};
    for (size_t i = 0; i < replay->players.size(); ++i)
        info.players.push_back(PlayerInfo{replay->players[i], colours[i % 6]});
    Savepoint whole(store.db());
    GameRecorder rec(store, std::move(*start), std::move(info));
    std::string refusal;
    const adj::jcz::Result result =
        adj::jcz::run(*replay, [&](const adj::State&, const adj::Action& a, const adj::Outcome&) {
            if (refusal.empty() && !rec.apply(a).ok())
                refusal = "the recorder refused " + adj::actionText(rec.state(), a);
        });
    if (refusal.empty() && result.error.empty()) rec.flush();
    if (!result.error.empty() || !refusal.empty()) {
        report.refused.push_back(file + ": " + (refusal.empty() ? result.error : refusal));
        return report; // the savepoint rolls the game back
    }
    whole.commit();
    report.added.push_back(rec.gameId());
    return report;
}

} // namespace carc::history
