// `carcassonne history list|show|replay|export|import|stats|check [--db FILE]`: the games
// stored in the history database (default: history.sqlite in the user's data folder).
#include "cli_commands.h"

#include "game_recorder.h"
#include "history_io.h"

#include "adjudicator/json.h"
#include "adjudicator/knowledge.h"

#include "tiledb/catalogue.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace carc::cli {

namespace {

using namespace carc::history;

const char* const kUsage =
    "usage: carcassonne history COMMAND [--db FILE]\n"
    "  list [--limit N] [--json]              the stored games, newest first\n"
    "  show GAME [--lang en|ro|nl]            players, results, every turn and its explanations\n"
    "  replay GAME [--turn N] [--lang L]      the board and scores turn by turn, replayed by "
    "the engine\n"
    "  export [GAME...] [--format json|csv] [--out FILE]   one, several or (none named) all "
    "games\n"
    "  import FILE...                         our JSON exports or JCloisterZone .jcz replays\n"
    "  stats [--json]                         per player: games, wins, points by feature, ...\n"
    "  check                                  integrity check, and every game replayed\n"
    "  delete GAME                            remove one game and everything stored with it\n"
    "GAME is a number from `list` or the start of a uuid.\n";

struct Options {
    std::string db, format = "json", out, lang = "en";
    std::vector<std::string> positional;
    int limit = -1, turn = -1;
    bool json = false;
};

bool parseOptions(const std::vector<std::string>& args, Options& o) {
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool value = i + 1 < args.size();
        if (a == "--db" && value)
            o.db = args[++i];
        else if (a == "--format" && value)
            o.format = args[++i];
        else if (a == "--out" && value)
            o.out = args[++i];
        else if (a == "--lang" && value)
            o.lang = args[++i];
        else if (a == "--limit" && value)
            o.limit = std::atoi(args[++i].c_str());
        else if (a == "--turn" && value)
            o.turn = std::atoi(args[++i].c_str());
        else if (a == "--json")
            o.json = true;
        else if (!a.empty() && a[0] != '-')
            o.positional.push_back(a);
        else
            return false;
    }
    return (o.format == "json" || o.format == "csv") && adj::kb::langFromCode(o.lang);
}

std::string players(const GameSummary& g) {
    std::string s;
    for (const SeatResult& r : g.seats)
        s += (s.empty() ? "" : ", ") + r.player.name +
             (r.score ? " " + std::to_string(*r.score) + (r.rank == 1 ? "*" : "") : "");
    return s;
}

std::string sets(const GameSummary& g) {
    return g.baseSet + (g.expansions.empty() ? "" : "+" + g.expansions);
}

GameId needGame(const Store& store, const std::string& key) {
    const std::optional<GameId> id = store.findGame(key);
    if (!id)
        throw StoreError(store.path() + ": no game '" + key +
                         "' (or the uuid prefix names several)");
    return *id;
}

// The explanations stored with a turn, in one language.
std::vector<std::string> eventTexts(const std::string& eventsJson, const std::string& lang) {
    std::vector<std::string> out;
    const adj::json::ParseResult r = adj::json::parse(eventsJson);
    if (!r.value || !r.value->isArray()) return {"(the stored events cannot be read)"};
    for (const adj::json::Value& e : r.value->array)
        if (const adj::json::Value* t = e.get("text")) out.push_back(t->str(lang, t->str("en")));
    return out;
}

int list(const Store& store, const Options& o) {
    const std::vector<GameSummary> games = store.listGames(o.limit);
    if (o.json) {
        using tiledb::jsonString;
        std::string s = "[";
        for (size_t i = 0; i < games.size(); ++i) {
            const GameSummary& g = games[i];
            s += (i ? ",\n " : "\n ") + std::string("{\"id\": ") + std::to_string(g.id) +
                 ", \"uuid\": " + jsonString(g.uuid) +
                 ", \"started_at\": " + jsonString(g.startedAt) +
                 ", \"finished\": " + (g.finished() ? "true" : "false") +
                 ", \"set\": " + jsonString(sets(g)) + ", \"turns\": " + std::to_string(g.turns) +
                 ", \"players\": " + jsonString(players(g)) + "}";
        }
        std::printf("%s]\n", s.c_str());
        return 0;
    }
    std::printf("%zu game%s in %s\n", games.size(), games.size() == 1 ? "" : "s",
                store.path().c_str());
    for (const GameSummary& g : games)
        std::printf("%5lld  %.16s  %-8s %-20s %3d turns  %s%s\n", static_cast<long long>(g.id),
                    g.startedAt.c_str(), g.uuid.substr(0, 8).c_str(), sets(g).c_str(), g.turns,
                    players(g).c_str(), g.finished() ? "" : "  (in progress)");
    return 0;
}

int show(const Store& store, const Options& o) {
    if (o.positional.size() != 1) throw StoreError("history show: name one game");
    const StoredGame g = *store.game(needGame(store, o.positional[0]));
    std::printf(
        "game %lld  %s\n  started %s%s\n  %s, source %s%s\n  players: %s\n",
        static_cast<long long>(g.summary.id), g.summary.uuid.c_str(), g.summary.startedAt.c_str(),
        g.summary.finished() ? (", finished " + g.summary.finishedAt).c_str() : "",
        sets(g.summary).c_str(), g.summary.source.c_str(),
        g.info.note.empty() ? "" : (", " + g.info.note).c_str(), players(g.summary).c_str());
    for (const TurnRecord& t : g.turns) {
        const std::string who = t.player >= 0 && size_t(t.player) < g.info.players.size()
                                    ? g.info.players[size_t(t.player)].name
                                    : "table";
        std::printf("%4d. %-8s %s\n", t.seq, who.c_str(), t.action.c_str());
        for (const std::string& text : eventTexts(t.eventsJson, o.lang))
            std::printf("        %s\n", text.c_str());
    }
    for (const Correction& c : g.corrections)
        std::printf("  correction at turn %d: %s: %s -> %s\n", c.turnSeq, c.what.c_str(),
                    c.before.c_str(), c.after.c_str());
    return 0;
}

int replay(const Store& store, const Options& o) {
    if (o.positional.size() != 1) throw StoreError("history replay: name one game");
    const StoredGame g = *store.game(needGame(store, o.positional[0]));
    std::vector<std::string> names;
    for (const PlayerInfo& p : g.info.players) names.push_back(p.name);
    const std::string problem = replayGame(g, [&](const TurnRecord& t, const adj::State& s) {
        if (o.turn >= 0 && t.seq != o.turn && !(o.turn == 0 && &t == &g.turns.back())) return;
        std::printf("after turn %d (%s):\n%s", t.seq, t.action.c_str(), s.drawAscii().c_str());
        for (size_t p = 0; p < names.size(); ++p)
            std::printf("%s%s %d", p ? ", " : "scores: ", names[p].c_str(), s.score(int(p)));
        std::printf("\n\n");
    });
    if (!problem.empty()) {
        std::fprintf(stderr, "%s: game %lld does not replay: %s\n", store.path().c_str(),
                     static_cast<long long>(g.summary.id), problem.c_str());
        return 1;
    }
    std::printf("game %lld: %zu turns replayed by the engine, every state as recorded\n",
                static_cast<long long>(g.summary.id), g.turns.size());
    return 0;
}

int exportGames(const Store& store, const Options& o) {
    std::vector<GameId> ids;
    for (const std::string& key : o.positional) ids.push_back(needGame(store, key));
    if (ids.empty())
        for (const GameSummary& g : store.listGames()) ids.insert(ids.begin(), g.id);
    const std::string text = o.format == "csv" ? exportCsv(store, ids) : exportJson(store, ids);
    if (o.out.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
    }
    std::ofstream out(o.out, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        std::fprintf(stderr, "%s: cannot write the export\n", o.out.c_str());
        return 1;
    }
    std::fprintf(stderr, "%zu game%s exported to %s\n", ids.size(), ids.size() == 1 ? "" : "s",
                 o.out.c_str());
    return 0;
}

int importFiles(Store& store, const Options& o) {
    if (o.positional.empty()) throw StoreError("history import: name one or more files");
    int failures = 0;
    for (const std::string& file : o.positional) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "%s: cannot open the file\n", file.c_str());
            ++failures;
            continue;
        }
        std::ostringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        const bool ours = text.find("\"carcassonne-history/1\"") != std::string::npos;
        const ImportReport r = ours ? importJson(store, text, file) : importJcz(store, text, file);
        if (!r.error.empty()) std::fprintf(stderr, "%s\n", r.error.c_str());
        for (const std::string& why : r.refused) std::fprintf(stderr, "refused: %s\n", why.c_str());
        std::printf("%s: %zu game%s added%s", file.c_str(), r.added.size(),
                    r.added.size() == 1 ? "" : "s", r.added.empty() ? "" : " (");
        for (size_t i = 0; i < r.added.size(); ++i)
            std::printf("%s%lld", i ? ", " : "", static_cast<long long>(r.added[i]));
        std::printf("%s, %zu already stored, %zu refused\n", r.added.empty() ? "" : ")",
                    r.skipped.size(), r.refused.size());
        failures += !r.ok();
    }
    return failures ? 1 : 0;
}

int stats(const Store& store, const Options& o) {
    const std::vector<PlayerStats> all = store.stats();
    if (o.json) {
        std::string s = "[";
        for (size_t i = 0; i < all.size(); ++i) {
            const PlayerStats& p = all[i];
            char avg[32];
            std::snprintf(avg, sizeof avg, "%.2f", p.averageScore);
            s += (i ? ",\n " : "\n ") + std::string("{\"player\": ") + tiledb::jsonString(p.name) +
                 ", \"games\": " + std::to_string(p.games) +
                 ", \"wins\": " + std::to_string(p.wins) + ", \"average\": " + avg +
                 ", \"best\": " + std::to_string(p.best) +
                 ", \"points\": {\"road\": " + std::to_string(p.points[0]) +
                 ", \"city\": " + std::to_string(p.points[1]) +
                 ", \"cloister\": " + std::to_string(p.points[2]) +
                 ", \"field\": " + std::to_string(p.points[3]) +
                 "}, \"longest_road\": " + std::to_string(p.longestRoad) +
                 ", \"biggest_city\": " + std::to_string(p.biggestCity) + "}";
        }
        std::printf("%s]\n", s.c_str());
        return 0;
    }
    std::printf("%-14s %5s %5s %7s %5s %6s %6s %8s %6s %12s %12s\n", "player", "games", "wins",
                "average", "best", "roads", "cities", "cloister", "farms", "longest road",
                "biggest city");
    for (const PlayerStats& p : all)
        std::printf("%-14s %5d %5d %7.1f %5d %6d %6d %8d %6d %12d %12d\n", p.name.c_str(), p.games,
                    p.wins, p.averageScore, p.best, p.points[0], p.points[1], p.points[2],
                    p.points[3], p.longestRoad, p.biggestCity);
    return 0;
}

int check(const Store& store) {
    const std::string problems = store.integrityProblems();
    if (!problems.empty()) {
        std::fprintf(stderr, "%s: integrity check failed: %s\n", store.path().c_str(),
                     problems.c_str());
        return 1;
    }
    int bad = 0;
    const std::vector<GameSummary> games = store.listGames();
    for (const GameSummary& s : games) {
        const std::string problem = replayGame(*store.game(s.id));
        if (problem.empty()) continue;
        std::fprintf(stderr, "game %lld: %s\n", static_cast<long long>(s.id), problem.c_str());
        ++bad;
    }
    std::printf("%s: integrity ok, schema %d, %zu games, %d that do not replay\n",
                store.path().c_str(), store.schemaVersion(), games.size(), bad);
    return bad ? 1 : 0;
}

} // namespace

int history(const std::vector<std::string>& args) {
    Options o;
    if (args.empty() || !parseOptions(args, o)) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    const std::string& cmd = args[0];
    const bool writes = cmd == "import" || cmd == "delete";
    try {
        const std::string path = o.db.empty() ? Store::defaultPath() : o.db;
        std::unique_ptr<Store> store;
        try {
            store = Store::open(path);
        } catch (const StoreError& e) {
            // A database in a read-only place can still be read.
            const int c = e.sqliteCode();
            if (writes || (c != SQLITE_READONLY && c != SQLITE_CANTOPEN && c != SQLITE_PERM)) throw;
            store = Store::open(path, Store::Access::ReadOnly);
        }
        if (cmd == "list") return list(*store, o);
        if (cmd == "show") return show(*store, o);
        if (cmd == "replay") return replay(*store, o);
        if (cmd == "export") return exportGames(*store, o);
        if (cmd == "import") return importFiles(*store, o);
        if (cmd == "stats") return stats(*store, o);
        if (cmd == "check") return check(*store);
        if (cmd == "delete" && o.positional.size() == 1) {
            const GameId id = needGame(*store, o.positional[0]);
            const GameSummary g = store->game(id)->summary;
            store->deleteGame(id);
            std::printf("deleted game %lld (%s, %s, %d turns: %s)\n", static_cast<long long>(id),
                        g.startedAt.c_str(), sets(g).c_str(), g.turns, players(g).c_str());
            return 0;
        }
    } catch (const StoreError& e) {
        std::fprintf(stderr, "carcassonne history: %s\n", e.what());
        return 1;
    }
    std::fputs(kUsage, stderr);
    return 2;
}

} // namespace carc::cli
