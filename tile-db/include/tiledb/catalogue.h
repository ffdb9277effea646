// Tile sets and the catalogue of every set the product knows.
//
// A set is read from one text file (format in tile-db/README.md). The catalogue bundled with
// the program is compiled in, so the tool works from any folder; loadDirectory() reads files
// from disk instead (for editing or testing catalogues).
#pragma once

#include "tiledb/tile.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tiledb {

struct TileSet {
    std::string id;                 // "base", "winter", "demo", "abbey-mayor"
    std::string name;               // for people
    std::string startTile;          // id of the start tile ("" when the set is an expansion)
    int total = 0;                  // tiles in the box
    bool countsKnown = true;        // false: per-kind counts are maxima (the demo)
    std::vector<int> printedCounts; // counts as printed in a rule text, when they cannot be
                                    // matched to kinds (the demo); they sum to total
    std::vector<std::string> notes;
    std::vector<TileKind> kinds;

    const TileKind* find(std::string_view idOrAlias) const; // id, letter, JCZ id or alias
    int kindIndex(std::string_view idOrAlias) const;        // -1 if unknown
    int landTiles() const;                                  // tiles in the draw pile
};

// A problem found while reading a set file: "file:line: what is wrong".
struct LoadError {
    std::string file;
    int line = 0;
    std::string message;
    std::string text() const;
};

// For data compiled into the program (the test suite rules out errors there): prints the
// errors and aborts if there are any. `what` names the data, e.g. "the tile catalogue".
void abortIfBroken(const std::vector<LoadError>& errors, const char* what);

// Either a set or the errors that stopped it from loading.
struct LoadResult {
    std::shared_ptr<const TileSet> set;
    std::vector<LoadError> errors;
    bool ok() const { return set != nullptr; }
};

// Resolves "uses OTHER" lines: returns the already-loaded set or nullptr.
using SetResolver = const TileSet* (*)(std::string_view id, const void* context);

// Parses one set file. 'fileName' is used only in messages. Never throws on bad input.
LoadResult parseTileSet(std::string_view text, std::string_view fileName,
                        SetResolver resolver = nullptr, const void* resolverContext = nullptr);

class Catalogue {
public:
    // The sets compiled into the program. Aborts with a message only if the bundled files are
    // broken, which the test suite rules out.
    static const Catalogue& bundled();
    // Reads every *.tiles file of a folder; errors describe each bad file.
    static std::unique_ptr<Catalogue> loadDirectory(const std::string& dir,
                                                    std::vector<LoadError>& errors);
    // Loads named texts (file name, contents), resolving "uses" between them.
    static std::unique_ptr<Catalogue>
    loadTexts(const std::vector<std::pair<std::string, std::string>>& files,
              std::vector<LoadError>& errors);

    const TileSet* set(std::string_view id) const;
    std::vector<std::string> setIds() const;

private:
    std::map<std::string, std::shared_ptr<const TileSet>, std::less<>> sets_;
};

} // namespace tiledb

namespace tiledb {
// The set as JSON (schema "carcassonne-tiles/1", documented in tile-db/README.md).
std::string toJson(const TileSet& set);
// JSON string literal with escapes.
std::string jsonString(std::string_view s);
} // namespace tiledb
