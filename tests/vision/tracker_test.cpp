// A whole game followed from a generated recording: each turn a picture with a hand over the
// table (nothing may be read from it), then the settled picture after the turn, from a camera
// fixed over the table and bumped once (after turn 15). Every turn the tracker reads must be the
// turn played (its tile and its piece or none); a turn it cannot read is entered by hand, as the
// players would, and the game goes on (vision::followRecording). The final scores must be the
// generating game's.
#include "vision/evaluate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace {
// The camera fixed over the table at 20 degrees tilt, knocked once.
vision::RecordingParams fixedCamera(double yawDeg, std::uint64_t seed, int bumpAfter, int tiles) {
    vision::RecordingParams p;
    p.camera.tiltDeg = 20;
    p.camera.yawDeg = yawDeg;
    p.camera.seed = seed;
    p.bumpAfterTurn = bumpAfter;
    p.maxTiles = tiles;
    return p;
}
} // namespace

TEST(GameTracker, FollowsAWholeGameFromAFixedCamera) {
    // CARC_PLAYERS, CARC_SEED, CARC_CAMERA_SEED, CARC_YAW, CARC_TILES explore other games (the
    // bench's game g: 2 + g % 5 players, seed 3000 + g, camera seed 70 + g, yaw 30 + 40 g, 40
    // tiles; its bump after turn 40 does not happen within 40 tiles).
    const int players = std::getenv("CARC_PLAYERS") ? std::atoi(std::getenv("CARC_PLAYERS")) : 3;
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", players);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
    // 30 tiles keep the test quick in the sanitizer build; CARC_TILES=0 plays the whole game.
    vision::RecordingParams p = fixedCamera(30, 41, 15, 30);
    if (const char* n = std::getenv("CARC_TILES")) p.maxTiles = std::atoi(n);
    if (const char* y = std::getenv("CARC_YAW")) p.camera.yawDeg = std::atof(y);
    if (const char* c = std::getenv("CARC_CAMERA_SEED"))
        p.camera.seed = std::strtoull(c, nullptr, 10);
    const std::uint64_t seed =
        std::getenv("CARC_SEED") ? std::strtoull(std::getenv("CARC_SEED"), nullptr, 10) : 2027;
    const vision::Recording rec = vision::recordGame(cfg, seed, p);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    std::printf("%d turns: %d read, %d entered by hand, %d wrong; %d warnings; %d hand pictures "
                "raised a discrepancy\n",
                f.turns, f.read, f.byHand, f.wrong, f.warnings, f.handAlerts);
    std::vector<double> ms = f.millis;
    std::sort(ms.begin(), ms.end());
    if (!ms.empty())
        std::printf("settled pictures read incrementally: %zu, observe p50 %.1f ms, p95 %.1f ms; "
                    "through the full recognition: %zu\n",
                    ms.size(), ms[ms.size() / 2], ms[ms.size() * 95 / 100], f.fullMillis.size());
    EXPECT_TRUE(f.scoresEqual) << "turns entered by hand complete the game as played";
    // Not there yet (#8): the target is 0 wrong and every turn read. Measured on this
    // recording (30 tiles, the camera knocked after turn 15): 29 turns, 18 read right, 1 wrong
    // (a city tile I read as E with a piece on its second city), 10 refused or not seen, each
    // saying why (a piece that may hide a pennant, an unclear tile, a tile that completes a
    // city with no piece on it: one placed there would have been scored and taken back before
    // the picture, a piece on a quiet tile, ...); 27 settled pictures read incrementally, 2 through
    // the full recognition (the first, and the one after the knock). The bounds catch regressions.
    EXPECT_LE(f.wrong, 1) << "more turns read wrongly than measured";
    EXPECT_GE(f.read, 17) << "fewer turns read than measured";
    EXPECT_EQ(f.fullMillis.size(), 2u) << "the camera moved once: one full recognition more";
}

// Abbey & Mayor: the mayor, the wagon and the barn among the pieces (the bench's game 2 with
// --abbey-mayor). A follower, the mayor and the wagon may often stand on one
// feature; the tracker tells them by size against the game's followers, or asks, and never
// guesses. Turn 11: a wagon placed on a city the tile completes moves on after scoring (only the
// wagon where it went is in the picture); turn 18: the mayor, clearly bigger than a follower;
// turn 23: a barn on a corner of the new tile. Each must be read as played.
TEST(GameTracker, ReadsTheMayorTheWagonAndTheBarnOrAsks) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::TrackingEvaluation f =
        vision::followRecording(vision::recordGame(cfg, 3002, fixedCamera(110, 72, 20, 40)), refs);
    int askedWhichPiece = 0;
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        askedWhichPiece += note.find("which piece did player") != std::string::npos;
        for (const char* turn :
             {"turn 11 ", "turn 11:", "turn 18 ", "turn 18:", "turn 23 ", "turn 23:"})
            EXPECT_NE(note.rfind(turn, 0), 0u) << "not read as played: " << note;
    }
    std::printf("%d turns: %d read, %d entered by hand (%d of them answered with one of the "
                "question's choices), %d wrong; asked which piece %d times\n",
                f.turns, f.read, f.byHand, f.answerable, f.wrong, askedWhichPiece);
    EXPECT_TRUE(f.scoresEqual);
    // Measured: 39 turns, 24 read, 1 wrong (turn 3: U read as V, its wagon missed), 15 by hand
    // (5 of them "which piece?"). No piece read as another kind. Before sizes, barns and wagon
    // moves were read, this game had 6 wrong: two mayors taken for followers, a barn and a
    // wagon's move missed, a phantom follower.
    EXPECT_LE(f.wrong, 1);
    EXPECT_GE(f.read, 23);
    EXPECT_GE(askedWhichPiece, 1) << "a follower where the mayor may stand is asked, not assumed";
    // Measured: 6 of the 15 turns by hand are answered with one of the question's choices (the
    // 5 "which piece?" among them).
    EXPECT_GE(f.answerable, askedWhichPiece) << "a question's answers miss the turn played";
}

// A game given as its actions is recorded turn by turn as a seeded game records itself; a
// refused action is named.
TEST(Recording, FromActionsTheSameTurnsAsTheGameThatPlayedThem) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4, {"abbey-mayor"});
    vision::RecordingParams p;
    p.maxTiles = 40;
    const vision::Recording seeded = vision::recordGame(cfg, 5, p);
    std::vector<adj::Action> actions;
    for (const vision::RecordedTurn& t : seeded.turns)
        actions.insert(actions.end(), t.actions.begin(), t.actions.end());
    std::string error;
    const std::optional<vision::Recording> again =
        vision::recordActions(cfg, actions, p, {}, &error);
    ASSERT_TRUE(again) << error;
    ASSERT_EQ(again->turns.size(), seeded.turns.size());
    for (size_t i = 0; i < seeded.turns.size(); ++i)
        EXPECT_EQ(again->turns[i].text, seeded.turns[i].text);
    EXPECT_TRUE(vision::sameOutcome(*again->final, *seeded.final));

    std::vector<adj::Action> bad = actions;
    bad.insert(bad.begin() + 1, bad[0]); // the same tile twice in a row: no piece phase yet
    EXPECT_FALSE(vision::recordActions(cfg, bad, p, {}, &error));
    EXPECT_NE(error.find("action 2 is refused"), std::string::npos) << error;
}
