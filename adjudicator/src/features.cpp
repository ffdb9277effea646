#include "adjudicator/features.h"

#include <utility>

namespace adj {

bool FeatureNode::occupied() const {
    std::uint8_t any = 0;
    for (size_t p = 0; p < size_t(kMaxPlayers); ++p) any |= std::uint8_t(followers[p] | mayors[p]);
    return any != 0;
}

NodeId FeatureGraph::add(std::uint16_t tile, std::uint8_t local, tiledb::FeatureKind kind, int open,
                         int pennants) {
    const NodeId id = NodeId(nodes_.size());
    FeatureNode n;
    n.parent = id;
    n.next = id;
    n.tile = tile;
    n.local = local;
    n.kind = kind;
    n.open = std::int16_t(open);
    n.pennants = std::uint8_t(pennants);
    nodes_.push_back(n);
    return id;
}

NodeId FeatureGraph::root(NodeId n) const {
    while (nodes_[n].parent != n) {
        nodes_[n].parent = nodes_[nodes_[n].parent].parent; // path halving
        n = nodes_[n].parent;
    }
    return n;
}

NodeId FeatureGraph::unite(NodeId a, NodeId b) {
    a = root(a);
    b = root(b);
    if (a == b) return a;
    if (nodes_[a].members < nodes_[b].members) std::swap(a, b);
    FeatureNode& ra = nodes_[a];
    const FeatureNode& rb = nodes_[b];
    nodes_[b].parent = a;
    std::swap(ra.next, nodes_[b].next); // splice the two circular member lists
    ra.open = std::int16_t(ra.open + rb.open);
    ra.pennants = std::uint8_t(ra.pennants + rb.pennants);
    ra.members = std::uint16_t(ra.members + rb.members);
    for (size_t p = 0; p < size_t(kMaxPlayers); ++p) {
        ra.followers[p] = std::uint8_t(ra.followers[p] + rb.followers[p]);
        ra.mayors[p] = std::uint8_t(ra.mayors[p] + rb.mayors[p]);
        ra.barns[p] = std::uint8_t(ra.barns[p] + rb.barns[p]);
    }
    return a;
}

} // namespace adj
