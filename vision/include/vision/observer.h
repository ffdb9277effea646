// Following a game from the camera, one turn at a time: given what the engine knows (the state
// before the turn) and a picture taken after it, what tile was placed where. The picture's
// board is recognised (recognise.h) and laid over the engine's board (the quarter turn and
// offset on which most known tiles agree); the one recognised tile on a free cell is the new
// one, read as the legal placement its classifier scores best. Anything else (no new tile, two,
// a known tile changed, an illegal or unreadable tile) is a discrepancy that says what was
// expected and what was seen: the caller decides, nothing is guessed silently.
#pragma once

#include "vision/recognise.h"

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <optional>
#include <string>
#include <vector>

namespace vision {

struct TurnObservation {
    enum class Status {
        NewTile,     // `action` holds the tile placed (kind, cell, rotation)
        NoChange,    // no new tile seen (a hand over the board, or the turn is not played yet)
        Discrepancy, // the picture contradicts the engine or cannot be read: see `problem`
    };
    Status status = Status::NoChange;
    std::optional<adj::Action> action;
    float confidence = 0; // the new tile's: its score's margin over the next legal reading
    std::string problem;  // for people: what was expected and what was seen
    int agreeing = 0;     // known tiles the picture confirms
    int disagreeing = 0;  // known tiles the picture reads otherwise (with certainty)
    Recognition recognition;
    // How the picture lies over the table: recognised cell c is engine cell
    // turn(c, quarterTurn) + offset (a recognised tile's rotation gains quarterTurn).
    int quarterTurn = 0;
    adj::Pos offset;
    int newCell = -1; // NewTile: the recognised cell (index into recognition.cells) it lies on
    adj::Pos toEngine(adj::Pos recognised) const;
    // The recognised cell showing an engine cell, or nullptr.
    const CellResult* cellAt(adj::Pos engine) const;
};

// Whether the player to move may lay a tile of `kind` so: a copy is left in the box (the
// abbey: in the player's supply) and the placement is legal on the board.
bool placeable(const adj::State& s, int kind, const adj::Placement& pl);

class TurnObserver {
public:
    TurnObserver(const ReferenceSet& refs, const adj::GameConfig& game);
    // Remembers the lattice of the last picture it could read: the camera is fixed, so the next
    // picture is read on it first (small boards cannot be found afresh), and searched afresh
    // only when that reading fails or contradicts the game (the camera moved).
    TurnObservation observe(const adj::State& before, const cv::Mat& bgr);
    void forgetLattice() { lattice_ = {}; }

private:
    TurnObservation read(const adj::State& before, const cv::Mat& bgr, const GridHint& hint) const;
    Recogniser recogniser_;
    GridHint lattice_;
};

} // namespace vision
