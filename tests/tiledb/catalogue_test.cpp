// The bundled catalogues: totals, lookups, geometry and rotation arithmetic.
#include "tiledb/catalogue.h"

#include <gtest/gtest.h>

#include <map>

using namespace tiledb;

namespace {

const TileSet& set(const char* id) {
    const TileSet* s = Catalogue::bundled().set(id);
    EXPECT_NE(s, nullptr) << id;
    return *s;
}

int sumCounts(const TileSet& s) {
    int n = 0;
    for (const auto& k : s.kinds) n += k.count;
    return n;
}

} // namespace

TEST(Catalogue, BundledSetsHaveTheirBoxTotals) {
    EXPECT_EQ(set("base").total, 72);
    EXPECT_EQ(sumCounts(set("base")), 72);
    EXPECT_EQ(set("base").kinds.size(), 24u);
    EXPECT_EQ(set("winter").total, 84);
    EXPECT_EQ(sumCounts(set("winter")), 84);
    EXPECT_EQ(set("winter").kinds.size(), 36u);
    EXPECT_EQ(set("abbey-mayor").total, 18);
    EXPECT_EQ(set("abbey-mayor").landTiles(), 12);
    EXPECT_EQ(set("demo").total, 48);
    EXPECT_FALSE(set("demo").countsKnown);
    EXPECT_EQ(set("demo").landTiles(), 48);
}

TEST(Catalogue, DemoPrintedCountsSumTo48AndMaximaAreTheBaseGames) {
    const TileSet& demo = set("demo");
    int printed = 0;
    for (int c : demo.printedCounts) printed += c;
    EXPECT_EQ(printed, 48);
    EXPECT_EQ(demo.printedCounts.size(), 22u);
    for (const auto& k : demo.kinds) EXPECT_EQ(k.count, set("base").find(k.id)->count) << k.id;
}

TEST(Catalogue, StartTileIsDAndLookupsWorkByIdLetterAndJczId) {
    EXPECT_EQ(set("base").startTile, "D");
    EXPECT_EQ(set("winter").startTile, "D");
    EXPECT_EQ(set("base").find("BA/RCr")->id, "D");
    EXPECT_EQ(set("base").find("X")->jcz, "BA/RRRR");
    EXPECT_EQ(set("winter").find("WI/RrRr")->id, "W9");
    EXPECT_EQ(set("abbey-mayor").find("abbey")->id, "AB");
    EXPECT_EQ(set("abbey-mayor").find("AM/RG")->id, "M10");
    EXPECT_EQ(set("base").find("nope"), nullptr);
}

TEST(Catalogue, PennantsAreWhereTheRulebookPutsThem) {
    std::map<std::string, int> pennants;
    for (const auto& k : set("base").kinds)
        for (const auto& f : k.features) pennants[k.id] += f.pennants;
    // C, F, M, O, Q, S carry one pennant each; the rest none: 10 pennants in the box.
    int total = 0;
    for (const auto& k : set("base").kinds) total += pennants[k.id] * k.count;
    EXPECT_EQ(total, 1 + 2 + 2 + 2 + 1 + 2);
    EXPECT_EQ(pennants["C"], 1);
    EXPECT_EQ(pennants["R"], 0);
    EXPECT_EQ(set("abbey-mayor").find("M1")->features[0].pennants, 2);
}

TEST(Ports, RotationAndMatchingArithmetic) {
    EXPECT_EQ(matchingPort(*portFromName("EL")), *portFromName("WR"));
    EXPECT_EQ(matchingPort(*portFromName("E")), *portFromName("W"));
    EXPECT_EQ(matchingPort(*portFromName("NL")), *portFromName("SR"));
    for (Port p = 0; p < kPorts; ++p) {
        EXPECT_EQ(matchingPort(matchingPort(p)), p);
        EXPECT_EQ(rotatePort(p, 4), p);
        EXPECT_NE(sideOf(matchingPort(p)), sideOf(p));
    }
    EXPECT_EQ(rotatePort(*portFromName("NL"), 1), *portFromName("EL"));
}

TEST(TileKind, RotatedSidesFollowTheClock) {
    // D: city north, road west-east. Turned a quarter clockwise, the city faces east.
    const TileKind& d = *set("base").find("D");
    EXPECT_EQ(d.sideTerrain(0, 0), Terrain::City);
    EXPECT_EQ(d.sideTerrain(1, 1), Terrain::City);
    EXPECT_EQ(d.sideTerrain(0, 1), Terrain::Road);
    EXPECT_EQ(d.sideTerrain(2, 2), Terrain::City);
    EXPECT_EQ(d.sideTerrain(3, 3), Terrain::City);
}

TEST(TileKind, DistinctRotationsMatchTheTilesSymmetry) {
    const TileSet& base = set("base");
    EXPECT_EQ(base.find("B")->distinctRotations, 1);
    EXPECT_EQ(base.find("C")->distinctRotations, 1);
    EXPECT_EQ(base.find("X")->distinctRotations, 1);
    EXPECT_EQ(base.find("U")->distinctRotations, 2);
    EXPECT_EQ(base.find("H")->distinctRotations, 2);
    EXPECT_EQ(base.find("F")->distinctRotations, 2);
    EXPECT_EQ(base.find("D")->distinctRotations, 4);
    EXPECT_EQ(set("abbey-mayor").find("AB")->distinctRotations, 1);
    EXPECT_EQ(set("abbey-mayor").find("M2")->distinctRotations, 2);
}

TEST(TileKind, FeaturePointsLieInsideTheirFeatureAtEveryRotation) {
    for (const char* id : {"winter", "abbey-mayor"}) {
        for (const auto& k : set(id).kinds) {
            for (int rot = 0; rot < 4; ++rot)
                for (size_t f = 0; f < k.features.size(); ++f)
                    EXPECT_EQ(k.featureAt(k.featurePoint(int(f), rot), rot), int(f))
                        << k.id << " feature " << k.features[f].label << " rotation " << rot;
        }
    }
}

TEST(TileKind, FeatureAtMapsEdgesToTheirPortsFeature) {
    // On D turned once clockwise the city is on the east edge, the road runs north-south.
    const TileKind& d = *set("base").find("D");
    EXPECT_EQ(d.features[size_t(d.featureAt({0.95f, 0.5f}, 1))].kind, FeatureKind::City);
    EXPECT_EQ(d.features[size_t(d.featureAt({0.5f, 0.02f}, 1))].kind, FeatureKind::Road);
    EXPECT_EQ(d.features[size_t(d.featureAt({0.5f, 0.98f}, 1))].kind, FeatureKind::Road);
    // A junction's centre belongs to no feature: the nearest one is returned.
    const TileKind& x = *set("base").find("X");
    EXPECT_EQ(x.features[size_t(x.featureAt({0.5f, 0.5f}, 0))].kind, FeatureKind::Road);
}

TEST(TileKind, InnerFieldsAndRoadEnds) {
    const TileKind& m2 = *set("abbey-mayor").find("M2");
    int inner = 0;
    for (const auto& f : m2.features) inner += f.kind == FeatureKind::Field && f.inner();
    EXPECT_EQ(inner, 2);
    EXPECT_EQ(set("winter").find("W11")->features[0].end, RoadEnd::Field);
    EXPECT_EQ(set("base").find("A")->features[1].end, RoadEnd::Cloister);
    EXPECT_EQ(set("base").find("S")->features[1].end, RoadEnd::City);
}

TEST(TileKind, FieldsBorderOnlyTheCitiesTheyTouchAlongAWall) {
    // I: two city caps meeting at a corner; the field borders both, the caps do not touch.
    const TileKind& i = *set("base").find("I");
    const Feature& field = i.features[2];
    ASSERT_EQ(field.kind, FeatureKind::Field);
    EXPECT_EQ(field.borders.size(), 2u);
    // D: the field south of the road does not border the city.
    const TileKind& d = *set("base").find("D");
    EXPECT_EQ(d.features[3].borders.size(), 0u);
    EXPECT_EQ(d.features[2].borders.size(), 1u);
}

TEST(Json, DocumentsEveryTileWithItsSchema) {
    const std::string json = toJson(set("abbey-mayor"));
    EXPECT_NE(json.find("\"schema\": \"carcassonne-tiles/1\""), std::string::npos);
    EXPECT_NE(json.find("\"id\": \"M12\""), std::string::npos);
    EXPECT_NE(json.find("\"edges\": {\"N\": [\"field\", \"road\", \"field\"]"), std::string::npos);
    EXPECT_NE(json.find("\"kind\": \"abbey\""), std::string::npos);
    EXPECT_NE(json.find("\"inner\": true"), std::string::npos);
    EXPECT_EQ(jsonString("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
}
