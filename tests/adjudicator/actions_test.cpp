// The action text (actions.h): every action of thousands of random games, with and without
// Abbey & Mayor, is written, read back to the same action, and replays to the same state.
#include "adjudicator/actions.h"
#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

using namespace adj;

namespace {

bool sameAction(const Action& a, const Action& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
    case Action::Kind::Tile: return a.tileKind == b.tileKind && a.placement == b.placement;
    case Action::Kind::Discard: return a.tileKind == b.tileKind;
    case Action::Kind::Piece:
    case Action::Kind::WagonMove: return a.piece == b.piece;
    default: return true;
    }
}

void roundTripGames(const char* set, bool abbeyMayor, int games) {
    int actions = 0, wagonMoves = 0, barns = 0;
    for (int g = 0; g < games; ++g) {
        GameConfig cfg = abbeyMayor ? GameConfig::forSet(set, 2 + g % 5, {"abbey-mayor"})
                                    : GameConfig::forSet(set, 2 + g % 5);
        std::optional<State> replica = State::create(cfg);
        ASSERT_TRUE(replica);
        RandomGameOptions o;
        o.onStep = [&](const State& played, const RandomStep& step) {
            const std::string text = actionText(*replica, step);
            std::string error;
            const std::optional<Action> back = parseAction(*replica, text, &error);
            ASSERT_TRUE(back) << text << ": " << error;
            ASSERT_TRUE(sameAction(*back, step)) << text;
            ASSERT_TRUE(applyTurnText(*replica, text, nullptr, &error)) << text << ": " << error;
            ASSERT_EQ(replica->toNotation(), played.toNotation()) << text;
            ++actions;
            wagonMoves += step.kind == Action::Kind::WagonMove;
            barns += step.kind == Action::Kind::Piece && step.piece.kind == MeepleKind::Barn;
        };
        playRandomGame(cfg, 9000 + std::uint64_t(g), o);
    }
    EXPECT_GT(actions, games * 60);
    if (abbeyMayor) {
        EXPECT_GT(wagonMoves, 0);
        EXPECT_GT(barns, 0);
    }
}

} // namespace

TEST(ActionText, RoundTripsBaseGames) {
    roundTripGames("base", false, 300);
}
TEST(ActionText, RoundTripsWinterGames) {
    roundTripGames("winter", false, 100);
}
TEST(ActionText, RoundTripsAbbeyMayorGames) {
    roundTripGames("base", true, 300);
}

TEST(ActionText, ReadsTheDocumentedForms) {
    std::optional<State> s = State::create(GameConfig::forSet("base", 2));
    ASSERT_TRUE(s);
    std::string error;
    // The base game's start: D at (0,0). A city cap (E) north of it, its city facing south.
    ASSERT_TRUE(applyTurnText(*s, "E@0,1r2 follower:c", nullptr, &error)) << error;
    EXPECT_EQ(s->score(0), 4) << "the two-tile city completes at once";
    EXPECT_EQ(s->supply(0), 7) << "and the follower comes back";
    EXPECT_EQ(s->currentPlayer(), 1);
}

TEST(ActionText, RefusesMalformedAndImpossibleActions) {
    std::optional<State> s = State::create(GameConfig::forSet("base", 2));
    ASSERT_TRUE(s);
    std::string error;
    for (const char* bad : {"", "Q@", "Q@1,0", "Q@1,0r4", "ZZ@1,0r0", "D@x,0r0", "D@1,0r0junk",
                            "follower:", "follower:zz", "king:a", "barn:XX", "wagon>", "wagon>99.a",
                            "discard:NOPE", "D@99999999999,0r0"}) {
        error.clear();
        EXPECT_FALSE(parseAction(*s, bad, &error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
    // Well formed but against the rules: the engine refuses it and says why.
    EXPECT_FALSE(applyTurnText(*s, "D@5,5r0", nullptr, &error));
    EXPECT_NE(error.find("D@5,5r0"), std::string::npos) << error;
    EXPECT_EQ(s->board().size(), 1);
}
