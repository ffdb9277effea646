#include "vision/reference_set.h"

#include "vision/image_io.h"
#include "vision/tile_art.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace vision {

namespace fs = std::filesystem;

void ReferenceSet::add(const std::string& kind, const cv::Mat& bgr) {
    cv::Mat small;
    cv::resize(bgr, small, cv::Size(kSize, kSize), 0, 0, cv::INTER_AREA);
    images.push_back({kind, small});
}

std::vector<std::string> ReferenceSet::kinds() const {
    std::vector<std::string> out;
    for (const auto& r : images)
        if (std::find(out.begin(), out.end(), r.kind) == out.end()) out.push_back(r.kind);
    return out;
}

// Text header, then per image a line "image KIND" followed by kSize*kSize*3 bytes (BGR rows).
bool ReferenceSet::save(const std::string& path, std::string* error) const {
    std::ofstream out(path, std::ios::binary);
    if (out) {
        out << "carcassonne-refs 1\nname " << name << "\nsize " << kSize << "\nimages "
            << images.size() << "\n";
        for (const auto& r : images) {
            out << "image " << r.kind << "\n";
            const cv::Mat m = r.image.isContinuous() ? r.image : r.image.clone();
            out.write(reinterpret_cast<const char*>(m.data), std::streamsize(m.total() * 3));
        }
    }
    if (!out) {
        if (error) *error = path + ": cannot write the reference set";
        return false;
    }
    return true;
}

std::optional<ReferenceSet> ReferenceSet::load(const std::string& path, std::string* error) {
    auto fail = [&](const std::string& what) -> std::optional<ReferenceSet> {
        if (error) *error = path + ": " + what;
        return std::nullopt;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open the reference set");
    std::string line, word;
    if (!std::getline(in, line) || line != "carcassonne-refs 1")
        return fail("not a reference set (the first line must be \"carcassonne-refs 1\")");
    ReferenceSet set;
    int size = 0;
    long count = -1;
    if (!std::getline(in, line) || line.rfind("name ", 0) != 0) return fail("line 2: no name");
    set.name = line.substr(5);
    if (!std::getline(in, line) || std::sscanf(line.c_str(), "size %d", &size) != 1 ||
        size != kSize)
        return fail("line 3: size must be " + std::to_string(kSize));
    if (!std::getline(in, line) || std::sscanf(line.c_str(), "images %ld", &count) != 1 ||
        count < 0 || count > 100000)
        return fail("line 4: bad image count");
    for (long i = 0; i < count; ++i) {
        if (!std::getline(in, line) || line.rfind("image ", 0) != 0 || line.size() < 7)
            return fail("image " + std::to_string(i + 1) + " of " + std::to_string(count) +
                        ": missing header (the file is truncated or damaged)");
        cv::Mat m(kSize, kSize, CV_8UC3);
        in.read(reinterpret_cast<char*>(m.data), std::streamsize(m.total() * 3));
        if (in.gcount() != std::streamsize(m.total() * 3))
            return fail("image " + std::to_string(i + 1) + " (" + line.substr(6) +
                        "): truncated pixels");
        set.images.push_back({line.substr(6), m});
    }
    if (in.peek() != std::char_traits<char>::eof())
        return fail("unexpected data after the last image");
    return set;
}

ReferenceSet enrolProcedural(const std::vector<const tiledb::TileSet*>& sets, int variants,
                             const ProceduralPalette& palette) {
    ReferenceSet r;
    r.name = "procedural";
    for (const tiledb::TileSet* s : sets)
        for (const tiledb::TileKind& k : s->kinds)
            for (int v = 0; v < variants; ++v)
                r.add(k.id, drawTile(k, 0, 192, std::uint64_t(1000 + v), palette));
    return r;
}

std::optional<std::vector<ReferenceImage>>
loadArtFolder(const std::string& folder, const std::vector<const tiledb::TileSet*>& sets,
              std::string* error, std::vector<std::string>* skipped,
              const EnrolProgress& progress) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        if (error) *error = folder + ": not a folder";
        return std::nullopt;
    }
    // Names that may stand for a kind: with a set prefix ("BA/RCr"), then bare ones.
    std::map<std::string, std::string> prefixed, bare;
    auto stem = [](const std::string& s) {
        const size_t slash = s.find('/');
        return slash == std::string::npos ? s : s.substr(slash + 1);
    };
    for (const tiledb::TileSet* s : sets)
        for (const tiledb::TileKind& k : s->kinds) {
            bare.emplace(k.id, k.id);
            for (const std::string& n : k.art) prefixed.emplace(n, k.id);
            if (!k.jcz.empty()) prefixed.emplace(k.jcz, k.id);
            for (const std::string& a : k.aliases) prefixed.emplace(a, k.id);
        }
    for (const auto& [name, id] : prefixed) bare.emplace(stem(name), id);
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(folder, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        std::string ext = it->path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (it->is_regular_file() && (ext == ".jpg" || ext == ".jpeg" || ext == ".png"))
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    std::vector<ReferenceImage> out;
    int done = 0;
    for (const fs::path& f : files) {
        if (progress) progress(done++, int(files.size()));
        std::string name = f.stem().string();
        name = name.substr(0, name.find('@')); // "RFr@alt" is another drawing of "RFr"
        const std::string parent = f.parent_path().filename().string();
        std::string kind;
        if (auto p = prefixed.find(parent + "/" + name); p != prefixed.end())
            kind = p->second;
        else if (auto b = bare.find(name); b != bare.end())
            kind = b->second;
        if (kind.empty()) {
            if (skipped) skipped->push_back(f.string());
            continue;
        }
        ImageResult img = readImage(f.string());
        if (!img.ok()) {
            if (error) *error = img.error;
            return std::nullopt;
        }
        out.push_back({kind, img.image});
    }
    if (progress) progress(int(files.size()), int(files.size()));
    if (out.empty()) {
        if (error) *error = folder + ": no image in it names a tile kind of these sets";
        return std::nullopt;
    }
    return out;
}

std::optional<ReferenceSet> enrolFolder(const std::string& folder,
                                        const std::vector<const tiledb::TileSet*>& sets,
                                        std::string* error, std::vector<std::string>* skipped,
                                        const EnrolProgress& progress) {
    const auto images = loadArtFolder(folder, sets, error, skipped, progress);
    if (!images) return std::nullopt;
    ReferenceSet r;
    r.name = fs::path(folder).filename().string();
    for (const ReferenceImage& i : *images) r.add(i.kind, i.image);
    return r;
}

std::optional<ReferenceSet> loadReferences(const std::string& source,
                                           const std::vector<const tiledb::TileSet*>& sets,
                                           std::string* error) {
    if (source.empty()) return enrolProcedural(sets);
    std::error_code ec;
    if (std::filesystem::is_directory(source, ec)) return enrolFolder(source, sets, error);
    return ReferenceSet::load(source, error);
}

} // namespace vision
