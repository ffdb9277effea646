// Enrolment: what each tile kind of an edition looks like, learned from reference images
// (never from colours written into the code). A reference set holds one or more pictures per
// kind at rotation 0 (north up), stored small; the classifier derives its templates from them.
#pragma once

#include "vision/tile_art.h"

#include "tiledb/catalogue.h"

#include <opencv2/core.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vision {

struct ReferenceImage {
    std::string kind; // tile id in the catalogue
    cv::Mat image;    // BGR 8-bit, ReferenceSet::kSize square, north up
};

struct ReferenceSet {
    static constexpr int kSize = 64;
    std::string name; // e.g. "procedural", "newart"
    std::vector<ReferenceImage> images;

    // Adds a picture of a kind (any size, square or nearly so); it is stored at kSize.
    void add(const std::string& kind, const cv::Mat& bgr);
    std::vector<std::string> kinds() const; // distinct kinds, in order of first appearance

    // Writes and reads the file format "carcassonne-refs 1" (text header, raw pixels).
    bool save(const std::string& path, std::string* error) const;
    static std::optional<ReferenceSet> load(const std::string& path, std::string* error);
};

// Our procedural art for every kind of the given sets (a few grain variants each).
ReferenceSet enrolProcedural(const std::vector<const tiledb::TileSet*>& sets, int variants = 2,
                             const ProceduralPalette& palette = {});

// Told after each picture read (done of total): enrolment reads many files.
using EnrolProgress = std::function<void(int done, int total)>;

// The images of an art folder at their own size, each with the kind it shows (see enrolFolder).
std::optional<std::vector<ReferenceImage>>
loadArtFolder(const std::string& folder, const std::vector<const tiledb::TileSet*>& sets,
              std::string* error, std::vector<std::string>* skipped = nullptr,
              const EnrolProgress& progress = {});

// A folder with one image per kind, named by JCloisterZone id without the set prefix, by our
// id, letter or alias (`RCr.jpg`, `D.png`, `BA/RCr.jpg` in a subfolder; `@alt` variants too).
// Files that name no kind of the sets are listed in *skipped; unreadable images are errors.
std::optional<ReferenceSet> enrolFolder(const std::string& folder,
                                        const std::vector<const tiledb::TileSet*>& sets,
                                        std::string* error,
                                        std::vector<std::string>* skipped = nullptr,
                                        const EnrolProgress& progress = {});

// A photo of tiles laid out in rows (gaps between them allowed) with the list of what lies
// where: one line per row, the photo's top row first; in a row, cells separated by spaces, each a
// tile kind (id, letter or alias), "KIND/R" for one laid R quarter turns clockwise, or "-" for
// no tile. The photo roughly upright (the first row at its top). The lattice comes from the
// tiles' borders (findLatticeAxes) and is placed where the listed tiles stand out from the
// table around them; each tile is cut out, turned north up and kept. Errors name the layout's
// line and cell, or say why the photo does not fit the layout.
std::optional<ReferenceSet> enrolPhoto(const cv::Mat& photo, const std::string& layout,
                                       const std::vector<const tiledb::TileSet*>& sets,
                                       std::string* error);

// The references a user chose: "" = our procedural art; a `.refs` file saved by enrolment; or a
// folder of pictures (enrolFolder). nullopt with *error saying what is wrong with the source.
std::optional<ReferenceSet> loadReferences(const std::string& source,
                                           const std::vector<const tiledb::TileSet*>& sets,
                                           std::string* error);

} // namespace vision
