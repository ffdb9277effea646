// The tile sets the camera knows: reference sets (vision::ReferenceSet, `.refs` files) enrolled
// from pictures of an edition's tiles, kept in one folder by name for every later game, plus our
// drawn tiles, built in. The window's new-game form and `carcassonne vision enrol --keep` use it.
// Plain C++ over vision: no Qt.
#pragma once

#include "vision/reference_set.h"
#include "vision/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace carc {

// dataFolder()/tile-sets.
std::string defaultTileSetFolder();

struct TileSetEntry {
    std::string name;    // the file's name without `.refs`; "" for our drawn tiles
    std::string path;    // what vision::loadReferences takes: "" for our drawn tiles
    int images = 0;      // pictures kept
    int kinds = 0;       // tile kinds they show
    std::string problem; // a file that cannot be read says why (listed, never used)
};

// Our drawn tiles first, then the folder's `.refs` files by name (none when it does not exist).
std::vector<TileSetEntry> listTileSets(const std::string& folder);

// What vision::loadReferences should read for a source a user gave: the source itself when it
// is a file or a folder, else the set kept under that name in `folder` when there is one.
std::string tileSetSource(const std::string& folder, const std::string& source);

// A name for a kept set: 1 to 40 letters, digits, spaces, '-' or '_', not starting with a space;
// "" when it is fine, else what is wrong.
std::string tileSetNameProblem(const std::string& name);

// Pictures of an edition's tiles learned, for every bundled edition: a folder of one picture per
// tile kind (vision::enrolFolder), or a photo of tiles laid out in rows with its list of what
// lies where in a text file beside it, of the same name ending in .txt (vision::enrolPhoto).
std::optional<vision::ReferenceSet> enrolPictures(const std::string& pictures, std::string* error,
                                                  const vision::EnrolProgress& progress = {},
                                                  std::vector<std::string>* skipped = nullptr);

// The scene generator's tile faces from a folder of one picture per tile kind, named as
// enrolPictures reads a folder, for every bundled edition; kinds it has no picture of are drawn
// in our procedural style. nullopt with *error when the folder cannot be read.
std::optional<vision::TileFaceSource> artFaces(const std::string& folder, std::string* error);

// Enrols `pictures` (enrolPictures) and keeps it as `name` in `folder`. A bad or taken name, a
// folder with no picture of a tile kind, an unreadable picture, a folder that cannot be written:
// nullopt with *error, and nothing is written. *skipped: files that name no tile kind.
std::optional<TileSetEntry> enrolTileSet(const std::string& folder, const std::string& name,
                                         const std::string& pictures, std::string* error,
                                         const vision::EnrolProgress& progress = {},
                                         std::vector<std::string>* skipped = nullptr);

} // namespace carc
