// Tile kinds: the immutable facts of one drawing of a land tile.
//
// Ports. Every edge of a tile is cut in three ports (left half, middle, right half), "left"
// seen from the tile's centre looking out through that edge. Numbered clockwise from the
// north-west corner, so a quarter turn clockwise adds 3 (mod 12):
//
//          NL(0)  N(1)  NR(2)
//        +---------------------+
//  WR(11)|                     | EL(3)
//   W(10)|                     | E(4)
//   WL(9)|                     | ER(5)
//        +---------------------+
//          SR(8)  S(7)  SL(6)
//
// Port p of one tile meets port matchingPort(p) of its neighbour (EL meets WR, E meets W...).
//
// Map. Each kind has a 12x12 picture whose cells are labelled with its features. Ports,
// regions, "a field borders a city" (cells sharing a side, never only a corner) and meeple
// positions all come from it; the loader checks it against the declared features.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tiledb {

enum class Side : std::uint8_t { N = 0, E = 1, S = 2, W = 3 };
using Port = std::uint8_t; // 0..11, see the diagram above
constexpr int kPorts = 12;
constexpr int kMapSize = 12;

// Rotation is a clockwise quarter-turn count, 0..3.
constexpr Port rotatePort(Port p, int rotation) {
    return Port((p + 3 * rotation) % 12);
}
constexpr int rotateSide(int side, int rotation) {
    return (side + rotation) % 4;
}
constexpr Side sideOf(Port p) {
    return Side(p / 3);
}
// The port of the neighbour across the edge: sides are opposite and halves swap.
constexpr Port matchingPort(Port p) {
    const int side = p / 3, pos = p % 3;
    return Port(((side + 2) % 4) * 3 + (2 - pos));
}

const char* portName(Port p); // "NL", "N", ...
std::optional<Port> portFromName(std::string_view name);
const char* sideName(int side); // "N", "E", "S", "W"

// What an edge carries. An abbey's sides are walls: they fit any neighbour and close it.
enum class Terrain : std::uint8_t { Field = 0, Road = 1, City = 2, Wall = 3 };
const char* terrainName(Terrain t);

enum class FeatureKind : std::uint8_t { Road, City, Field, Cloister, Abbey };
const char* featureKindName(FeatureKind k);

// Where a road that leaves the tile through one port only comes to an end.
enum class RoadEnd : std::uint8_t { None, Junction, Cloister, Village, City, Field };
const char* roadEndName(RoadEnd e);

struct PointF {
    float x = 0, y = 0; // tile coordinates at rotation 0: (0,0) north-west corner, (1,1) south-east
};

struct Feature {
    FeatureKind kind = FeatureKind::Field;
    char label = '?';        // its letter in the file and the map
    std::uint16_t ports = 0; // bit p set: the feature reaches port p (rotation 0)
    int pennants = 0;        // cities only
    RoadEnd end = RoadEnd::None;
    std::vector<int> borders; // fields only: indices of the city features it borders
    PointF point;             // where a meeple stands on it (rotation 0)
    int cells = 0;            // its area in map cells

    bool hasPort(Port p) const { return (ports >> p) & 1U; }
    bool inner() const { return ports == 0; } // touches no edge (inner field, cloister)
};

// One land tile kind (or the abbey). Immutable once loaded.
struct TileKind {
    std::string id;                   // ours, unique across all sets (e.g. "D", "W3", "M7")
    std::string letter;               // Wikicarpedia letter, if it has one
    std::string jcz;                  // JCloisterZone id, if it has one
    std::vector<std::string> aliases; // other names people or files use
    std::vector<std::string> art;     // drawings of this kind (file stems in an art folder)
    std::string description;
    int count = 0;         // copies in the box (the maximum, when counts are unknown)
    bool inSupply = false; // in players' supplies rather than the draw pile (abbey)
    std::array<Terrain, kPorts> terrain{};
    std::array<std::int8_t, kPorts> portFeature{}; // feature index per port, -1 for walls
    std::vector<Feature> features;
    std::array<std::array<char, kMapSize>, kMapSize> map{};
    // Sides at each rotation, 2 bits each (N bits 0-1, E 2-3, S 4-5, W 6-7): edge matching is
    // a comparison of two small integers.
    std::array<std::uint8_t, 4> sideSignature{};
    int distinctRotations = 4; // 1, 2 or 4: rotations giving different tiles
    // The rotations that fit a cell, by the cell's constraint code: 2 bits per board side
    // (N bits 0-1 .. W bits 6-7), 0 = no constraint, else 1 + the terrain the neighbour shows
    // there. Bit r set: rotation r fits. (The abbey fits only a cell closed on all four sides.)
    std::array<std::uint8_t, 256> fittingRotations{};
    // Features of this tile joined for the Abbey & Mayor first-edition wagon move: roads ending
    // at one junction, a road and the city whose gate it ends at, a road and the cloister it
    // ends at. Pairs of feature indices (a < b), derived from road ends and the map.
    std::vector<std::pair<int, int>> wagonLinks;

    Terrain sideTerrain(int side, int rotation) const {
        return Terrain((sideSignature[rotation] >> (2 * side)) & 3U);
    }
    // Feature at board port q of this tile placed with the given rotation.
    int featureAtPort(Port boardPort, int rotation) const {
        return portFeature[(boardPort + 12 - 3 * rotation) % 12];
    }
    bool hasFeature(FeatureKind k) const;
    // Feature under a point given in board-oriented tile coordinates (0..1), or the nearest one.
    int featureAt(PointF p, int rotation) const;
    // A feature's meeple point in board-oriented tile coordinates.
    PointF featurePoint(int feature, int rotation) const;
    int featureIndex(char label) const;
};

// The constraint code of one side: what a cell demands there (see fittingRotations).
constexpr std::uint8_t sideConstraint(int side, Terrain shown) {
    return std::uint8_t((unsigned(shown) + 1) << (2 * side));
}

// Rotates a point of the unit square clockwise by quarter turns about its centre.
PointF rotatePoint(PointF p, int rotation);

} // namespace tiledb
