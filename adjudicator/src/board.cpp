#include "adjudicator/board.h"

#include <algorithm>
#include <cassert>
#include <climits>

namespace adj {

using tiledb::Terrain;

Board::Board() {
    tiles_.reserve(128);
    frontier_.reserve(256);
}

int Board::find(Pos p) const {
    const std::uint32_t key = keyOf(p);
    std::uint32_t i = (key * 2654435761u) >> 22; // top 10 bits: kCap = 1024
    for (;;) {
        const Slot& s = slots_[i];
        if (s.key == key) return int(i);
        if (s.key == 0) return -1;
        i = (i + 1) & (kCap - 1);
    }
}

int Board::findOrAdd(Pos p) {
    const std::uint32_t key = keyOf(p);
    std::uint32_t i = (key * 2654435761u) >> 22;
    for (;;) {
        Slot& s = slots_[i];
        if (s.key == key) return int(i);
        if (s.key == 0) {
            s.key = key;
            return int(i);
        }
        i = (i + 1) & (kCap - 1);
    }
}

int Board::tileIndexAt(Pos p) const {
    const int s = find(p);
    return s < 0 ? -1 : slots_[size_t(s)].tile;
}

const PlacedTile* Board::at(Pos p) const {
    const int t = tileIndexAt(p);
    return t < 0 ? nullptr : &tiles_[size_t(t)];
}

Bounds Board::extent() const {
    Bounds b{INT_MAX, INT_MIN, INT_MAX, INT_MIN};
    for (const PlacedTile& t : tiles_) {
        b.minX = std::min(b.minX, t.pos.x), b.maxX = std::max(b.maxX, t.pos.x);
        b.minY = std::min(b.minY, t.pos.y), b.maxY = std::max(b.maxY, t.pos.y);
    }
    return tiles_.empty() ? Bounds{} : b;
}

int Board::tileOfNode(std::uint16_t node) const {
    const auto it =
        std::upper_bound(tiles_.begin(), tiles_.end(), node,
                         [](std::uint16_t n, const PlacedTile& t) { return n < t.firstNode; });
    if (it == tiles_.begin()) return -1;
    const PlacedTile& t = *(it - 1);
    return node < t.firstNode + t.kind->features.size() ? int(it - tiles_.begin()) - 1 : -1;
}

std::optional<Terrain> Board::sideAt(Pos p, int side) const {
    const PlacedTile* t = at(p);
    if (!t) return std::nullopt;
    return t->kind->sideTerrain(side, t->rotation);
}

int Board::neighbourCount8(Pos p) const {
    int n = 0;
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
            if ((dx || dy) && tileIndexAt(Pos{p.x + dx, p.y + dy}) >= 0) ++n;
    return n;
}

bool Board::fitsCell(const tiledb::TileKind& kind, const FrontierCell& c, int rotation) {
    if (kind.sideTerrain(0, 0) == Terrain::Wall) return c.neighbours == 4; // the abbey: a hole
    return (kind.fittingRotations[c.code] >> rotation) & 1U;
}

PlacementProblem Board::problem(const tiledb::TileKind& kind, Placement pl) const {
    PlacementProblem pr;
    using K = PlacementProblem::Kind;
    if (bounds_ && !bounds_->contains(pl.pos)) return pr.kind = K::OutsideTable, pr;
    const int s = find(pl.pos);
    if (s >= 0 && slots_[size_t(s)].tile >= 0) return pr.kind = K::Occupied, pr;
    if (s < 0 || slots_[size_t(s)].frontier < 0) {
        for (int dx = -1; dx <= 1; dx += 2)
            for (int dy = -1; dy <= 1; dy += 2)
                if (tileIndexAt(Pos{pl.pos.x + dx, pl.pos.y + dy}) >= 0)
                    return pr.kind = K::CornerOnly, pr;
        return pr.kind = K::NoEdgeContact, pr;
    }
    const FrontierCell& c = frontier_[size_t(slots_[size_t(s)].frontier)];
    if (fitsCell(kind, c, pl.rotation % 4)) return pr;
    if (kind.sideTerrain(0, 0) == Terrain::Wall) return pr.kind = K::AbbeyNeedsHole, pr;
    for (int side = 0; side < 4; ++side) {
        const Pos n = neighbour(pl.pos, side);
        auto theirs = sideAt(n, (side + 2) % 4);
        const Terrain ours = kind.sideTerrain(side, pl.rotation % 4);
        if (theirs && *theirs != Terrain::Wall && *theirs != ours) {
            pr.kind = K::EdgeMismatch;
            pr.side = side;
            pr.neighbour = n;
            pr.ours = ours;
            pr.theirs = *theirs;
            return pr;
        }
    }
    assert(false && "frontier constraint disagrees with the neighbours");
    return pr;
}

void Board::legalPlacements(const tiledb::TileKind& kind, std::vector<Placement>& out,
                            bool distinctOnly) const {
    out.clear();
    const int rotations = distinctOnly ? kind.distinctRotations : 4;
    if (kind.sideTerrain(0, 0) == Terrain::Wall) { // the abbey: any hole, any rotation
        for (const FrontierCell& c : frontier_)
            if (c.neighbours == 4)
                for (int r = 0; r < rotations; ++r)
                    out.push_back(Placement{c.pos, std::uint8_t(r)});
        return;
    }
    const std::uint8_t keep = std::uint8_t((1U << rotations) - 1);
    for (const FrontierCell& c : frontier_) {
        unsigned fits = kind.fittingRotations[c.code] & keep;
        while (fits) {
            const int r = __builtin_ctz(fits);
            fits &= fits - 1;
            out.push_back(Placement{c.pos, std::uint8_t(r)});
        }
    }
}

namespace {
// Set bits of a 4-bit rotation mask (no popcount instruction on the baseline x86-64 target).
constexpr std::uint8_t kBits4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
} // namespace

int Board::countPlacements(const tiledb::TileKind& kind) const {
    int n = 0;
    if (kind.sideTerrain(0, 0) == Terrain::Wall) { // the abbey: any rotation of any hole
        for (const FrontierCell& c : frontier_) n += c.neighbours == 4 ? 4 : 0;
        return n;
    }
    for (const FrontierCell& c : frontier_) n += kBits4[kind.fittingRotations[c.code] & 15];
    return n;
}

Placement Board::nthPlacement(const tiledb::TileKind& kind, int n) const {
    const bool abbey = kind.sideTerrain(0, 0) == Terrain::Wall;
    for (const FrontierCell& c : frontier_) {
        unsigned fits = abbey ? (c.neighbours == 4 ? 15U : 0U) : kind.fittingRotations[c.code];
        const int here = kBits4[fits & 15];
        if (n >= here) {
            n -= here;
            continue;
        }
        while (n--) fits &= fits - 1;
        return Placement{c.pos, std::uint8_t(__builtin_ctz(fits))};
    }
    assert(false && "nthPlacement: n out of range");
    return {};
}

bool Board::hasLegalPlacement(const tiledb::TileKind& kind) const {
    for (const FrontierCell& c : frontier_)
        for (int r = 0; r < kind.distinctRotations; ++r)
            if (fitsCell(kind, c, r)) return true;
    return false;
}

int Board::place(const tiledb::TileKind& kind, std::uint8_t kindIndex, Placement pl,
                 std::uint16_t firstNode) {
    const int index = int(tiles_.size());
    tiles_.push_back(
        PlacedTile{&kind, pl.pos, std::uint8_t(pl.rotation % 4), kindIndex, firstNode});
    const int s = findOrAdd(pl.pos);
    Slot& slot = slots_[size_t(s)];
    if (slot.frontier >= 0) { // leave the frontier: swap the last cell into the hole
        const int hole = slot.frontier;
        frontier_[size_t(hole)] = frontier_.back();
        frontier_.pop_back();
        if (hole < int(frontier_.size()))
            slots_[size_t(find(frontier_[size_t(hole)].pos))].frontier = std::int16_t(hole);
        slot.frontier = -1;
    }
    slot.tile = std::int16_t(index);
    for (int side = 0; side < 4; ++side) {
        const Pos n = neighbour(pl.pos, side);
        if (bounds_ && !bounds_->contains(n)) continue;
        const int ns = findOrAdd(n);
        Slot& nslot = slots_[size_t(ns)];
        if (nslot.tile >= 0) continue;
        if (nslot.frontier < 0) {
            nslot.frontier = std::int16_t(frontier_.size());
            frontier_.push_back(FrontierCell{n, 0, 0});
        }
        FrontierCell& c = frontier_[size_t(nslot.frontier)];
        const int facing = (side + 2) % 4;
        const Terrain t = kind.sideTerrain(side, pl.rotation % 4);
        ++c.neighbours;
        if (t != Terrain::Wall) { // an abbey's wall fits anything
            c.code |= tiledb::sideConstraint(facing, t);
        }
    }
    return index;
}

} // namespace adj
