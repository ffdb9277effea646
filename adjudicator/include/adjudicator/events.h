// What the engine answers: score events and violations, as data. Each carries the ids of the
// rules that applied (rule_refs.h); explain.h turns them into sentences.
#pragma once

#include "adjudicator/rule_refs.h"
#include "adjudicator/types.h"

#include "tiledb/tile.h"

#include <array>
#include <string>
#include <vector>

namespace adj {

using RuleList = SmallList<RuleRef, 12>;
using PlayerList = SmallList<PlayerId, kMaxPlayers>;

// One feature scored, during the game or at the end.
struct ScoreEvent {
    enum class When : std::uint8_t { Completed, EndOfGame };
    When when = When::Completed;
    tiledb::FeatureKind feature = tiledb::FeatureKind::Road; // Field = a farm
    Pos at;                 // a tile of the feature (the cloister's own tile)
    int localFeature = 0;   // the feature's index on that tile
    std::vector<Pos> tiles; // its distinct tiles (cloister: itself and its neighbours)
    int pennants = 0;       // cities
    int cities = 0;         // farms: completed cities bordering it
    std::array<int, kMaxPlayers> strength{}; // per player: followers (mayors count pennants)
    PlayerList scorers;                      // the majority; all of them score in full
    int perTile = 0, perPennant = 0, perCity = 0, flat = 0; // the formula
    int points = 0;                                         // each scorer's points
    RuleList rules;
};

// Why an observed action cannot be accepted. The state is left unchanged.
struct Violation {
    enum class Kind : std::uint8_t {
        GameOver,
        WrongPhase,
        UnknownTile,
        NoTileLeft,
        Occupied,
        NoEdgeContact,
        CornerOnly,
        EdgeMismatch,
        OutsideTable,
        AbbeyNeedsHole,
        TileFitsSomewhere,
        NoFollowerLeft,
        NoSuchFeature,
        FeatureOccupied,
        FarmersNotInGame,
        NotThisPiece
    };
    Kind kind = Kind::GameOver;
    Pos at;        // where the action was tried
    int side = -1; // EdgeMismatch: side of the new tile (0 N, 1 E, 2 S, 3 W)
    Pos other;     // EdgeMismatch: the neighbour; FeatureOccupied: a tile of the feature
    tiledb::Terrain ours{}, theirs{};
    tiledb::FeatureKind feature{}; // FeatureOccupied, NoSuchFeature
    PlayerList occupants;          // FeatureOccupied: who is already on it
    std::string tile;              // the tile kind involved
    RuleList rules;
};

const char* violationKindName(Violation::Kind k);

} // namespace adj
