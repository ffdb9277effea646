// `carcassonne tiles`: the tile catalogue as a table or as JSON.
#include "cli_commands.h"

#include "tiledb/catalogue.h"

#include <cstdio>
#include <memory>
#include <string>

namespace carc::cli {

namespace {

std::string edgeText(const tiledb::TileKind& k) {
    std::string s;
    for (int side = 0; side < 4; ++side) {
        s += tiledb::sideName(side);
        s += ':';
        const tiledb::Terrain t = k.sideTerrain(side, 0);
        s += t == tiledb::Terrain::City   ? "city "
             : t == tiledb::Terrain::Road ? "road "
             : t == tiledb::Terrain::Wall ? "wall "
                                          : "field";
        if (side < 3) s += ' ';
    }
    return s;
}

std::string featureSummary(const tiledb::TileKind& k) {
    int roads = 0, cities = 0, fields = 0, pennants = 0;
    std::string extra;
    for (const auto& f : k.features) {
        switch (f.kind) {
        case tiledb::FeatureKind::Road: ++roads; break;
        case tiledb::FeatureKind::City: ++cities, pennants += f.pennants; break;
        case tiledb::FeatureKind::Field: ++fields; break;
        case tiledb::FeatureKind::Cloister: extra += " cloister"; break;
        case tiledb::FeatureKind::Abbey: extra += " abbey"; break;
        }
    }
    std::string s;
    if (cities) s += std::to_string(cities) + (cities > 1 ? " cities " : " city ");
    if (pennants) s += "(" + std::to_string(pennants) + " pennant" + (pennants > 1 ? "s) " : ") ");
    if (roads) s += std::to_string(roads) + (roads > 1 ? " roads " : " road ");
    if (fields) s += std::to_string(fields) + (fields > 1 ? " fields" : " field");
    return s + extra;
}

void printTable(const tiledb::TileSet& set) {
    std::printf("%s (%s): %d tiles%s\n", set.name.c_str(), set.id.c_str(), set.total,
                set.startTile.empty() ? "" : (", start tile " + set.startTile).c_str());
    for (const std::string& n : set.notes) std::printf("  note: %s\n", n.c_str());
    std::printf("\n%-4s %-3s %-11s %5s  %-39s %s\n", "id", "ltr", "JCZ id",
                set.countsKnown ? "count" : "max", "edges (north up)", "features");
    for (const auto& k : set.kinds) {
        std::printf("%-4s %-3s %-11s %5d%s %-39s %s\n", k.id.c_str(),
                    k.letter.empty() ? "-" : k.letter.c_str(), k.jcz.empty() ? "-" : k.jcz.c_str(),
                    k.count, k.inSupply ? "*" : " ", edgeText(k).c_str(),
                    featureSummary(k).c_str());
    }
    int supply = 0;
    for (const auto& k : set.kinds)
        if (k.inSupply) supply += k.count;
    if (supply)
        std::printf("\n* kept in the players' supplies, not in the draw pile (%d)\n", supply);
}

} // namespace

int tiles(const std::vector<std::string>& args) {
    std::string setId = "base", dir;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (args[i] == "--set" && i + 1 < args.size())
            setId = args[++i];
        else if (args[i] == "--dir" && i + 1 < args.size())
            dir = args[++i];
        else {
            std::fprintf(stderr,
                         "carcassonne tiles: unexpected argument '%s'\n"
                         "usage: carcassonne tiles [--set ID] [--json] [--dir FOLDER]\n",
                         args[i].c_str());
            return 2;
        }
    }
    std::unique_ptr<tiledb::Catalogue> fromDisk;
    const tiledb::Catalogue* cat = &tiledb::Catalogue::bundled();
    if (!dir.empty()) {
        std::vector<tiledb::LoadError> errors;
        fromDisk = tiledb::Catalogue::loadDirectory(dir, errors);
        for (const auto& e : errors) std::fprintf(stderr, "%s\n", e.text().c_str());
        if (!errors.empty()) return 1;
        cat = fromDisk.get();
    }
    const tiledb::TileSet* set = cat->set(setId);
    if (!set) {
        std::string known;
        for (const auto& id : cat->setIds()) known += " " + id;
        std::fprintf(stderr, "carcassonne tiles: no set '%s' (known:%s)\n", setId.c_str(),
                     known.c_str());
        return 1;
    }
    if (json)
        std::fputs(tiledb::toJson(*set).c_str(), stdout);
    else
        printTable(*set);
    return 0;
}

} // namespace carc::cli
