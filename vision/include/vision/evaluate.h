// Scoring a recognition against a generated scene's truth (tests and the benchmark).
//
// Tiles are matched by picture position (the recognised cell whose quad holds the truth
// tile's centre), so the comparison does not depend on how the board was translated or
// turned; the global quarter turn between the truth's north and the recognised north is read
// off the corners and applied to rotations. Rotations compare modulo the kind's symmetry.
#pragma once

#include "vision/recognise.h"
#include "vision/scene.h"

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
    double cornerError = 0; // mean pixel distance of corners, over tiles found
    bool exact() const { return correct == truthTiles && extra == 0; }
    // Sums over scenes (cornerError too: divide by the number of scenes for a mean).
    Evaluation& operator+=(const Evaluation& o);
};

Evaluation evaluate(const Scene& truth, const Recognition& r);

} // namespace vision
