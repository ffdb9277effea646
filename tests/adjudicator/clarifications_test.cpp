// Official clarifications (003/000 footnotes) that can be expressed as positions, and the
// house-rule and edition switches.
#include "game_helper.h"

using adj::RuleRef;
using adj::Violation;
using testutil::Game;

namespace {
bool cites(const Violation& v, RuleRef r) {
    return std::find(v.rules.begin(), v.rules.end(), r) != v.rules.end();
}
} // namespace

// Footnote 6: corner to corner is not a connection.
TEST(Clarifications, CornerContactIsNoConnection) {
    Game g;
    const auto o = g.tryPlay("B", 1, 1, 0);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, Violation::Kind::CornerOnly);
    EXPECT_TRUE(cites(*o.violation, RuleRef::PlaceCornerNoContact));
    const auto far = g.tryPlay("B", 5, 5, 0);
    ASSERT_FALSE(far.ok());
    EXPECT_EQ(far.violation->kind, Violation::Kind::NoEdgeContact);
}

// Footnote 8: the new tile must fit on every edge it shares, not just one.
TEST(Clarifications, EveryTouchingEdgeMustMatch) {
    Game g;
    g.play("U", 1, 0, 0);
    g.play("B", 1, -1, 0);
    // (0,-1) touches D's field to the north and B's field to the east: a road tile turned so
    // its road runs east-west fits the north, but its east edge (road) meets B's field.
    const auto o = g.tryPlay("U", 0, -1, 0);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, Violation::Kind::EdgeMismatch);
    EXPECT_EQ(o.violation->side, 1) << "east";
    EXPECT_EQ(o.violation->other, (adj::Pos{1, -1}));
    EXPECT_EQ(o.violation->ours, tiledb::Terrain::Road);
    EXPECT_EQ(o.violation->theirs, tiledb::Terrain::Field);
    EXPECT_NE(adj::kb::render(*o.violation, adj::kb::Lang::En).find("east edge"),
              std::string::npos);
    EXPECT_TRUE(g.tryPlay("B", 0, -1, 0).ok()) << "an all-field tile fits both";
}

// Footnote 7: cloisters may touch each other, edge or corner.
TEST(Clarifications, CloistersMayTouch) {
    Game g;
    g.play("B", 0, -1, 0, 'm');
    EXPECT_TRUE(g.tryPlay("B", 1, -1, 0, 'm').ok());
    EXPECT_TRUE(g.tryPlay("A", 1, -2, 0, 'm').ok());
}

// Footnote 11: a farmer may go on the field around a cloister; the cloister stays free.
TEST(Clarifications, FarmerBesideACloister) {
    Game g;
    g.play("B", 0, -1, 0, 'f');
    const auto& s = g.s;
    EXPECT_FALSE(s.features().node(s.featureOf(1, 0)).occupied()) << "the cloister";
    EXPECT_TRUE(s.features().node(s.featureOf(1, 1)).occupied()) << "its field";
}

// Junction roads are separate roads (footnote 15): thieves on two roads of one junction.
TEST(Clarifications, EveryJunctionRoadIsItsOwnRoad) {
    Game g;
    g.play("W", 1, 0, 0, 'r');                   // p0: the east road of the junction
    const auto o = g.tryPlay("U", 2, 0, 0, 'r'); // p1: continues that east road: occupied
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, Violation::Kind::FeatureOccupied);
    EXPECT_EQ(o.violation->occupants, (std::vector<int>{0}));
    EXPECT_TRUE(cites(*o.violation, RuleRef::MeepleUnoccupied));
    EXPECT_TRUE(g.tryPlay("U", 1, -1, 1, 'r').ok()) << "the south road is another road";
}

// The rule: no other piece anywhere on the connected feature, however far away.
TEST(Clarifications, OccupiedFarAwayStillOccupied) {
    Game g;
    g.play("U", 1, 0, 0, 'r'); // p0 thief
    g.play("U", 2, 0, 0);
    g.play("U", 3, 0, 0);
    const auto o = g.tryPlay("U", -1, 0, 0, 'r'); // p1, the same road three tiles away
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->other, (adj::Pos{1, 0}));
}

// Footnote 13: one piece per turn.
TEST(Clarifications, OnePiecePerTurn) {
    Game g;
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("U"), {{1, 0}, 0}).ok());
    ASSERT_TRUE(g.s.deployMeeple({1, adj::MeepleKind::Follower}).ok());
    const auto again = g.s.deployMeeple({0, adj::MeepleKind::Follower});
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.violation->kind, Violation::Kind::WrongPhase);
}

TEST(Clarifications, ATileThatFitsNowhereIsDiscarded) {
    Game g;
    // With only D on the board, C (all city) fits north of it: it may not be discarded.
    const auto refused = g.s.discard(g.s.kindIndex("C"));
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.violation->kind, Violation::Kind::TileFitsSomewhere);
    // Close D's city so no city edge is open: C fits nowhere.
    g.play("E", 0, 1, 2);
    EXPECT_TRUE(g.s.legalPlacements(g.s.kindIndex("C")).empty());
    const int before = g.s.remainingTotal();
    EXPECT_TRUE(g.s.discard(g.s.kindIndex("C")).ok());
    EXPECT_EQ(g.s.remainingTotal(), before - 1);
    EXPECT_EQ(g.s.remaining(g.s.kindIndex("C")), 0);
    EXPECT_EQ(g.s.currentPlayer(), 1) << "the same player draws again";
}

TEST(Clarifications, GameEndsAfterTheLastTile) {
    adj::State s = adj::playRandomGame(adj::GameConfig::forSet("base", 2), 5);
    EXPECT_TRUE(s.terminal());
    EXPECT_EQ(s.remainingTotal(), 0);
    EXPECT_EQ(s.currentPlayer(), -1);
    const auto o = s.placeTile(0, {{50, 50}, 0});
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, Violation::Kind::GameOver);
}

// --- House rules and edition switches -------------------------------------------------------

TEST(HouseRules, UnfinishedFeaturesScoreNothing) {
    adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    cfg.rules.unfinishedScoreNothing = true;
    Game g(cfg);
    g.play("U", 1, 0, 0, 'r');
    g.end();
    EXPECT_EQ(g.s.score(0), 0);
    ASSERT_EQ(g.events.size(), 1u);
    EXPECT_TRUE(std::find(g.events[0].rules.begin(), g.events[0].rules.end(),
                          RuleRef::HouseUnfinishedNothing) != g.events[0].rules.end());
    Game normal;
    normal.play("U", 1, 0, 0, 'r');
    normal.end();
    EXPECT_EQ(normal.s.score(0), 2);
}

TEST(HouseRules, TheTableEdgeBoundsTheBoard) {
    adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    cfg.rules.table = adj::Bounds{-1, 1, -1, 1};
    Game g(cfg);
    g.play("U", 1, 0, 0);
    const auto o = g.tryPlay("U", 2, 0, 0);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, Violation::Kind::OutsideTable);
    for (const auto& pl : g.s.legalPlacements(g.s.kindIndex("U"))) EXPECT_LE(pl.pos.x, 1);
}

TEST(HouseRules, TheTableEdgeClosesRoadsAndCities) {
    adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    cfg.rules.table = adj::Bounds{-1, 1, -5, 0};
    cfg.rules.tableEdgeCloses = true;
    Game g(cfg);
    // D's city faces the table edge to the north: closed, a 1-tile city. A road from the
    // west junction to the table edge in the east: complete.
    g.play("W", -1, 0, 0, 'r');
    const auto o = g.play("U", 1, 0, 0);
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 3);
    EXPECT_TRUE(g.s.complete(g.s.featureOf(0, 0))) << "D's city, against the table edge";
}

namespace {
// Leaves a hole at (1,-1) with field on all four sides, player 0 to move.
void surroundHole(Game& g) {
    g.play("U", 1, 0, 0);  // p0
    g.play("U", 2, 0, 0);  // p1
    g.play("B", 0, -1, 0); // p0
    g.play("B", 2, -1, 0); // p1
    g.play("V", 2, -2, 0); // p0
    g.play("U", 1, -2, 0); // p1
}
} // namespace

TEST(HouseRules, FillingAHoleGivesAnotherTurn) {
    adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    cfg.rules.holeExtraTurn = true;
    Game g(cfg);
    surroundHole(g);
    ASSERT_EQ(g.s.currentPlayer(), 0);
    g.play("B", 1, -1, 0);
    EXPECT_EQ(g.s.currentPlayer(), 0) << "the hole was filled: player 0 plays again";
    Game normal;
    surroundHole(normal);
    normal.play("B", 1, -1, 0);
    EXPECT_EQ(normal.s.currentPlayer(), 1);
}
