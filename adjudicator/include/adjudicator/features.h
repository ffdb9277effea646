// The feature graph: every feature of every placed tile is a node; nodes joined across tile
// edges form one road, city, farm (union-find with a circular member list per set). A set's
// root carries what the rules need at once: how many of its road/city ports still face an
// empty cell (0 = complete), its pennants, and the meeples on it by player and kind.
#pragma once

#include "adjudicator/types.h"

#include "tiledb/tile.h"

#include <array>
#include <cstdint>
#include <vector>

namespace adj {

using NodeId = std::uint16_t;

struct FeatureNode {
    NodeId parent = 0;
    NodeId next = 0;        // circular list of the members of the set
    std::uint16_t tile = 0; // index of the placed tile
    std::uint8_t local = 0; // feature index on that tile
    tiledb::FeatureKind kind = tiledb::FeatureKind::Field;
    // Meaningful at roots only:
    std::int16_t open = 0; // road/city ports facing an empty cell
    std::uint8_t pennants = 0;
    std::uint16_t members = 1;
    std::array<std::uint8_t, kMaxPlayers> followers{}; // strength-1 pieces: followers, wagons
    std::array<std::uint8_t, kMaxPlayers> mayors{};
    std::array<std::uint8_t, kMaxPlayers> barns{};

    bool occupied() const;
};

static_assert(sizeof(FeatureNode) <= 32, "a feature node fits half a cache line");

class FeatureGraph {
public:
    NodeId add(std::uint16_t tile, std::uint8_t local, tiledb::FeatureKind kind, int open,
               int pennants);
    NodeId root(NodeId n) const;
    // Joins two sets; returns the new root.
    NodeId unite(NodeId a, NodeId b);
    const FeatureNode& node(NodeId n) const { return nodes_[n]; }
    FeatureNode& node(NodeId n) { return nodes_[n]; }
    int size() const { return int(nodes_.size()); }
    void reserve(int n) { nodes_.reserve(size_t(n)); }
    // Members of n's set, in no particular order.
    template <class F>
    void forEachMember(NodeId n, F f) const {
        NodeId m = n;
        do {
            f(m);
            m = nodes_[m].next;
        } while (m != n);
    }

private:
    mutable std::vector<FeatureNode> nodes_; // mutable: root() compresses paths
};

} // namespace adj
