#include "tiledb/tile.h"

#include <cmath>
#include <cstdlib>

namespace tiledb {

namespace {
constexpr const char* kPortNames[kPorts] = {"NL", "N", "NR", "EL", "E", "ER",
                                            "SL", "S", "SR", "WL", "W", "WR"};
} // namespace

const char* portName(Port p) {
    return p < kPorts ? kPortNames[p] : "?";
}

std::optional<Port> portFromName(std::string_view name) {
    for (int p = 0; p < kPorts; ++p)
        if (name == kPortNames[p]) return Port(p);
    return std::nullopt;
}

const char* sideName(int side) {
    static constexpr const char* names[4] = {"N", "E", "S", "W"};
    return side >= 0 && side < 4 ? names[side] : "?";
}

const char* terrainName(Terrain t) {
    switch (t) {
    case Terrain::Field: return "field";
    case Terrain::Road: return "road";
    case Terrain::City: return "city";
    case Terrain::Wall: return "abbey wall";
    }
    return "?";
}

const char* featureKindName(FeatureKind k) {
    switch (k) {
    case FeatureKind::Road: return "road";
    case FeatureKind::City: return "city";
    case FeatureKind::Field: return "field";
    case FeatureKind::Cloister: return "cloister";
    case FeatureKind::Abbey: return "abbey";
    }
    return "?";
}

const char* roadEndName(RoadEnd e) {
    switch (e) {
    case RoadEnd::None: return "none";
    case RoadEnd::Junction: return "junction";
    case RoadEnd::Cloister: return "cloister";
    case RoadEnd::Village: return "village";
    case RoadEnd::City: return "city";
    case RoadEnd::Field: return "field";
    }
    return "?";
}

PointF rotatePoint(PointF p, int rotation) {
    for (int i = 0; i < ((rotation % 4) + 4) % 4; ++i) p = PointF{1.0f - p.y, p.x};
    return p;
}

bool TileKind::hasFeature(FeatureKind k) const {
    for (const Feature& f : features)
        if (f.kind == k) return true;
    return false;
}

int TileKind::featureIndex(char label) const {
    for (size_t i = 0; i < features.size(); ++i)
        if (features[i].label == label) return int(i);
    return -1;
}

PointF TileKind::featurePoint(int feature, int rotation) const {
    return rotatePoint(features.at(size_t(feature)).point, rotation);
}

int TileKind::featureAt(PointF p, int rotation) const {
    const PointF q = rotatePoint(p, 4 - (rotation % 4));
    const auto clampCell = [](float v) {
        const int c = int(std::floor(v * kMapSize));
        return c < 0 ? 0 : (c >= kMapSize ? kMapSize - 1 : c);
    };
    const int row = clampCell(q.y), col = clampCell(q.x);
    // A cell outside every feature (a junction's houses) maps to the nearest feature cell.
    int best = -1, bestDist = 1 << 30;
    for (int r = 0; r < kMapSize; ++r) {
        for (int c = 0; c < kMapSize; ++c) {
            const int f = featureIndex(map[size_t(r)][size_t(c)]);
            if (f < 0) continue;
            const int d = (r - row) * (r - row) + (c - col) * (c - col);
            if (d < bestDist) bestDist = d, best = f;
        }
    }
    return best;
}

} // namespace tiledb
