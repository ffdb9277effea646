// Following a recording as its players would (app/src/recording_follower.h): the camera's turn
// is kept when it is what was played, replaced by the listed turn when it is not, and the
// turns of a settled picture the camera could not read are entered by hand, up to the turn it
// shows. The recordings are seeded random games' turn lists; no picture is drawn.
#include "recording_follower.h"

#include "vision/evaluate.h"

#include <gtest/gtest.h>

namespace {

using How = carc::RecordingFollower::How;

struct Game {
    vision::Recording rec;
    vision::RecordingList list;
    adj::State state;
    explicit Game(vision::Recording r) : rec(std::move(r)), state(rec.turns.at(0).before) {
        list.game = rec.game;
        for (const vision::RecordedTurn& t : rec.turns) list.turns.push_back(t.text);
    }
};

Game seededGame(int tiles) {
    vision::RecordingParams p;
    p.maxTiles = tiles;
    return Game(vision::recordGame(adj::GameConfig::forSet("base", 3), 11, p));
}

vision::TrackedTurn cameraRead(std::vector<adj::Action> actions) {
    vision::TrackedTurn t;
    t.status = vision::TrackedTurn::Status::Turn;
    t.actions = std::move(actions);
    return t;
}

vision::TrackedTurn cannotRead(const std::string& problem) {
    vision::TrackedTurn t;
    t.status = vision::TrackedTurn::Status::Discrepancy;
    t.problem = vision::Said::literal(problem);
    return t;
}

void play(adj::State& s, const carc::RecordingFollower::Turn& t) {
    for (const adj::Action& a : t.actions) ASSERT_TRUE(adj::apply(s, a).ok());
}

} // namespace

TEST(RecordingFollower, KeepsTheCameraCorrectsItAndEntersWhatItCannotRead) {
    Game g = seededGame(8);
    ASSERT_GE(g.rec.turns.size(), 6u);
    carc::RecordingFollower f(g.list);
    bool settles = true;

    // Turn 1 read as played: the camera's turn.
    auto turns = f.next(g.state, "turn-001-b.jpg", cameraRead(g.rec.turns[0].actions), &settles);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].how, How::Camera);
    EXPECT_FALSE(settles);
    play(g.state, turns[0]);
    EXPECT_FALSE(f.wants("turn-001-a.jpg")); // pictures of turns played are passed over
    EXPECT_TRUE(f.wants("turn-002-a.jpg"));

    // Turn 2 read as a pass where a piece was placed (or the other way round): corrected.
    std::vector<adj::Action> wrong = {g.rec.turns[1].actions[0]};
    const bool passed = g.rec.turns[1].actions.size() > 1 &&
                        g.rec.turns[1].actions[1].kind == adj::Action::Kind::Pass;
    if (passed) { // read a piece instead: the first legal one
        adj::State placed = g.state;
        adj::apply(placed, wrong[0]);
        ASSERT_FALSE(placed.legalMeeples().empty());
        wrong.push_back({adj::Action::Kind::Piece, -1, {}, placed.legalMeeples()[0]});
    } else {
        wrong.push_back({adj::Action::Kind::Pass, -1, {}, {}});
    }
    turns = f.next(g.state, "turn-002-b.jpg", cameraRead(wrong), &settles);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].how, How::Corrected);
    EXPECT_TRUE(settles) << "the tracker hears of the correction";
    EXPECT_NE(turns[0].seen, g.list.turns[1]);
    EXPECT_EQ(turns[0].actions.size(), g.rec.turns[1].actions.size());
    play(g.state, turns[0]);

    // A hand over the table before turn 3: nothing to play.
    turns = f.next(g.state, "turn-003-a.jpg", cannotRead("hand"), &settles);
    EXPECT_TRUE(turns.empty());
    EXPECT_FALSE(settles);

    // The settled picture of turn 4 unread (turn 3's was lost): turns 3 and 4 by hand, and
    // the picture shows the board after them.
    turns = f.next(g.state, "turn-004-b.jpg", cannotRead("blurred"), &settles);
    ASSERT_EQ(turns.size(), 2u);
    EXPECT_EQ(turns[0].how, How::ByHand);
    EXPECT_EQ(turns[1].how, How::ByHand);
    EXPECT_TRUE(settles);
    play(g.state, turns[0]);
    play(g.state, turns[1]);
    EXPECT_EQ(f.turnsDone(), 4);
    EXPECT_TRUE(vision::sameOutcome(g.state, g.rec.turns[4].before));
    EXPECT_FALSE(f.finished());

    // The pictures ran out: the rest by hand, to the recorded game's end.
    turns = f.rest(g.state);
    ASSERT_EQ(turns.size(), g.rec.turns.size() - 4);
    for (const auto& t : turns) {
        EXPECT_EQ(t.how, How::ByHand);
        play(g.state, t);
    }
    EXPECT_TRUE(f.finished());
    EXPECT_TRUE(vision::sameOutcome(g.state, *g.rec.final));
    EXPECT_TRUE(f.rest(g.state).empty());
}

TEST(RecordingFollower, WithoutAListPlaysWhatTheCameraReadsOnly) {
    Game g = seededGame(4);
    carc::RecordingFollower f(vision::RecordingList{g.list.game, {}, {}});
    bool settles = true;
    EXPECT_TRUE(f.wants("turn-001-b.jpg"));
    EXPECT_TRUE(f.next(g.state, "turn-001-b.jpg", cannotRead("x"), &settles).empty());
    EXPECT_FALSE(settles);
    const auto turns =
        f.next(g.state, "IMG_0001.jpg", cameraRead(g.rec.turns[0].actions), &settles);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].how, How::Camera);
    EXPECT_FALSE(f.finished());
}

TEST(RecordingFollower, ParsesATurnsTextBack) {
    Game g = seededGame(6);
    for (const vision::RecordedTurn& t : g.rec.turns) {
        const std::vector<adj::Action> parsed = carc::parseTurn(t.before, t.text);
        ASSERT_EQ(parsed.size(), t.actions.size()) << t.text;
        adj::State a = t.before, b = t.before;
        for (const adj::Action& x : parsed) adj::apply(a, x);
        for (const adj::Action& x : t.actions) adj::apply(b, x);
        EXPECT_TRUE(vision::sameOutcome(a, b)) << t.text;
    }
}

// The camera asks (which piece, which tile...) and offers answers: when one of them begins the
// turn as played, the players click it; when none does, the turn waits for its settled
// picture and is entered by hand.
TEST(RecordingFollower, AQuestionWhoseAnswersHoldTheTurnIsAnsweredInOneClick) {
    Game g = seededGame(4);
    carc::RecordingFollower f(g.list);
    bool settles = false;
    // A wrong answer (the tile turned) and the right one (the tile; the players enter its
    // piece).
    const std::vector<adj::Action>& first = g.rec.turns[0].actions;
    adj::Action turned = first[0];
    turned.placement.pos.x += 5;
    vision::TrackedTurn asked = cannotRead("which piece?");
    asked.choices = {{turned}, {first[0]}};
    auto turns = f.next(g.state, "turn-001-ap.jpg", asked, &settles);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].how, How::Answered);
    EXPECT_TRUE(settles) << "the tracker hears how the question was answered";
    EXPECT_EQ(f.turnsDone(), 1);
    play(g.state, turns[0]);
    EXPECT_TRUE(vision::sameOutcome(g.state, g.rec.turns[1].before));

    // Turn 2: the answers miss the turn played; nothing until its settled picture.
    const std::vector<adj::Action>& second = g.rec.turns[1].actions;
    adj::Action elsewhere = second[0];
    elsewhere.placement.pos.y += 5;
    asked.choices = {{elsewhere}};
    EXPECT_TRUE(f.next(g.state, "turn-002-ap.jpg", asked, &settles).empty());
    turns = f.next(g.state, "turn-002-b.jpg", asked, &settles);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].how, How::ByHand);
    EXPECT_EQ(f.turnsDone(), 2);
}
