// The history store on real SQLite files: games recorded turn by turn from seeded games and
// JCloisterZone replays, queries, statistics checked against the engine's own events, export
// and import round trips, and bad files (foreign, damaged, truncated, newer, full, read-only)
// refused with a clear message and never written to.
#include "game_recorder.h"
#include "history_io.h"
#include "history_store.h"

#include "adjudicator/jcz.h"
#include "adjudicator/random_game.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

using namespace carc::history;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out << bytes;
}

// A fresh folder per test, removed afterwards.
class History : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("carc-history-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }
    fs::path dir_;
};

struct Recorded {
    GameId id = 0;
    adj::State final;
    std::vector<adj::ScoreEvent> events;
};

// Plays a seeded random game, recording it; returns the engine's own view for comparison.
Recorded recordGame(Store& store, std::uint64_t seed, int players, bool abbeyMayor = false,
                    const std::vector<std::string>& names = {}) {
    const adj::GameConfig cfg = abbeyMayor
                                    ? adj::GameConfig::forSet("base", players, {"abbey-mayor"})
                                    : adj::GameConfig::forSet("base", players);
    GameInfo info;
    info.source = "simulate";
    for (int p = 0; p < players; ++p)
        info.players.push_back(
            {size_t(p) < names.size() ? names[size_t(p)] : "P" + std::to_string(p), "red"});
    GameRecorder rec(store, *adj::State::create(cfg), info);
    std::vector<adj::ScoreEvent> events;
    adj::RandomGameOptions o;
    o.onStep = [&](const adj::State&, const adj::RandomStep& step) {
        const adj::Outcome out = rec.apply(step);
        EXPECT_TRUE(out.ok());
        events.insert(events.end(), out.events.begin(), out.events.end());
    };
    adj::State final = adj::playRandomGame(cfg, seed, o);
    EXPECT_EQ(rec.state().toNotation(), final.toNotation());
    return Recorded{rec.gameId(), std::move(final), std::move(events)};
}

} // namespace

TEST_F(History, RecordsEveryTurnAndTheResult) {
    auto store = Store::open(file("h.sqlite"));
    EXPECT_EQ(store->schemaVersion(), Store::kSchemaVersion);
    const Recorded r = recordGame(*store, 2026, 3);
    const std::vector<GameSummary> games = store->listGames();
    ASSERT_EQ(games.size(), 1u);
    const GameSummary& g = games[0];
    EXPECT_TRUE(g.finished());
    EXPECT_EQ(g.baseSet, "base");
    ASSERT_EQ(g.seats.size(), 3u);
    int best = 0;
    for (int p = 0; p < 3; ++p) best = std::max(best, r.final.score(p));
    for (int p = 0; p < 3; ++p) {
        EXPECT_EQ(g.seats[size_t(p)].score, r.final.score(p));
        EXPECT_EQ(g.seats[size_t(p)].rank == 1, r.final.score(p) == best);
    }
    const StoredGame stored = *store->game(g.id);
    EXPECT_EQ(stored.turns.size(), size_t(g.turns));
    // 71 land tiles after the start tile, one turn each (discards included), and turn numbers
    // with no gap.
    EXPECT_GE(g.turns, 71);
    for (size_t i = 0; i < stored.turns.size(); ++i) EXPECT_EQ(stored.turns[i].seq, int(i + 1));
    EXPECT_EQ(stored.turns.back().state, r.final.toNotation());
    // Every explanation is stored in the three languages.
    EXPECT_NE(stored.turns.back().eventsJson.find("\"ro\": "), std::string::npos);
    EXPECT_EQ(replayGame(stored), "");
}

TEST_F(History, ReplayCatchesATamperedTurn) {
    auto store = Store::open(file("h.sqlite"));
    const Recorded r = recordGame(*store, 5, 2);
    StoredGame g = *store->game(r.id);
    g.turns[10].state = g.turns[9].state;
    EXPECT_NE(replayGame(g).find("turn 11"), std::string::npos);
    g = *store->game(r.id);
    g.turns[3].action = "D@40,40r0";
    EXPECT_NE(replayGame(g).find("turn 4 (D@40,40r0)"), std::string::npos);
}

TEST_F(History, StatisticsEqualTheEnginesOwnSums) {
    auto store = Store::open(file("h.sqlite"));
    const std::vector<std::string> names = {"Ana", "Bram", "Cor"};
    std::map<std::string, int> games, wins, total, roadPoints, longestRoad, biggestCity;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const int players = 2 + int(seed % 2);
        const Recorded r = recordGame(*store, seed, players, seed % 3 == 0, names);
        int best = 0;
        for (int p = 0; p < players; ++p) best = std::max(best, r.final.score(p));
        for (int p = 0; p < players; ++p) {
            const std::string& n = names[size_t(p)];
            ++games[n];
            wins[n] += r.final.score(p) == best;
            total[n] += r.final.score(p);
        }
        for (const adj::ScoreEvent& e : r.events)
            for (int i = 0; i < e.scorers.size(); ++i) {
                const std::string& n = names[size_t(e.scorers[i])];
                if (e.feature == tiledb::FeatureKind::Road) {
                    roadPoints[n] += e.points;
                    longestRoad[n] = std::max(longestRoad[n], int(e.tiles.size()));
                }
                if (e.feature == tiledb::FeatureKind::City)
                    biggestCity[n] = std::max(biggestCity[n], int(e.tiles.size()));
            }
    }
    // An unfinished game does not count.
    GameInfo info;
    info.players = {{"Ana", "red"}, {"Bram", "blue"}};
    GameRecorder(*store, *adj::State::create(adj::GameConfig::forSet("base", 2)), info);

    const std::vector<PlayerStats> stats = store->stats();
    ASSERT_EQ(stats.size(), 3u);
    for (const PlayerStats& s : stats) {
        SCOPED_TRACE(s.name);
        EXPECT_EQ(s.games, games[s.name]);
        EXPECT_EQ(s.wins, wins[s.name]);
        EXPECT_NEAR(s.averageScore, double(total[s.name]) / games[s.name], 1e-9);
        EXPECT_EQ(s.points[0], roadPoints[s.name]);
        EXPECT_EQ(s.longestRoad, longestRoad[s.name]);
        EXPECT_EQ(s.biggestCity, biggestCity[s.name]);
        EXPECT_GT(s.points[1] + s.points[2] + s.points[3], 0);
    }
}

TEST_F(History, ExportThenImportGivesTheSameGames) {
    auto a = Store::open(file("a.sqlite"));
    for (std::uint64_t seed = 40; seed < 44; ++seed)
        recordGame(*a, seed, 2 + int(seed % 3), seed % 2);
    // A game in progress, a correction and a thumbnail travel too.
    GameInfo info;
    info.players = {{"Ana", "red"}, {"Bram", "#2040ff"}};
    info.note = "kitchen table, \"quoted\"";
    GameRecorder rec(*a, *adj::State::create(adj::GameConfig::forSet("winter", 2)), info);
    std::string error;
    rec.apply(*adj::parseAction(rec.state(), "E@0,1r2", &error),
              std::string("\xff\xd8\x00jpeg", 7));
    rec.recordCorrection(Correction{0, "tile kind", "F", "E", ""});
    rec.apply(*adj::parseAction(rec.state(), "pass", &error));

    std::vector<GameId> ids;
    for (const GameSummary& g : a->listGames()) ids.push_back(g.id);
    const std::string first = exportJson(*a, ids);

    auto b = Store::open(file("b.sqlite"));
    const ImportReport r = importJson(*b, first, "export.json");
    EXPECT_TRUE(r.ok()) << r.error << (r.refused.empty() ? "" : r.refused[0]);
    EXPECT_EQ(r.added.size(), 5u);
    std::vector<GameId> idsB;
    for (const GameSummary& g : b->listGames()) idsB.push_back(g.id);
    const std::string second = exportJson(*b, idsB);
    auto body = [](const std::string& s) { return s.substr(s.find("\"games\"")); };
    EXPECT_EQ(body(first), body(second));

    // Importing again adds nothing.
    const ImportReport again = importJson(*b, first, "export.json");
    EXPECT_TRUE(again.added.empty());
    EXPECT_EQ(again.skipped.size(), 5u);
    // Replays reproduce the scores in the new database too.
    for (GameId id : idsB) EXPECT_EQ(replayGame(*b->game(id)), "");
    EXPECT_EQ(b->stats().size(), a->stats().size());
}

TEST_F(History, CsvHasARowPerPlayerWithPointsByFeature) {
    auto store = Store::open(file("h.sqlite"));
    const Recorded r = recordGame(*store, 77, 4, false, {"Ana", "Bram, Jr.", "Cor", "Dirk"});
    const std::string csv = exportCsv(*store, {r.id});
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "game,uuid,started_at,finished_at,set,expansions,source,turns,seat,player,"
                    "colour,score,rank,road,city,cloister,field");
    int rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        if (rows == 2) {
            EXPECT_NE(line.find(",\"Bram, Jr.\","), std::string::npos) << line;
        }
        // The four feature columns add up to the final score.
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (char c : line) {
            if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                cells.push_back(cell), cell.clear();
            else
                cell += c;
        }
        cells.push_back(cell);
        ASSERT_EQ(cells.size(), 17u) << line;
        const int sum = std::stoi(cells[13]) + std::stoi(cells[14]) + std::stoi(cells[15]) +
                        std::stoi(cells[16]);
        EXPECT_EQ(sum, std::stoi(cells[11])) << line;
        EXPECT_EQ(std::stoi(cells[11]), r.final.score(rows - 1));
    }
    EXPECT_EQ(rows, 4);
}

TEST_F(History, ImportRefusesAGameThatDoesNotReplayAndKeepsNothingOfIt) {
    auto a = Store::open(file("a.sqlite"));
    const Recorded r = recordGame(*a, 3, 2);
    std::string text = exportJson(*a, {r.id});
    // Move the 5th turn's tile somewhere it cannot go.
    const size_t at = text.find("\"seq\": 5, ");
    const size_t action = text.find("\"action\": \"", at) + 11;
    text.replace(action, text.find('@', action) - action, "D");
    text.replace(text.find('@', action) + 1,
                 text.find('r', text.find('@', action)) - text.find('@', action) - 1, "30,30");
    auto b = Store::open(file("b.sqlite"));
    const ImportReport rep = importJson(*b, text, "bad.json");
    ASSERT_EQ(rep.refused.size(), 1u);
    EXPECT_NE(rep.refused[0].find("turn 5"), std::string::npos) << rep.refused[0];
    EXPECT_TRUE(b->listGames().empty());
    EXPECT_EQ(b->db().scalar("SELECT count(*) FROM turns"), 0);

    const ImportReport broken =
        importJson(*b, "{\"schema\": \"carcassonne-history/1\", \"games\": [", "cut.json");
    EXPECT_NE(broken.error.find("cut.json: line 1"), std::string::npos) << broken.error;
    const ImportReport other = importJson(*b, "{\"schema\": \"something-else\"}", "o.json");
    EXPECT_NE(other.error.find("not a carcassonne-history/1 export"), std::string::npos);
}

TEST_F(History, ImportsJCloisterZoneReplaysWithTheirScores) {
    const fs::path dir = fs::path(CARC_SHARED_DIR) / "reference/jcloisterzone/engine-tests/basic";
    if (!fs::exists(dir)) GTEST_SKIP() << "no JCloisterZone replays in " << dir;
    auto store = Store::open(file("h.sqlite"));
    int imported = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string text = readFile(entry.path());
        std::string error;
        const auto replay = adj::jcz::parse(text, &error);
        ASSERT_TRUE(replay) << error;
        const adj::jcz::Result expected = adj::jcz::run(*replay);
        const ImportReport r = importJcz(*store, text, entry.path().string());
        ASSERT_TRUE(r.ok()) << r.error << (r.refused.empty() ? "" : r.refused[0]);
        ASSERT_EQ(r.added.size(), 1u);
        const StoredGame g = *store->game(r.added[0]);
        EXPECT_EQ(g.summary.source, "jcz");
        ASSERT_FALSE(g.turns.empty());
        for (size_t p = 0; p < replay->players.size(); ++p) {
            EXPECT_EQ(g.info.players[p].name, replay->players[p]);
            EXPECT_EQ(g.turns.back().scores[p], expected.state->score(int(p))) << entry.path();
        }
        EXPECT_EQ(replayGame(g), "") << entry.path();
        ++imported;
    }
    EXPECT_GE(imported, 7);
}

TEST_F(History, RefusesFilesThatAreNotOurDatabaseAndLeavesThemUntouched) {
    auto expectRefused = [&](const std::string& path, const std::string& words) {
        const std::string before = readFile(path);
        try {
            auto store = Store::open(path);
            store->listGames();
            ADD_FAILURE() << path << " was accepted";
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
        EXPECT_EQ(readFile(path), before) << "the file was changed";
        EXPECT_FALSE(fs::exists(path + "-wal") && fs::file_size(path + "-wal") > 0);
    };
    // Text, and random bytes.
    writeFile(file("notes.txt"), "shopping list: milk, meeples\n");
    expectRefused(file("notes.txt"), "not an SQLite database");
    std::string noise(8192, '\0');
    for (size_t i = 0; i < noise.size(); ++i) noise[i] = char((i * 2654435761u) >> 13);
    writeFile(file("noise.bin"), noise);
    expectRefused(file("noise.bin"), "not an SQLite database");
    // Somebody else's SQLite database.
    {
        sqlite3* db = nullptr;
        sqlite3_open(file("other.sqlite").c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE recipes(name TEXT); INSERT INTO recipes VALUES ('soup')",
                     nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    expectRefused(file("other.sqlite"), "not a carcassonne-scorer history");
    // Ours, from a newer program.
    {
        auto store = Store::open(file("newer.sqlite"));
        recordGame(*store, 1, 2);
        store->db().exec("PRAGMA user_version = 99");
    }
    expectRefused(file("newer.sqlite"), "schema version 99 is newer");
    // A folder.
    fs::create_directories(file("folder.sqlite"));
    EXPECT_THROW(Store::open(file("folder.sqlite")), StoreError);
}

TEST_F(History, DamagedAndTruncatedFilesGiveAClearErrorNotACrash) {
    {
        auto store = Store::open(file("h.sqlite"));
        for (std::uint64_t seed = 1; seed <= 6; ++seed) recordGame(*store, seed, 3);
        store->db().exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const std::string whole = readFile(file("h.sqlite"));
    ASSERT_GT(whole.size(), 40000u);
    for (const double keep : {0.0, 0.01, 0.3, 0.6, 0.95}) {
        SCOPED_TRACE(keep);
        const std::string path = file("cut-" + std::to_string(int(keep * 100)) + ".sqlite");
        writeFile(path, whole.substr(0, size_t(double(whole.size()) * keep)));
        try {
            auto store = Store::open(path);
            // Whatever opens must either read or fail with a message naming the file.
            for (const GameSummary& g : store->listGames()) store->game(g.id);
            const std::string problems = store->integrityProblems();
            if (keep > 0.0 && keep < 0.9) {
                EXPECT_FALSE(problems.empty());
            }
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
        }
    }
    // Bytes overwritten in the middle of the file.
    std::string damaged = whole;
    for (size_t i = whole.size() / 2; i < whole.size() / 2 + 6000; ++i) damaged[i] = char(0x5a);
    writeFile(file("damaged.sqlite"), damaged);
    try {
        auto store = Store::open(file("damaged.sqlite"));
        for (const GameSummary& g : store->listGames()) store->game(g.id);
        EXPECT_FALSE(store->integrityProblems().empty());
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
    }
}

TEST_F(History, AFullDiskLosesOnlyTheTurnInProgress) {
    auto store = Store::open(file("h.sqlite"));
    recordGame(*store, 1, 2);
    const int before = int(store->db().scalar("SELECT count(*) FROM turns"));
    // SQLite's own size limit gives the same SQLITE_FULL as a full disk.
    const std::int64_t pages = store->db().scalar("PRAGMA page_count");
    store->db().exec("PRAGMA max_page_count = " + std::to_string(pages + 2));
    try {
        recordGame(*store, 2, 2);
        ADD_FAILURE() << "the size limit was never reached";
    } catch (const StoreError& e) {
        EXPECT_EQ(e.sqliteCode(), SQLITE_FULL);
        EXPECT_NE(std::string(e.what()).find("full"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(file("h.sqlite")), std::string::npos) << e.what();
    }
    store.reset();
    auto again = Store::open(file("h.sqlite"));
    EXPECT_EQ(again->integrityProblems(), "");
    EXPECT_GE(int(again->db().scalar("SELECT count(*) FROM turns")), before);
    for (const GameSummary& g : again->listGames()) EXPECT_EQ(replayGame(*again->game(g.id)), "");
}

TEST_F(History, AReadOnlyLocationIsNamedInTheError) {
    // /proc is read-only for everybody, root included.
    for (const std::string path : {"/proc/carcassonne/history.sqlite", "/proc/history.sqlite"}) {
        try {
            Store::open(path);
            ADD_FAILURE() << path << " was opened";
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find(path.substr(0, path.rfind('/'))),
                      std::string::npos)
                << e.what();
        }
    }
    EXPECT_THROW(Store::open(file("missing.sqlite"), Store::Access::ReadOnly), StoreError);
}

TEST_F(History, OneWriterAndAReaderInAnotherProcessWorkAtOnce) {
    { Store::open(file("h.sqlite")); }
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        int code = 0;
        try {
            auto store = Store::open(file("h.sqlite"));
            for (std::uint64_t seed = 1; seed <= 4; ++seed) recordGame(*store, seed, 2);
        } catch (...) {
            code = 3;
        }
        _exit(code);
    }
    int reads = 0, status = 0;
    auto reader = Store::open(file("h.sqlite"));
    while (waitpid(child, &status, WNOHANG) == 0) {
        for (const GameSummary& g : reader->listGames()) reader->game(g.id);
        reader->stats();
        ++reads;
    }
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "the writer failed";
    EXPECT_GT(reads, 2);
    EXPECT_EQ(reader->listGames().size(), 4u);
}

TEST_F(History, FuzzCorpusNeverCrashesAndSeedsImport) {
    // The fuzzer's saved corpus (tests/fuzz/corpus/history) through both importers.
    const fs::path corpus = fs::path(CARC_SOURCE_DIR) / "tests/fuzz/corpus/history";
    int files = 0, seeds = 0;
    for (const auto& entry : fs::directory_iterator(corpus)) {
        const std::string text = readFile(entry.path());
        auto store = Store::open(":memory:");
        const ImportReport json = importJson(*store, text, entry.path().filename().string());
        const ImportReport jcz = importJcz(*store, text, entry.path().filename().string());
        for (GameId id : json.added) EXPECT_EQ(replayGame(*store->game(id)), "");
        for (GameId id : jcz.added) EXPECT_EQ(replayGame(*store->game(id)), "");
        if (entry.path().filename().string().rfind("seed-", 0) == 0) {
            EXPECT_TRUE(json.ok()) << entry.path() << ": " << json.error
                                   << (json.refused.empty() ? "" : json.refused[0]);
            seeds += int(json.added.size());
        }
        ++files;
    }
    EXPECT_GE(seeds, 4);
    EXPECT_GE(files, seeds);
}

TEST_F(History, ReopeningKeepsEverythingAndReadOnlyCannotWrite) {
    GameId id = 0;
    {
        auto store = Store::open(file("h.sqlite"));
        id = recordGame(*store, 9, 2).id;
    }
    auto again = Store::open(file("h.sqlite"));
    EXPECT_EQ(again->schemaVersion(), Store::kSchemaVersion);
    EXPECT_EQ(again->db().scalar("PRAGMA application_id"), Store::kApplicationId);
    EXPECT_EQ(again->db().scalar("PRAGMA synchronous"), 2) << "FULL: a turn survives power cuts";
    EXPECT_EQ(again->db().scalar("PRAGMA foreign_keys"), 1);
    const std::string before = exportJson(*again, {id});
    auto reader = Store::open(file("h.sqlite"), Store::Access::ReadOnly);
    const std::string readBack = exportJson(*reader, {id});
    EXPECT_TRUE(readBack.substr(readBack.find("\"games\"")) ==
                before.substr(before.find("\"games\"")))
        << "the read-only store reads the same game";
    try {
        reader->deleteGame(id);
        ADD_FAILURE() << "a read-only store deleted a game";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(again->game(id).has_value());
    // Deleting takes the whole game with it, nothing else.
    again->deleteGame(id);
    EXPECT_FALSE(again->game(id).has_value());
    EXPECT_EQ(again->db().scalar("SELECT count(*) FROM turns"), 0);
    EXPECT_EQ(again->db().scalar("SELECT count(*) FROM score_lines"), 0);
}
