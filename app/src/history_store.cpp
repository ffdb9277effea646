#include "history_store.h"

#include "data_folder.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <random>
#include <sstream>
#include <unordered_map>

namespace carc::history {

namespace {

// Migration i takes the schema from version i to i + 1. Append; never edit a published step.
const char* const kMigrations[] = {
    // 0 -> 1: the first schema.
    R"(
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    base_set TEXT NOT NULL,
    expansions TEXT NOT NULL DEFAULT '',
    setup TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    turn_count INTEGER NOT NULL DEFAULT 0); -- kept by recordTurn: listing never counts turns
CREATE INDEX games_by_start ON games(started_at);
CREATE TABLE players(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    colour TEXT NOT NULL DEFAULT '',
    final_score INTEGER,
    rank INTEGER NOT NULL DEFAULT 0,
    -- totals filled when the game is finished (statistics read only this table)
    road_points INTEGER NOT NULL DEFAULT 0,
    city_points INTEGER NOT NULL DEFAULT 0,
    cloister_points INTEGER NOT NULL DEFAULT 0,
    field_points INTEGER NOT NULL DEFAULT 0,
    longest_road INTEGER NOT NULL DEFAULT 0,
    biggest_city INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(game_id, seat)) WITHOUT ROWID;
CREATE INDEX players_by_name ON players(name);
CREATE TABLE turns(
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL DEFAULT '[]',
    state TEXT NOT NULL,
    scores TEXT NOT NULL,
    thumbnail BLOB,
    recorded_at TEXT NOT NULL,
    UNIQUE(game_id, seq));
-- (A rowid table: its rows are large, and counting a game's turns reads only the index.)
CREATE TABLE score_lines(
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    feature TEXT NOT NULL,
    at_end INTEGER NOT NULL,
    points INTEGER NOT NULL,
    size INTEGER NOT NULL,
    FOREIGN KEY(game_id, seq) REFERENCES turns(game_id, seq) ON DELETE CASCADE);
CREATE INDEX score_lines_by_game ON score_lines(game_id, seat);
CREATE TABLE corrections(
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    turn_seq INTEGER NOT NULL,
    made_at TEXT NOT NULL,
    what TEXT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL);
CREATE INDEX corrections_by_game ON corrections(game_id);
)",
};
constexpr int kMigrationCount = int(sizeof(kMigrations) / sizeof(kMigrations[0]));
static_assert(kMigrationCount == Store::kSchemaVersion, "one migration per schema version");

std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}

std::vector<int> splitInts(const std::string& s) {
    std::vector<int> out;
    std::istringstream in(s);
    std::string part;
    while (std::getline(in, part, ',')) out.push_back(std::atoi(part.c_str()));
    return out;
}

// "set=base+abbey-mayor" in the setup notation -> base set and expansions.
std::pair<std::string, std::string> setsOf(const std::string& setup) {
    const size_t at = setup.find(" set=");
    if (at == std::string::npos) return {"?", ""};
    const size_t start = at + 5, end = setup.find(' ', start);
    const std::string sets = setup.substr(start, end - start);
    const size_t plus = sets.find('+');
    if (plus == std::string::npos) return {sets, ""};
    std::string exp = sets.substr(plus + 1);
    for (char& c : exp)
        if (c == '+') c = ',';
    return {sets.substr(0, plus), exp};
}

} // namespace

std::string nowIso() {
    const auto now = std::chrono::system_clock::now();
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, int(ms));
    return buf;
}

std::string newUuid() {
    // Fresh entropy every time: a generator kept between calls would repeat itself in forked
    // processes (two writers, one uuid).
    std::random_device rd;
    auto rng = [&] { return (std::uint64_t(rd()) << 32) | rd(); };
    const std::uint64_t a = rng(), b = rng();
    char buf[40];
    // Version 4, variant 1.
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", unsigned(a >> 32),
                  unsigned(a >> 16) & 0xffff, unsigned(a) & 0xfff,
                  (unsigned(b >> 48) & 0x3fff) | 0x8000,
                  static_cast<unsigned long long>(b & 0xffffffffffffull));
    return buf;
}

std::string Store::defaultPath() {
    return carc::dataFolder() + "/history.sqlite";
}

std::unique_ptr<Store> Store::open(const std::string& path, Access access) {
    const bool readOnly = access == Access::ReadOnly;
    namespace fs = std::filesystem;
    bool create = false;
    if (path != ":memory:") {
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            if (readOnly) throw StoreError(path + ": no such history database", SQLITE_CANTOPEN);
            const fs::path dir = fs::path(path).parent_path();
            if (!dir.empty() && !fs::exists(dir, ec) && !fs::create_directories(dir, ec))
                throw StoreError(path + ": cannot create the folder " + dir.string() + " (" +
                                     ec.message() + ")",
                                 SQLITE_CANTOPEN);
            create = true;
        } else if (fs::is_directory(path, ec)) {
            throw StoreError(path + ": is a folder, not a history database", SQLITE_CANTOPEN);
        }
    }
    std::unique_ptr<Store> s(new Store(path, readOnly, create || path == ":memory:"));
    s->prepare(readOnly);
    return s;
}

Store::Store(const std::string& path, bool readOnly, bool create) : db_(path, readOnly, create) {}

void Store::prepare(bool readOnly) {
    // Read-only checks first: nothing is written to a file that turns out not to be ours.
    const std::int64_t appId = db_.scalar("PRAGMA application_id");
    const std::int64_t version = db_.scalar("PRAGMA user_version");
    const std::int64_t objects = db_.scalar("SELECT count(*) FROM sqlite_schema");
    const bool empty = objects == 0 && appId == 0 && version == 0;
    if (!empty && appId != kApplicationId)
        throw StoreError(path() +
                         ": an SQLite database, but not a carcassonne-scorer history (it was "
                         "left untouched)");
    if (version > kSchemaVersion)
        throw StoreError(path() + ": its schema version " + std::to_string(version) +
                         " is newer than this program knows (" + std::to_string(kSchemaVersion) +
                         "); update the program (the file was left untouched)");
    if (readOnly) {
        if (empty) throw StoreError(path() + ": an empty file, not a history database yet");
        if (version < kSchemaVersion)
            throw StoreError(path() + ": schema version " + std::to_string(version) +
                             " needs an upgrade, which a read-only open cannot do");
        db_.exec("PRAGMA foreign_keys = ON");
        return;
    }
    // WAL: readers never block the writer. FULL: a committed turn survives a power cut.
    if (path() != ":memory:") db_.exec("PRAGMA journal_mode = WAL");
    db_.exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON");
    if (version < kSchemaVersion) {
        // All steps in one transaction: an interrupted upgrade leaves the old schema intact.
        db_.exec("BEGIN IMMEDIATE");
        try {
            // Another process may have upgraded while we waited for the lock.
            for (int v = int(db_.scalar("PRAGMA user_version")); v < kSchemaVersion; ++v)
                db_.exec(kMigrations[v]);
            db_.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            db_.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
            db_.exec("COMMIT");
        } catch (...) {
            sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
    }
}

int Store::schemaVersion() const {
    return int(db_.scalar("PRAGMA user_version"));
}

GameId Store::beginGame(GameInfo info) {
    if (info.uuid.empty()) info.uuid = newUuid();
    if (info.startedAt.empty()) info.startedAt = nowIso();
    const auto [set, expansions] = setsOf(info.setup);
    Savepoint sp(db_);
    Stmt g(db_, "INSERT INTO games(uuid, started_at, base_set, expansions, setup, source, note) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)");
    g.bind(1, info.uuid).bind(2, info.startedAt).bind(3, set).bind(4, expansions);
    g.bind(5, info.setup).bind(6, info.source).bind(7, info.note).run();
    const GameId id = db_.lastRowId();
    Stmt p(db_, "INSERT INTO players(game_id, seat, name, colour) VALUES (?, ?, ?, ?)");
    for (size_t i = 0; i < info.players.size(); ++i) {
        p.reset();
        p.bind(1, id).bind(2, std::int64_t(i)).bind(3, info.players[i].name);
        p.bind(4, info.players[i].colour).run();
    }
    sp.commit();
    return id;
}

void Store::recordTurn(GameId game, const TurnRecord& t) {
    Savepoint sp(db_);
    Stmt st(db_, "INSERT INTO turns(game_id, seq, player, action, events, state, scores, "
                 "thumbnail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, game).bind(2, std::int64_t(t.seq)).bind(3, std::int64_t(t.player));
    st.bind(4, t.action).bind(5, t.eventsJson.empty() ? "[]" : t.eventsJson).bind(6, t.state);
    st.bind(7, joinInts(t.scores)).bindBlob(8, t.thumbnail);
    st.bind(9, t.recordedAt.empty() ? nowIso() : t.recordedAt).run();
    Stmt count(db_, "UPDATE games SET turn_count = turn_count + 1 WHERE id = ?");
    count.bind(1, game).run();
    if (!t.lines.empty()) {
        Stmt l(db_, "INSERT INTO score_lines(game_id, seq, seat, feature, at_end, points, size) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)");
        for (const ScoreLine& line : t.lines) {
            l.reset();
            l.bind(1, game).bind(2, std::int64_t(t.seq)).bind(3, std::int64_t(line.seat));
            l.bind(4, line.feature).bind(5, std::int64_t(line.atEnd));
            l.bind(6, std::int64_t(line.points)).bind(7, std::int64_t(line.size)).run();
        }
    }
    sp.commit();
}

void Store::recordCorrection(GameId game, const Correction& c) {
    Stmt st(db_, "INSERT INTO corrections(game_id, turn_seq, made_at, what, before, after) "
                 "VALUES (?, ?, ?, ?, ?, ?)");
    st.bind(1, game)
        .bind(2, std::int64_t(c.turnSeq))
        .bind(3, c.madeAt.empty() ? nowIso() : c.madeAt);
    st.bind(4, c.what).bind(5, c.before).bind(6, c.after).run();
}

std::string Store::withdrawLastTurn(GameId game, Correction c) {
    Savepoint sp(db_);
    Stmt g(db_, "SELECT finished_at IS NOT NULL FROM games WHERE id = ?");
    g.bind(1, game);
    if (!g.step()) throw StoreError(path() + ": no game " + std::to_string(game));
    if (g.integer(0))
        throw StoreError(path() + ": game " + std::to_string(game) +
                         " is finished: its turns stay as they are");
    Stmt last(db_, "SELECT seq, action FROM turns WHERE game_id = ? ORDER BY seq DESC LIMIT 1");
    last.bind(1, game);
    if (!last.step())
        throw StoreError(path() + ": game " + std::to_string(game) + " has no turn to take back");
    c.turnSeq = int(last.integer(0));
    if (c.before.empty()) c.before = last.text(1);
    Stmt del(db_, "DELETE FROM turns WHERE game_id = ? AND seq = ?"); // score lines cascade
    del.bind(1, game).bind(2, std::int64_t(c.turnSeq)).run();
    Stmt count(db_, "UPDATE games SET turn_count = turn_count - 1 WHERE id = ?");
    count.bind(1, game).run();
    recordCorrection(game, c);
    sp.commit();
    return c.before;
}

void Store::finishGame(GameId game, const std::vector<int>& finalScores,
                       const std::string& finishedAt) {
    Savepoint sp(db_);
    Stmt g(db_, "UPDATE games SET finished_at = ? WHERE id = ?");
    g.bind(1, finishedAt.empty() ? nowIso() : finishedAt).bind(2, game).run();
    Stmt p(db_, "UPDATE players SET final_score = ?, rank = ? WHERE game_id = ? AND seat = ?");
    for (size_t i = 0; i < finalScores.size(); ++i) {
        int rank = 1; // ties share a rank
        for (int other : finalScores) rank += other > finalScores[i];
        p.reset();
        p.bind(1, std::int64_t(finalScores[i])).bind(2, std::int64_t(rank)).bind(3, game);
        p.bind(4, std::int64_t(i)).run();
    }
    // The per-player totals behind the statistics, from this game's score lines.
    db_.exec("UPDATE players SET "
             "road_points = (SELECT ifnull(sum(points), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'road'), "
             "city_points = (SELECT ifnull(sum(points), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'city'), "
             "cloister_points = (SELECT ifnull(sum(points), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'cloister'), "
             "field_points = (SELECT ifnull(sum(points), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'field'), "
             "longest_road = (SELECT ifnull(max(size), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'road'), "
             "biggest_city = (SELECT ifnull(max(size), 0) FROM score_lines l WHERE "
             "l.game_id = players.game_id AND l.seat = players.seat AND feature = 'city') "
             "WHERE game_id = " +
             std::to_string(game));
    sp.commit();
}

void Store::deleteGame(GameId game) {
    Savepoint sp(db_);
    Stmt st(db_, "DELETE FROM games WHERE id = ?");
    st.bind(1, game).run();
    sp.commit();
}

std::vector<GameSummary> Store::listGames(int limit) const {
    // Two scans in index order (games by start, players by game), joined here: a join in SQL
    // was four times slower on 10,000 games.
    std::vector<GameSummary> out;
    std::unordered_map<GameId, size_t> index;
    {
        Stmt st(db_, "SELECT id, uuid, started_at, ifnull(finished_at, ''), base_set, "
                     "expansions, source, turn_count FROM games "
                     "ORDER BY started_at DESC, id DESC LIMIT ?");
        st.bind(1, std::int64_t(limit));
        while (st.step()) {
            GameSummary g;
            g.id = st.integer(0);
            g.uuid = st.text(1);
            g.startedAt = st.text(2);
            g.finishedAt = st.text(3);
            g.baseSet = st.text(4);
            g.expansions = st.text(5);
            g.source = st.text(6);
            g.turns = int(st.integer(7));
            index.emplace(g.id, out.size());
            out.push_back(std::move(g));
        }
    }
    const bool all = limit < 0 || out.size() < size_t(limit);
    Stmt st(db_, all ? "SELECT game_id, name, colour, final_score, rank FROM players "
                       "ORDER BY game_id, seat"
                     : "SELECT game_id, name, colour, final_score, rank FROM players "
                       "WHERE game_id >= ? ORDER BY game_id, seat");
    if (!all) {
        GameId lowest = out.empty() ? 0 : out[0].id;
        for (const GameSummary& g : out) lowest = std::min(lowest, g.id);
        st.bind(1, lowest);
    }
    while (st.step()) {
        const auto it = index.find(st.integer(0));
        if (it == index.end()) continue;
        SeatResult r{{st.text(1), st.text(2)}, std::nullopt, int(st.integer(4))};
        if (!st.isNull(3)) r.score = int(st.integer(3));
        out[it->second].seats.push_back(std::move(r));
    }
    return out;
}

std::optional<GameId> Store::findGame(const std::string& key) const {
    if (key.empty()) return std::nullopt;
    if (key.find_first_not_of("0123456789") == std::string::npos && key.size() < 12) {
        Stmt st(db_, "SELECT id FROM games WHERE id = ?");
        st.bind(1, std::int64_t(std::atoll(key.c_str())));
        if (st.step()) return st.integer(0);
    }
    Stmt st(db_, "SELECT id FROM games WHERE substr(uuid, 1, length(?1)) = ?1 LIMIT 2");
    st.bind(1, key);
    if (!st.step()) return std::nullopt;
    const GameId id = st.integer(0);
    if (st.step()) return std::nullopt; // an ambiguous prefix
    return id;
}

bool Store::hasUuid(const std::string& uuid) const {
    Stmt st(db_, "SELECT 1 FROM games WHERE uuid = ?");
    st.bind(1, uuid);
    return st.step();
}

std::optional<StoredGame> Store::game(GameId id) const {
    StoredGame out;
    {
        Stmt st(db_, "SELECT uuid, started_at, ifnull(finished_at, ''), base_set, expansions, "
                     "source, setup, note FROM games WHERE id = ?");
        st.bind(1, id);
        if (!st.step()) return std::nullopt;
        GameSummary& g = out.summary;
        g.id = id;
        g.uuid = out.info.uuid = st.text(0);
        g.startedAt = out.info.startedAt = st.text(1);
        g.finishedAt = st.text(2);
        g.baseSet = st.text(3);
        g.expansions = st.text(4);
        g.source = out.info.source = st.text(5);
        out.info.setup = st.text(6);
        out.info.note = st.text(7);
    }
    {
        Stmt st(db_, "SELECT name, colour, final_score, rank FROM players WHERE game_id = ? "
                     "ORDER BY seat");
        st.bind(1, id);
        while (st.step()) {
            SeatResult r{{st.text(0), st.text(1)}, std::nullopt, int(st.integer(3))};
            if (!st.isNull(2)) r.score = int(st.integer(2));
            out.info.players.push_back(r.player);
            out.summary.seats.push_back(std::move(r));
        }
    }
    {
        Stmt st(db_, "SELECT seq, player, action, events, state, scores, thumbnail, recorded_at "
                     "FROM turns WHERE game_id = ? ORDER BY seq");
        st.bind(1, id);
        while (st.step()) {
            TurnRecord t;
            t.seq = int(st.integer(0));
            t.player = int(st.integer(1));
            t.action = st.text(2);
            t.eventsJson = st.text(3);
            t.state = st.text(4);
            t.scores = splitInts(st.text(5));
            t.thumbnail = st.text(6);
            t.recordedAt = st.text(7);
            out.turns.push_back(std::move(t));
        }
        out.summary.turns = int(out.turns.size());
    }
    {
        Stmt st(db_, "SELECT seq, seat, feature, at_end, points, size FROM score_lines "
                     "WHERE game_id = ? ORDER BY seq, rowid");
        st.bind(1, id);
        size_t ti = 0;
        while (st.step()) {
            const int seq = int(st.integer(0));
            while (ti < out.turns.size() && out.turns[ti].seq < seq) ++ti;
            if (ti == out.turns.size()) break;
            out.turns[ti].lines.push_back(ScoreLine{int(st.integer(1)), st.text(2),
                                                    st.integer(3) != 0, int(st.integer(4)),
                                                    int(st.integer(5))});
        }
    }
    {
        Stmt st(db_, "SELECT turn_seq, what, before, after, made_at FROM corrections "
                     "WHERE game_id = ? ORDER BY id");
        st.bind(1, id);
        while (st.step())
            out.corrections.push_back(
                Correction{int(st.integer(0)), st.text(1), st.text(2), st.text(3), st.text(4)});
    }
    return out;
}

std::vector<PlayerStats> Store::stats() const {
    // A final score is set only when the game is finished.
    Stmt st(db_, "SELECT name, count(*), sum(rank = 1), avg(final_score), max(final_score), "
                 "sum(road_points), sum(city_points), sum(cloister_points), sum(field_points), "
                 "max(longest_road), max(biggest_city) FROM players "
                 "WHERE final_score IS NOT NULL GROUP BY name ORDER BY name");
    std::vector<PlayerStats> out;
    while (st.step()) {
        PlayerStats s;
        s.name = st.text(0);
        s.games = int(st.integer(1));
        s.wins = int(st.integer(2));
        s.averageScore = st.real(3);
        s.best = int(st.integer(4));
        for (int f = 0; f < 4; ++f) s.points[size_t(f)] = int(st.integer(5 + f));
        s.longestRoad = int(st.integer(9));
        s.biggestCity = int(st.integer(10));
        out.push_back(std::move(s));
    }
    return out;
}

std::string Store::integrityProblems() const {
    Stmt st(db_, "PRAGMA integrity_check");
    std::string out;
    while (st.step()) {
        const std::string line = st.text(0);
        if (line != "ok") out += (out.empty() ? "" : "; ") + line;
    }
    return out;
}

} // namespace carc::history
