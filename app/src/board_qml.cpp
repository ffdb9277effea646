#include "board_qml.h"

#include <algorithm>

QVariantList boardTiles(const adj::State& s) {
    QVariantList out;
    const auto& placed = s.board().tiles();
    for (size_t i = 0; i < placed.size(); ++i)
        out.push_back(QVariantMap{{"index", int(i)},
                                  {"x", placed[i].pos.x},
                                  {"y", placed[i].pos.y},
                                  {"id", QString::fromStdString(placed[i].kind->id)},
                                  {"rotation", 90 * placed[i].rotation},
                                  {"last", i + 1 == placed.size()}});
    return out;
}

QVariantList boardPieces(const adj::State& s, const QStringList& colours) {
    QVariantList out;
    for (const adj::Meeple& m : s.meeples()) {
        const int t = s.board().tileOfNode(m.node);
        if (t < 0) continue;
        const adj::PlacedTile& tile = s.board().tiles()[size_t(t)];
        const int feature = int(m.node) - tile.firstNode;
        tiledb::PointF at = tile.kind->featurePoint(feature, tile.rotation);
        if (m.kind == adj::MeepleKind::Barn) // at its corner
            at = {m.corner == adj::NE || m.corner == adj::SE ? 0.9f : 0.1f,
                  m.corner == adj::SE || m.corner == adj::SW ? 0.9f : 0.1f};
        out.push_back(QVariantMap{
            {"tile", t},
            {"feature", feature},
            {"x", tile.pos.x + double(at.x)},       // board units, x east
            {"y", tile.pos.y + 1.0 - double(at.y)}, // y north
            {"kind", QString::fromLatin1(adj::meepleKindName(m.kind))},
            {"farmer", tile.kind->features[size_t(feature)].kind == tiledb::FeatureKind::Field},
            {"player", int(m.player)},
            {"colour", colours.value(m.player)}});
    }
    return out;
}

QVariantMap boardBounds(const adj::State& s) {
    const adj::Bounds b = s.board().extent();
    return {{"minX", b.minX}, {"maxX", b.maxX}, {"minY", b.minY}, {"maxY", b.maxY}};
}

QVariantMap boardView(const adj::State& s, const QStringList& colours) {
    return {
        {"tiles", boardTiles(s)}, {"pieces", boardPieces(s, colours)}, {"bounds", boardBounds(s)}};
}
