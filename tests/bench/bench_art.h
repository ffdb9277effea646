// The art sources the vision benchmarks draw scenes with and enrol from: our procedural style,
// the "autumn" procedural style (a look the pipeline was not tuned on), and real artwork read
// from ../shared/tile-art/NAME when it is there (never copied into the project).
#pragma once

#include "vision/reference_set.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace bench {

struct Art {
    std::string name;
    vision::ReferenceSet refs;
    vision::TileFaceSource faces; // empty: the default procedural faces
};

// The sources named in a comma-separated list; an art folder that cannot be read is skipped
// with a line saying why.
inline std::vector<Art> artSources(const std::string& names,
                                   const std::vector<const tiledb::TileSet*>& sets) {
    std::vector<Art> sources;
    std::stringstream list(names);
    for (std::string name; std::getline(list, name, ',');) {
        if (name == "procedural") {
            sources.push_back({name, vision::enrolProcedural(sets), {}});
        } else if (name == "autumn") {
            const auto pal = vision::ProceduralPalette::autumn();
            Art a{name, vision::enrolProcedural(sets, 2, pal), {}};
            a.faces = [pal](const tiledb::TileKind& k, int rot, int size) {
                return vision::drawTile(k, rot, size, 7, pal);
            };
            sources.push_back(std::move(a));
        } else {
            const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/" + name;
            std::string error;
            const auto images = vision::loadArtFolder(folder, sets, &error);
            if (!images) {
                std::printf("art '%s' skipped: %s\n", name.c_str(), error.c_str());
                continue;
            }
            Art a{name, {}, vision::facesFromImages(*images)};
            for (const auto& im : *images) a.refs.add(im.kind, im.image);
            sources.push_back(std::move(a));
        }
    }
    return sources;
}

} // namespace bench
