// One observed action as data and as short text, so that a game can be stored, exported and
// replayed action by action (the history store, JCloisterZone import, random games).
//
// Text forms (the tile is named by its catalogue id, the feature by its label letter):
//   D@0,1r2          a tile placed at (0,1) turned twice clockwise
//   follower:b       a follower on feature b of the tile just placed (also mayor:, wagon:)
//   barn:SE          a barn at a corner (NW NE SE SW) of the tile just placed
//   pass             no piece this turn
//   wagon>3.b        a wagon moves to feature b of the tile placed 4th (index 3)
//   wagon-stays      the wagon goes back to its owner's supply
//   discard:W        a drawn tile that fits nowhere is removed
//   end              the players declare the game over
// A turn is its actions separated by spaces, e.g. "W@-1,0r0 follower:a wagon>2.c".
#pragma once

#include "adjudicator/state.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adj {

struct Action {
    enum class Kind : std::uint8_t { Tile, Piece, Pass, WagonMove, WagonStays, Discard, End };
    Kind kind = Kind::Tile;
    int tileKind = -1;   // Tile, Discard: index in State::kinds()
    Placement placement; // Tile
    MeepleOption piece;  // Piece, WagonMove
};

// Hands the action to the engine (placeTile, deployMeeple, pass, moveWagon, ...).
Outcome apply(State& s, const Action& a);

// The text of an action about to be applied to `before` (labels are read from its board).
std::string actionText(const State& before, const Action& a);

// Reads one action's text against the state it applies to; nullopt with *error when the
// text is malformed or names a tile, feature or corner that is not there.
std::optional<Action> parseAction(const State& before, std::string_view text, std::string* error);

// Applies a whole turn's text to s; on failure s is left where the failing action found it
// and *error says which action and why. The engine's events are appended to *events.
bool applyTurnText(State& s, std::string_view text, std::vector<ScoreEvent>* events,
                   std::string* error);

} // namespace adj
