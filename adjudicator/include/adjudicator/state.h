// A game of Carcassonne as a small state machine, shaped like OpenSpiel's State: the engine
// receives what was observed on the table (a tile placed, a piece put on a feature, a tile
// discarded, the game declared over) and answers with score events or a violation.
//
// A turn is two calls: placeTile(), then deployMeeple() or pass(). Completed features are
// scored when the turn ends, after the optional follower (rules: place, deploy, score,
// return). applyTurn() does both. A rejected action returns a Violation and changes nothing.
#pragma once

#include "adjudicator/board.h"
#include "adjudicator/events.h"
#include "adjudicator/features.h"
#include "adjudicator/types.h"

#include "tiledb/catalogue.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adj {

// Corners of a tile in board orientation, for barns.
enum Corner : std::uint8_t { NW = 0, NE = 1, SE = 2, SW = 3 };

struct Meeple {
    NodeId node = 0; // the feature node it stands on (a barn: the field at its corner)
    std::uint8_t player = 0;
    MeepleKind kind = MeepleKind::Follower;
    std::uint8_t corner = 0; // barns: the corner of the node's tile where it stands
};

// A piece that may be put on the tile just placed, or a wagon's move (to a feature of `tile`).
struct MeepleOption {
    int feature = -1; // local feature index on the tile
    MeepleKind kind = MeepleKind::Follower;
    int corner = -1; // barns: Corner of the tile just placed
    int tile = -1;   // wagon moves: the target tile index (-1: the tile just placed)
    friend bool operator==(const MeepleOption& a, const MeepleOption& b) {
        return a.feature == b.feature && a.kind == b.kind && a.corner == b.corner &&
               a.tile == b.tile;
    }
};

// A wagon whose feature was scored this turn and may now move (Abbey & Mayor).
struct PendingWagon {
    std::uint8_t player = 0;
    std::uint16_t fromTile = 0; // where it stood
    NodeId scored = 0;          // the scored feature (root; a cloister's own node)
};

// One observed turn: the tile and, optionally, a piece on one of its features.
struct Turn {
    int kind = -1; // index in State::kinds()
    Placement placement;
    std::optional<MeepleOption> meeple;
};

struct Outcome {
    std::vector<ScoreEvent> events;
    std::optional<Violation> violation;
    bool ok() const { return !violation; }
};

enum class Phase : std::uint8_t { Tile, Meeple, Wagon, GameOver };

// The tiles of one combination of sets, immutable and shared by every game that uses it.
struct TileSetup {
    std::vector<const tiledb::TileKind*> kinds;
    std::vector<int> boxCount;  // per kind: copies in the draw pile (0 for abbeys)
    std::vector<bool> cloister; // per kind: has a cloister or an abbey
    int boxTotal = 0;           // land tiles in the box
    int startKind = -1;
    static std::shared_ptr<const TileSetup> get(const GameConfig& config, std::string* error);
};

class State {
public:
    // Fails (nullopt, with *error) when the sets are unknown or the player count is not 1-6.
    static std::optional<State> create(const GameConfig& config, std::string* error = nullptr);

    const GameConfig& config() const { return config_; }
    const std::vector<const tiledb::TileKind*>& kinds() const { return setup_->kinds; }
    int kindIndex(std::string_view idOrAlias) const; // -1 if unknown
    const Board& board() const { return board_; }
    const FeatureGraph& features() const { return graph_; }
    const std::vector<Meeple>& meeples() const { return meeples_; }

    Phase phase() const { return phase_; }
    bool terminal() const { return phase_ == Phase::GameOver; }
    // The player to act: in the wagon phase, the owner of the wagon that may move.
    PlayerId currentPlayer() const;
    int turnNumber() const { return turn_; }
    int score(PlayerId p) const { return scores_[size_t(p)]; }
    const std::array<int, kMaxPlayers>& scores() const { return scores_; }
    PlayerList leaders() const; // the players with the highest score (the winners at the end)
    int supply(PlayerId p, MeepleKind k = MeepleKind::Follower) const;
    int remaining(int kind) const; // copies of a kind still to come (the demo: at most)
    int remainingTotal() const;    // land tiles still to come
    const std::vector<ScoreEvent>& log() const { return log_; }
    // Whether log() keeps every event (default). Off, events are only returned in Outcomes.
    void setKeepLog(bool keep) { keepLog_ = keep; }

    // Tile phase.
    std::vector<Placement> legalPlacements(int kind, bool distinctOnly = false) const;
    void legalPlacements(int kind, std::vector<Placement>& out, bool distinctOnly = false) const;
    Outcome placeTile(int kind, Placement placement);
    Outcome discard(int kind); // legal only for a tile that fits nowhere
    Outcome endGame();         // the players declare the game over: final scoring

    // Meeple phase (after placeTile).
    std::vector<MeepleOption> legalMeeples() const;
    void legalMeeples(std::vector<MeepleOption>& out) const;
    Outcome deployMeeple(MeepleOption option);
    Outcome pass();

    Outcome applyTurn(const Turn& turn);

    // Wagon phase (Abbey & Mayor): after scoring, each wagon on a scored feature may move.
    const std::vector<PendingWagon>& pendingWagons() const { return pendingWagons_; }
    std::vector<MeepleOption> legalWagonMoves() const; // for the first pending wagon
    Outcome moveWagon(MeepleOption target);
    Outcome skipWagonMove(); // the wagon stays in its owner's supply
    int abbeysPlaced(PlayerId p) const { return abbeysPlaced_[size_t(p)]; }
    // The field of a placed tile at one of its corners (board orientation), or -1 when the
    // corner is not field on both half-edges that meet there.
    int cornerField(int tileIndex, int corner) const;

    // The feature (root node) a placed tile's local feature belongs to.
    NodeId featureOf(int tileIndex, int localFeature) const;
    // Distinct tiles of a feature set, in placement order.
    std::vector<Pos> tilesOf(NodeId feature) const;
    bool complete(NodeId feature) const; // roads and cities: no open end
    // What a feature would score now for its majority (EndOfGame = as if the game ended now).
    // (knownCities: for a farm, its completed bordering cities if already counted.)
    ScoreEvent evaluate(NodeId feature, ScoreEvent::When when, int knownCities = -1) const;

    // Exact text form of the whole state (adjudicator/README.md) and its inverse.
    std::string toNotation() const;
    static std::optional<State> fromNotation(std::string_view text, std::string* error);
    // The board for people, one character cell per port.
    std::string drawAscii() const;
    // "" when every invariant holds, else what is broken (run after each move in debug builds).
    std::string checkConsistency() const;

    friend bool operator==(const State& a, const State& b) {
        return a.toNotation() == b.toNotation();
    }

private:
    State() = default;
    Violation violation(Violation::Kind kind, Pos at, RuleList rules) const;
    void addMeeple(Meeple m);
    template <class Pred>
    void removeMeeples(Pred leaves); // returns the pieces for which leaves(m) holds
    void doPlace(int kind, Placement placement);
    void finishTurn(Outcome& out);
    void endTurn(Outcome& out);
    void scoreBarns(Outcome& out);
    bool barnCornerOk(int corner) const;
    std::optional<std::pair<Violation::Kind, RuleList>> pieceProblem(const MeepleOption& o) const;
    void wagonTargets(const PendingWagon& w, std::vector<MeepleOption>& out) const;
    bool freeForWagon(int tileIndex, int feature) const;
    void scoreCompleted(NodeId root, Outcome& out);
    void record(ScoreEvent e, Outcome& out);
    void returnMeeples(NodeId key, bool collectWagons);
    ScoreEvent farmScore(NodeId farm, int perCity, RuleList rules) const;
    void finalScoring(Outcome& out);
    int farmCities(NodeId farm, std::vector<NodeId>* cities) const;
    void debugCheck() const;
    void takeFromBox(int kind);

    GameConfig config_;
    std::shared_ptr<const TileSetup> setup_;
    std::vector<int> left_;      // per kind: copies not yet placed or discarded
    int landLeft_ = 0;           // land tiles not yet placed or discarded
    std::vector<int> discarded_; // kinds discarded, in order
    Board board_;
    FeatureGraph graph_;
    std::vector<Meeple> meeples_;
    std::array<std::array<int, 4>, kMaxPlayers> onBoard_{}; // pieces on the board by kind
    std::vector<std::uint16_t> openCloisters_; // tiles whose cloister is not yet surrounded
    std::array<int, kMaxPlayers> scores_{};
    std::array<int, kMaxPlayers> initialScores_{}; // scores when loaded from notation
    std::vector<ScoreEvent> log_;                  // every event since then
    bool keepLog_ = true;
    Phase phase_ = Phase::Tile;
    PlayerId current_ = 0;
    int turn_ = 0;      // turns completed
    int lastTile_ = -1; // in the meeple and wagon phases: the tile just placed
    std::array<int, kMaxPlayers> abbeysPlaced_{};
    std::vector<PendingWagon> pendingWagons_;
    int placedNode_ = -1; // this turn's piece: the node it was put on (-1: none)
    MeepleKind placedKind_ = MeepleKind::Follower;
    bool closedByAbbey_ = false; // while scoring what an abbey's walls completed
};

} // namespace adj
