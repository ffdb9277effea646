// Board coordinates: x grows eastward, y grows northward; the start tile is at (0,0).
// (JCloisterZone's y grows southward: importers flip it.)
#pragma once

#include <cstdint>
#include <functional>

namespace adj {

struct Pos {
    int x = 0, y = 0;
    friend bool operator==(Pos a, Pos b) { return a.x == b.x && a.y == b.y; }
    friend bool operator!=(Pos a, Pos b) { return !(a == b); }
    friend bool operator<(Pos a, Pos b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }
};

// Neighbour across side s (0 N, 1 E, 2 S, 3 W).
constexpr Pos neighbour(Pos p, int side) {
    constexpr int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
    return Pos{p.x + dx[side], p.y + dy[side]};
}

} // namespace adj
