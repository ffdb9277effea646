// The worked examples of the rule texts (base game / Winter Edition, 003; Print-and-Play Demo,
// 000), rebuilt as positions with the points the texts state. Coordinates: x east, y north;
// the start tile D lies at (0,0), city to the north, road running west-east. Players take
// turns in order (p0, p1, ...); each play() is one turn.
#include "game_helper.h"

using adj::RuleRef;
using adj::ScoreEvent;
using testutil::Game;
using tiledb::FeatureKind;

namespace {
bool has(const ScoreEvent& e, RuleRef r) {
    return std::find(e.rules.begin(), e.rules.end(), r) != e.rules.end();
}
const ScoreEvent* find(const std::vector<ScoreEvent>& events, FeatureKind k, adj::PlayerId scorer) {
    for (const auto& e : events)
        if (e.feature == k &&
            std::find(e.scorers.begin(), e.scorers.end(), scorer) != e.scorers.end())
            return &e;
    return nullptr;
}
} // namespace

// 003 "RED scores 3 points": a road of three tiles between two junctions.
TEST(WorkedExamples, RoadOfThreeTilesScoresThree) {
    Game g;
    g.play("W", 1, 0, 0, 't'); // p0: thief on the junction's west road, which joins D's road
    const auto o = g.play("W", -1, 0, 0);
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].feature, FeatureKind::Road);
    EXPECT_EQ(o.events[0].tiles.size(), 3u);
    EXPECT_EQ(o.events[0].points, 3);
    EXPECT_TRUE(has(o.events[0], RuleRef::ScoreRoad));
    EXPECT_EQ(g.s.score(0), 3);
    EXPECT_EQ(g.s.supply(0), 7) << "the thief came back";
}

// 003 "RED scores 4 points": a road of four tiles from a junction to a city gate.
TEST(WorkedExamples, RoadOfFourTilesScoresFour) {
    Game g;
    g.play("U", 1, 0, 0, 'r');
    g.play("W", -1, 0, 0);               // a junction closes the west end
    const auto o = g.play("T", 2, 0, 1); // T's gate road turned to face west closes the east end
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].tiles.size(), 4u);
    EXPECT_EQ(g.s.score(0), 4);
}

// 003 "RED scores 8 points (three city segments and one pennant)".
TEST(WorkedExamples, CityOfThreeTilesWithAPennantScoresEight) {
    Game g;
    g.play("F", 0, 1, 1, 'c'); // a city running north-south with a pennant; knight on it
    const auto o = g.play("E", 0, 2, 2);
    ASSERT_EQ(o.events.size(), 1u);
    const ScoreEvent& e = o.events[0];
    EXPECT_EQ(e.tiles.size(), 3u);
    EXPECT_EQ(e.pennants, 1);
    EXPECT_EQ(e.points, 8);
    EXPECT_TRUE(has(e, RuleRef::ScoreCity));
    EXPECT_TRUE(has(e, RuleRef::ScorePennantSegment));
    EXPECT_EQ(g.s.score(0), 8);
}

// 003 "RED scores 8 points (four city segments, no pennants)".
TEST(WorkedExamples, CityOfFourTilesScoresEight) {
    Game g;
    g.play("G", 0, 1, 1, 'c');           // the box's only G: city north-south
    g.play("N", 0, 2, 2);                // corner city south and east
    const auto o = g.play("E", 1, 2, 3); // a cap facing west closes it
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 8);
}

// 003: "When both city segments on a tile are in a single city, they count as one segment."
// A ring through D, R, N, N and I: I's two caps both belong to the city.
TEST(WorkedExamples, TwoSegmentsOfOneTileCountOnce) {
    Game g;
    g.play("R", 0, 1, 1, 'c');           // city north, east and south (joins D)
    g.play("I", 1, 1, 0);                // caps north and west; the west cap joins R
    g.play("N", 1, 2, 3);                // corner city west and south; joins I's north cap
    const auto o = g.play("N", 0, 2, 2); // corner city south and east closes the ring
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].tiles.size(), 5u) << "I counts once";
    EXPECT_EQ(o.events[0].points, 10);
    EXPECT_TRUE(has(o.events[0], RuleRef::ScoreCityTileOnce));
}

// 003 "RED scores 9 points (for 8 surrounding tiles and the cloister itself)".
TEST(WorkedExamples, CompletedCloisterScoresNine) {
    Game g;
    g.play("U", 1, 0, 0);
    g.play("U", -1, 0, 0);
    g.play("B", 0, -1, 0, 'm'); // p0: monk
    g.play("V", -1, -1, 0);
    g.play("V", 1, -1, 3);
    g.play("U", -1, -2, 1);
    g.play("V", 0, -2, 3);
    EXPECT_EQ(g.s.score(0), 0);
    const auto o = g.play("V", 1, -2, 1);
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].feature, FeatureKind::Cloister);
    EXPECT_EQ(o.events[0].tiles.size(), 9u);
    EXPECT_EQ(o.events[0].points, 9);
    EXPECT_EQ(g.s.score(0), 9);
}

// 003 footnote 20: an unfinished cloister with five neighbours is worth 6 at the end.
TEST(WorkedExamples, UnfinishedCloisterWithFiveNeighboursScoresSix) {
    Game g;
    g.play("U", 1, 0, 0);
    g.play("U", -1, 0, 0);
    g.play("B", 0, -1, 0, 'm'); // p0
    g.play("V", -1, -1, 0);
    g.play("V", 1, -1, 3);
    g.end();
    const ScoreEvent* e = find(g.events, FeatureKind::Cloister, 0);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->points, 6);
    EXPECT_TRUE(has(*e, RuleRef::FinalCloister));
}

// 000 example 4b: two thieves on roads that one tile joins; both score the full 4.
TEST(WorkedExamples, SharedRoadScoresFourForEach) {
    Game g("demo", 2);
    g.play("W", -1, 0, 0, 'r'); // p0: thief on the junction's east road, joined to D
    g.play("B", 0, -1, 0);
    g.play("B", 1, -1, 0);
    g.play("B", 2, -1, 0);
    g.play("B", 3, -1, 0);
    g.play("W", 2, 0, 2, 'r');           // p1: thief on a junction road facing west
    const auto o = g.play("U", 1, 0, 0); // p0 joins the two roads: 4 tiles, junction to junction
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 4);
    EXPECT_EQ(o.events[0].scorers, (std::vector<adj::PlayerId>{0, 1}));
    EXPECT_TRUE(has(o.events[0], RuleRef::ScoreMajority));
    EXPECT_EQ(g.s.score(0), 4);
    EXPECT_EQ(g.s.score(1), 4);
}

// The city that one tile joins from three segments (003 tie: both score 10; 000 example 5b:
// two knights beat one, only the majority scores 10).
namespace {
Game cityJoinedFromThreeSegments(bool secondKnightForP0) {
    Game g("base", 2);
    g.play("G", 0, 1, 1, 'c');                          // p0 knight: D + G, open to the north
    g.play("B", 1, 1, 0);                               // p1
    g.play("B", -1, 1, 0);                              // p0
    g.play("E", 1, 2, 3, 'c');                          // p1 knight: a cap facing west
    g.play("E", -1, 2, 1, secondKnightForP0 ? 'c' : 0); // p0: a cap facing east
    return g;
}
} // namespace

TEST(WorkedExamples, CityTieScoresTenForBoth) {
    Game g = cityJoinedFromThreeSegments(false);
    const auto o = g.play("R", 0, 2, 2); // p1 joins the three: 5 tiles
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 10);
    EXPECT_EQ(o.events[0].scorers, (std::vector<adj::PlayerId>{0, 1}));
    EXPECT_EQ(g.s.score(0), 10);
    EXPECT_EQ(g.s.score(1), 10);
}

TEST(WorkedExamples, CityMajorityTakesAllTen) {
    Game g = cityJoinedFromThreeSegments(true);
    const auto o = g.play("R", 0, 2, 2);
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 10);
    EXPECT_EQ(o.events[0].scorers, (std::vector<adj::PlayerId>{0}));
    EXPECT_EQ(o.events[0].strength[0], 2);
    EXPECT_EQ(o.events[0].strength[1], 1);
    EXPECT_TRUE(has(o.events[0], RuleRef::ScoreNoMultiplier));
    EXPECT_EQ(g.s.score(0), 10);
    EXPECT_EQ(g.s.score(1), 0);
    EXPECT_EQ(g.s.supply(0), 7);
    EXPECT_EQ(g.s.supply(1), 7) << "the losing knight returns too";
}

// 000 final scoring example: green 8 (5 segments, 3 pennants; 2 knights beat black's 1),
// black 0, yellow 4 (cloister with 3 neighbours), blue 3 (2 segments, 1 pennant), red 3 (road).
TEST(WorkedExamples, DemoFinalScoring) {
    Game g("demo", 5);          // p0 green, p1 black, p2 yellow, p3 blue, p4 red
    g.play("F", 0, 1, 1, 'c');  // green knight
    g.play("U", -1, 0, 0);      // black
    g.play("B", 0, -1, 0, 'm'); // yellow monk
    g.play("B", 1, 1, 0);       // blue
    g.play("U", 1, 0, 0, 'r');  // red thief: road of 3
    g.play("B", -1, 1, 0);      // green
    g.play("M", 1, 2, 0, 'c');  // black knight (pennant)
    g.play("M", 2, 1, 1);       // yellow
    g.play("E", 3, 1, 3, 'c');  // blue knight: M + E, 1 pennant
    g.play("B", 4, 1, 0);       // red
    g.play("E", -1, 2, 1, 'c'); // green's second knight
    g.play("C", 0, 2, 0);       // black joins green's, black's and green's segments
    ASSERT_TRUE(g.end().ok());
    EXPECT_EQ(g.s.score(0), 8);
    EXPECT_EQ(g.s.score(1), 0);
    EXPECT_EQ(g.s.score(2), 4);
    EXPECT_EQ(g.s.score(3), 3);
    EXPECT_EQ(g.s.score(4), 3);
    const ScoreEvent* green = find(g.events, FeatureKind::City, 0);
    ASSERT_NE(green, nullptr);
    EXPECT_EQ(green->tiles.size(), 5u);
    EXPECT_EQ(green->pennants, 3);
    EXPECT_TRUE(has(*green, RuleRef::FinalCity));
    EXPECT_TRUE(g.s.terminal());
}

// 003 footnote 13: a follower placed on the feature the tile completes scores at once, returns,
// and cannot be placed again that turn.
TEST(WorkedExamples, FollowerOnTheFeatureJustCompletedScoresAndReturns) {
    Game g;
    const auto o = g.play("E", 0, 1, 2, 'c'); // closes D's city (2 tiles) with a knight on it
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 4);
    EXPECT_EQ(g.s.supply(0), 7);
    EXPECT_EQ(g.s.currentPlayer(), 1) << "the turn is over: no second follower";
}

// 003 footnote 10: closing an unoccupied city needs no knight; nobody scores.
TEST(WorkedExamples, ClosingAnUnoccupiedCityScoresNothing) {
    Game g;
    const auto o = g.play("E", 0, 1, 2);
    EXPECT_TRUE(o.events.empty());
    EXPECT_EQ(g.s.score(0), 0);
    EXPECT_TRUE(g.s.complete(g.s.featureOf(0, 0)));
}
