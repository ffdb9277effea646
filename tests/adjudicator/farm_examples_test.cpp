// The farm examples of 003 (final farm scoring), as positions in our notation. Tiles are
// listed in placement order; a piece is TILE.LABEL:PLAYERf. City A is D's cap closed by E.
#include "game_helper.h"

using adj::State;
using tiledb::FeatureKind;

namespace {

State position(int players, const std::string& tiles, const std::string& meeples) {
    const std::string text = "carc1 set=base players=" + std::to_string(players) +
                             " farmers=1 followers=7 unfinished=0 tiny=0 hole=0 tableedge=0 turn=9 "
                             "cur=0 phase=tile scores=" +
                             std::string(players == 2 ? "0,0" : "0,0,0") + " tiles=" + tiles +
                             " meeples=" + meeples + " discarded=";
    std::string error;
    std::optional<State> s = State::fromNotation(text, &error);
    EXPECT_TRUE(s) << error;
    return s ? *s : *State::create(adj::GameConfig::forSet("base", players));
}

// City A (D + E@0,1), city B (E@0,2 + E@0,3); the large farm is the field of E@0,1, E@0,2 and
// the cloisters B@1,1 and B@-1,1: it borders A and B. The small farm is D's strip between its
// city and its road: it borders A only.
const std::string kTwoCities = "D@0,0r0;E@0,1r2;E@0,2r0;E@0,3r2;B@1,1r0;B@-1,1r0";

std::vector<adj::ScoreEvent> farms(const std::vector<adj::ScoreEvent>& events) {
    std::vector<adj::ScoreEvent> out;
    for (const auto& e : events)
        if (e.feature == FeatureKind::Field) out.push_back(e);
    return out;
}

} // namespace

// "BLUE scores 9 points (6 for the upper farmer and 3 for the lower one)."
TEST(FarmExamples, OneFarmerOnEachOfTwoFarms) {
    State s = position(2, kTwoCities, "1.f:1f;0.f:1f");
    const auto o = s.endGame();
    EXPECT_EQ(s.score(1), 9);
    EXPECT_EQ(farms(o.events).size(), 2u);
}

// "BLUE scores 6 points. RED scores 3 points. The unfinished city scores nothing."
TEST(FarmExamples, UnfinishedCityGivesTheFarmNothing) {
    // E@1,2 adds a city open to the north, bordering the large farm.
    State s = position(2, kTwoCities + ";E@1,2r0", "1.f:1f;0.f:0f");
    s.endGame();
    EXPECT_EQ(s.score(1), 6);
    EXPECT_EQ(s.score(0), 3);
}

// "Having the majority of farmers, RED owns the large farm and scores 6 (cities A and B).
// BLUE owns the small farm, scoring 3 for city A. YELLOW earns nothing."
TEST(FarmExamples, MajorityOwnsTheFarm) {
    // p0 red: two farmers on the large farm; p1 yellow: one there; p2 blue: the small farm.
    State s = position(3, kTwoCities, "1.f:0f;4.f:0f;2.f:1f;0.f:2f");
    const auto o = s.endGame();
    EXPECT_EQ(s.score(0), 6);
    EXPECT_EQ(s.score(1), 0);
    EXPECT_EQ(s.score(2), 3);
    for (const auto& e : farms(o.events)) {
        if (e.cities == 2) {
            EXPECT_EQ(e.scorers, (std::vector<int>{0}));
        }
    }
}

// "On the large farm RED and YELLOW both have two farmers, so both score 6. BLUE scores 3."
TEST(FarmExamples, TiedFarmersBothScore) {
    State s = position(3, kTwoCities, "1.f:0f;4.f:0f;2.f:1f;5.f:1f;0.f:2f");
    s.endGame();
    EXPECT_EQ(s.score(0), 6);
    EXPECT_EQ(s.score(1), 6);
    EXPECT_EQ(s.score(2), 3);
}

// "YELLOW owns farm 3, having more farmers than BLACK; 4 completed cities border it: 12."
TEST(FarmExamples, FourCompletedCitiesScoreTwelve) {
    // One farm through E@0,1, H@0,2 and H@0,3 borders A, both caps of H@0,2 (closed by E@1,2
    // and E@-1,2) and H@0,3's east cap (closed by E@1,3); H@0,3's west cap stays open.
    State s = position(2, "D@0,0r0;E@0,1r2;H@0,2r1;E@1,2r3;E@-1,2r1;H@0,3r1;E@1,3r3",
                       "1.f:0f;5.f:0f;2.f:1f");
    const auto o = s.endGame();
    EXPECT_EQ(s.score(0), 12);
    EXPECT_EQ(s.score(1), 0);
    ASSERT_EQ(farms(o.events).size(), 1u);
    EXPECT_EQ(farms(o.events)[0].cities, 4);
}

// 003 footnote 22: a farm closed off by roads with no city scores 0, and the farmer stays.
TEST(FarmExamples, FarmWithoutCitiesScoresNothing) {
    State s = position(2, kTwoCities, "0.g:1f");
    const auto o = s.endGame();
    ASSERT_EQ(farms(o.events).size(), 1u);
    EXPECT_EQ(farms(o.events)[0].points, 0);
    EXPECT_EQ(s.score(1), 0);
}

// The demo has no farmers: a follower on a field is refused with the demo's rule.
TEST(FarmExamples, DemoRefusesFarmers) {
    testutil::Game g("demo", 2);
    const auto o = g.tryPlay("U", 1, 0, 0, 'f');
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.violation->kind, adj::Violation::Kind::FarmersNotInGame);
    EXPECT_EQ(g.s.board().size(), 1) << "the turn was taken back whole";
}

TEST(Notation, ImpossibleBoardsAreRefusedWithAReason) {
    std::string error;
    const std::string head =
        "carc1 set=base players=2 farmers=1 followers=7 unfinished=0 tiny=0 hole=0 "
        "tableedge=0 turn=1 cur=0 phase=tile scores=0,0 ";
    EXPECT_FALSE(State::fromNotation(head + "tiles=D@0,0r0;C@0,-1r0 meeples= discarded=", &error));
    EXPECT_EQ(error,
              "notation: tile 1 'C@0,-1r0' cannot lie there (occupied, not touching the board, "
              "or an edge disagrees)");
    EXPECT_FALSE(State::fromNotation(
        head + "tiles=D@0,0r0;U@1,0r0;U@2,0r0 meeples=1.r:0f;1.f:1f discarded=", &error));
    EXPECT_EQ(
        error,
        "notation: two pieces on tile 1: a tile receives at most one piece, when it is placed");
    EXPECT_FALSE(
        State::fromNotation(head + "tiles=D@0,0r0;E@0,1r2 meeples=1.c:0f discarded=", &error));
    EXPECT_EQ(error,
              "notation: a follower stands on a completed city (tile 1): it would have been scored "
              "and returned");
    EXPECT_FALSE(
        State::fromNotation(head + "tiles=D@0,0r0;C@0,1r0;C@0,2r0 meeples= discarded=", &error));
    EXPECT_EQ(error, "notation: tile 2 'C@0,2r0': more C tiles than the box holds");
    EXPECT_FALSE(State::fromNotation("carc1 set=nope players=2", &error));
    EXPECT_FALSE(State::fromNotation("hello", &error));
    EXPECT_EQ(error, "notation: it must start with 'carc1'");
}
