// Stable ids of the rules, clarifications and house rules the engine applies. Every score event
// and violation carries some; the rules knowledge base turns an id into sentences in English,
// Romanian and Dutch. Ids never change meaning once published.
#pragma once

#include <cstdint>
#include <string_view>

namespace adj {

enum class RuleRef : std::uint8_t {
    PlaceTouchEdge,         // a new tile touches a placed tile along an edge
    PlaceCornerNoContact,   // corner to corner is not a connection (official clarification)
    PlaceEdgesMatch,        // every shared edge continues city, road and field (clarification)
    PlaceDiscardUnplayable, // a tile that fits nowhere is removed and another drawn
    PlaceOccupiedCell,      // a cell holds one tile
    PlaceTilesInBox,        // no more tiles of a kind than the box holds
    MeepleOnePerTurn,       // one follower per turn, only on the tile just placed
    MeepleFromSupply,       // the follower comes from the player's supply
    MeepleUnoccupied,       // no follower may already be on the connected feature
    MeepleCompletedFeature, // a follower may go on a feature the tile completes; it returns at once
    FarmersNotInGame,       // the demo has no farmers
    ScoreRoad,              // completed road: 1 per tile
    ScoreCity,              // completed city: 2 per tile and 2 per pennant
    ScoreCityTileOnce,      // two segments of one city on one tile count as one tile
    ScorePennantSegment,    // a pennant counts only for the city segment it is in (interpretation)
    ScoreCloister,          // completed cloister: 9
    ScoreMajority,          // most followers score; ties all score in full
    ScoreNoMultiplier,      // more followers never multiply points (clarification)
    FollowersReturn,        // scored followers return to the supply, usable next turn
    FinalRoad,              // unfinished road: 1 per tile
    FinalCity,              // unfinished city: 1 per tile and 1 per pennant
    FinalCloister,          // unfinished cloister: 1 + 1 per neighbour (clarification)
    FinalFarm,              // farm: 3 per completed city bordering it (third-edition rule)
    FarmCityBorderWall,     // a city borders a farm along a wall, not at a corner (interpretation)
    FarmIncomplete,         // completed cities count on unfinished farms (clarification)
    FarmSeveralFarms,       // a city bordering several farms counts for each (edition note)
    FarmersStay,            // farmers stay on the farm until the end
    GameEndLastTile,        // the game ends after the turn of the last tile
    HouseUnfinishedNothing, // house rule: unfinished features score nothing
    HouseTableBounds,       // house rule: the table edge bounds the board
    HouseTableEdgeCloses,   // house rule: the table edge closes features like an abbey
    HouseHoleExtraTurn,     // house rule: filling a hole gives another turn
    EditionTinyCity,        // edition rule: a 2-tile city scores 2
    TurnOrder,              // play goes clockwise; one tile per turn
    GameOver,               // the game has ended
    Count
};

// "place.edges-match" and the like: the id the knowledge base files use.
std::string_view ruleId(RuleRef r);

} // namespace adj
