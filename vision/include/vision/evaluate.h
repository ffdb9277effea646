// Scoring a recognition against a generated scene's truth (tests and the benchmark).
//
// Tiles are matched by picture position (the recognised cell whose quad holds the truth
// tile's centre), so the comparison does not depend on how the board was translated or
// turned; the global quarter turn between the truth's north and the recognised north is read
// off the corners and applied to rotations. Rotations compare modulo the kind's symmetry.
#pragma once

#include "vision/recognise.h"
#include "vision/recording.h"
#include "vision/scene.h"
#include "vision/tracker.h"

#include <string>
#include <vector>

namespace vision {

struct Evaluation {
    int truthTiles = 0;
    int correct = 0;        // kind and rotation right, status Tile
    int kindRight = 0;      // kind right (any rotation), status Tile
    int rotationRight = 0;  // rotation right among kindRight
    int wrong = 0;          // status Tile but kind or rotation wrong: a silent error
    int unsure = 0;         // reported uncertain or occluded (not silent)
    int missed = 0;         // no cell reported at all
    int extra = 0;          // reported as a tile where the truth has none
    int doubted = 0;        // reported uncertain or occluded where the truth has no tile
    double cornerError = 0; // mean pixel distance of corners, over tiles found
    bool exact() const { return correct == truthTiles && extra == 0; }
    // Sums over scenes (cornerError too: divide by the number of scenes for a mean).
    Evaluation& operator+=(const Evaluation& o);
};

Evaluation evaluate(const Scene& truth, const Recognition& r);

// The truth tile's rotation in the recognition's frame (whose north may be any side of the
// truth's): what `cell` should read.
int rotationAsRead(const TileTruth& t, const CellResult& cell);

// Whether a recognised cell reads as a tile of `kind`: its kind, or one the art draws alike
// (reported in sameLook: the camera cannot tell them apart). Status is not looked at.
bool readsAsKind(const CellResult& cell, const std::string& kind);

// A recording followed by the GameTracker as players would use it: each turn's pictures in
// order; a turn read is compared with the turn played (the tile, and the pieces in board terms,
// so a tile read at a rotation that looks the same compares equal); a turn read wrongly or not
// at all is entered by hand as played, and the game goes on to its final scoring.
struct TrackingEvaluation {
    int turns = 0, read = 0, wrong = 0, byHand = 0;
    int warnings = 0;         // pieces on the board the picture disagreed with
    int handAlerts = 0;       // pictures with a hand over the table that raised a discrepancy
    int answerable = 0;       // turns by hand whose question offered the turn as played (one click)
    int calibrated = 0;       // players whose colour a calibration picture gave
    bool scoresEqual = false; // the final scores are the generating game's
    // GameTracker::observe per settled picture: read incrementally (the camera where it was),
    // and through the full recognition (the first picture, the camera moved).
    std::vector<double> millis, fullMillis;
    std::vector<std::string> notes; // each wrong reading and each refusal, for people
    // Each settled picture read incrementally: how far the remembered lattice's square for the
    // new tile's cell lies from the tile as laid (mean corner distance over the tile's side),
    // by turn (1-based). Hand-laid tiles lie up to 0.04 off their cells.
    std::vector<std::pair<int, double>> latticeError;
};
// Two states after the same turn agree: same scores, same tiles, and the same pieces in board
// terms (a tile read at a rotation that looks the same compares equal).
bool sameOutcome(const adj::State& a, const adj::State& b);
// An answer to the camera's question (TrackedTurn::choices) is how `turn`, played from `s`,
// begins: the players pick it and enter what it leaves open. A tile turned by one of its
// symmetries (a cloister a quarter turn) is the same placement, and a piece on it the same
// where it stands on the same part of the tile.
bool beginsTheTurn(const adj::State& s, const std::vector<adj::Action>& choice,
                   const std::vector<adj::Action>& turn);

// The q-quantile (0..1) of a set of timings (0 when empty): p50, p95 in reports.
double percentile(std::vector<double> v, double q);

// calibrate: each player first shows their pieces (Recording::calibrationPicture); refused
// calibrations are noted, and that player's colour is learned from their first piece.
TrackingEvaluation followRecording(const Recording& rec, const ReferenceSet& refs,
                                   const TrackerParams& params = {}, bool calibrate = false);

} // namespace vision
