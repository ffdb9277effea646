// The board: which tile lies where, and where a tile may go next.
//
// Tiles live in placement order in tiles(); a small open-addressing table maps a cell to its
// tile or to its entry in the frontier. The frontier is every empty cell that shares an edge
// with a placed tile, each with a constraint code: 2 bits per side (N E S W), 0 for no
// neighbour (or an abbey's wall, which fits anything), else 1 + the terrain the neighbour
// shows on that edge:
//
//          +-----+
//          |  ?  |  <- a city to the south: code = (1 + City) << 4
//          +-----+
//          | CCC |
//
// Each tile kind carries a 256-entry table from code to the rotations that fit
// (TileKind::fittingRotations), so all four rotations of a kind at a cell are one lookup.
#pragma once

#include "adjudicator/types.h"

#include "tiledb/tile.h"

#include <array>
#include <cstdint>
#include <vector>

namespace adj {

struct PlacedTile {
    const tiledb::TileKind* kind = nullptr;
    Pos pos;
    std::uint8_t rotation = 0;   // clockwise quarter turns
    std::uint8_t kindIndex = 0;  // index in the game's kind list
    std::uint16_t firstNode = 0; // its features are nodes firstNode .. firstNode+n-1
};

struct Placement {
    Pos pos;
    std::uint8_t rotation = 0;
    friend bool operator==(const Placement& a, const Placement& b) {
        return a.pos == b.pos && a.rotation == b.rotation;
    }
};

struct FrontierCell {
    Pos pos;
    std::uint8_t code = 0;       // constraint code, see above
    std::uint8_t neighbours = 0; // placed tiles around it (walls included), 0..4
};

// Why a tile cannot go at a cell in a given rotation.
struct PlacementProblem {
    enum class Kind : std::uint8_t {
        None,
        Occupied,
        NoEdgeContact,
        CornerOnly,
        EdgeMismatch,
        OutsideTable,
        AbbeyNeedsHole
    };
    Kind kind = Kind::None;
    int side = -1; // EdgeMismatch: the new tile's side (0 N .. 3 W), board orientation
    Pos neighbour; // EdgeMismatch: the tile it disagrees with
    tiledb::Terrain ours{}, theirs{};
};

class Board {
public:
    Board();

    int size() const { return int(tiles_.size()); }
    const std::vector<PlacedTile>& tiles() const { return tiles_; }
    const PlacedTile* at(Pos p) const;
    int tileIndexAt(Pos p) const; // -1 when empty
    // The placed tile whose features include feature node `node` (tiles hold consecutive
    // node ranges from firstNode); -1 when no tile does.
    int tileOfNode(std::uint16_t node) const;
    // The cells the placed tiles span (the start tile always lies).
    Bounds extent() const;
    const std::vector<FrontierCell>& frontier() const { return frontier_; }
    std::optional<Bounds> bounds() const { return bounds_; }
    void setBounds(std::optional<Bounds> b) { bounds_ = b; }

    // Terrain the tile at p shows on board side s, or nullopt for an empty cell.
    std::optional<tiledb::Terrain> sideAt(Pos p, int side) const;

    bool fits(const tiledb::TileKind& kind, Placement pl) const {
        return problem(kind, pl).kind == PlacementProblem::Kind::None;
    }
    PlacementProblem problem(const tiledb::TileKind& kind, Placement pl) const;
    // Every legal placement of a kind, appended to out (cleared first). With distinctOnly,
    // rotations that give the same tile (a symmetric kind) are listed once.
    void legalPlacements(const tiledb::TileKind& kind, std::vector<Placement>& out,
                         bool distinctOnly = false) const;
    bool hasLegalPlacement(const tiledb::TileKind& kind) const;
    // How many legal placements there are, and the n-th of them in legalPlacements() order,
    // without building the list (for picking one at random).
    int countPlacements(const tiledb::TileKind& kind) const;
    Placement nthPlacement(const tiledb::TileKind& kind, int n) const;

    // Puts a tile down; the caller has checked it fits. Returns its index.
    int place(const tiledb::TileKind& kind, std::uint8_t kindIndex, Placement pl,
              std::uint16_t firstNode);
    // Placed tiles among the 8 around p.
    int neighbourCount8(Pos p) const;

private:
    static constexpr int kCap = 1024; // cells: tiles plus frontier, well above 4x the largest box
    struct Slot {
        std::uint32_t key = 0; // 0: empty
        std::int16_t tile = -1;
        std::int16_t frontier = -1;
    };
    static std::uint32_t keyOf(Pos p) {
        return ((std::uint32_t(std::uint16_t(p.x)) << 16) | std::uint16_t(p.y)) ^ 0x80008000u;
    }
    int find(Pos p) const; // slot index holding p, or -1
    int findOrAdd(Pos p);  // slot index for p, created empty if needed
    static bool fitsCell(const tiledb::TileKind& kind, const FrontierCell& c, int rotation);

    std::vector<PlacedTile> tiles_;
    std::vector<FrontierCell> frontier_;
    std::array<Slot, kCap> slots_{};
    std::optional<Bounds> bounds_;
};

} // namespace adj
