// Cross-check of our catalogues against JCloisterZone's tile definitions (an external oracle in
// ../shared/reference/jcloisterzone, read at test time only). Every difference fails.
#include "tiledb/catalogue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace tiledb;

namespace {

const std::string kJczDir = std::string(CARC_SHARED_DIR) + "/reference/jcloisterzone/expansions";

// A tile as JCloisterZone describes it, reduced to comparable strings.
struct JczTile {
    std::string sides[4];            // "city", "road", "field"
    std::vector<std::string> roads;  // sorted edge lists, e.g. "E W"
    std::vector<std::string> cities; // "N W +1"
    std::vector<std::string> fields; // "EL WR | N" (halves | bordered cities)
    bool monastery = false;
    std::vector<std::string> wagonLinks; // "city N ~ road E": features joined for wagon moves

    void addLink(std::string x, std::string y) {
        if (y < x) std::swap(x, y);
        wagonLinks.push_back(x + " ~ " + y);
    }
    // Both descriptions are compared as sorted lists.
    void normalise() {
        for (auto* list : {&wagonLinks, &roads, &cities, &fields})
            std::sort(list->begin(), list->end());
    }
};

std::string sortedWords(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> w;
    for (std::string s; in >> s;) w.push_back(s);
    std::sort(w.begin(), w.end());
    std::string out;
    for (const auto& s : w) out += (out.empty() ? "" : " ") + s;
    return out;
}

std::string attr(const std::string& tag, const std::string& name) {
    std::smatch m;
    if (std::regex_search(tag, m, std::regex(name + "=\"([^\"]*)\""))) return m[1];
    return "";
}

struct JczData {
    std::map<std::string, JczTile> tiles;
    std::map<std::string, std::map<std::string, int>> sets; // set id -> tile id -> count
};

// The city (as its sorted edge list) that contains side letter e.
std::string cityWithEdge(const std::vector<std::pair<std::string, std::string>>& cities, char e) {
    for (const auto& [edges, full] : cities)
        if (edges.find(e) != std::string::npos) return edges;
    return "?";
}

void readJczFile(const std::string& path, JczData& data) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string xml = ss.str();
    const std::regex tileRe("<tile id=\"([^\"]+)\">([\\s\\S]*?)</tile>");
    const std::regex elemRe("<(road|city|field|monastery)([^>]*?)(/>|>([^<]*)</\\1>)");
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), tileRe);
         it != std::sregex_iterator(); ++it) {
        JczTile t;
        const std::string body = (*it)[2];
        std::vector<std::pair<std::string, std::string>> cities;     // edges, "edges +p"
        std::vector<std::pair<std::string, std::string>> fields;     // halves, city attr
        std::vector<std::pair<std::string, std::string>> moveGroups; // feature name, letters
        for (auto e = std::sregex_iterator(body.begin(), body.end(), elemRe);
             e != std::sregex_iterator(); ++e) {
            const std::string kind = (*e)[1], attrs = (*e)[2], text = (*e)[4];
            if (kind != "field" && !attr(attrs, "wagon-move").empty())
                moveGroups.emplace_back((kind == "monastery" ? std::string("cloister") : kind) +
                                            (kind == "monastery" ? "" : " " + sortedWords(text)),
                                        attr(attrs, "wagon-move"));
            if (kind == "monastery")
                t.monastery = true;
            else if (kind == "road")
                t.roads.push_back(sortedWords(text));
            else if (kind == "city") {
                const std::string p = attr(attrs, "pennants");
                cities.emplace_back(sortedWords(text),
                                    sortedWords(text) + " +" + (p.empty() ? "0" : p));
            } else
                fields.emplace_back(sortedWords(text), attr(attrs, "city"));
        }
        for (const auto& c : cities) t.cities.push_back(c.second);
        for (const auto& [halves, cityAttr] : fields) {
            std::set<std::string> bordered;
            for (char e : cityAttr)
                if (e != ' ') bordered.insert(cityWithEdge(cities, e));
            std::string b;
            for (const auto& s : bordered) b += (b.empty() ? "" : ", ") + s;
            t.fields.push_back(halves == "I" || halves == "II" ? "inner | " + b
                                                               : halves + " | " + b);
        }
        for (int s = 0; s < 4; ++s) {
            const char e = "NESW"[s];
            t.sides[s] = "field";
            for (const auto& r : t.roads)
                if (r.find(e) != std::string::npos) t.sides[s] = "road";
            for (const auto& c : cities)
                if (c.first.find(e) != std::string::npos) t.sides[s] = "city";
        }
        for (size_t a = 0; a < moveGroups.size(); ++a)
            for (size_t b = a + 1; b < moveGroups.size(); ++b) {
                bool shared = false;
                for (char ch : moveGroups[a].second)
                    if (ch != ' ' && moveGroups[b].second.find(ch) != std::string::npos)
                        shared = true;
                if (shared) t.addLink(moveGroups[a].first, moveGroups[b].first);
            }
        t.normalise();
        data.tiles[(*it)[1]] = t;
    }
    const std::regex setRe("<tile-set id=\"([^\"]+)\">([\\s\\S]*?)</tile-set>");
    const std::regex refRe("<ref count=\"([0-9]+)\" tile=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), setRe);
         it != std::sregex_iterator(); ++it) {
        const std::string body = (*it)[2];
        for (auto r = std::sregex_iterator(body.begin(), body.end(), refRe);
             r != std::sregex_iterator(); ++r)
            data.sets[(*it)[1]][(*r)[2]] = std::stoi((*r)[1]);
    }
}

// Our tile in the same reduced form.
JczTile ours(const TileKind& k) {
    JczTile t;
    auto sidesOf = [](const Feature& f) {
        std::string s;
        for (int side = 0; side < 4; ++side)
            if (f.hasPort(Port(side * 3 + 1)))
                s += std::string(s.empty() ? "" : " ") + sideName(side);
        return sortedWords(s);
    };
    for (const Feature& f : k.features) {
        if (f.kind == FeatureKind::Road) t.roads.push_back(sidesOf(f));
        if (f.kind == FeatureKind::City)
            t.cities.push_back(sidesOf(f) + " +" + std::to_string(f.pennants));
        if (f.kind == FeatureKind::Cloister) t.monastery = true;
        if (f.kind == FeatureKind::Field) {
            std::string halves;
            for (Port p = 0; p < kPorts; ++p)
                if (p % 3 != 1 && f.hasPort(p)) halves += std::string(" ") + portName(p);
            std::set<std::string> bordered;
            for (int b : f.borders) bordered.insert(sidesOf(k.features[size_t(b)]));
            std::string b;
            for (const auto& s : bordered) b += (b.empty() ? "" : ", ") + s;
            t.fields.push_back(f.inner() ? "inner | " + b : sortedWords(halves) + " | " + b);
        }
    }
    for (int s = 0; s < 4; ++s) t.sides[s] = terrainName(k.sideTerrain(s, 0));
    auto name = [&](int f) {
        const Feature& ft = k.features[size_t(f)];
        if (ft.kind == FeatureKind::Cloister || ft.kind == FeatureKind::Abbey)
            return std::string("cloister");
        return std::string(ft.kind == FeatureKind::Road ? "road " : "city ") + sidesOf(ft);
    };
    for (auto [a, b] : k.wagonLinks) t.addLink(name(a), name(b));
    t.normalise();
    return t;
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += "[" + x + "] ";
    return s;
}

// Compares one of our sets with one JCZ tile-set; returns the differences found.
std::vector<std::string> compareSet(const TileSet& set, const JczData& jcz,
                                    const std::string& jczSet) {
    std::vector<std::string> diffs;
    auto sit = jcz.sets.find(jczSet);
    if (sit == jcz.sets.end()) return {"JCloisterZone has no tile-set " + jczSet};
    std::set<std::string> seen;
    for (const TileKind& k : set.kinds) {
        if (k.inSupply) continue; // the abbey is not in JCZ's files
        const std::string where = set.id + "/" + k.id + " (" + k.jcz + "): ";
        auto cit = sit->second.find(k.jcz);
        if (cit == sit->second.end()) {
            diffs.push_back(where + "not in JCZ set " + jczSet);
            continue;
        }
        seen.insert(k.jcz);
        if (cit->second != k.count)
            diffs.push_back(where + "count " + std::to_string(k.count) + " vs JCZ " +
                            std::to_string(cit->second));
        auto tit = jcz.tiles.find(k.jcz);
        if (tit == jcz.tiles.end()) {
            diffs.push_back(where + "no JCZ tile definition");
            continue;
        }
        const JczTile a = ours(k), &b = tit->second;
        for (int s = 0; s < 4; ++s)
            if (a.sides[s] != b.sides[s])
                diffs.push_back(where + "edge " + sideName(s) + " " + a.sides[s] + " vs JCZ " +
                                b.sides[s]);
        if (a.roads != b.roads)
            diffs.push_back(where + "roads " + join(a.roads) + "vs JCZ " + join(b.roads));
        if (a.cities != b.cities)
            diffs.push_back(where + "cities " + join(a.cities) + "vs JCZ " + join(b.cities));
        if (a.fields != b.fields)
            diffs.push_back(where + "fields " + join(a.fields) + "vs JCZ " + join(b.fields));
        if (a.monastery != b.monastery) diffs.push_back(where + "cloister differs");
        if (a.wagonLinks != b.wagonLinks)
            diffs.push_back(where + "wagon links " + join(a.wagonLinks) + "vs JCZ " +
                            join(b.wagonLinks));
    }
    for (const auto& [id, count] : sit->second)
        if (!seen.count(id))
            diffs.push_back(set.id + ": JCZ tile " + id + " (x" + std::to_string(count) +
                            ") is missing");
    return diffs;
}

const JczData* loadJcz() {
    static JczData data;
    static bool loaded = false;
    if (!loaded) {
        for (const char* f : {"basic.xml", "winter.xml", "abbey_and_mayor.xml"})
            readJczFile(kJczDir + "/" + f, data);
        loaded = true;
    }
    return &data;
}

#define SKIP_WITHOUT_JCZ()                                                                         \
    if (!std::filesystem::exists(kJczDir + "/basic.xml"))                                          \
    GTEST_SKIP() << "JCloisterZone reference files absent (" << kJczDir << "): cross-check skipped"

void expectNoDifferences(const char* ourSet, const char* jczSet) {
    const auto diffs = compareSet(*Catalogue::bundled().set(ourSet), *loadJcz(), jczSet);
    for (const auto& d : diffs) ADD_FAILURE() << d;
    std::printf("cross-check %s vs JCloisterZone %s: %zu differences\n", ourSet, jczSet,
                diffs.size());
}

} // namespace

TEST(JczCrossCheck, BaseGameMatchesBasic1) {
    SKIP_WITHOUT_JCZ();
    expectNoDifferences("base", "basic:1");
}

TEST(JczCrossCheck, WinterEditionMatchesWinter) {
    SKIP_WITHOUT_JCZ();
    expectNoDifferences("winter", "winter");
}

TEST(JczCrossCheck, AbbeyAndMayorMatchesAbbeyAndMayor1) {
    SKIP_WITHOUT_JCZ();
    expectNoDifferences("abbey-mayor", "abbey-and-mayor:1");
    // The abbey is described in JCZ's notes only: a cloister-like tile with walls all round.
    const TileKind& abbey = *Catalogue::bundled().set("abbey-mayor")->find("AM/A");
    EXPECT_EQ(abbey.features.size(), 1u);
    EXPECT_EQ(abbey.features[0].kind, FeatureKind::Abbey);
    for (int s = 0; s < 4; ++s) EXPECT_EQ(abbey.sideTerrain(s, 0), Terrain::Wall);
    EXPECT_EQ(abbey.count, 6);
}

TEST(JczCrossCheck, TheComparisonItselfDetectsADifference) {
    SKIP_WITHOUT_JCZ();
    // A base set with one pennant removed must show exactly that difference.
    TileSet broken = *Catalogue::bundled().set("base");
    for (auto& k : broken.kinds)
        if (k.id == "C") k.features[0].pennants = 0;
    const auto diffs = compareSet(broken, *loadJcz(), "basic:1");
    ASSERT_EQ(diffs.size(), 1u);
    EXPECT_NE(diffs[0].find("base/C (BA/Cccc+): cities"), std::string::npos) << diffs[0];
}
