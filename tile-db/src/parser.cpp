// Reads one tile-set file (format: tile-db/README.md) and checks every fact it states.
#include "tiledb/catalogue.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <set>
#include <sstream>

namespace tiledb {

std::string LoadError::text() const {
    return file + ":" + std::to_string(line) + ": " + message;
}

namespace {

constexpr size_t kMaxErrors = 50; // enough to fix a file in one pass, bounded for garbage input

std::vector<std::string_view> splitWords(std::string_view line) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

// Words from index 'from' on, joined by single spaces (the free text of a line).
std::string joinWords(const std::vector<std::string_view>& words, size_t from) {
    std::string s;
    for (size_t i = from; i < words.size(); ++i) {
        if (i > from) s += ' ';
        s.append(words[i]);
    }
    return s;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<int> parseInt(std::string_view s, int lo, int hi) {
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
    return v;
}

std::optional<Terrain> terrainFromLetter(char c) {
    switch (c) {
    case 'f': return Terrain::Field;
    case 'r': return Terrain::Road;
    case 'c': return Terrain::City;
    case 'x': return Terrain::Wall;
    default: return std::nullopt;
    }
}

std::optional<RoadEnd> roadEndFromName(std::string_view s) {
    for (RoadEnd e :
         {RoadEnd::Junction, RoadEnd::Cloister, RoadEnd::Village, RoadEnd::City, RoadEnd::Field})
        if (s == roadEndName(e)) return e;
    return std::nullopt;
}

std::optional<FeatureKind> featureKindFromWord(std::string_view s) {
    for (FeatureKind k : {FeatureKind::Road, FeatureKind::City, FeatureKind::Field,
                          FeatureKind::Cloister, FeatureKind::Abbey})
        if (s == featureKindName(k)) return k;
    return std::nullopt;
}

bool validLabel(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Map cell sampled for a port: two cells of its third of the edge, walking clockwise.
std::pair<int, int> sampleCell(Port p, int which) {
    const int side = p / 3, k = 4 * (p % 3) + 1 + which, last = kMapSize - 1;
    switch (side) {
    case 0: return {0, k};
    case 1: return {k, last};
    case 2: return {last, last - k};
    default: return {last - k, 0};
    }
}

// A tile kind while it is being read: the facts plus the lines they came from.
struct Draft {
    TileKind kind;
    int line = 0;
    int edgesLine = 0, mapLine = 0, countLine = 0;
    bool hasEdges = false, hasCount = false, hasMap = false;
    std::array<char, kPorts> edgeLetters{};
    std::vector<int> featureLines;
    std::vector<std::vector<std::string>> borderNames; // per feature, as written
};

class Parser {
public:
    Parser(std::string_view text, std::string_view file, SetResolver resolver, const void* ctx)
        : text_(text), file_(file), resolver_(resolver), ctx_(ctx) {}

    LoadResult run();

private:
    void error(int line, std::string msg) {
        if (errors_.size() < kMaxErrors) errors_.push_back({file_, line, std::move(msg)});
    }
    void setLine(const std::vector<std::string_view>& w, int line);
    void tileLine(const std::vector<std::string_view>& w, int line);
    void featureLine(FeatureKind kind, const std::vector<std::string_view>& w, int line);
    void finishTile();
    void checkTile(Draft& d);
    void computeDerived(TileKind& k);
    void finishSet();

    std::string_view text_;
    std::string file_;
    SetResolver resolver_;
    const void* ctx_;
    std::vector<LoadError> errors_;

    TileSet set_;
    bool hasSet_ = false, hasTotal_ = false;
    int totalLine_ = 0, startLine_ = 0;
    std::optional<Draft> draft_;
    std::vector<std::string> pendingMap_; // rows still expected after "map"
    int mapRowsLeft_ = 0;
    std::set<std::string, std::less<>> ids_;
};

LoadResult Parser::run() {
    int lineNo = 0;
    size_t pos = 0;
    while (pos <= text_.size()) {
        size_t end = text_.find('\n', pos);
        if (end == std::string_view::npos) end = text_.size();
        std::string_view raw = text_.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (raw.find('\0') != std::string_view::npos) {
            error(lineNo, "the file contains a NUL byte: this is not a text tile file");
            break;
        }
        const size_t hash = raw.find('#');
        std::string_view line = trim(hash == std::string_view::npos ? raw : raw.substr(0, hash));

        if (mapRowsLeft_ > 0) {
            if (line.empty() && end == text_.size()) break; // reported below as a cut-off map
            if (line.empty()) {
                error(lineNo, "map: expected " + std::to_string(mapRowsLeft_) + " more rows of " +
                                  std::to_string(kMapSize) + " cells");
                mapRowsLeft_ = 0;
                continue;
            }
            if (line.size() != size_t(kMapSize)) {
                error(lineNo, "map: a row has " + std::to_string(line.size()) +
                                  " cells; every row has " + std::to_string(kMapSize));
            }
            const int row = kMapSize - mapRowsLeft_;
            for (int c = 0; c < kMapSize; ++c)
                draft_->kind.map[size_t(row)][size_t(c)] =
                    size_t(c) < line.size() ? line[size_t(c)] : '.';
            if (--mapRowsLeft_ == 0) draft_->hasMap = true;
            continue;
        }
        if (line.empty()) continue;

        const auto words = splitWords(line);
        if (words.empty()) continue;
        if (words[0] == "tile") {
            finishTile();
            if (!hasSet_) error(lineNo, "a 'tile' comes before the 'set' line");
            if (words.size() != 2) {
                error(lineNo, "usage: tile ID");
                draft_.reset();
                continue;
            }
            draft_.emplace();
            draft_->line = lineNo;
            draft_->kind.id = std::string(words[1]);
            draft_->kind.terrain.fill(Terrain::Field);
            draft_->kind.portFeature.fill(-1);
            for (auto& row : draft_->kind.map) row.fill('.');
            if (!ids_.insert(draft_->kind.id).second)
                error(lineNo, "tile id '" + draft_->kind.id + "' is used twice");
            continue;
        }
        if (draft_)
            tileLine(words, lineNo);
        else
            setLine(words, lineNo);
        if (errors_.size() >= kMaxErrors) break;
    }
    if (mapRowsLeft_ > 0) error(lineNo, "map: the file ends inside a map");
    finishTile();
    finishSet();

    LoadResult result;
    if (errors_.empty()) result.set = std::make_shared<const TileSet>(std::move(set_));
    result.errors = std::move(errors_);
    return result;
}

void Parser::setLine(const std::vector<std::string_view>& w, int line) {
    const std::string_view key = w[0];
    if (key == "set") {
        if (hasSet_) error(line, "a second 'set' line: one file holds one set");
        if (w.size() != 2) return error(line, "usage: set ID");
        set_.id = std::string(w[1]);
        hasSet_ = true;
        return;
    }
    if (!hasSet_)
        return error(line, "the file must begin with 'set ID', not '" + std::string(key) + "'");
    if (key == "name") {
        set_.name = joinWords(w, 1);
    } else if (key == "note") {
        set_.notes.push_back(joinWords(w, 1));
    } else if (key == "start") {
        if (w.size() != 2) return error(line, "usage: start TILE-ID");
        set_.startTile = std::string(w[1]);
        startLine_ = line;
    } else if (key == "total") {
        auto v = w.size() == 2 ? parseInt(w[1], 1, 10000) : std::nullopt;
        if (!v) return error(line, "usage: total N (a positive number)");
        set_.total = *v;
        hasTotal_ = true;
        totalLine_ = line;
    } else if (key == "counts") {
        if (w.size() != 2 || w[1] != "unknown") return error(line, "usage: counts unknown");
        set_.countsKnown = false;
    } else if (key == "printed-counts") {
        for (size_t i = 1; i < w.size(); ++i) {
            auto v = parseInt(w[i], 0, 1000);
            if (!v)
                return error(line, "printed-counts: '" + std::string(w[i]) + "' is not a count");
            set_.printedCounts.push_back(*v);
        }
    } else if (key == "uses") {
        if (w.size() != 2) return error(line, "usage: uses SET-ID");
        const TileSet* other = resolver_ ? resolver_(w[1], ctx_) : nullptr;
        if (!other) return error(line, "uses: set '" + std::string(w[1]) + "' is not loaded");
        for (const TileKind& k : other->kinds) {
            if (!ids_.insert(k.id).second) {
                error(line, "uses: tile id '" + k.id + "' is defined twice");
                continue;
            }
            set_.kinds.push_back(k);
        }
        if (set_.startTile.empty()) set_.startTile = other->startTile;
    } else {
        error(line, "unknown keyword '" + std::string(key) +
                        "' (set lines: name note start total counts printed-counts uses tile)");
    }
}

void Parser::tileLine(const std::vector<std::string_view>& w, int line) {
    Draft& d = *draft_;
    TileKind& k = d.kind;
    const std::string_view key = w[0];
    if (key == "letter") {
        if (w.size() != 2) return error(line, "usage: letter L");
        k.letter = std::string(w[1]);
        k.aliases.push_back(k.letter);
    } else if (key == "jcz") {
        if (w.size() != 2) return error(line, "usage: jcz JCLOISTERZONE-ID");
        k.jcz = std::string(w[1]);
        k.aliases.push_back(k.jcz);
    } else if (key == "alias") {
        for (size_t i = 1; i < w.size(); ++i) k.aliases.emplace_back(w[i]);
    } else if (key == "art") {
        for (size_t i = 1; i < w.size(); ++i) k.art.emplace_back(w[i]);
    } else if (key == "about") {
        k.description = joinWords(w, 1);
    } else if (key == "count") {
        auto v = w.size() == 2 ? parseInt(w[1], 0, 1000) : std::nullopt;
        if (!v) return error(line, "usage: count N");
        k.count = *v;
        d.hasCount = true;
        d.countLine = line;
    } else if (key == "supply") {
        k.inSupply = true;
    } else if (key == "edges") {
        d.edgesLine = line;
        d.hasEdges = true;
        bool seen[4] = {false, false, false, false};
        for (size_t i = 1; i < w.size(); ++i) {
            const std::string_view e = w[i];
            int side = -1;
            for (int s = 0; s < 4; ++s)
                if (e.size() == 5 && e[0] == sideName(s)[0] && e[1] == ':') side = s;
            if (side < 0)
                return error(line, "edges: '" + std::string(e) + "' is not SIDE:ppp (e.g. N:frf)");
            if (seen[side])
                return error(line, std::string("edges: side ") + sideName(side) + " given twice");
            seen[side] = true;
            for (int j = 0; j < 3; ++j) {
                auto t = terrainFromLetter(e[2 + size_t(j)]);
                if (!t)
                    return error(
                        line, "edges: '" + std::string(1, e[2 + size_t(j)]) +
                                  "' is not a port letter (f field, r road, c city, x abbey wall)");
                k.terrain[size_t(side * 3 + j)] = *t;
                d.edgeLetters[size_t(side * 3 + j)] = e[2 + size_t(j)];
            }
        }
        for (int s = 0; s < 4; ++s)
            if (!seen[s]) error(line, std::string("edges: side ") + sideName(s) + " is missing");
    } else if (key == "map") {
        if (d.hasMap || mapRowsLeft_) return error(line, "map: a second map for tile " + k.id);
        d.mapLine = line;
        mapRowsLeft_ = kMapSize;
    } else if (auto fk = featureKindFromWord(key)) {
        featureLine(*fk, w, line);
    } else {
        error(line, "tile " + k.id + ": unknown keyword '" + std::string(key) +
                        "' (tile lines: letter jcz alias art about count supply edges map "
                        "road city field cloister abbey)");
    }
}

void Parser::featureLine(FeatureKind kind, const std::vector<std::string_view>& w, int line) {
    Draft& d = *draft_;
    TileKind& k = d.kind;
    if (w.size() < 2 || w[1].size() != 1 || !validLabel(w[1][0]))
        return error(line, std::string(featureKindName(kind)) +
                               ": the second word is the feature's one-letter label");
    Feature f;
    f.kind = kind;
    f.label = w[1][0];
    if (k.featureIndex(f.label) >= 0)
        return error(line,
                     "tile " + k.id + ": label '" + std::string(1, f.label) + "' is used twice");
    std::vector<std::string> borders;
    for (size_t i = 2; i < w.size(); ++i) {
        const std::string_view t = w[i];
        if (t == "pennants") {
            auto v = i + 1 < w.size() ? parseInt(w[i + 1], 0, 9) : std::nullopt;
            if (!v) return error(line, "pennants: expected a number after it");
            if (kind != FeatureKind::City) error(line, "pennants: only a city has pennants");
            f.pennants = *v;
            ++i;
        } else if (t == "end") {
            auto e = i + 1 < w.size() ? roadEndFromName(w[i + 1]) : std::nullopt;
            if (!e) return error(line, "end: expected junction, cloister, village, city or field");
            if (kind != FeatureKind::Road) error(line, "end: only a road ends on a tile");
            f.end = *e;
            ++i;
        } else if (t == "borders") {
            if (kind != FeatureKind::Field) error(line, "borders: only a field borders cities");
            for (++i; i < w.size(); ++i) borders.emplace_back(w[i]);
        } else if (t.size() == 1 && std::string_view("NESW").find(t[0]) != std::string_view::npos) {
            // A whole side: its three ports for cities and fields, its middle port for roads.
            const int side = int(std::string_view("NESW").find(t[0]));
            if (kind == FeatureKind::Road)
                f.ports |= std::uint16_t(1U << (side * 3 + 1));
            else
                f.ports |= std::uint16_t(7U << (side * 3));
        } else if (auto p = portFromName(t)) {
            f.ports |= std::uint16_t(1U << *p);
        } else {
            return error(line, std::string(featureKindName(kind)) + " " + std::string(1, f.label) +
                                   ": '" + std::string(t) +
                                   "' is not a port (N E S W, or halves NL NR EL ER SL SR WL WR), "
                                   "nor pennants/end/borders");
        }
    }
    if ((kind == FeatureKind::Cloister || kind == FeatureKind::Abbey) && f.ports)
        error(line, std::string(featureKindName(kind)) + " touches no edge: list no ports");
    if (kind == FeatureKind::Road && f.ports == 0)
        error(line, "a road must leave the tile somewhere");
    if (kind == FeatureKind::City && f.ports == 0) error(line, "a city must touch an edge");
    k.features.push_back(f);
    d.featureLines.push_back(line);
    d.borderNames.push_back(std::move(borders));
}

void Parser::finishTile() {
    if (!draft_) return;
    Draft& d = *draft_;
    checkTile(d);
    set_.kinds.push_back(std::move(d.kind));
    draft_.reset();
}

void Parser::checkTile(Draft& d) {
    TileKind& k = d.kind;
    const std::string t = "tile " + k.id + ": ";
    const size_t before = errors_.size();
    if (!d.hasCount) error(d.line, t + "no 'count' line");
    if (!d.hasEdges) error(d.line, t + "no 'edges' line");
    if (!d.hasMap) error(d.line, t + "no 'map' (12 rows of 12 feature labels)");
    if (k.features.empty()) error(d.line, t + "no features");
    if (errors_.size() != before) return;

    // Each side is one of the patterns a real edge can have.
    for (int s = 0; s < 4; ++s) {
        const std::string e{d.edgeLetters[size_t(s * 3)], d.edgeLetters[size_t(s * 3 + 1)],
                            d.edgeLetters[size_t(s * 3 + 2)]};
        if (e != "fff" && e != "frf" && e != "ccc" && e != "xxx")
            error(d.edgesLine, t + "edge " + sideName(s) + " is '" + e +
                                   "': its ports disagree (an edge is fff, frf, ccc or xxx)");
    }
    // Every port belongs to exactly one feature of its own terrain (walls to none).
    for (int p = 0; p < kPorts; ++p) {
        std::vector<size_t> owners;
        for (size_t i = 0; i < k.features.size(); ++i)
            if (k.features[i].hasPort(Port(p))) owners.push_back(i);
        const Terrain terr = k.terrain[size_t(p)];
        if (terr == Terrain::Wall) {
            if (!owners.empty())
                error(d.featureLines[owners[0]], t + "port " + portName(Port(p)) +
                                                     " is an abbey wall and belongs to no feature");
            continue;
        }
        if (owners.empty()) {
            error(d.edgesLine, t + "port " + portName(Port(p)) + " is in no feature");
            continue;
        }
        if (owners.size() > 1) {
            error(d.featureLines[owners[1]],
                  t + "port " + portName(Port(p)) + " is in two features, '" +
                      k.features[owners[0]].label + "' and '" + k.features[owners[1]].label + "'");
            continue;
        }
        const Feature& f = k.features[owners[0]];
        const bool fits = (f.kind == FeatureKind::Road && terr == Terrain::Road) ||
                          (f.kind == FeatureKind::City && terr == Terrain::City) ||
                          (f.kind == FeatureKind::Field && terr == Terrain::Field);
        if (!fits)
            error(d.featureLines[owners[0]],
                  t + featureKindName(f.kind) + " '" + f.label + "' takes port " +
                      portName(Port(p)) + ", which the edges line calls " + terrainName(terr));
        k.portFeature[size_t(p)] = std::int8_t(owners[0]);
    }
    // Roads say where they end when they leave through one port only.
    for (size_t i = 0; i < k.features.size(); ++i) {
        const Feature& f = k.features[i];
        if (f.kind != FeatureKind::Road) continue;
        const int n = __builtin_popcount(f.ports);
        if (n == 1 && f.end == RoadEnd::None)
            error(d.featureLines[i], t + "road '" + f.label +
                                         "' leaves through one port: say where it ends "
                                         "(end junction|cloister|village|city|field)");
        if (n > 1 && f.end != RoadEnd::None)
            error(d.featureLines[i], t + "road '" + f.label + "' crosses the tile: it has no end");
    }
    // The map: labels known, every feature drawn, ports drawn where the features say.
    std::vector<int> cells(k.features.size(), 0);
    for (int r = 0; r < kMapSize; ++r)
        for (int c = 0; c < kMapSize; ++c) {
            const char ch = k.map[size_t(r)][size_t(c)];
            if (ch == '.') continue;
            const int f = k.featureIndex(ch);
            if (f < 0) {
                error(d.mapLine + 1 + r, t + "map: '" + std::string(1, ch) + "' at column " +
                                             std::to_string(c + 1) + " is no feature's label");
                return;
            }
            ++cells[size_t(f)];
        }
    for (size_t i = 0; i < k.features.size(); ++i) {
        k.features[i].cells = cells[i];
        if (cells[i] == 0)
            error(d.featureLines[i], t + "feature '" + k.features[i].label + "' is not on the map");
    }
    for (int p = 0; p < kPorts; ++p) {
        if (k.terrain[size_t(p)] == Terrain::Wall || k.portFeature[size_t(p)] < 0) continue;
        for (int which = 0; which < 2; ++which) {
            auto [r, c] = sampleCell(Port(p), which);
            const char want = k.features[size_t(k.portFeature[size_t(p)])].label;
            const char got = k.map[size_t(r)][size_t(c)];
            if (got != want) {
                error(d.mapLine + 1 + r, t + "map: port " + portName(Port(p)) + " shows '" +
                                             std::string(1, got) + "' at column " +
                                             std::to_string(c + 1) + " but belongs to '" + want +
                                             "'");
                break;
            }
        }
    }
    // Fields border exactly the cities they touch along a side in the map (never a corner).
    std::vector<std::set<int>> touches(k.features.size());
    for (int r = 0; r < kMapSize; ++r)
        for (int c = 0; c < kMapSize; ++c) {
            const int a = k.featureIndex(k.map[size_t(r)][size_t(c)]);
            if (a < 0) continue;
            const int nb[2][2] = {{r + 1, c}, {r, c + 1}};
            for (auto [r2, c2] : nb) {
                if (r2 >= kMapSize || c2 >= kMapSize) continue;
                const int b = k.featureIndex(k.map[size_t(r2)][size_t(c2)]);
                if (b < 0 || b == a) continue;
                touches[size_t(a)].insert(b);
                touches[size_t(b)].insert(a);
            }
        }
    for (size_t i = 0; i < k.features.size(); ++i) {
        Feature& f = k.features[i];
        if (f.kind != FeatureKind::Field) continue;
        std::set<int> declared;
        for (const std::string& name : d.borderNames[i]) {
            const int b = name.size() == 1 ? k.featureIndex(name[0]) : -1;
            if (b < 0 || k.features[size_t(b)].kind != FeatureKind::City) {
                error(d.featureLines[i], t + "field '" + f.label + "' borders '" + name +
                                             "', which is not a city of this tile");
                continue;
            }
            declared.insert(b);
            if (!touches[i].count(b))
                error(d.featureLines[i], t + "field '" + f.label + "' is said to border city '" +
                                             name + "' but does not touch it in the map");
        }
        for (int b : touches[i])
            if (k.features[size_t(b)].kind == FeatureKind::City && !declared.count(b))
                error(d.featureLines[i], t + "field '" + f.label + "' touches city '" +
                                             k.features[size_t(b)].label +
                                             "' in the map but does not list it in 'borders'");
        f.borders.assign(declared.begin(), declared.end());
    }
    if (errors_.size() == before) computeDerived(k);
}

// Meeple points, edge signatures and symmetry: facts that follow from the checked data.
void Parser::computeDerived(TileKind& k) {
    // A feature's point is the cell of it farthest from any other label and from the border
    // of its own region, so a meeple drawn there sits clearly inside it.
    for (size_t i = 0; i < k.features.size(); ++i) {
        Feature& f = k.features[i];
        // Distance (in cells) to the nearest cell of another label or to the tile's border.
        int dist[kMapSize][kMapSize];
        std::deque<std::pair<int, int>> queue;
        for (int r = 0; r < kMapSize; ++r)
            for (int c = 0; c < kMapSize; ++c) {
                const bool inside = k.map[size_t(r)][size_t(c)] == f.label;
                const bool border = r == 0 || c == 0 || r == kMapSize - 1 || c == kMapSize - 1;
                dist[r][c] = !inside ? 0 : (border ? 1 : 1 << 20);
                if (dist[r][c] <= 1) queue.emplace_back(r, c);
            }
        while (!queue.empty()) {
            auto [r, c] = queue.front();
            queue.pop_front();
            const int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
            for (auto [r2, c2] : nb) {
                if (r2 < 0 || c2 < 0 || r2 >= kMapSize || c2 >= kMapSize) continue;
                if (dist[r2][c2] > dist[r][c] + 1) {
                    dist[r2][c2] = dist[r][c] + 1;
                    queue.emplace_back(r2, c2);
                }
            }
        }
        double cx = 0, cy = 0;
        for (int r = 0; r < kMapSize; ++r)
            for (int c = 0; c < kMapSize; ++c)
                if (k.map[size_t(r)][size_t(c)] == f.label) cx += c + 0.5, cy += r + 0.5;
        cx /= f.cells, cy /= f.cells;
        int bestR = 0, bestC = 0;
        double bestScore = -1e9;
        for (int r = 0; r < kMapSize; ++r)
            for (int c = 0; c < kMapSize; ++c) {
                if (k.map[size_t(r)][size_t(c)] != f.label) continue;
                const double dc = c + 0.5 - cx, dr = r + 0.5 - cy;
                const double score = dist[r][c] * 100.0 - (dc * dc + dr * dr);
                if (score > bestScore) bestScore = score, bestR = r, bestC = c;
            }
        f.point = PointF{(bestC + 0.5f) / kMapSize, (bestR + 0.5f) / kMapSize};
    }
    for (int rot = 0; rot < 4; ++rot) {
        std::uint8_t sig = 0;
        for (int side = 0; side < 4; ++side) {
            const int tileSide = (side + 4 - rot) % 4;
            sig |= std::uint8_t(unsigned(k.terrain[size_t(tileSide * 3 + 1)]) << (2 * side));
        }
        k.sideSignature[size_t(rot)] = sig;
    }
    // Wagon links (first edition): what a road's end on this tile leads to.
    auto touches = [&](int a, int b) {
        for (int r = 0; r < kMapSize; ++r)
            for (int c = 0; c < kMapSize; ++c) {
                if (k.map[size_t(r)][size_t(c)] != k.features[size_t(a)].label) continue;
                const int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
                for (auto [r2, c2] : nb)
                    if (r2 >= 0 && c2 >= 0 && r2 < kMapSize && c2 < kMapSize &&
                        k.map[size_t(r2)][size_t(c2)] == k.features[size_t(b)].label)
                        return true;
            }
        return false;
    };
    for (int a = 0; a < int(k.features.size()); ++a) {
        const Feature& fa = k.features[size_t(a)];
        if (fa.kind != FeatureKind::Road || fa.end == RoadEnd::None) continue;
        for (int b = 0; b < int(k.features.size()); ++b) {
            if (b == a) continue;
            const Feature& fb = k.features[size_t(b)];
            bool linked = false;
            if (fa.end == RoadEnd::Junction)
                linked = fb.kind == FeatureKind::Road && fb.end == RoadEnd::Junction;
            else if (fa.end == RoadEnd::Cloister)
                linked = fb.kind == FeatureKind::Cloister || fb.kind == FeatureKind::Abbey;
            else if (fa.end == RoadEnd::City)
                linked = fb.kind == FeatureKind::City && touches(a, b);
            const std::pair<int, int> link{std::min(a, b), std::max(a, b)};
            if (linked &&
                std::find(k.wagonLinks.begin(), k.wagonLinks.end(), link) == k.wagonLinks.end())
                k.wagonLinks.push_back(link);
        }
    }
    for (int code = 0; code < 256; ++code) {
        std::uint8_t fits = 0;
        for (int rot = 0; rot < 4; ++rot) {
            bool ok = true;
            for (int side = 0; side < 4; ++side) {
                const int want = (code >> (2 * side)) & 3;
                if (!want) continue;
                const Terrain mine = k.sideTerrain(side, rot);
                // A wall fits anything; a neighbour's terrain must equal ours. Walls on the
                // board are recorded as no constraint.
                if (mine != Terrain::Wall && int(mine) + 1 != want) ok = false;
            }
            if (k.sideTerrain(0, 0) == Terrain::Wall) ok = false; // abbeys: by neighbour count
            if (ok) fits |= std::uint8_t(1U << rot);
        }
        k.fittingRotations[size_t(code)] = fits;
    }
    // Rotations that give the same tile: same terrain at every port, same port grouping,
    // same feature kinds and pennants.
    auto shape = [&](int rot) {
        std::string s;
        for (int p = 0; p < kPorts; ++p) {
            const int f = k.featureAtPort(Port(p), rot);
            s += char('0' + int(k.terrain[size_t((p + 12 - 3 * rot) % 12)]));
            if (f < 0) {
                s += "--";
                continue;
            }
            int firstPort = 0;
            while (k.featureAtPort(Port(firstPort), rot) != f) ++firstPort;
            s += char('a' + firstPort);
            s += char('0' + k.features[size_t(f)].pennants);
        }
        return s;
    };
    const std::string base = shape(0);
    k.distinctRotations = shape(1) == base ? 1 : (shape(2) == base ? 2 : 4);
}

void Parser::finishSet() {
    if (!hasSet_) {
        error(1, "the file must begin with 'set ID'");
        return;
    }
    if (!hasTotal_) error(1, "set " + set_.id + ": no 'total' line");
    if (set_.kinds.empty()) error(1, "set " + set_.id + ": no tiles");
    if (!errors_.empty()) return;
    int sum = 0;
    for (const TileKind& k : set_.kinds) sum += k.count;
    if (set_.countsKnown && sum != set_.total)
        error(totalLine_, "set " + set_.id + ": the counts add up to " + std::to_string(sum) +
                              ", not the declared total " + std::to_string(set_.total));
    if (!set_.countsKnown && sum < set_.total)
        error(totalLine_, "set " + set_.id + ": the per-kind maxima add up to " +
                              std::to_string(sum) + ", fewer than the total " +
                              std::to_string(set_.total));
    if (!set_.printedCounts.empty()) {
        int printed = 0;
        for (int c : set_.printedCounts) printed += c;
        if (printed != set_.total)
            error(totalLine_, "set " + set_.id + ": printed-counts add up to " +
                                  std::to_string(printed) + ", not " + std::to_string(set_.total));
    }
    if (!set_.startTile.empty() && set_.kindIndex(set_.startTile) < 0)
        error(startLine_ ? startLine_ : 1,
              "set " + set_.id + ": start tile '" + set_.startTile + "' is not a tile of the set");
}

} // namespace

LoadResult parseTileSet(std::string_view text, std::string_view fileName, SetResolver resolver,
                        const void* resolverContext) {
    return Parser(text, fileName, resolver, resolverContext).run();
}

} // namespace tiledb
