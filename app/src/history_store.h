// The game history: an SQLite database of every game played (players, each turn as it
// happened with the engine's events and explanations, corrections, final results) and the
// queries behind `carcassonne history` and the app's history screen.
//
// Safety: WAL with synchronous=FULL and every turn in its own transaction, so a crash or a
// power cut loses at most the turn in progress. A file that is damaged, not ours, or of a newer
// schema is refused with a StoreError naming it, and is never written to.
// Concurrency: one writer and any number of readers, across processes.
#pragma once

#include "sqlite_db.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace carc::history {

using GameId = std::int64_t;

struct PlayerInfo {
    std::string name;
    std::string colour; // a name ("red") or #rrggbb
};

// What is known when a game starts.
struct GameInfo {
    std::string uuid;      // stable across export and import; "" = make a new one
    std::string startedAt; // ISO 8601 UTC; "" = now
    std::string setup;     // the state before the first turn in notation (sets, rule switches)
    std::string source;    // camera | manual | simulate | jcz | import
    std::string note;
    std::vector<PlayerInfo> players;
};

// One line per scorer of a score event, kept for statistics.
struct ScoreLine {
    int seat = 0;
    std::string feature; // road | city | cloister | field
    bool atEnd = false;
    int points = 0;
    int size = 0; // tiles of the feature
};

struct TurnRecord {
    int seq = 0;            // 1, 2, ... in order of play
    int player = -1;        // who played it; -1 for the final scoring declared at the table
    std::string action;     // the observed actions (adjudicator/actions.h text)
    std::string eventsJson; // the engine's score events with explanations, a JSON array
    std::string state;      // the state after the turn, in notation
    std::vector<int> scores;
    std::string thumbnail;  // optional small camera picture (JPEG bytes)
    std::string recordedAt; // ISO 8601 UTC
    std::vector<ScoreLine> lines;
};

// A change the user made to what was observed (from the camera or typed).
struct Correction {
    int turnSeq = 0;
    std::string what; // e.g. "tile kind", "piece removed", "accepted what the camera saw"
    std::string before, after;
    std::string madeAt;
};

struct SeatResult {
    PlayerInfo player;
    std::optional<int> score; // the final score once the game is over
    int rank = 0;             // 1 = a winner (ties share a rank); 0 while unfinished
};

struct GameSummary {
    GameId id = 0;
    std::string uuid, startedAt, finishedAt, baseSet, expansions, source;
    int turns = 0;
    std::vector<SeatResult> seats;
    bool finished() const { return !finishedAt.empty(); }
};

struct StoredGame {
    GameSummary summary;
    GameInfo info;
    std::vector<TurnRecord> turns;
    std::vector<Correction> corrections;
};

struct PlayerStats {
    std::string name;
    int games = 0, wins = 0;
    double averageScore = 0;
    int best = 0;
    // Points by feature: road, city, cloister, field (farms).
    std::array<int, 4> points{};
    int longestRoad = 0, biggestCity = 0; // tiles, among the features the player scored
};

class Store {
public:
    static constexpr int kSchemaVersion = 1;
    static constexpr std::int32_t kApplicationId = 0x43415243; // "CARC"

    enum class Access { ReadWrite, ReadOnly };
    // Opens or creates the database (":memory:" for a private one). Throws StoreError.
    static std::unique_ptr<Store> open(const std::string& path, Access access = Access::ReadWrite);
    // $XDG_DATA_HOME/carcassonne-scorer/history.sqlite (or ~/.local/share/...).
    static std::string defaultPath();

    const std::string& path() const { return db_.path(); }
    int schemaVersion() const;

    // Writing. Each call is one transaction (or part of the caller's Savepoint).
    GameId beginGame(GameInfo info); // fills uuid/startedAt when empty
    void recordTurn(GameId game, const TurnRecord& turn);
    void recordCorrection(GameId game, const Correction& c);
    // A correction that takes back the game's last stored turn: the turn leaves the turns
    // table and its action text is kept in the correction (c.before), in one transaction.
    // Returns that action text. Throws StoreError when the game is unknown, finished (its
    // turns stay as they are) or has no turn.
    std::string withdrawLastTurn(GameId game, Correction c);
    void finishGame(GameId game, const std::vector<int>& finalScores,
                    const std::string& finishedAt = "");
    void deleteGame(GameId game);

    // Reading.
    std::vector<GameSummary> listGames(int limit = -1) const;          // newest first
    std::optional<GameId> findGame(const std::string& idOrUuid) const; // id, uuid or its prefix
    std::optional<StoredGame> game(GameId id) const;
    bool hasUuid(const std::string& uuid) const;
    std::vector<PlayerStats> stats() const; // finished games only, by player name
    // PRAGMA integrity_check: "" when sound, else what SQLite found.
    std::string integrityProblems() const;

    const Db& db() const { return db_; }

private:
    Store(const std::string& path, bool readOnly, bool create);
    void prepare(bool readOnly); // identity and version checks, migrations, pragmas
    Db db_;
};

// Helpers shared by the recorder, import and export.
std::string nowIso();
std::string newUuid();

} // namespace carc::history
