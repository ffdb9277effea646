// Abbey & Mayor (seeds/002): the text's worked examples and the placement rules of the abbey,
// mayor, wagon and barn. Positions are written in our notation (adjudicator/README.md).
#include "game_helper.h"

using adj::MeepleKind;
using adj::MeepleOption;
using adj::RuleRef;
using adj::State;
using adj::Violation;
using testutil::Game;

namespace {

State position(int players, const std::string& tiles, const std::string& meeples) {
    std::string scores = "0";
    for (int p = 1; p < players; ++p) scores += ",0";
    const std::string text = "carc1 set=base+abbey-mayor players=" + std::to_string(players) +
                             " farmers=1 followers=7 unfinished=0 tiny=0 hole=0 tableedge=0 turn=9 "
                             "cur=0 phase=tile scores=" +
                             scores + " tiles=" + tiles + " meeples=" + meeples + " discarded=";
    std::string error;
    std::optional<State> s = State::fromNotation(text, &error);
    EXPECT_TRUE(s) << error;
    return s ? *s : *State::create(adj::GameConfig::forSet("base", players, {"abbey-mayor"}));
}

adj::Outcome play(State& s, const std::string& id, int x, int y, int rot,
                  std::optional<MeepleOption> piece = {}) {
    adj::Turn t;
    t.kind = s.kindIndex(id);
    t.placement = {{x, y}, std::uint8_t(rot)};
    t.meeple = piece;
    return s.applyTurn(t);
}

bool cites(const adj::RuleList& rules, RuleRef r) {
    return std::find(rules.begin(), rules.end(), r) != rules.end();
}

Game amGame(int players = 2) {
    return Game(adj::GameConfig::forSet("base", players, {"abbey-mayor"}));
}

} // namespace

// "Your mayor has strength 3 (3 pennants); the 2 ordinary blue followers have strength 2. You
// alone score 20 points." A 7-tile city with 3 pennants: D, F, F, C and three caps.
TEST(AbbeyMayor, MayorWithThreePennantsBeatsTwoFollowers) {
    State s =
        position(2, "D@0,0r0;F@0,1r1;F@0,2r1;C@0,3r0;E@1,3r3;E@-1,3r1", "1.c:1f;2.c:0m;4.c:1f");
    const auto o = play(s, "E", 0, 4, 2);
    ASSERT_TRUE(o.ok());
    ASSERT_EQ(o.events.size(), 1u);
    const adj::ScoreEvent& e = o.events[0];
    EXPECT_EQ(e.points, 20);
    EXPECT_EQ(e.scorers, (std::vector<int>{0}));
    EXPECT_EQ(e.strength[0], 3);
    EXPECT_EQ(e.strength[1], 2);
    EXPECT_TRUE(cites(e.rules, RuleRef::MayorStrength));
    EXPECT_EQ(s.score(0), 20);
    EXPECT_EQ(s.supply(0, MeepleKind::Mayor), 1) << "the mayor returns";
    EXPECT_EQ(s.supply(1), 7);
}

// Official clarification: a mayor in a city without pennants occupies it and scores 0.
TEST(AbbeyMayor, MayorWithoutPennantsOccupiesAndScoresNothing) {
    Game g = amGame();
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("E"), {{0, 1}, 2}).ok());
    const auto o = g.s.deployMeeple({0, MeepleKind::Mayor});
    ASSERT_TRUE(o.ok());
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 0);
    EXPECT_TRUE(cites(o.events[0].rules, RuleRef::MayorZeroPennants));
}

// Example 3: the barn joins a farm with a blue farmer and two completed cities: blue 6.
TEST(AbbeyMayor, BarnScoresTheFarmersAlreadyThere) {
    // City A (D + E@0,1), city B (E@0,2 + E@0,3); blue farms the field of E@0,1.
    State s = position(2, "D@0,0r0;E@0,1r2;E@0,2r0;E@0,3r2;B@1,1r0", "1.f:1f");
    // Red puts B@1,2 down and the barn at its south-west corner, where the four tiles meet.
    const int b = s.kindIndex("B");
    ASSERT_TRUE(s.placeTile(b, {{1, 2}, 0}).ok());
    const auto options = s.legalMeeples();
    const MeepleOption barn{s.cornerField(s.board().size() - 1, adj::SW), MeepleKind::Barn, adj::SW,
                            -1};
    EXPECT_NE(std::find(options.begin(), options.end(), barn), options.end());
    const auto o = s.deployMeeple(barn);
    ASSERT_TRUE(o.ok());
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 6);
    EXPECT_EQ(o.events[0].scorers, (std::vector<int>{1}));
    EXPECT_TRUE(cites(o.events[0].rules, RuleRef::BarnFarmersScored));
    EXPECT_EQ(s.score(1), 6);
    EXPECT_EQ(s.supply(1), 7) << "the farmer returned";
    // The barn stays and scores 4 per completed city at the end.
    const auto end = s.endGame();
    EXPECT_EQ(s.score(0), 8);
    ASSERT_FALSE(end.events.empty());
    EXPECT_TRUE(cites(end.events.back().rules, RuleRef::BarnFinal));
}

// Example 4: a tile joins red's and blue's farmers to the barn's farm: each scores 1 per
// completed city (2 cities: 2 points) and takes the farmer back.
TEST(AbbeyMayor, JoiningFarmersToABarnScoresOnePerCity) {
    State s =
        position(2, "D@0,0r0;E@0,1r2;E@0,2r0;E@0,3r2;B@-1,1r0;B@-1,2r0;U@1,0r0;U@2,0r0;B@2,1r0",
                 "5.f:0b2;6.f:0f;8.f:1f");
    const auto o = play(s, "B", 1, 1, 0);
    ASSERT_TRUE(o.ok());
    ASSERT_EQ(o.events.size(), 1u);
    EXPECT_EQ(o.events[0].points, 2);
    EXPECT_EQ(o.events[0].scorers, (std::vector<int>{0, 1}));
    EXPECT_TRUE(cites(o.events[0].rules, RuleRef::BarnConnection));
    EXPECT_EQ(s.score(0), 2);
    EXPECT_EQ(s.score(1), 2);
    EXPECT_EQ(s.supply(0), 7);
    EXPECT_EQ(s.supply(1), 7);
    EXPECT_EQ(s.supply(0, MeepleKind::Barn), 0) << "the barn stays";
}

TEST(AbbeyMayor, NoFarmerOntoAFarmWithABarn) {
    State s = position(2, "D@0,0r0;E@0,1r2;E@0,2r0;E@0,3r2;B@-1,1r0;B@-1,2r0", "5.f:0b2");
    ASSERT_TRUE(s.placeTile(s.kindIndex("B"), {{1, 1}, 0}).ok()); // joins the barn's farm
    const int field = s.kinds()[size_t(s.kindIndex("B"))]->featureIndex('f');
    const auto farmer = s.deployMeeple({field, MeepleKind::Follower});
    ASSERT_FALSE(farmer.ok());
    EXPECT_TRUE(cites(farmer.violation->rules, RuleRef::BarnNoFarmers));
    EXPECT_TRUE(s.deployMeeple({1 - field, MeepleKind::Follower}).ok()) << "the cloister is free";
}

TEST(AbbeyMayor, BarnNeedsFieldsOnAllFourCorners) {
    // Around the north-east corner of D's city there is city, not field.
    Game g = amGame();
    g.play("U", 1, 0, 0);
    g.play("E", 0, 1, 2);
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("B"), {{1, 1}, 0}).ok());
    const auto o = g.s.deployMeeple({g.s.cornerField(3, adj::SW), MeepleKind::Barn, adj::SW, -1});
    ASSERT_FALSE(o.ok());
    EXPECT_TRUE(cites(o.violation->rules, RuleRef::BarnCornerFields));
}

// The abbey: only into a hole, one per player, closes what it touches; a monk only.
TEST(AbbeyMayor, AbbeyGoesOnlyIntoAHoleAndClosesItsEdges) {
    Game g = amGame();
    const int abbey = g.s.kindIndex("AB");
    const auto notHole = g.s.placeTile(abbey, {{0, -1}, 0});
    ASSERT_FALSE(notHole.ok());
    EXPECT_EQ(notHole.violation->kind, Violation::Kind::AbbeyNeedsHole);
    EXPECT_TRUE(cites(notHole.violation->rules, RuleRef::AbbeyHole));
    // A hole at (0,1): D's city below, fields on the other three sides.
    g.play("U", 1, 0, 0);  // p0
    g.play("U", -1, 0, 0); // p1
    g.play("B", 1, 1, 0);  // p0
    g.play("B", -1, 1, 0); // p1
    g.play("B", 1, 2, 0);  // p0
    g.play("B", 0, 2, 0);  // p1
    EXPECT_FALSE(g.s.complete(g.s.featureOf(0, 0)));
    ASSERT_TRUE(g.s.placeTile(abbey, {{0, 1}, 0}).ok()); // p0: instead of drawing
    for (const MeepleOption& o : g.s.legalMeeples()) {
        EXPECT_EQ(o.feature, 0) << "only the abbey itself";
        EXPECT_TRUE(o.kind == MeepleKind::Follower || o.kind == MeepleKind::Wagon);
    }
    ASSERT_TRUE(g.s.deployMeeple({0, MeepleKind::Follower}).ok()); // a monk
    EXPECT_TRUE(g.s.complete(g.s.featureOf(0, 0))) << "the abbey's wall closed D's city";
    EXPECT_EQ(g.s.abbeysPlaced(0), 1);
    g.play("U", 2, 0, 0);                                  // p1
    const auto second = g.s.placeTile(abbey, {{5, 5}, 0}); // p0 again
    ASSERT_FALSE(second.ok());
    EXPECT_TRUE(cites(second.violation->rules, RuleRef::AbbeyOnePerPlayer));
    // At the end the abbey scores like a cloister: itself and its 7 neighbours ((-1,2) is empty).
    g.end();
    EXPECT_EQ(g.s.score(0), 8);
    ASSERT_FALSE(g.events.empty());
    EXPECT_TRUE(cites(g.events.back().rules, RuleRef::AbbeyIsCloister));
}

TEST(AbbeyMayor, MayorOnlyInAFreeCityAndNotBesideAWagon) {
    Game g = amGame();
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("U"), {{1, 0}, 0}).ok());
    const auto road = g.s.deployMeeple({0, MeepleKind::Mayor}); // U's road (feature r)
    ASSERT_FALSE(road.ok());
    EXPECT_TRUE(cites(road.violation->rules, RuleRef::MayorPlacement));
    ASSERT_TRUE(g.s.pass().ok());
    // p1 puts a wagon into D's city (F turned north-south); p0 extends the city with C and may
    // not send a mayor in: the wagon occupies it.
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("F"), {{0, 1}, 1}).ok());
    ASSERT_TRUE(g.s.deployMeeple({0, MeepleKind::Wagon}).ok());
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("C"), {{0, 2}, 0}).ok());
    const auto city = g.s.deployMeeple({0, MeepleKind::Mayor});
    ASSERT_FALSE(city.ok());
    EXPECT_EQ(city.violation->kind, Violation::Kind::FeatureOccupied);
    EXPECT_TRUE(cites(city.violation->rules, RuleRef::MayorWagonOccupies));
    EXPECT_EQ(city.violation->occupants, (std::vector<int>{1}));
}

TEST(AbbeyMayor, WagonNeverOnAField) {
    Game g = amGame();
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("U"), {{1, 0}, 0}).ok());
    const auto& u = *g.s.kinds()[size_t(g.s.kindIndex("U"))];
    const auto field = g.s.deployMeeple({u.featureIndex('f'), MeepleKind::Wagon}); // north field
    ASSERT_FALSE(field.ok());
    EXPECT_TRUE(cites(field.violation->rules, RuleRef::WagonPlacement));
    EXPECT_TRUE(g.s.deployMeeple({u.featureIndex('r'), MeepleKind::Wagon}).ok())
        << "the road is fine";
}

// After its road is scored the wagon may move to an unfinished, unoccupied feature on its tile
// or an adjacent one (current rule), chosen by its owner; a wrong target is refused.
TEST(AbbeyMayor, WagonMovesAfterScoring) {
    Game g = amGame();
    g.play("T", -1, 0, 3); // p0: T's gate road turned to the east closes D's road to the west
    ASSERT_TRUE(g.s.placeTile(g.s.kindIndex("L"), {{1, 0}, 0}).ok()); // p1: a junction east
    const auto scored = g.s.deployMeeple(
        {g.s.kinds()[size_t(g.s.kindIndex("L"))]->featureIndex('t'), MeepleKind::Wagon});
    ASSERT_TRUE(scored.ok());
    ASSERT_EQ(scored.events.size(), 1u);
    EXPECT_EQ(scored.events[0].points, 3);
    ASSERT_EQ(g.s.phase(), adj::Phase::Wagon);
    EXPECT_EQ(g.s.currentPlayer(), 1) << "the wagon's owner decides";
    const auto moves = g.s.legalWagonMoves();
    ASSERT_FALSE(moves.empty());
    const auto wrong = g.s.moveWagon({0, MeepleKind::Wagon, -1, 1}); // T's city: not adjacent
    ASSERT_FALSE(wrong.ok());
    EXPECT_TRUE(cites(wrong.violation->rules, RuleRef::WagonMove));
    ASSERT_TRUE(g.s.moveWagon(moves[0]).ok());
    EXPECT_EQ(g.s.phase(), adj::Phase::Tile);
    EXPECT_EQ(g.s.currentPlayer(), 0);
    EXPECT_EQ(g.s.supply(1, MeepleKind::Wagon), 0) << "the wagon stands on its new feature";
}
