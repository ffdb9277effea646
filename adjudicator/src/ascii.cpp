// The board drawn for people: each tile a 5x3 box showing its sides (C city, = or | road,
// . field, # abbey wall) and its id; pieces listed underneath.
#include "adjudicator/state.h"

#include <algorithm>
#include <climits>

namespace adj {

namespace {
char sideChar(tiledb::Terrain t, bool vertical) {
    switch (t) {
    case tiledb::Terrain::City: return 'C';
    case tiledb::Terrain::Road: return vertical ? '|' : '=';
    case tiledb::Terrain::Field: return '.';
    case tiledb::Terrain::Wall: return '#';
    }
    return '?';
}
} // namespace

std::string State::drawAscii() const {
    const auto [minX, maxX, minY, maxY] = board_.extent();
    const int w = maxX - minX + 1, h = maxY - minY + 1;
    std::vector<std::string> rows(size_t(h * 3), std::string(size_t(w * 5), ' '));
    for (const PlacedTile& t : board_.tiles()) {
        const int col = (t.pos.x - minX) * 5, row = (maxY - t.pos.y) * 3; // north up
        auto put = [&](int r, int c, char ch) { rows[size_t(row + r)][size_t(col + c)] = ch; };
        put(0, 0, '+'), put(0, 4, '+'), put(2, 0, '+'), put(2, 4, '+');
        put(0, 1, '-'), put(0, 3, '-'), put(2, 1, '-'), put(2, 3, '-');
        put(0, 2, sideChar(t.kind->sideTerrain(0, t.rotation), true));
        put(1, 4, sideChar(t.kind->sideTerrain(1, t.rotation), false));
        put(2, 2, sideChar(t.kind->sideTerrain(2, t.rotation), true));
        put(1, 0, sideChar(t.kind->sideTerrain(3, t.rotation), false));
        const std::string id = t.kind->id.substr(0, 3);
        for (size_t i = 0; i < id.size(); ++i) put(1, 1 + int(i), id[i]);
    }
    std::string out = "board x " + std::to_string(minX) + ".." + std::to_string(maxX) + ", y " +
                      std::to_string(maxY) + " (top) .. " + std::to_string(minY) + "\n";
    for (auto& r : rows) {
        while (!r.empty() && r.back() == ' ') r.pop_back();
        out += r + "\n";
    }
    for (const Meeple& m : meeples_) {
        const FeatureNode& n = graph_.node(m.node);
        const PlacedTile& t = board_.tiles()[n.tile];
        out += "player " + std::to_string(m.player + 1) + ": " + meepleKindName(m.kind) + " on " +
               tiledb::featureKindName(n.kind) + " '" + t.kind->features[n.local].label + "' of " +
               t.kind->id + " at (" + std::to_string(t.pos.x) + "," + std::to_string(t.pos.y) +
               ")\n";
    }
    return out;
}

} // namespace adj
