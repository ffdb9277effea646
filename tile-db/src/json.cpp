// JSON for tools: `carcassonne tiles --json`. The schema is documented in tile-db/README.md.
#include "tiledb/catalogue.h"

#include <cstdio>

namespace tiledb {

std::string jsonString(std::string_view s) {
    std::string out = "\"";
    for (char ch : s) {
        switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

namespace {

template <class List, class F>
std::string jsonArray(const List& items, F each) {
    std::string out = "[";
    bool first = true;
    for (const auto& item : items) {
        if (!first) out += ", ";
        first = false;
        out += each(item);
    }
    return out + "]";
}

std::string number(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", double(v));
    return buf;
}

std::string tileJson(const TileKind& k, const TileSet& set) {
    auto str = [](const std::string& s) { return jsonString(s); };
    std::string o = "    {\"id\": " + jsonString(k.id);
    o += ", \"letter\": " + (k.letter.empty() ? std::string("null") : jsonString(k.letter));
    o += ", \"jcz\": " + (k.jcz.empty() ? std::string("null") : jsonString(k.jcz));
    o += ", \"aliases\": " + jsonArray(k.aliases, str);
    o += ", \"art\": " + jsonArray(k.art, str);
    o += ", \"description\": " + jsonString(k.description);
    o += ", \"count\": " + std::to_string(k.count);
    o += ", \"countIsMaximum\": " + std::string(set.countsKnown ? "false" : "true");
    o += ", \"supply\": " + std::string(k.inSupply ? "true" : "false");
    o += ", \"start\": " + std::string(k.id == set.startTile ? "true" : "false");
    o += ", \"distinctRotations\": " + std::to_string(k.distinctRotations);
    o += ",\n     \"edges\": {";
    for (int s = 0; s < 4; ++s) {
        if (s) o += ", ";
        o += "\"" + std::string(sideName(s)) + "\": [";
        for (int j = 0; j < 3; ++j)
            o += (j ? ", " : "") + jsonString(terrainName(k.terrain[size_t(s * 3 + j)]));
        o += "]";
    }
    o += "},\n     \"features\": [";
    for (size_t i = 0; i < k.features.size(); ++i) {
        const Feature& f = k.features[i];
        std::vector<std::string> ports;
        for (int p = 0; p < kPorts; ++p)
            if (f.hasPort(Port(p))) ports.emplace_back(portName(Port(p)));
        o += i ? ",\n       " : "\n       ";
        o += "{\"label\": " + jsonString(std::string(1, f.label));
        o += ", \"kind\": " + jsonString(featureKindName(f.kind));
        o += ", \"ports\": " + jsonArray(ports, str);
        o += ", \"inner\": " + std::string(f.inner() ? "true" : "false");
        if (f.kind == FeatureKind::City) o += ", \"pennants\": " + std::to_string(f.pennants);
        if (f.kind == FeatureKind::Road)
            o += ", \"end\": " +
                 (f.end == RoadEnd::None ? std::string("null") : jsonString(roadEndName(f.end)));
        if (f.kind == FeatureKind::Field)
            o += ", \"borders\": " + jsonArray(f.borders, [&](int b) {
                     return jsonString(std::string(1, k.features[size_t(b)].label));
                 });
        o += ", \"point\": [" + number(f.point.x) + ", " + number(f.point.y) + "]";
        o += ", \"cells\": " + std::to_string(f.cells) + "}";
    }
    o += "],\n     \"map\": [";
    for (int r = 0; r < kMapSize; ++r)
        o += (r ? ", " : "") +
             jsonString(std::string(k.map[size_t(r)].begin(), k.map[size_t(r)].end()));
    return o + "]}";
}

} // namespace

std::string toJson(const TileSet& set) {
    auto str = [](const std::string& s) { return jsonString(s); };
    std::string o = "{\n  \"schema\": \"carcassonne-tiles/1\",\n";
    o += "  \"set\": " + jsonString(set.id) + ",\n";
    o += "  \"name\": " + jsonString(set.name) + ",\n";
    o += "  \"start\": " +
         (set.startTile.empty() ? std::string("null") : jsonString(set.startTile)) + ",\n";
    o += "  \"total\": " + std::to_string(set.total) + ",\n";
    o += "  \"countsKnown\": " + std::string(set.countsKnown ? "true" : "false") + ",\n";
    o += "  \"printedCounts\": " +
         jsonArray(set.printedCounts, [](int c) { return std::to_string(c); }) + ",\n";
    o += "  \"notes\": " + jsonArray(set.notes, str) + ",\n";
    o += "  \"tiles\": [\n";
    for (size_t i = 0; i < set.kinds.size(); ++i)
        o += tileJson(set.kinds[i], set) + (i + 1 < set.kinds.size() ? ",\n" : "\n");
    return o + "  ]\n}\n";
}

} // namespace tiledb
