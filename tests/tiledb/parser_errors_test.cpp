// Malformed tile files: each mistake gives "file:line: what is wrong", never a crash.
#include "tiledb/catalogue.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace tiledb;

namespace {

// A one-tile set (tile D) that loads; tests break one fact at a time.
const std::string kGood = R"(set test
total 1
start D
tile D
  count 1
  edges N:ccc E:frf S:fff W:frf
  city c N
  road r W E
  field f EL WR borders c
  field g ER S WL
  map
    cccccccccccc
    fccccccccccf
    ffccccccccff
    ffffffffffff
    ffffffffffff
    rrrrrrrrrrrr
    rrrrrrrrrrrr
    gggggggggggg
    gggggggggggg
    gggggggggggg
    gggggggggggg
    gggggggggggg
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// The first error's text, or "" when the text loads.
std::string firstError(const std::string& text) {
    LoadResult r = parseTileSet(text, "t.tiles");
    EXPECT_EQ(r.ok(), r.errors.empty());
    return r.errors.empty() ? "" : r.errors.front().text();
}

} // namespace

TEST(ParserErrors, TheReferenceTextLoads) {
    EXPECT_EQ(firstError(kGood), "");
}

TEST(ParserErrors, PortInNoFeature) {
    EXPECT_EQ(firstError(replace(kGood, "field g ER S WL", "field g ER S")),
              "t.tiles:6: tile D: port WL is in no feature");
}

TEST(ParserErrors, PortInTwoFeatures) {
    EXPECT_EQ(firstError(replace(kGood, "field g ER S WL", "field g ER S WL EL")),
              "t.tiles:10: tile D: port EL is in two features, 'f' and 'g'");
}

TEST(ParserErrors, EdgeWhosePortsDisagree) {
    EXPECT_EQ(firstError(replace(kGood, "S:fff", "S:fcf")),
              "t.tiles:6: tile D: edge S is 'fcf': its ports disagree (an edge is fff, frf, ccc "
              "or xxx)");
}

TEST(ParserErrors, FieldBorderingACityItDoesNotTouch) {
    EXPECT_EQ(firstError(replace(kGood, "field g ER S WL", "field g ER S WL borders c")),
              "t.tiles:10: tile D: field 'g' is said to border city 'c' but does not touch it in "
              "the map");
}

TEST(ParserErrors, FieldTouchingACityItDoesNotList) {
    EXPECT_EQ(firstError(replace(kGood, "field f EL WR borders c", "field f EL WR")),
              "t.tiles:9: tile D: field 'f' touches city 'c' in the map but does not list it in "
              "'borders'");
}

TEST(ParserErrors, WrongTotal) {
    EXPECT_EQ(firstError(replace(kGood, "total 1", "total 72")),
              "t.tiles:2: set test: the counts add up to 1, not the declared total 72");
}

TEST(ParserErrors, MapThatContradictsThePorts) {
    EXPECT_EQ(
        firstError(replace(kGood, "    rrrrrrrrrrrr\n    gggg", "    rrrrrrrrrrrg\n    gggg")),
        "t.tiles:18: tile D: map: port E shows 'g' at column 12 but belongs to 'r'");
}

TEST(ParserErrors, ShortMapRowAndUnknownLabel) {
    EXPECT_EQ(firstError(replace(kGood, "    ffffffffffff\n    rrrr", "    fffff\n    rrrr")),
              "t.tiles:16: map: a row has 5 cells; every row has 12");
    EXPECT_EQ(
        firstError(replace(kGood, "    ffffffffffff\n    rrrr", "    fffffzffffff\n    rrrr")),
        "t.tiles:16: tile D: map: 'z' at column 6 is no feature's label");
}

TEST(ParserErrors, RoadEndingOnTheTileMustSayWhere) {
    const std::string t =
        replace(replace(kGood, "road r W E", "road r W\n  road s E"),
                "rrrrrrrrrrrr\n    rrrrrrrrrrrr", "rrrrrrssssss\n    rrrrrrssssss");
    EXPECT_EQ(firstError(t), "t.tiles:8: tile D: road 'r' leaves through one port: say where it "
                             "ends (end junction|cloister|village|city|field)");
}

TEST(ParserErrors, FeatureOnTheWrongTerrain) {
    EXPECT_EQ(firstError(replace(kGood, "road r W E", "road r W E N")),
              "t.tiles:8: tile D: port N is in two features, 'c' and 'r'");
    EXPECT_EQ(firstError(replace(replace(kGood, "city c N", "city c N EL"), "field f EL WR",
                                 "field f WR")),
              "t.tiles:7: tile D: city 'c' takes port EL, which the edges line calls field");
}

TEST(ParserErrors, SyntaxMistakesNameTheLine) {
    EXPECT_EQ(firstError(replace(kGood, "  count 1", "  count many")), "t.tiles:5: usage: count N");
    EXPECT_EQ(firstError(replace(kGood, "  count 1", "  colour red")),
              "t.tiles:5: tile D: unknown keyword 'colour' (tile lines: letter jcz alias art about "
              "count supply edges map road city field cloister abbey)");
    EXPECT_EQ(firstError(replace(kGood, "city c N", "city c Q")),
              "t.tiles:7: city c: 'Q' is not a port (N E S W, or halves NL NR EL ER SL SR WL WR), "
              "nor pennants/end/borders");
    EXPECT_EQ(firstError("tile X\n"), "t.tiles:1: a 'tile' comes before the 'set' line");
    EXPECT_EQ(firstError(""), "t.tiles:1: the file must begin with 'set ID'");
    EXPECT_EQ(firstError(replace(kGood, "start D", "start Z")),
              "t.tiles:3: set test: start tile 'Z' is not a tile of the set");
}

TEST(ParserErrors, TruncatedFileEndsInsideAMap) {
    const std::string t = kGood.substr(0, kGood.find("    gggggggggggg"));
    EXPECT_EQ(firstError(t), "t.tiles:19: map: the file ends inside a map");
}

TEST(ParserErrors, BinaryGarbageIsRejectedNotCrashed) {
    std::string junk = "set x\ntotal 3\n";
    junk += std::string("\0\xff\xfe tile", 9);
    EXPECT_EQ(firstError(junk),
              "t.tiles:3: the file contains a NUL byte: this is not a text tile file");
}

TEST(ParserErrors, FuzzCorpusNeverCrashes) {
    // The fuzzer's saved corpus (tests/fuzz/corpus/tiles) replayed through the parser.
    const std::string dir = std::string(CARC_SOURCE_DIR) + "/tests/fuzz/corpus/tiles";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        LoadResult r = parseTileSet(ss.str(), "corpus");
        EXPECT_EQ(r.ok(), r.errors.empty());
        ++files;
    }
    EXPECT_GT(files, 0) << "no corpus in " << dir;
}
