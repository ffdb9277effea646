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
    // Abbey & Mayor
    AbbeyHole,             // an abbey goes only into a space closed on all four sides
    AbbeyClosesEdges,      // its walls end every road, city and farm they touch
    AbbeyIsCloister,       // it scores like a cloister, during the game and at the end
    AbbeyMonkOnly,         // the only piece on an abbey tile is a monk (or a wagon)
    AbbeyNotAfterLastTile, // no abbey once the last land tile is placed (editions differ)
    AbbeyOnePerPlayer,     // each player has one abbey (and one mayor, wagon, barn)
    MayorPlacement,        // instead of a follower, only into a city with no piece in it
    MayorStrength,         // a mayor counts as many followers as the city has pennants
    MayorZeroPennants,     // without pennants the mayor occupies the city and scores 0
    MayorWagonOccupies,    // a wagon occupies a city: no mayor may enter
    MayorReturns,          // the mayor returns when its city is scored
    WagonPlacement,        // road, city, cloister or abbey, never a field
    WagonStrength,         // a wagon counts as one follower
    WagonMove,             // after scoring it may move to an unfinished, unoccupied feature on
                           // its tile or an adjacent one
    WagonMoveFirstEdition, // first edition: only along connections (footnote 19)
    BarnPlacement,         // instead of a follower, at a corner of the new tile where 4 meet
    BarnCornerFields,      // all four tiles show field at that corner
    BarnOnePerFarm,        // not on a farm that already has a barn
    BarnFarmersScored,     // farmers on the barn's farm score 3 per completed city and return
    BarnNoFarmers,         // no farmer may go onto a farm with a barn
    BarnConnection,        // joining farmers to a barn's farm: 1 per completed city, they return
    BarnFinal,             // at the end each barn scores 4 per completed city of its farm
    BarnSeveral,           // several barns on one farm each score in full
    Count
};

// "place.edges-match" and the like: the id the knowledge base files use.
std::string_view ruleId(RuleRef r);

} // namespace adj
