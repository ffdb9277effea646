// Following a recorded game (a folder written by vision::writeRecording) the way its players
// would: the camera's reading of each picture is played when it is what was played, replaced
// by the listed turn when it is not, and a turn the camera could not read is entered by hand as
// the recording lists it. `carcassonne vision track`, `carcassonne play` and the window's
// sample game share it. Plain C++ over vision and the adjudicator: no Qt.
#pragma once

#include "vision/recording.h"
#include "vision/tracker.h"

#include <string>
#include <vector>

namespace carc {

// A turn's text (actions.h) as actions, read against the state they apply to; it stops at the
// first action that does not parse.
std::vector<adj::Action> parseTurn(const adj::State& s, const std::string& text);

class RecordingFollower {
public:
    // Answered: the camera asked, and one of its question's answers was the turn (the players
    // click it, and enter what it leaves open).
    enum class How { Camera, Corrected, Answered, ByHand };
    struct Turn {
        std::vector<adj::Action> actions;
        How how = How::Camera;
        std::string seen; // Corrected: what the camera read, as a turn's text
    };

    // An empty list (pictures that list no turns) plays what the camera reads, nothing else.
    explicit RecordingFollower(vision::RecordingList list) : list_(std::move(list)) {}
    const vision::RecordingList& list() const { return list_; }
    int turnsDone() const { return done_; }
    bool finished() const { return !list_.turns.empty() && done_ >= int(list_.turns.size()); }

    // False for a picture of a turn already played (turn-NNN-a|b.jpg with NNN at most the turns
    // done): a reading of it would be taken for the next turn.
    bool wants(const std::string& fileName) const;
    // The turns to play, in order, once the camera read picture `fileName` against `s` as `t`:
    // the camera's turn, or the listed turn in its place; for a settled picture the camera
    // could not read, every listed turn up to the one it shows. *settles is set when the
    // picture shows the board after the last of them and the camera's reading was not used
    // as it was: hand it to GameTracker::resolved once they are played. The follower counts them as
    // played.
    std::vector<Turn> next(const adj::State& s, const std::string& fileName,
                           const vision::TrackedTurn& t, bool* settles);

    // The listed turns not played yet, by hand: the pictures ran out (or the last ones could not
    // be read) before the game's end.
    std::vector<Turn> rest(const adj::State& s);

private:
    std::vector<Turn> byHandUpTo(const adj::State& s, int turn);
    vision::RecordingList list_;
    int done_ = 0;
};

// "camera", "corrected by hand", "answered", "by hand"
const char* howName(RecordingFollower::How how);

} // namespace carc
