#include "tile_set_library.h"

#include "data_folder.h"

#include "vision/image_io.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace carc {

namespace fs = std::filesystem;

namespace {

TileSetEntry entryOf(const fs::path& file) {
    TileSetEntry e{file.stem().string(), file.string(), 0, 0, {}};
    std::string error;
    if (const auto refs = vision::ReferenceSet::load(file.string(), &error)) {
        e.images = int(refs->images.size());
        e.kinds = int(refs->kinds().size());
    } else {
        e.problem = error;
    }
    return e;
}

// Every bundled edition's tile set: a folder of pictures may hold any of them.
std::vector<const tiledb::TileSet*> everySet() {
    std::vector<const tiledb::TileSet*> sets;
    const tiledb::Catalogue& cat = tiledb::Catalogue::bundled();
    for (const std::string& id : cat.setIds()) sets.push_back(cat.set(id));
    return sets;
}
} // namespace

std::string defaultTileSetFolder() {
    return dataFolder() + "/tile-sets";
}

std::vector<TileSetEntry> listTileSets(const std::string& folder) {
    std::vector<TileSetEntry> out{{"", "", 0, 0, {}}};
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec))
        if (e.path().extension() == ".refs") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) out.push_back(entryOf(f));
    return out;
}

std::string tileSetSource(const std::string& folder, const std::string& source) {
    std::error_code ec;
    if (source.empty() || fs::exists(source, ec)) return source;
    const fs::path kept = fs::path(folder) / (source + ".refs");
    return fs::is_regular_file(kept, ec) ? kept.string() : source;
}

std::string tileSetNameProblem(const std::string& name) {
    if (name.empty()) return "a tile set needs a name";
    if (name.size() > 40) return "\"" + name + "\" is longer than 40 characters";
    if (name.front() == ' ') return "a name may not start with a space";
    for (unsigned char c : name)
        if (!std::isalnum(c) && c != ' ' && c != '-' && c != '_')
            return "\"" + name + "\": only letters, digits, spaces, '-' and '_' please";
    return {};
}

std::optional<vision::TileFaceSource> artFaces(const std::string& folder, std::string* error) {
    const auto images = vision::loadArtFolder(folder, everySet(), error);
    if (!images) return std::nullopt;
    return vision::facesFromImages(*images);
}

std::optional<vision::ReferenceSet> enrolPictures(const std::string& pictures, std::string* error,
                                                  const vision::EnrolProgress& progress,
                                                  std::vector<std::string>* skipped) {
    const std::vector<const tiledb::TileSet*> sets = everySet();
    std::error_code ec;
    if (!fs::is_regular_file(pictures, ec))
        return vision::enrolFolder(pictures, sets, error, skipped, progress);
    const std::string listFile = fs::path(pictures).replace_extension(".txt").string();
    std::ifstream list(listFile);
    if (!list) {
        *error = listFile + ": no list of the tiles in the photo (one line per row, top first)";
        return std::nullopt;
    }
    const std::string layout((std::istreambuf_iterator<char>(list)), {});
    const vision::ImageResult photo = vision::readImage(pictures);
    if (!photo.ok()) {
        *error = photo.error;
        return std::nullopt;
    }
    if (progress) progress(0, 1);
    std::optional<vision::ReferenceSet> refs = vision::enrolPhoto(photo.image, layout, sets, error);
    if (!refs) *error = pictures + ": " + *error;
    if (refs && progress) progress(1, 1);
    return refs;
}

std::optional<TileSetEntry> enrolTileSet(const std::string& folder, const std::string& name,
                                         const std::string& pictures, std::string* error,
                                         const vision::EnrolProgress& progress,
                                         std::vector<std::string>* skipped) {
    if (const std::string why = tileSetNameProblem(name); !why.empty()) {
        *error = why;
        return std::nullopt;
    }
    const fs::path file = fs::path(folder) / (name + ".refs");
    std::error_code ec;
    if (fs::exists(file, ec)) {
        *error = "a tile set named \"" + name + "\" is already kept (" + file.string() + ")";
        return std::nullopt;
    }
    std::optional<vision::ReferenceSet> refs = enrolPictures(pictures, error, progress, skipped);
    if (!refs) return std::nullopt;
    refs->name = name;
    fs::create_directories(folder, ec);
    if (ec) {
        *error = folder + ": cannot create the folder: " + ec.message();
        return std::nullopt;
    }
    // Written beside, then renamed: a set is either kept whole or not at all.
    const fs::path part = fs::path(folder) / (name + ".refs.part");
    if (!refs->save(part.string(), error)) {
        fs::remove(part, ec);
        return std::nullopt;
    }
    fs::rename(part, file, ec);
    if (ec) {
        fs::remove(part, ec);
        *error = file.string() + ": cannot keep the tile set: " + ec.message();
        return std::nullopt;
    }
    return entryOf(file);
}

} // namespace carc
