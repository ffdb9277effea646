// Tile faces drawn procedurally from the catalogue alone (tile-db's 12x12 feature maps), in a
// style of our own: always available, shippable, and with known truth. The same kind can be
// drawn with small variations (grass and stone texture) from a variant seed.
#pragma once

#include "tiledb/tile.h"

#include <opencv2/core.hpp>

#include <cstdint>

namespace vision {

// The palette of our procedural style (BGR). Recognition never uses these: it learns an
// edition's look from reference images.
struct ProceduralPalette {
    cv::Vec3b field{70, 150, 95}, road{190, 215, 225}, roadEdge{120, 140, 150};
    cv::Vec3b city{110, 160, 200}, wall{70, 90, 120}, pennant{170, 90, 40},
        pennantMark{235, 235, 235};
    cv::Vec3b cloister{80, 90, 170}, cloisterRoof{50, 60, 140}, house{60, 70, 90};
    // A second look (autumn fields, grey stone, red roofs): the pipeline is developed on the
    // default and checked on this one, as art it must learn from references alone.
    static ProceduralPalette autumn();
};

// A tile face, `size` pixels square, turned `rotation` quarter turns clockwise (north up).
cv::Mat drawTile(const tiledb::TileKind& kind, int rotation, int size, std::uint64_t variant = 0,
                 const ProceduralPalette& palette = {});

} // namespace vision
