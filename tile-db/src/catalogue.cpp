#include "tiledb/catalogue.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiledb {

// Generated at build time from tile-db/data/*.tiles (see tile-db/CMakeLists.txt).
extern const std::vector<std::pair<std::string, std::string>>& bundledTileFiles();

int TileSet::kindIndex(std::string_view key) const {
    for (size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].id == key) return int(i);
    for (size_t i = 0; i < kinds.size(); ++i)
        for (const std::string& a : kinds[i].aliases)
            if (a == key) return int(i);
    return -1;
}

const TileKind* TileSet::find(std::string_view key) const {
    const int i = kindIndex(key);
    return i < 0 ? nullptr : &kinds[size_t(i)];
}

int TileSet::landTiles() const {
    if (!countsKnown) return total;
    int n = 0;
    for (const TileKind& k : kinds)
        if (!k.inSupply) n += k.count;
    return n;
}

const TileSet* Catalogue::set(std::string_view id) const {
    auto it = sets_.find(id);
    return it == sets_.end() ? nullptr : it->second.get();
}

std::vector<std::string> Catalogue::setIds() const {
    std::vector<std::string> ids;
    for (const auto& [id, s] : sets_) ids.push_back(id);
    return ids;
}

namespace {
// The set a file declares, read from its first 'set' line (to order 'uses' dependencies).
std::string declaredSetId(const std::string& text) {
    std::istringstream in(text);
    std::string word, id;
    while (in >> word) {
        if (word[0] == '#') {
            std::getline(in, word);
            continue;
        }
        if (word == "set" && (in >> id)) return id;
        return "";
    }
    return "";
}
} // namespace

std::unique_ptr<Catalogue>
Catalogue::loadTexts(const std::vector<std::pair<std::string, std::string>>& files,
                     std::vector<LoadError>& errors) {
    auto cat = std::make_unique<Catalogue>();
    // Load in rounds: a file that uses another waits until that one is loaded.
    std::vector<bool> done(files.size(), false);
    for (bool progress = true; progress;) {
        progress = false;
        for (size_t i = 0; i < files.size(); ++i) {
            if (done[i]) continue;
            const std::string& text = files[i].second;
            // Wait for every set named on a 'uses' line that another pending file will provide.
            bool waiting = false;
            std::istringstream in(text);
            for (std::string line; std::getline(in, line);) {
                std::istringstream ls(line);
                std::string key, other;
                if ((ls >> key) && key == "uses" && (ls >> other) && !cat->set(other)) {
                    for (size_t j = 0; j < files.size(); ++j)
                        if (!done[j] && j != i && declaredSetId(files[j].second) == other)
                            waiting = true;
                }
            }
            if (waiting) continue;
            LoadResult r = parseTileSet(
                text, files[i].first,
                [](std::string_view id, const void* ctx) {
                    return static_cast<const Catalogue*>(ctx)->set(id);
                },
                cat.get());
            done[i] = true;
            progress = true;
            if (!r.ok()) {
                errors.insert(errors.end(), r.errors.begin(), r.errors.end());
                continue;
            }
            if (cat->set(r.set->id)) {
                errors.push_back({files[i].first, 1, "set '" + r.set->id + "' is defined twice"});
                continue;
            }
            cat->sets_.emplace(r.set->id, r.set);
        }
    }
    for (size_t i = 0; i < files.size(); ++i)
        if (!done[i]) errors.push_back({files[i].first, 1, "its 'uses' sets form a cycle"});
    return cat;
}

std::unique_ptr<Catalogue> Catalogue::loadDirectory(const std::string& dir,
                                                    std::vector<LoadError>& errors) {
    namespace fs = std::filesystem;
    std::vector<std::pair<std::string, std::string>> files;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        errors.push_back({dir, 0, "cannot read the folder: " + ec.message()});
        return std::make_unique<Catalogue>();
    }
    for (const auto& entry : it) {
        if (entry.path().extension() != ".tiles") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        if (!in) {
            errors.push_back({entry.path().string(), 0, "cannot open the file"});
            continue;
        }
        std::ostringstream ss;
        ss << in.rdbuf();
        files.emplace_back(entry.path().string(), ss.str());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) errors.push_back({dir, 0, "no *.tiles files in the folder"});
    return loadTexts(files, errors);
}

void abortIfBroken(const std::vector<LoadError>& errors, const char* what) {
    if (errors.empty()) return;
    for (const LoadError& e : errors) std::fprintf(stderr, "%s\n", e.text().c_str());
    std::fprintf(stderr, "%s compiled into this program is broken\n", what);
    std::abort();
}

const Catalogue& Catalogue::bundled() {
    static const std::unique_ptr<Catalogue> cat = [] {
        std::vector<LoadError> errors;
        auto c = loadTexts(bundledTileFiles(), errors);
        abortIfBroken(errors, "the tile catalogue");
        return c;
    }();
    return *cat;
}

} // namespace tiledb
