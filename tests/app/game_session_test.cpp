// A game scored at the table through GameSession: only the options it offers are played, every
// turn lands in the history as it is played, and refusals explain themselves.
#include "game_session.h"

#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

using namespace carc;

namespace {

std::unique_ptr<GameSession> newSession(history::Store& store, const adj::GameConfig& cfg) {
    std::vector<history::PlayerInfo> players;
    for (int p = 0; p < cfg.players; ++p)
        players.push_back({std::string(1, char('A' + p)) + "na", "red"});
    std::string error;
    auto s = GameSession::start(store, cfg, players, &error);
    EXPECT_TRUE(s) << error;
    return s;
}

} // namespace

TEST(GameSession, AWorkedExampleScoresAndIsRecorded) {
    auto store = history::Store::open(":memory:");
    auto session = newSession(*store, adj::GameConfig::forSet("base", 2));
    std::string alert;
    // A city cap north of the start tile closes its city: 2 tiles, 4 points, follower back.
    ASSERT_TRUE(session->play("E@0,1r2", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->play("follower:c", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_EQ(session->log().size(), 1u);
    EXPECT_EQ(session->log()[0].actions, "E@0,1r2 follower:c");
    ASSERT_EQ(session->log()[0].events.size(), 1u);
    EXPECT_EQ(session->log()[0].events[0].points, 4);
    const history::StoredGame g = *store->game(session->gameId());
    ASSERT_EQ(g.turns.size(), 1u);
    EXPECT_EQ(g.turns[0].scores, (std::vector<int>{4, 0}));
    EXPECT_NE(g.turns[0].eventsJson.find("Ana scores 4"), std::string::npos)
        << g.turns[0].eventsJson;
}

TEST(GameSession, ARefusedActionExplainsItselfAndChangesNothing) {
    auto store = history::Store::open(":memory:");
    auto session = newSession(*store, adj::GameConfig::forSet("base", 2));
    const std::string before = session->state().toNotation();
    std::string alert;
    // A field edge against the start tile's city.
    EXPECT_FALSE(session->play("E@0,1r0", adj::kb::Lang::Nl, &alert));
    EXPECT_FALSE(alert.empty());
    EXPECT_NE(alert.find("Toegepaste regels"), std::string::npos) << alert; // Dutch, with rules
    EXPECT_EQ(session->state().toNotation(), before);
    EXPECT_TRUE(session->log().empty());
    EXPECT_TRUE(store->game(session->gameId())->turns.empty());
    EXPECT_FALSE(session->play("follower:c", adj::kb::Lang::En, &alert)) << "no tile yet";
}

TEST(GameSession, GamesPlayedOnlyThroughTheOfferedOptionsEndAsTheHistorySays) {
    auto store = history::Store::open(":memory:");
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const adj::GameConfig cfg =
            seed % 2 ? adj::GameConfig::forSet("base", 2 + int(seed % 5), {"abbey-mayor"})
                     : adj::GameConfig::forSet(seed % 4 ? "winter" : "demo", 2 + int(seed % 5));
        auto session = newSession(*store, cfg);
        adj::Rng rng(seed);
        std::string alert;
        int actions = 0;
        while (!session->state().terminal()) {
            const adj::State& s = session->state();
            std::vector<SessionOption> options;
            if (s.phase() == adj::Phase::Tile) {
                const std::vector<int> kinds = session->drawableKinds();
                if (kinds.empty()) {
                    ASSERT_TRUE(session->endGame(adj::kb::Lang::En, &alert)) << alert;
                    break;
                }
                const int kind = kinds[size_t(rng.below(int(kinds.size())))];
                options = session->placements(kind);
                if (options.empty()) {
                    if (s.kinds()[size_t(kind)]->inSupply) continue; // no hole for the abbey
                    options.push_back(session->discardOption(kind));
                }
            } else {
                options = session->pieceOptions();
            }
            ASSERT_FALSE(options.empty());
            const SessionOption& o = options[size_t(rng.below(int(options.size())))];
            ASSERT_TRUE(session->play(o.text, adj::kb::Lang::En, &alert))
                << o.text << ": " << alert;
            ++actions;
        }
        const history::StoredGame g = *store->game(session->gameId());
        EXPECT_TRUE(g.summary.finished());
        EXPECT_EQ(history::replayGame(g), "");
        EXPECT_EQ(g.turns.size(), session->log().size());
        for (int p = 0; p < cfg.players; ++p)
            EXPECT_EQ(*g.summary.seats[size_t(p)].score, session->state().score(p));
        EXPECT_GT(actions, 40);
    }
}

TEST(GameSession, TakingBackATurnIsACorrectionTheHistoryKeeps) {
    auto store = history::Store::open(":memory:");
    auto session = newSession(*store, adj::GameConfig::forSet("base", 2));
    std::string alert;
    EXPECT_FALSE(session->undoLastTurn(&alert)) << "nothing to take back yet";
    ASSERT_TRUE(session->play("E@0,1r2", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->play("follower:c", adj::kb::Lang::En, &alert)) << alert;
    const std::string afterFirst = session->state().toNotation();
    // The second turn is entered wrongly, then taken back once stored.
    ASSERT_TRUE(session->play("D@1,0r0", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->play("pass", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_EQ(session->log().size(), 2u);
    ASSERT_TRUE(session->undoLastTurn(&alert)) << alert;
    EXPECT_EQ(session->state().toNotation(), afterFirst);
    EXPECT_EQ(session->log().size(), 1u);
    // A tile placed but its piece not yet chosen is taken back too.
    ASSERT_TRUE(session->play("D@-1,0r0", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->undoLastTurn(&alert)) << alert;
    EXPECT_EQ(session->state().toNotation(), afterFirst);
    EXPECT_EQ(session->state().phase(), adj::Phase::Tile);
    // The right second turn.
    ASSERT_TRUE(session->play("D@0,-1r2", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->play("pass", adj::kb::Lang::En, &alert)) << alert;

    const history::StoredGame g = *store->game(session->gameId());
    ASSERT_EQ(g.turns.size(), 2u);
    EXPECT_EQ(g.turns[0].action, "E@0,1r2 follower:c");
    EXPECT_EQ(g.turns[1].action, "D@0,-1r2 pass");
    EXPECT_EQ(g.summary.turns, 2);
    ASSERT_EQ(g.corrections.size(), 2u);
    EXPECT_EQ(g.corrections[0].turnSeq, 2);
    EXPECT_EQ(g.corrections[0].before, "D@1,0r0 pass");
    EXPECT_EQ(g.corrections[1].before, "D@-1,0r0");
    EXPECT_EQ(history::replayGame(g), "");
    EXPECT_EQ(store->integrityProblems(), "");
}

TEST(GameSession, AFinishedGameKeepsItsTurns) {
    auto store = history::Store::open(":memory:");
    auto session = newSession(*store, adj::GameConfig::forSet("base", 2));
    std::string alert;
    ASSERT_TRUE(session->play("E@0,1r2", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->play("pass", adj::kb::Lang::En, &alert)) << alert;
    ASSERT_TRUE(session->endGame(adj::kb::Lang::En, &alert)) << alert;
    EXPECT_FALSE(session->undoLastTurn(&alert));
    EXPECT_NE(alert.find("finished"), std::string::npos) << alert;
    EXPECT_EQ(store->game(session->gameId())->turns.size(), 2u);
}
