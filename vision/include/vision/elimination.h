// Readings by elimination, for a board that holds every tile of the box (a finished game): the
// cells the camera could not settle hold exactly the copies the settled ones left. Which copy
// goes where is the assignment whose sides all meet and whose cells match their copies best;
// a cell is settled when every assignment that reads it otherwise matches clearly worse. On
// any other board the copies left are an upper bound, and the same search runs over each
// cell's close readings. Pure search, no pixels: recognise.cpp measures the readings and
// judges the premise.
#pragma once

#include "tiledb/tile.h"

#include <array>
#include <functional>
#include <vector>

namespace vision {

// Whether two tiles' sides can touch: the same terrain, or an abbey's walls, which meet any side.
inline bool sidesMeet(tiledb::Terrain a, tiledb::Terrain b) {
    return a == b || a == tiledb::Terrain::Wall || b == tiledb::Terrain::Wall;
}

} // namespace vision

namespace vision::elimination {

struct Reading {
    int kind = -1, rotation = 0;
    float score = 0; // how well the cell matches this kind so turned
};

struct Cell {
    std::vector<Reading> readings;             // those whose sides meet the settled neighbours'
    std::array<int, 4> beside{-1, -1, -1, -1}; // per side (N E S W): another cell of these
};

// Whether reading a's side `side` can touch reading b's opposite side.
using Meets = std::function<bool(const Reading& a, int side, const Reading& b)>;

struct Outcome {
    std::vector<int> reading; // per cell: the index of its reading, -1 where not settled
    // Per settled cell: how much better the best assignment matches than any reading it
    // otherwise (infinite when every assignment reads it so).
    std::vector<float> lead;
    int assignments = 0; // complete assignments found (0: none fits; -1: too many to tell)
};

// `left`: copies of each kind not yet on the board (as many in all as there are cells).
// A cell is settled when no assignment reading it otherwise comes within `margin` of the best
// total score. More than `cap` assignments, or 8 `cap` steps of the search, settle nothing.
Outcome assign(const std::vector<Cell>& cells, std::vector<int> left, const Meets& meets,
               float margin, int cap = 20000);

} // namespace vision::elimination
