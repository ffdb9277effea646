// A whole game followed from a generated recording: each turn a picture with a hand over the
// table (nothing may be read from it), then the settled picture after the turn, from a camera
// fixed over the table and bumped once (after turn 15). Every turn the tracker reads must be the
// turn played (its tile and its piece or none); a turn it cannot read is entered by hand, as the
// players would, and the game goes on (vision::followRecording). The final scores must be the
// generating game's.
#include "vision/evaluate.h"

#include "adjudicator/actions.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// The bench's game `game` with --abbey-mayor (2 + game % 5 players, knocked after turn
// `knockAfter`: 20 on the bench), procedural art: its references and its first `turns` turns.
// The camera frames 40 tiles; the last turn's settled picture shows the final board, so the
// last turn kept is not looked at.
std::pair<vision::ReferenceSet, vision::Recording> benchGameWithAbbeyMayor(int game, int turns,
                                                                           int knockAfter = 20) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2 + game % 5, {"abbey-mayor"});
    vision::Recording rec =
        vision::recordGame(cfg, std::uint64_t(3000 + game),
                           fixedCamera(30 + 40.0 * game, std::uint64_t(70 + game), knockAfter, 40));
    rec.turns.erase(rec.turns.begin() + turns, rec.turns.end());
    return {vision::enrolProcedural(vision::gameSets(cfg)), std::move(rec)};
}
// The bench's game `game` as `bench_tracking --games` records it (2 + game % 5 players, the
// camera framing the whole game's board and knocked after the first turn), procedural art: its
// references and its first `turns` turns (firstTurns: the tiles as small as the whole game's).
std::pair<vision::ReferenceSet, vision::Recording> benchGame(int game, size_t turns,
                                                             bool abbeyMayor = true) {
    const adj::GameConfig cfg = adj::GameConfig::forSet(
        "base", 2 + game % 5,
        abbeyMayor ? std::vector<std::string>{"abbey-mayor"} : std::vector<std::string>{});
    vision::Recording rec = vision::firstTurns(
        vision::recordGame(cfg, std::uint64_t(3000 + game),
                           fixedCamera(30 + 40.0 * game, std::uint64_t(70 + game), 0, 0)),
        turns);
    return {vision::enrolProcedural(vision::gameSets(cfg)), std::move(rec)};
}
// How many of a followed game's notes (each printed) are turn `turn`'s and say `what`.
int notesSaying(const vision::TrackingEvaluation& f, int turn, const std::string& what) {
    int n = 0;
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        n += note.rfind("turn " + std::to_string(turn) + " ", 0) == 0 &&
             note.find(what) != std::string::npos;
    }
    return n;
}
// The bench's game `game` (procedural), its first `turns` turns, followed (with `params`); its
// turn `turn` was played as `played`. No turn is read wrong and the final scores are the game's.
vision::TrackingEvaluation followBench(int game, size_t turns, int turn, const std::string& played,
                                       const vision::TrackerParams& params = {}) {
    const auto [refs, rec] = benchGame(game, turns);
    EXPECT_EQ(rec.turns[size_t(turn - 1)].text, played);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs, params);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_TRUE(f.scoresEqual);
    return f;
}
// The bench's game `game` followed to its turn `turn`, played as `played`: that turn is asked
// about, saying `says`, the turn as played among the answers.
void expectOffered(int game, int turn, const std::string& played, const std::string& says) {
    const vision::TrackingEvaluation f = followBench(game, size_t(turn + 1), turn, played);
    EXPECT_EQ(notesSaying(f, turn, says), 1);
    EXPECT_EQ(notesSaying(f, turn, "(played " + played + ", offered)"), 1);
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
    // recording (30 tiles, the camera knocked after turn 15): 29 turns, 22 read right, 0 wrong,
    // 7 refused or not seen, each saying why (a piece that may hide a pennant, an unclear tile, a
    // tile that completes a city with no piece on it: one placed there would have been scored and
    // taken back before the picture, a piece on a quiet tile, ...); 27 settled pictures read
    // incrementally, 2 through the full recognition (the first, and the one after the knock). The
    // bounds catch regressions. (18 read and 1 wrong while tiles were read turned back by their
    // symmetry; 21 read while the lattice was refitted through the tiles' centres.)
    EXPECT_EQ(f.wrong, 0) << "more turns read wrongly than measured";
    EXPECT_GE(f.read, 21) << "fewer turns read than measured";
    EXPECT_EQ(f.fullMillis.size(), 2u) << "the camera moved once: one full recognition more";
    // The remembered lattice, refitted as the board grows, lies within a hand-laid tile's offset
    // of each new tile once the board has a few rows (a lattice on two or three tiles is off by
    // a tenth of a tile or more: the lead for the early turns).
    std::vector<double> late;
    for (const auto& [turn, off] : f.latticeError)
        if (turn > 10) late.push_back(off);
    ASSERT_GE(late.size(), 10u);
    std::printf("lattice off the new tile after turn 10: median %.3f of a tile\n",
                vision::percentile(late, 0.5));
    EXPECT_LT(vision::percentile(late, 0.5), 0.08);
}

// The bench's game 3 (5 players, knocked after turn 20): the first full reading after the knock
// read 19 of the 25 tiles as the game has them (76%), short of the four fifths that make a view
// clear, so the lattice from before the knock stayed and the next pictures were compared on it,
// a cell off the board: from turn 27 on hardly a turn was read. After a knock the old lattice
// is wrong for certain, and two thirds do: 30 turns read, 28 with four fifths (29 and 17 before
// the classifier also slid the drawings a cell ranks best when moved a pixel or two: the first
// reading after the knock now reads more of the board). Since a wrong view is never compared on
// and is noticed when a turn is settled (TurnObserver::knownTilesMoved), four fifths read 30
// too: the rule no longer decides this game, and must not cost it a turn.
TEST(GameTracker, AKnockedLatticeIsReplacedByAFairView) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 5);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::Recording rec = vision::recordGame(cfg, 3003, fixedCamera(150, 73, 20, 40));
    vision::TrackerParams strict;
    strict.observer.knockedView = strict.observer.clearView;
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs),
                                     before = vision::followRecording(rec, refs, strict);
    std::printf("%d turns: %d read, %d wrong (%d read, %d wrong with four fifths)\n", f.turns,
                f.read, f.wrong, before.read, before.wrong);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_GE(f.read, 28);
    EXPECT_GE(f.read, before.read);
    EXPECT_LE(f.wrong, 1);
    // In this game's turns 2 and 6 a piece on the new tile leaves the classifier no kind that
    // matches well, but the cell's colours are plainly a tile's (ObserverParams::sureTile): the
    // players are asked which tile it is rather than the turn passing unseen.
    for (const std::string& note : f.notes)
        for (const char* turn : {"turn 2 ", "turn 6 "})
            if (note.rfind(turn, 0) == 0) {
                EXPECT_NE(note.find("reads unclearly"), std::string::npos) << note;
            }
}

// The bench's game 3 with Abbey & Mayor, its first 12 turns. The first lattice is found on the
// start tile alone and lies a tenth of a tile off its neighbours; this game's early turns are
// mostly entered by hand (pieces that may be a follower or the wagon, look-alikes), and while
// only tiles the camera read were measured the lattice drifted as the board grew up one column:
// off the new tile by 0.14 of a tile (median of turns 2-12), 0.45 by turn 8, where cells
// straddle two tiles. The tiles the players enter are measured where they lie too
// (ObserverParams::measureEntered).
TEST(GameTracker, TilesEnteredByHandKeepTheLatticeOnTheBoard) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 5, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    vision::Recording rec = vision::recordGame(cfg, 3003, fixedCamera(150, 73, 20, 40));
    rec.turns.erase(rec.turns.begin() + 12, rec.turns.end()); // the camera frames 40 tiles
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    std::vector<double> off;
    for (const auto& [turn, e] : f.latticeError) off.push_back(e);
    ASSERT_GE(off.size(), 8u);
    std::printf("%d turns: %d read, %d by hand; lattice off the new tile: median %.3f, worst "
                "%.3f of a tile\n",
                f.turns, f.read, f.byHand, vision::percentile(off, 0.5),
                vision::percentile(off, 1.0));
    EXPECT_EQ(f.wrong, 0);
    EXPECT_LT(vision::percentile(off, 0.5), 0.08);
    EXPECT_LT(vision::percentile(off, 1.0), 0.3);
}

// The bench's game 1 with Abbey & Mayor (3 players, knocked after turn 20), its first 23
// turns. Procedural cities are drawn in the table's tan: where R was laid (turn 10) the cell read
// 0.10 better than the table had, short of the 0.2 asked of a cell that may be the table under a
// hand's shadow, and the turn passed unseen. In the settled picture nothing else changed
// (ObserverParams::aloneExplained): the cell is read, and the players are asked only what the
// camera cannot tell (which piece). The game then took another path through the knock, where
// the picture read on the lattice from before the knock agreed on 1 tile of 22 and was kept:
// turns 22 and 23 passed unseen too, the lattice a tile off. After a knock that reading must
// fit two thirds of the board. (Turn 12's S still passes unseen: its cell's colours are the
// table's more than a tile's, past `tableLike`, and it reads S or T alike.)
TEST(GameTracker, ATileInTheTablesColoursAloneInThePictureIsRead) {
    const auto [refs, rec] = benchGameWithAbbeyMayor(1, 24);
    vision::TrackerParams strict;
    strict.observer.aloneExplained = 1; // never: the 0.2 margin alone
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs),
                                     before = vision::followRecording(rec, refs, strict);
    auto unseen = [](const vision::TrackingEvaluation& e) {
        std::vector<std::string> turns;
        for (const std::string& note : e.notes)
            if (note.find("not seen") != std::string::npos) turns.push_back(note.substr(0, 8));
        return turns;
    };
    const std::vector<std::string> now = unseen(f), was = unseen(before);
    std::printf("%d turns: %d read, %zu not seen (%d read, %zu not seen with the 0.2 margin "
                "alone)\n",
                f.turns, f.read, now.size(), before.read, was.size());
    EXPECT_EQ(f.wrong, 0);
    EXPECT_NE(std::find(was.begin(), was.end(), "turn 10 "), was.end());
    EXPECT_EQ(now, std::vector<std::string>{"turn 12 "});
    double worst = 0;
    for (const auto& [turn, e] : f.latticeError)
        if (turn < 24) worst = std::max(worst, e);
    EXPECT_LT(worst, 0.3) << "the lattice stays on the board through the knock";
}

// The mayor is told from a follower by size, but on a tile far from the camera a piece is a few
// pixels wide: the bench's game 1 with --abbey-mayor (3 players) puts the mayor on tiles of 69
// and 70 px a side at turns 25 and 32, whose unwarped areas were 1.13 and 0.81 times a
// follower's (the second a follower's size by area). By the pixels in the player's colour
// (PieceBlob::shown) neither is a follower's size: each is asked about or read as the mayor.
TEST(GameTracker, AMayorOnAFarTileIsNotTakenForAFollower) {
    const auto [refs, rec] = benchGameWithAbbeyMayor(1, 33);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes)
        if (note.rfind("turn 25 ", 0) == 0 || note.rfind("turn 32 ", 0) == 0 ||
            note.find(", read ") != std::string::npos) // and any turn read wrong
            std::printf("%s\n", note.c_str());
    EXPECT_EQ(f.wrong, 0) << "no mayor read as a follower";
}

// Where a follower, the mayor and the wagon may stand, the piece is told by its size against
// the game's followers. Bench games 6 and 7 with --abbey-mayor measured a mayor at 1.06 and a
// wagon at 1.09 times a follower (game 6, turns 20 and 23) and a follower at 1.63 (game 7, turn
// 37): with TrackerParams::followerSized 1.15 and biggerThanFollower 1.6 the first two were
// read as followers and the third as the wagon, unasked. Between 1.0 and 1.7 the players say.
TEST(GameTracker, APieceBetweenAFollowersSizeAndTheLargerPiecesIsAsked) {
    for (const auto& [game, turns] : {std::pair{6, std::vector<int>{20, 23}}, {7, {37}}}) {
        const auto [refs, rec] = benchGameWithAbbeyMayor(game, turns.back() + 1);
        const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
        EXPECT_EQ(f.wrong, 0) << "game " << game;
        for (const int turn : turns) {
            const std::string at = "turn " + std::to_string(turn) + " ";
            const auto note =
                std::find_if(f.notes.begin(), f.notes.end(),
                             [&](const std::string& n) { return n.rfind(at, 0) == 0; });
            if (note == f.notes.end()) {
                ADD_FAILURE() << "game " << game << " " << at << "read unasked";
                continue;
            }
            std::printf("game %d %s\n", game, note->c_str());
            EXPECT_NE(note->find("which piece"), std::string::npos);
        }
    }
}

// The bench's game 1 with --abbey-mayor, but the camera never knocked: at turn 29 a straight
// road (U, a follower on the field beside it) was read as a road with three arms (M11, 0.71)
// and taken, piece and all. Procedural art has two drawings of each kind, which rank side by
// side in the classifier's coarse stage: the ten templates it slid held five kinds and turns,
// and U ranked fifteenth. Below kWidenBelow a turn's cell is slid against every drawing of ten
// kinds and turns, and reads U at 0.87.
TEST(GameTracker, AWeakReadingIsSlidAgainstMoreLooks) {
    const auto [refs, rec] = benchGameWithAbbeyMayor(1, 30, 40);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        EXPECT_NE(note.rfind("turn 29", 0), 0u) << "turn 29 not read as played: " << note;
    }
    EXPECT_EQ(f.wrong, 0);
    // Measured: 30 turns, 16 read, 14 by hand (mostly "which piece?": early, with few
    // followers to size a piece by, and on tiles under 72 px), 0 wrong; without the wider
    // slide 15 read, turn 29 wrong.
    std::printf("%d turns: %d read, %d by hand, %d wrong\n", f.turns, f.read, f.byHand, f.wrong);
}

// The bench's game 7 with Abbey & Mayor (4 players, its whole game framed): in turn 6's first
// picture a hand hovers over the table beside the board, half over a free cell, and its skin
// in the procedural cities' colours read as an R there (0.85 correlation with the drawing)
// while the turn's cloister lay elsewhere under its monk. That was taken as the turn. A new
// tile read short of strongScore (the R: 0.82) is now taken only from a picture in which
// nothing else changed (ObserverParams::stillElsewhere): the settled picture after it is read
// instead, and the cloister the monk hides is asked about.
TEST(GameTracker, ANewTileIsReadOnlyWhereNothingElseChanged) {
    const auto [refs, rec] = benchGame(7, 6);
    vision::TrackerParams atOnce;
    atOnce.observer.stillElsewhere = false;
    const vision::TrackingEvaluation before = vision::followRecording(rec, refs, atOnce);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    EXPECT_EQ(before.wrong, 1);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_GE(f.read, before.read);
}

// The bench's game 0 with Abbey & Mayor begins with three tiles in a row. Refitted through the
// first two, the lattice fitted one of them and their shared corners exactly and put the
// other's far corners 48 tiles off (least median of squares: the median corner 0), so the
// third tile's cell lay 0.8 tile off and turns 2 and 4 went unseen. With few tiles a fit that
// puts a corner refitWorst off is redone by least squares or dropped: the remembered lattice
// stays within a tenth of a tile of each new tile.
TEST(GameTracker, ALatticeRefittedThroughTwoTilesStaysOnTheBoard) {
    // Turn 7, the last kept, shows the whole game's board: it is not looked at (a new tile read
    // weakly amid so much change waits for a still picture, ObserverParams::stillElsewhere).
    const auto [refs, rec] = benchGameWithAbbeyMayor(0, 7);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        if (note.rfind("turn 7 ", 0) != 0) {
            EXPECT_EQ(note.find("not seen"), std::string::npos) << note;
        }
    }
    // Measured: turns 2 to 6 at 0.034 to 0.067 of a tile (before: turn 2 0.786, turn 4 1.742).
    EXPECT_GE(f.latticeError.size(), 4u);
    for (const auto& [turn, off] : f.latticeError) {
        std::printf("turn %d: lattice %.3f of a tile off\n", turn, off);
        EXPECT_LT(off, 0.1) << "turn " << turn;
    }
    EXPECT_EQ(f.wrong, 0);
}

// Abbey & Mayor: the mayor, the wagon and the barn among the pieces (the bench's game 2 with
// --abbey-mayor). A follower, the mayor and the wagon may often stand on one
// feature; the tracker tells them by size against the game's followers, or asks, and never
// guesses. Turn 11: a wagon placed on a city the tile completes moves on after scoring (only the
// wagon where it went is in the picture); turn 23: a barn on a corner of the new tile. Both
// must be read as played. Turn 18's mayor stands on a tile 66 px a side: read as the mayor or
// asked about, never taken for a follower.
TEST(GameTracker, ReadsTheMayorTheWagonAndTheBarnOrAsks) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::TrackingEvaluation f =
        vision::followRecording(vision::recordGame(cfg, 3002, fixedCamera(110, 72, 20, 40)), refs);
    int askedWhichPiece = 0;
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        askedWhichPiece += note.find("which piece did player") != std::string::npos;
        for (const char* turn : {"turn 11 ", "turn 11:", "turn 23 ", "turn 23:"})
            EXPECT_NE(note.rfind(turn, 0), 0u) << "not read as played: " << note;
        if (note.rfind("turn 18 ", 0) == 0) {
            EXPECT_NE(note.find("the mayor"), std::string::npos) << "asked, with the mayor";
        }
    }
    std::printf("%d turns: %d read, %d entered by hand (%d of them answered with one of the "
                "question's choices), %d wrong; asked which piece %d times\n",
                f.turns, f.read, f.byHand, f.answerable, f.wrong, askedWhichPiece);
    EXPECT_TRUE(f.scoresEqual);
    // Measured: 39 turns, 29 read, 0 wrong, 10 by hand (6 of them "which piece?"; 30 read before
    // the size floor asked turn 18; 26 read and 1 wrong while tiles were read turned back by
    // their symmetry, 24 read and 15 by hand while a piece anywhere on a tile with a pennant
    // look-alike was a question). No piece read as another kind. Before sizes, barns and wagon
    // moves were read, this game had 6 wrong: two mayors taken for followers, a barn and a
    // wagon's move missed, a phantom follower. Turn 3's U (a wagon on its road) reads as M10, a
    // road ending in the field, whose look-alike A keeps it a question: where M10 and A differ,
    // M10 explains the picture at 0.39 of A's misfit, but at 10 times its median misfit
    // (TrackerParams::markMisfit); told by the first bound alone, turn 3 was read wrong.
    EXPECT_EQ(f.wrong, 0);
    EXPECT_GE(f.read, 29);
    EXPECT_GE(askedWhichPiece, 1) << "a follower where the mayor may stand is asked, not assumed";
    // Measured: 6 of the 10 turns by hand are answered with one of the question's choices (the
    // 6 "which piece?" among them; a tile offered turned by one of its symmetries, a cloister a
    // quarter turn, is the tile played).
    EXPECT_GE(f.answerable, askedWhichPiece) << "a question's answers miss the turn played";
}

// The bench's game 0 with Abbey & Mayor (2 players). Player 1's pieces are the red of the
// procedural cloister's building: in turns 11 and 23 a monk stands on a cloister of their
// colour. In turn 31 a hand over the table beside the board, half over a free cell, read as
// a tile of the table's colours; the cell's other half looks as it did (sideAsLast), so the
// hand picture is waited out. Before, all three were read wrong.
TEST(GameTracker, SeesAMonkOfItsCloistersColourAndWaitsOutAHand) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::TrackingEvaluation f =
        vision::followRecording(vision::recordGame(cfg, 3000, fixedCamera(30, 70, 20, 40)), refs);
    // Both monks are seen: the light's fit may no longer turn the drawing's roof into the
    // piece's colour (PieceParams::minGainShare), nor take a covered mark's gain from the piece
    // (fitAt's ratio of means). Turn 11's is asked about (which piece: a wagon may stand there
    // too), turn 23's is read. Before the ratio of means, turn 23's monk did not show and the
    // players were asked whether one stood there (TrackerParams::hiddenColour: see
    // AsksAboutAPieceItsAbbeysColourWouldHide).
    int asked = 0, hidden = 0;
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        for (const char* turn : {"turn 11 ", "turn 23 "})
            if (note.rfind(turn, 0) == 0) {
                hidden += note.find("cloister has player 1's colour") != std::string::npos;
                asked += note.find("which piece did player 1 place") != std::string::npos;
            }
    }
    std::printf("%d turns: %d read, %d entered by hand (%d in one click), %d wrong\n", f.turns,
                f.read, f.byHand, f.answerable, f.wrong);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_EQ(hidden, 0) << "a monk of its cloister's colour is seen";
    EXPECT_EQ(asked, 1) << "turn 11's monk is asked about, turn 23's read";
    EXPECT_EQ(f.wrong, 0);
    EXPECT_GE(f.read, 29); // measured: 29 read, 10 by hand (9 of them in one click)
}

// The bench's game 8 with Abbey & Mayor (5 players), turn 46: player 1 places their abbey and
// no piece on it. Nothing stands there, but the abbey's building is drawn in player 1's red, so
// a monk there would not show: the players are asked rather than a pass read
// (TrackerParams::hiddenColour).
TEST(GameTracker, AsksAboutAPieceItsAbbeysColourWouldHide) {
    const auto [refs, rec] = benchGame(8, 46);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    EXPECT_EQ(notesSaying(f, 46, "abbey has player 1's colour"), 1);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_EQ(f.wrong, 0);
}

// The bench's game 1 with Abbey & Mayor (3 players): a board 13 tiles long, seen with the
// camera turned by 70 degrees, runs along the picture's shorter side. Framed by its extent
// alone, its ends lay out of the picture from turn 20 (7 turns "not seen", the pictures could
// not show them); the camera now rises until every tile, before and after the knock, is in
// view. Turn 36: player 3's green barn on a corner where green fields meet, light matched on
// the barn's own square, was explained away and a pass read; matched on the ring around it,
// it is read.
TEST(GameTracker, KeepsALongBoardInViewAndReadsAGreenBarnOnAField) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 3, {"abbey-mayor"});
    const vision::RecordingParams p = fixedCamera(70, 71, 20, 40);
    const vision::Recording rec = vision::recordGame(cfg, 3001, p);
    for (const size_t turn : {size_t(0), rec.turns.size() - 1}) {
        const vision::RecordedPicture last = rec.pictures(turn).back();
        ASSERT_EQ(last.tiles.size(), turn + 2); // the start tile and one a turn
        for (const vision::TileTruth& t : last.tiles)
            for (const cv::Point2f& c : t.corners)
                EXPECT_TRUE(
                    cv::Rect2f(0, 0, float(last.image.cols), float(last.image.rows)).contains(c))
                    << "turn " << turn + 1 << ": the tile at " << t.cell.x << "," << t.cell.y
                    << " reaches out of the picture";
    }
    const vision::TrackingEvaluation f =
        vision::followRecording(rec, vision::enrolProcedural(vision::gameSets(cfg)));
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        EXPECT_NE(note.rfind("turn 36", 0), 0u) << "the barn not read as played: " << note;
    }
    std::printf("%d turns: %d read, %d by hand, %d wrong\n", f.turns, f.read, f.byHand, f.wrong);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_GE(f.read, 23); // measured: 24 read (18 while the board's end lay out of view)
}

// A barn stands on a corner where four fields meet, mostly on the three tiles there before: its
// part on the new tile is a blob by that corner, which alone reads as a farmer there or a piece
// between two features. A 2-player game with Abbey & Mayor (seed 266, framed for 40 tiles):
// turn 7 puts player 1's barn on the new tile's north-east corner; before, the players were
// asked on which of two features the piece stood.
TEST(GameTracker, ABarnsPartOnTheNewTileIsReadAsTheBarn) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2, {"abbey-mayor"});
    const vision::Recording rec =
        vision::firstTurns(vision::recordGame(cfg, 266, fixedCamera(270, 76, -1, 40)), 8);
    ASSERT_NE(rec.turns[6].text.find("barn:NE"), std::string::npos) << rec.turns[6].text;
    const vision::TrackingEvaluation f =
        vision::followRecording(rec, vision::enrolProcedural(vision::gameSets(cfg)));
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        EXPECT_NE(note.rfind("turn 7", 0), 0u) << "the barn not read as played: " << note;
    }
    EXPECT_EQ(f.wrong, 0);
    EXPECT_TRUE(f.scoresEqual);
}

// Two cells beside the board that changed are two new tiles only if each changed all over: a
// cell read off the new tile's corner with the table beside it shows the table's grain again
// along its far sides. The bench's game 9 (procedural, 6 players with Abbey & Mayor, framed for
// the whole game and knocked after turn 1): turn 8's cloister was refused as "2 new tiles", the
// bare table beside it read as a city at 0.76.
TEST(GameTracker, ATableCellBesideTheNewTileIsNoSecondTile) {
    const auto [refs, rec] = benchGame(9, 9);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        EXPECT_EQ(note.find("new tiles ("), std::string::npos) << note;
        EXPECT_NE(note.rfind("turn 8", 0), 0u) << "the cloister not read as played: " << note;
    }
}

// Our procedural art draws cities in the table's colours: a city cap laid against the table can
// pass for it. The bench's game 1 (procedural, 3 players with Abbey & Mayor), turn 5: I (two
// caps) with the wagon on one, the other against the table, was read as E (one cap) with a
// follower, on a lattice fitted to a few tiles. Kinds with a city where the reading has a field
// on sides facing no tile, that explain the picture where the two differ at least as well, now
// make the tile a question (TrackerParams::cityAgainstTable). Turn 1's I, read as E in a
// picture that hid its drawing, is among the answers (as the drawings' best legal placements
// since, with or without the rule).
TEST(GameTracker, AsksWhenACityAgainstTheTableMayPassForIt) {
    const auto [refs, rec] = benchGame(1, 6);
    ASSERT_EQ(rec.turns[4].text, "I@0,1r2 wagon:d");
    vision::TrackerParams before;
    before.cityAgainstTable = 0;
    before.confirmedShare = 0; // which asks about that turn too (its reading confirms 1 of 5)
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs),
                                     unasked = vision::followRecording(rec, refs, before);
    EXPECT_EQ(notesSaying(f, 5, "a city against the table"), 1);
    EXPECT_EQ(unasked.wrong, 1);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_EQ(notesSaying(f, 1, "(played I@0,-1r3 mayor:d, offered)"), 1);
    EXPECT_TRUE(f.scoresEqual);
}

// After a knock on a board of a few tiles the full recognition can fit its lattice a third of
// a tile off and still read some tiles as the game has them. The bench's game 9 (procedural, 6
// players with Abbey & Mayor), turn 6: three of the six known tiles confirmed, the new H (a city
// cap against the table) read as E and taken silently. A full reading that confirms less than
// TrackerParams::confirmedShare of the board now asks about its new tile.
TEST(GameTracker, AsksWhenAFullReadingConfirmsLittleOfTheBoard) {
    const auto [refs, rec] = benchGame(9, 6);
    ASSERT_EQ(rec.turns[5].text, "H@0,2r2 pass");
    vision::TrackerParams before;
    before.confirmedShare = 0;
    before.faint.from = 8; // a faint search from misfit 5 asks about turn 6 too ("something faint")
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs),
                                     unasked = vision::followRecording(rec, refs, before);
    EXPECT_EQ(notesSaying(f, 6, "confirms only 3 of the 6 tiles"), 1);
    EXPECT_EQ(unasked.wrong, 1);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_EQ(f.read + 2, unasked.read); // turns 4 and 5, read right unasked, are asked too
    EXPECT_TRUE(f.scoresEqual);
}

// A four-sided city in the table's colours (procedural tan on a tan table, a table the
// classifier reads as a city at 0.73) changes its cell alone, and its square is outlined towards
// the table: it is asked about, its readings offered as the answers, the right one first.
// Before, the turn went unseen (bench game 8, turn 9).
TEST(GameTracker, AsksAboutATileInTheTablesColoursByItsOutline) {
    expectOffered(8, 9, "C@3,-1r3 pass", "only its edge shows a tile there; most like C");
}

// The bench's game 3, turn 73: player 3's green farmer lying on M4's green field (misfit 7.0),
// by a side facing the table, had been read as a pass; the faint search (a pass on a tile whose
// drawing explains it a little worse than most, TrackerParams::faint.from) made it a question,
// and since sides facing the table are searched to within PieceParams::openRim it is read as
// played. 74 turns (98 s in the normal build) take minutes under the sanitizers; the faint
// search runs there in the other faint-piece tests.
TEST(GameTracker, AFarmerOnAFieldOfItsColourIsSeen) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "74 turns: run in the normal build";
#else
    const vision::TrackingEvaluation f = followBench(3, 74, 73, "M4@5,4r2 follower:g");
    EXPECT_EQ(notesSaying(f, 73, ""), 0) << "turn 73 read as played";
#endif
}

// A wagon whose feature was scored and that moved on is seen where it went by its middle: a low
// block hardly leans. The bench's game 8, turn 48: player 1's wagon moved to A's cloister, its
// base found 0.147 of a tile off it (past featureSlack), and "went back" was read. 48 turns
// (90 s in the normal build) would take minutes under the sanitizers; `sees`, which changed,
// runs there in every tracker test.
TEST(GameTracker, AWagonThatMovedOnIsSeenByItsMiddle) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "48 turns: run in the normal build";
#else
    const vision::TrackingEvaluation f = followBench(8, 49, 48, "E@-2,-3r3 pass wagon>36.m");
    EXPECT_EQ(notesSaying(f, 48, ""), 0) << "turn 48 read as played";
#endif
}

// A turn read on the picture of its piece before the scoring (the abbey's follower scored at
// once) whose scoring also frees a wagon: that picture still shows the wagon where it stood, so
// its move is read on the next one. The bench's game 18 (a game past those the tracker was
// tuned on), turn 32: "the wagon went back" had been read. 33 turns: normal build only.
TEST(GameTracker, AWagonNotMovedYetIsReadOnTheNextPicture) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "33 turns: run in the normal build";
#else
    const vision::TrackingEvaluation f = followBench(18, 33, 32, "AB@-1,-1r3 follower:a wagon>3.r");
    EXPECT_EQ(notesSaying(f, 32, ""), 0) << "turn 32 read as played";
#endif
}

// A follower on a city cap along a side facing no tile leans into the rim the pieces' search
// leaves out: beyond such a side is the table, searched to within PieceParams::openRim (which
// sides are open follows the camera's quarter turn). The bench's game 19 (a game no bound was
// tuned on), turn 9, had been read as a pass; now found, its kind is asked (the player's first
// piece: no size to tell it by).
TEST(GameTracker, AFollowerInTheRimOfASideFacingTheTableIsSeen) {
    expectOffered(19, 9, "E@2,2r1 follower:c", "which piece did player 3 place");
}

// A piece whose base lies about as near a second feature as the first is the players' to place
// (TrackerParams::featureMargin): the bench's game 2, turn 6, a follower on U's road, its base
// found on the field 0.055 of a tile from the road. At a margin of 0.05 it had been taken for a
// follower on the field or the wagon on the road (procedural game 9 turn 49, a farmer lying on
// M8's field, was read on its city).
TEST(GameTracker, APieceWhereTwoFeaturesMeetIsAskedAbout) {
    expectOffered(2, 6, "U@1,-1r1 follower:r", "stands where two features meet");
}

// A piece of unknown size whose base lies on a field and whose middle lies on a road: a
// follower on the field, or a follower or the wagon on the road. The same turn with a margin
// that leaves the road out (0.05): the follower on the road had not been among the answers.
TEST(GameTracker, AFollowerOnTheWagonsFeatureIsAmongTheAnswers) {
    vision::TrackerParams p;
    p.featureMargin = 0.05f;
    const vision::TrackingEvaluation f = followBench(2, 7, 6, "U@1,-1r1 follower:r", p);
    EXPECT_EQ(notesSaying(f, 6, "a follower on the field, or a follower or the wagon on the road?"),
              1);
    EXPECT_EQ(notesSaying(f, 6, "(played U@1,-1r1 follower:r, offered)"), 1);
}

// A new tile the classifier reads only as tiles that may not lie there (the bench's game 0,
// procedural, turn 2: B with the wagon on its road, seen as M1) is asked about, the legal
// placements on its cell offered, best explained by their drawings first; before, the players
// entered the turn by hand.
TEST(GameTracker, OffersTheLegalTilesWhenATileReadsAsNoLegalOne) {
    expectOffered(0, 2, "B@0,-1r3 wagon:m",
                  "(seen as M1 turned 0°) that is no legal placement of a tile still in the box: "
                  "which tile is it?");
}

// A new tile read unclearly offers, beside the classifier's legal readings, the legal
// placements its drawing explains best (the bench's game 6, procedural, turn 3: U with a farmer,
// read as G or another; before, U was not among the answers).
TEST(GameTracker, OffersTheTilesItsDrawingExplainsWhenATileReadsUnclearly) {
    expectOffered(6, 3, "U@-1,1r1 follower:g",
                  "reads unclearly (two readings are about as likely; most like G)");
}

// A changed cell the classifier reads as no kind is still a new tile when its colours are a
// tile's and unlike every free cell's (ObserverParams::sureTile's second reading), and the
// legal placements are fitted on the lattice's cell too, where the reading's square slid off
// the tile. The bench's game 6, procedural, turn 4: M2 with the mayor read as no kind; before,
// the turn went unseen, then it was asked about with M2 not among the answers.
TEST(GameTracker, OffersTheTileWhenItsColoursAloneShowOne) {
    expectOffered(6, 4, "M2@0,2r1 mayor:d", "reads unclearly (no tile kind matches well)");
}

// A tile laid is seen when either the reading's own square or the lattice's cell changed all
// over: the bench's game 6, procedural, turn 11, a V with a follower read on a square a
// quarter of a tile up and smaller, its strip over the gap to the tile above as it was, while
// the lattice's cell changed all over. Before, the turn went unseen ("no new tile in its
// pictures"); now the players are asked about it.
TEST(GameTracker, ATileIsSeenOnTheLatticesCellWhenItsReadingSlidOff) {
    const vision::TrackingEvaluation f = followBench(6, 12, 11, "V@-1,-1r1 follower:r");
    EXPECT_EQ(notesSaying(f, 11, "not seen"), 0);
    EXPECT_EQ(notesSaying(f, 11, "refused: the new tile at (-1,-1)"), 1);
}

// A tile whose drawing leaves too much of it unexplained is asked about with the reading as an
// answer, and the legal placements whose drawings explain the picture best as answers too (the
// bench's game 5, procedural, turn 13: C read as R; before, C was not among the answers).
TEST(GameTracker, OffersTheTilesWhoseDrawingsExplainAReadingInDoubt) {
    expectOffered(5, 13, "C@-2,2r3 pass", "its drawing leaves too much of it unexplained");
}

// Two blobs on a new tile are at most one piece: the players are asked which, a piece on the
// feature under each blob and none offered (the bench's game 1, procedural, turn 33: R with a
// farmer, and the end of a blue wagon on the tile beside it, which hung over the table before
// and now over the new tile; before, the question had no answers and the turn was entered by
// hand).
TEST(GameTracker, OffersAPieceUnderEachBlobWhenSeveralStandOnTheNewTile) {
    expectOffered(1, 33, "R@1,1r0 follower:f", "2 pieces seem to stand on the new tile at (1,1)");
}

// A piece on a tile whose look-alike differs by a mark (a pennant) may hide it, and the players
// are asked which tile it is; but where the two drawings differ beyond the mark, the picture
// there, the pieces left out, tells them apart (GameTracker::markTold). The bench's procedural
// game 5: turn 17's M10 (a follower on its road) explains where it differs from A at 0.14 of
// A's misfit and is read; turn 7's N, at 0.62 of I's, is still asked about (it was I).
TEST(GameTracker, ALookAlikeDrawnOtherwiseBeyondItsMarkIsToldByThePicture) {
    const vision::TrackingEvaluation f = followBench(5, 18, 17, "M10@6,-1r0 follower:r");
    EXPECT_EQ(notesSaying(f, 17, ""), 0) << "turn 17 read as played";
    EXPECT_EQ(notesSaying(f, 7, "may be N or I (a piece may hide a pennant)"), 1);
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

// Calibration: before the first turn, the camera takes the table with the start tile alone,
// then each player's pieces put on it. The colour learned must be nearest the colour the
// generator drew that player's pieces in (six players: the base game's colours, black among
// them, and two more). A picture with nothing added, a player shown twice, a hand over the
// table and a picture of another size are refused, saying why, and learn nothing.
TEST(GameTracker, LearnsEachPlayersColourFromPicturesOfTheirPieces) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 6);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::Recording rec = vision::recordGame(cfg, 11, fixedCamera(20, 5, -1, 30));
    const cv::Mat bare = rec.calibrationPicture(-1);
    vision::GameTracker tracker(refs, cfg);

    const vision::Calibration none = tracker.calibrate(bare, bare, 0);
    EXPECT_FALSE(none.ok);
    EXPECT_NE(none.problem.in().find("no piece was added"), std::string::npos) << none.problem.in();
    EXPECT_FALSE(tracker.colours().known(0));

    for (int p = 0; p < cfg.players; ++p) {
        const vision::Calibration c = tracker.calibrate(bare, rec.calibrationPicture(p), p);
        ASSERT_TRUE(c.ok) << "player " << p + 1 << ": " << c.problem.in();
        EXPECT_EQ(c.pieces, 2) << "the start tile's city and road each hold one";
    }
    for (int p = 0; p < cfg.players; ++p) {
        const cv::Vec3b bgr = rec.params.camera.playerColours[size_t(p)];
        const cv::Mat one(1, 1, CV_8UC3, cv::Scalar(bgr[0], bgr[1], bgr[2]));
        EXPECT_EQ(tracker.colours().nearest(vision::meanLab(one, cv::Mat(1, 1, CV_8U, 255))), p)
            << "player " << p + 1;
    }
    // Player 2's pieces shown as player 3's: refused, the colour learned stays.
    const cv::Vec3f third = tracker.colours().colour(2);
    const vision::Calibration twice = tracker.calibrate(bare, rec.calibrationPicture(1), 2);
    EXPECT_FALSE(twice.ok);
    EXPECT_NE(twice.problem.in().find("look like player 2's"), std::string::npos)
        << twice.problem.in();
    EXPECT_EQ(tracker.colours().colour(2), third);

    EXPECT_FALSE(tracker.calibrate(bare, rec.calibrationPicture(0), 6).ok); // no such player
    vision::SceneParams handOver = rec.cameraFor(0);
    handOver.occluder = true;
    const vision::Calibration hand = tracker.calibrate(
        bare, vision::renderScene(rec.turns.front().before, handOver, rec.faces).image, 0);
    EXPECT_FALSE(hand.ok);
    EXPECT_NE(hand.problem.in().find("a large part of the picture changed"), std::string::npos)
        << hand.problem.in();
    cv::Mat half;
    cv::resize(rec.calibrationPicture(0), half, {}, 0.5, 0.5);
    EXPECT_FALSE(tracker.calibrate(bare, half, 0).ok);

    // From a folder's pictures: calibration-0 without pieces, calibration-N with player N's.
    EXPECT_EQ(vision::calibrationPlayer("/x/calibration-0.jpg"), -1);
    EXPECT_EQ(vision::calibrationPlayer("calibration-12.png"), 11);
    EXPECT_EQ(vision::calibrationPlayer("calibration-x.jpg"), -2);
    EXPECT_EQ(vision::calibrationPlayer("turn-001-b.jpg"), -2);
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("carc-calibration-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    cv::imwrite((dir / "calibration-2.png").string(), rec.calibrationPicture(1));
    vision::GameTracker fresh(refs, cfg);
    std::vector<std::string> files = {(dir / "calibration-2.png").string()};
    auto inEnglish = [](const std::vector<vision::Said>& lines) {
        std::vector<std::string> out;
        for (const vision::Said& l : lines) out.push_back(l.in());
        return out;
    };
    std::vector<std::string> said = inEnglish(vision::calibrateFrom(fresh, files));
    ASSERT_EQ(said.size(), 1u);
    EXPECT_NE(said[0].find("no picture of the table without pieces"), std::string::npos) << said[0];
    std::ofstream((dir / "calibration-0.jpg").string()) << "not a picture";
    files.push_back((dir / "calibration-0.jpg").string());
    said = inEnglish(vision::calibrateFrom(fresh, files));
    ASSERT_EQ(said.size(), 1u);
    EXPECT_NE(said[0].find("calibration-0.jpg: cannot decode"), std::string::npos) << said[0];
    cv::imwrite(files.back(), bare);
    const std::vector<vision::Said> learned = vision::calibrateFrom(fresh, files);
    ASSERT_EQ(learned.size(), 1u);
    EXPECT_EQ(learned[0].in(), "player 2's colour learned from 2 pieces (calibration-2.png)");
    EXPECT_EQ(learned[0].in(adj::kb::Lang::Ro),
              "culoarea jucătorului 2 a fost învățată din 2 pioni (calibration-2.png)");
    EXPECT_EQ(learned[0].in(adj::kb::Lang::Nl),
              "de kleur van speler 2 is geleerd van 2 figuren (calibration-2.png)");
    EXPECT_TRUE(fresh.colours().known(1));
    EXPECT_FALSE(fresh.colours().known(0));
    std::filesystem::remove_all(dir);
}

// A camera framed for a large board sees the start tile small (about 50 px at 45 degrees of
// tilt, the pieces bench's newart scene 3): each follower shown is then some 40 px of the
// picture, a green one on a green field fewer once changed pixels are opened. Every player's
// two followers must still be found (with blobs of 0.00002 of the picture, one player's were
// not: "no piece was added").
TEST(GameTracker, CalibratesFromSmallPiecesSeenFromAfar) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 5);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const adj::State start = *adj::State::create(cfg);
    for (double tilt : {35.0, 45.0}) {
        vision::SceneParams p;
        p.tiltDeg = tilt;
        p.yawDeg = 51;
        p.seed = 4;
        p.tilesAcross = 24;
        const cv::Mat bare = vision::calibrationPicture(start, p, {}, -1);
        vision::GameTracker tracker(refs, cfg);
        for (int q = 0; q < cfg.players; ++q) {
            const vision::Calibration c =
                tracker.calibrate(bare, vision::calibrationPicture(start, p, {}, q), q);
            EXPECT_TRUE(c.ok) << "tilt " << tilt << ", player " << q + 1 << ": " << c.problem.in();
            EXPECT_EQ(c.pieces, 2) << "tilt " << tilt << ", player " << q + 1;
        }
    }
}

// A whole game followed after the players showed their colours: every player calibrated, and
// the game followed no worse than when each colour is learned from its first piece (the
// first test's recording).
TEST(GameTracker, FollowsAGameAfterCalibration) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 3);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
    const vision::Recording rec = vision::recordGame(cfg, 2027, fixedCamera(30, 41, 15, 30));
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs, {}, true);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    std::printf("%d calibrated; %d turns: %d read, %d by hand, %d wrong\n", f.calibrated, f.turns,
                f.read, f.byHand, f.wrong);
    EXPECT_EQ(f.calibrated, 3);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_EQ(f.wrong, 0); // measured: 22 read, 7 by hand
    EXPECT_GE(f.read, 21);
}

// The bench's game `game` (2 + game % 5 players, seed 3000 + game, camera seed 70 + game, yaw
// 30 + 40 game; with Abbey & Mayor if `abbeyMayor`) on the real second-edition artwork, knocked
// after turn `bumpAfter`, `tiles` tiles (0: the whole game); nullopt when ../shared has no such
// art.
struct NewartGame {
    vision::ReferenceSet refs;
    vision::Recording rec;
};
std::optional<NewartGame> newartGame(int bumpAfter, int tiles, int game = 0,
                                     bool abbeyMayor = false) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!std::filesystem::is_directory(folder)) return std::nullopt;
    const adj::GameConfig cfg = adj::GameConfig::forSet(
        "base", 2 + game % 5,
        abbeyMayor ? std::vector<std::string>{"abbey-mayor"} : std::vector<std::string>{});
    std::string error;
    const auto images = vision::loadArtFolder(folder, vision::gameSets(cfg), &error);
    EXPECT_TRUE(images) << error;
    if (!images) return std::nullopt;
    NewartGame g;
    for (const auto& im : *images) g.refs.add(im.kind, im.image);
    vision::RecordingParams p =
        fixedCamera(30 + 40.0 * game, std::uint64_t(70 + game), bumpAfter, tiles);
    g.rec =
        vision::recordGame(cfg, std::uint64_t(3000 + game), p, vision::facesFromImages(*images));
    return g;
}

// The newart bench's game `game` with Abbey & Mayor, its first `turns` turns, followed (as
// followBench); its turn `turn` was played as `played`. nullopt when ../shared has no such art.
std::optional<vision::TrackingEvaluation> followNewartBench(int game, size_t turns, int turn,
                                                            const std::string& played) {
    std::optional<NewartGame> g = newartGame(0, 0, game, true);
    if (!g) return std::nullopt;
    g->rec = vision::firstTurns(g->rec, turns);
    EXPECT_EQ(g->rec.turns[size_t(turn - 1)].text, played);
    const vision::TrackingEvaluation f = vision::followRecording(g->rec, g->refs);
    EXPECT_EQ(f.wrong, 0);
    EXPECT_TRUE(f.scoresEqual);
    return f;
}

// A tile seen as a kind at a turn that may not lie there offers that kind at each of its legal
// turns (the bench's newart game 1 with Abbey & Mayor, turn 4: V seen turned 270°, laid turned
// 180°; other placements explained the picture better, and V was not among the answers).
TEST(GameTracker, ATileSeenAtAnIllegalTurnOffersItsKindAtALegalOne) {
    const auto f = followNewartBench(1, 5, 4, "V@1,-2r2 pass");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 4, "(seen as V turned 270°) that is no legal placement"), 1);
    EXPECT_EQ(notesSaying(*f, 4, "(played V@1,-2r2 pass, offered)"), 1);
}

// A follower whose area alone is the wagon's (1.70 times the followers') but whose pixels in
// its colour are a follower's (1.11) is asked about (TrackerParams::shownWagon): the newart
// bench's game 13 with Abbey & Mayor (a game no bound was tuned on), turn 19, had been read as
// the wagon. 20 turns of fine-drawn art: normal build only.
TEST(GameTracker, AFollowerOfTheWagonsAreaIsAskedAbout) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "20 turns on newart: run in the normal build";
#else
    const auto f = followNewartBench(13, 20, 19, "U@5,0r2 follower:r");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 19, "(played U@5,0r2 follower:r, offered)"), 1);
#endif
}

// The same on fine-drawn art: the newart bench's game 10, turn 11, a follower on E's cap at a
// side facing the table, had been read as a pass; it is now read as played.
TEST(GameTracker, AFollowerInTheRimOfASideFacingTheTableIsReadOnNewart) {
    const auto f = followNewartBench(10, 12, 11, "E@-2,2r1 follower:c");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 11, ""), 0) << "turn 11 read as played";
}

// Art the tracker was not tuned on (the real second-edition artwork, when ../shared has it):
// drawn in finer detail than ours, a right drawing leaves more of its tile unexplained, so the
// new tile's misfit is judged against its neighbours' (GameTracker::knownMisfit). The bench's
// game 0 on newart, 20 tiles.
TEST(GameTracker, ReadsTilesOfFinelyDrawnArt) {
    const std::optional<NewartGame> game = newartGame(10, 20);
    if (!game) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    const vision::TrackingEvaluation f = vision::followRecording(game->rec, game->refs);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    std::printf("%d turns: %d read, %d entered by hand (%d in one click), %d wrong\n", f.turns,
                f.read, f.byHand, f.answerable, f.wrong);
    EXPECT_TRUE(f.scoresEqual);
    // Measured: 19 turns, 16 read (13 while the lattice was refitted through the tiles' centres,
    // 10 while tiles were read turned back by their symmetry, 8 with the fixed misfit bound
    // alone), 3 by hand, 1 wrong (turn 1: a follower on a city not seen, a pass read; the pieces
    // stage, #8).
    EXPECT_LE(f.wrong, 1) << "more turns read wrongly than measured";
    EXPECT_GE(f.read, 15) << "fewer turns read than measured";
}

// The new tile's misfit is judged against its neighbours', fitted on the remembered lattice with
// a quick shift search; a few pixels' drift of that lattice near the new tile made them misfit
// past maxKnownMisfit, and the new tile, read right, was refused ("leaves too much
// unexplained": 26 turns of the newart bench's 10 games with A&M). Fitted again with the full
// search, the neighbours of turn 7 of the bench's game 8 (5 players, knocked after turn 0)
// misfit 13.5, not 25.6, and its V (misfit 10.1) is read. With the quick search alone the
// tile is in doubt: the turn as read is the question's answer.
TEST(GameTracker, NeighboursOffTheLatticeAreFittedAgainBeforeTheNewTileIsRefused) {
    std::optional<NewartGame> game = newartGame(0, 0, 8, true);
    if (!game) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    // Eight turns: the last one kept shows the whole game (the recording's final board).
    game->rec.turns.erase(game->rec.turns.begin() + 8, game->rec.turns.end());
    vision::TrackerParams quick;
    quick.knownShift = 2; // the quick search alone, as before
    const vision::TrackingEvaluation f = vision::followRecording(game->rec, game->refs),
                                     before = vision::followRecording(game->rec, game->refs, quick);
    auto turn7 = [](const vision::TrackingEvaluation& e) {
        for (const std::string& note : e.notes)
            if (note.rfind("turn 7 ", 0) == 0) return note;
        return std::string();
    };
    std::printf("now: %d read, %d by hand; before: %d read (%s)\n", f.read, f.byHand, before.read,
                turn7(before).c_str());
    EXPECT_NE(turn7(before).find("leaves too much of it unexplained: was it played as read?"),
              std::string::npos);
    EXPECT_EQ(before.answerable, f.answerable + 1) << "turn 7 answered in one click";
    EXPECT_EQ(turn7(f), "") << "turn 7 read as played";
    EXPECT_EQ(f.wrong, 0);
    EXPECT_EQ(f.read, before.read + 1);
}

// A piece seen faintly tells little of its shape: each piece the player may place on the
// feature under it is offered, not a follower alone (the bench's newart game 0 with Abbey &
// Mayor, turn 7: the mayor on Q's city; before, a follower there or none were the answers).
TEST(GameTracker, OffersEachPieceThatMayStandWhereAFaintOneWasSeen) {
    const auto f = followNewartBench(0, 8, 7, "Q@0,-2r2 mayor:c");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 7, "something faint departs from its drawing"), 1);
    EXPECT_EQ(notesSaying(*f, 7, "(played Q@0,-2r2 mayor:c, offered)"), 1);
}

// A pass read on a tile that completes a feature asks whether a piece there was scored at once;
// a piece found faintly elsewhere on the tile is an answer too (the bench's newart game 3 with
// Abbey & Mayor, turn 9: W completes a road, and player 4's farmer lies faintly on its field;
// before, only pieces on the road were offered).
TEST(GameTracker, AFaintPieceIsAmongTheScoredAtOnceAnswers) {
    const auto f = followNewartBench(3, 10, 9, "W@2,0r3 follower:g");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 9, "scored at once?"), 1);
    EXPECT_EQ(notesSaying(*f, 9, "(played W@2,0r3 follower:g, offered)"), 1);
}

// A known tile in colours neither a tile's nor the table's (newart's M3: brown roofs, blue
// pennants, a blue wagon) read as covered on the full path, and the tracker waited for a clear
// view that never came. Where its cell looks as in the settled picture nothing covers it. The
// bench's newart game 8 with Abbey & Mayor: M3 entered by hand at turn 2 (the board not found);
// turns 3 and 4 went unseen ("1 cell is covered"), now turn 3 is read and turn 4 asked about.
TEST(GameTracker, AKnownTileAsItWasIsNotTakenForAHand) {
    const auto f = followNewartBench(8, 4, 2, "M3@0,1r2 wagon:c wagon>2.d");
    if (!f) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    EXPECT_EQ(notesSaying(*f, 3, ""), 0) << "turn 3 read as played";
    EXPECT_EQ(notesSaying(*f, 4, "not seen"), 0);
}

// A barn in a colour near the field's changes little of the corner it stands on: the bench's
// newart game 3 with Abbey & Mayor (5 players, knocked after turn 0), turn 84, player 4's
// yellow barn on yellow-green fields changed 0.345 of it (barnCover 0.35) and a pass was read.
// A change in the player's colour over faintBarn makes the pass a question, the barn an answer.
// A whole game on fine-drawn art takes minutes under the sanitizers; its code runs there in
// the other barn tests.
TEST(GameTracker, AsksAboutABarnOfItsFieldsColour) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "a whole game on newart: run in the normal build";
#else
    std::optional<NewartGame> game = newartGame(0, 0, 3, true);
    if (!game) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    // 85 turns: the last one kept shows the whole game (the recording's final board).
    ASSERT_GE(game->rec.turns.size(), 85u);
    game->rec.turns.erase(game->rec.turns.begin() + 85, game->rec.turns.end());
    ASSERT_EQ(game->rec.turns[83].text, "V@4,-3r0 barn:SE");
    const vision::TrackingEvaluation f = vision::followRecording(game->rec, game->refs);
    EXPECT_EQ(notesSaying(f, 84, "a corner of it changed a little, in player 4's colour"), 1);
    EXPECT_EQ(notesSaying(f, 84, ", offered"), 1) << "the barn is an answer";
    EXPECT_EQ(f.wrong, 0);
    EXPECT_TRUE(f.scoresEqual);
#endif
}

// A board of two or three tiles read on the full path (the first turns, or after a knock): the
// picture's homography, fitted to so few tiles, may lie a tenth of a tile off at the new one,
// and a piece there was lost in the misfit of a drawing laid askew. The bench's game 0
// (procedural, camera framed for the whole game): turn 1's follower on E's city was read as a
// pass. The tile's own refined corners place it (TrackerParams::latticeTiles).
TEST(GameTracker, ReadsAnEarlyTurnsPieceWhereItsTileLiesNotWhereAFewTilesLatticeSays) {
    const auto [refs, rec] = benchGame(0, 1, false); // the base game: no Abbey & Mayor
    ASSERT_EQ(rec.turns.size(), 1u);
    ASSERT_EQ(rec.turns[0].text, "E@0,-1r2 follower:c");
    vision::TrackerParams lattice;
    lattice.latticeTiles = 0; // the lattice's corners at any board size, as before
    const vision::TrackingEvaluation now = vision::followRecording(rec, refs),
                                     before = vision::followRecording(rec, refs, lattice);
    for (const std::string& note : before.notes) std::printf("before: %s\n", note.c_str());
    EXPECT_EQ(now.read, 1) << (now.notes.empty() ? "" : now.notes[0]);
    EXPECT_EQ(now.wrong, 0);
    EXPECT_EQ(before.wrong, 1) << "on the lattice's corners the follower is not seen";
}

// The engine holds a tile turned by one of its symmetries as one placement, but the art need
// not be symmetric: our F's pennant lies off the middle of its city. F laid turned by half a
// turn more than the engine's first rotation, with no piece on it: read on the drawing turned
// back, the pennant where that drawing has none was taken for a piece (the bench's 3-player
// game, turn 15). The tracker reads a tile as it lies (Candidate::drawn): the engine holds the
// rotation seen, and pieces are looked for on the drawing the camera sees. A road tile turned
// by its symmetry with a follower on the road follows. (After ten turns of a seeded game: a
// board of two or three tiles is a weaker test of the lattice than of this.)
TEST(GameTracker, ReadsATileTurnedByItsSymmetryAsItLies) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const vision::RecordingParams p = fixedCamera(30, 41, -1, 40);
    const vision::Recording seeded = vision::recordGame(cfg, 2027, p);
    ASSERT_GE(seeded.turns.size(), 10u);
    adj::State s = seeded.turns[10].before;
    std::vector<adj::Action> actions;
    for (size_t t = 0; t < 10; ++t)
        actions.insert(actions.end(), seeded.turns[t].actions.begin(),
                       seeded.turns[t].actions.end());
    // The first legal placement of `id` turned half a turn from a rotation below its symmetry.
    auto turned = [&](const char* id) {
        const int kind = s.kindIndex(id);
        for (const adj::Placement& pl : s.legalPlacements(kind))
            if (pl.rotation >= s.kinds()[size_t(kind)]->distinctRotations)
                return adj::Action{adj::Action::Kind::Tile, kind, pl, {}};
        return adj::Action{};
    };
    auto play = [&](const adj::Action& a) {
        EXPECT_TRUE(adj::apply(s, a).ok()) << adj::actionText(s, a);
        actions.push_back(a);
    };
    play(turned("F"));
    play({adj::Action::Kind::Pass, -1, {}, {}});
    play(turned("U"));
    const adj::PlacedTile road = s.board().tiles().back();
    std::optional<adj::MeepleOption> onRoad;
    for (const adj::MeepleOption& m : s.legalMeeples())
        if (road.kind->features[size_t(m.feature)].kind == tiledb::FeatureKind::Road) onRoad = m;
    ASSERT_TRUE(onRoad);
    play({adj::Action::Kind::Piece, -1, {}, *onRoad});
    std::string error;
    const auto rec = vision::recordActions(cfg, actions, p, {}, &error);
    ASSERT_TRUE(rec) << error;
    const vision::TrackingEvaluation f = vision::followRecording(*rec, refs);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    EXPECT_EQ(f.turns, 12);
    for (const std::string& note : f.notes)
        for (const char* turn : {"turn 11 ", "turn 11:", "turn 12 ", "turn 12:"})
            EXPECT_NE(note.rfind(turn, 0), 0u) << "not read as played: " << note;
}

// Fine-drawn art misfits its drawing all over a tile, and the piece search's cuts grow with that
// misfit, so a farmer lying on a field can go unseen. A tile read that way with nothing on it
// was always asked about: on the bench's newart games 60 of 63 such questions were passes.
// Now the search is run again with lower cuts (TrackerParams::faint) and only what it
// finds is asked, with the follower on the feature under it as an answer. The bench's newart
// game 0 played whole (its camera framing the final board), turns 1-12: turn 7 (V, a farmer
// unseen by the usual search) is asked with that farmer among the answers; turn 12 (V, no
// piece) was asked and is read (turn 1, a follower on a city read as a pass, is the pieces
// stage's own miss). Without the fainter search turn 7 is read as a pass: wrong.
TEST(GameTracker, AFaintPieceIsAskedAboutAndFineArtAloneIsNot) {
    std::optional<NewartGame> game = newartGame(0, 0);
    if (!game) GTEST_SKIP() << "../shared/tile-art/newart is not here";
    // The last turn kept is not looked at: its settled picture shows the whole game's board.
    ASSERT_GE(game->rec.turns.size(), 13u);
    game->rec.turns.erase(game->rec.turns.begin() + 13, game->rec.turns.end());
    auto noteOn = [](const vision::TrackingEvaluation& f, const std::string& turn) {
        for (const std::string& note : f.notes)
            if (note.rfind(turn, 0) == 0) return note;
        return std::string();
    };
    const vision::TrackingEvaluation f = vision::followRecording(game->rec, game->refs);
    for (const std::string& note : f.notes) std::printf("%s\n", note.c_str());
    EXPECT_NE(noteOn(f, "turn 7 refused").find("something faint"), std::string::npos);
    EXPECT_EQ(noteOn(f, "turn 12 "), "") << "a bare tile of fine-drawn art is read";
    EXPECT_LE(f.wrong, 1) << "turn 1: a follower on a city unseen (#8's lead)";
    EXPECT_GE(f.answerable, 1) << "the farmer under the faint blob is offered";
    vision::TrackerParams blind;
    blind.faint = {1, 1, 1, 1}; // the usual cuts: nothing more is found
    const vision::TrackingEvaluation g = vision::followRecording(game->rec, game->refs, blind);
    EXPECT_NE(noteOn(g, "turn 7: played V@2,-1r2 follower:g, read V@2,-1r2 pass"), "");
}

// A knock early on: the bench's base game 3 (5 players, the whole game framed, so its tiles
// are small), the camera knocked after turn 1, when the board is three tiles. The full
// recognition, looking afresh at so few, fitted a lattice a quarter tile off, and the
// incremental path then compared the new view with the old lattice: in turns 1-12, 4 read, the
// lattice off the new tile by 0.64 of a tile (median). The remembered
// view follows the camera's move (ObserverParams::follow): the settled picture's ORB corners
// matched in the knocked picture give the homography between the two. Off by default for now
// (the bench's 3-player procedural game reads 64 turns, 0 wrong -> 59, 2 wrong with it). Since
// a wrong view is noticed when a turn is settled (TurnObserver::knownTilesMoved) and read
// afresh until a picture shows the board clearly, the default reads 7 (lattice off 0.033), the
// followed view 9 (0.074).
TEST(GameTracker, AnEarlyKnockCanBeFollowed) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 5);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    vision::Recording rec = vision::recordGame(cfg, 3003, fixedCamera(150, 73, 0, 0));
    rec.turns.erase(rec.turns.begin() + 13, rec.turns.end());
    auto lattice = [](const vision::TrackingEvaluation& f) {
        std::vector<double> off;
        for (const auto& [turn, e] : f.latticeError) off.push_back(e);
        return vision::percentile(off, 0.5);
    };
    vision::TrackerParams following; // off by default: see ObserverParams::Follow
    following.observer.follow.on = true;
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs, following),
                                     before = vision::followRecording(rec, refs);
    std::printf("12 turns: %d read, %d wrong, lattice off %.3f (%d read, %d wrong, lattice off "
                "%.3f unfollowed)\n",
                f.read, f.wrong, lattice(f), before.read, before.wrong, lattice(before));
    EXPECT_LE(lattice(f), 0.15);        // 0.074
    EXPECT_LE(lattice(before), 0.15);   // 0.033 (0.638 before wrong views were noticed)
    EXPECT_GE(f.read, before.read + 2); // 9 of 12, 7 unfollowed (4 before)
    EXPECT_EQ(f.wrong, 0);
}

// The bench's game 1 with Abbey & Mayor as the bench frames it (the camera over the whole
// game's board, tiles of 45 px) and knocks it (after the first turn), procedural art, its first
// 10 turns. Turn 2's pictures did not read (a hand, then an illegal reading of the new tile), so
// the players entered it, and the view from before the knock stayed: a smooth table changes
// little when the camera moves (cameraMoved missed it), and the next pictures, compared with
// the settled one on that lattice, showed nothing new. Turns 3, 5 and 6 passed unseen, the
// lattice 0.54-0.64 of a tile off the new tiles. Settling a turn no picture was read for now
// checks the last tiles on the lattice (TurnObserver::knownTilesMoved), and a wrong view is
// read afresh until a picture shows the board clearly.
TEST(GameTracker, AKnockOnATurnEnteredByHandIsNoticed) {
    const auto [refs, rec] = benchGame(1, 10);
    const vision::TrackingEvaluation f = vision::followRecording(rec, refs);
    int unseen = 0;
    for (const std::string& note : f.notes) {
        std::printf("%s\n", note.c_str());
        unseen += note.find("not seen") != std::string::npos;
    }
    double worst = 0;
    for (const auto& [turn, off] : f.latticeError) worst = std::max(worst, off);
    std::printf("%d turns: %d read, %d by hand, %d wrong, %d unseen; lattice worst %.3f\n", f.turns,
                f.read, f.byHand, f.wrong, unseen, worst);
    EXPECT_TRUE(f.scoresEqual);
    EXPECT_LE(unseen, 1) << "turn 3, read before the view is found again";
    EXPECT_LT(worst, 0.3) << "the lattice lies on the board again after the knock";
    EXPECT_GE(f.read, 3);
    // Turn 5: I (two city caps) with the wagon on one cap, read as E (one cap) with a farmer
    // (the lead: a piece that may hide a city cap, as lookAlikeUnderPiece does for pennants).
    EXPECT_LE(f.wrong, 1);
}

// An answer counts as the turn played where its piece stands on the same part of the tile, not
// where its feature has the same name: H's caps are c (north) and d (south) as drawn, and a
// half turn, which H looks the same at, swaps the names. Five questions of the bench's 20 whole
// A&M games offered the piece where it stood under the other name, and were counted as not
// offered (procedural game 4 turns 4 and 41, 5 turn 14, 7 turn 25, 8 turn 32: H and X).
TEST(Evaluate, APieceOnATileTurnedByItsSymmetryIsTheSamePiece) {
    const adj::State s = *adj::State::create(adj::GameConfig::forSet("base", 2, {"abbey-mayor"}));
    auto turn = [&](const char* tile, const char* piece) {
        adj::State t = s;
        std::vector<adj::Action> out;
        for (const char* text : {tile, piece}) {
            std::string error;
            const std::optional<adj::Action> a = adj::parseAction(t, text, &error);
            EXPECT_TRUE(a) << text << ": " << error;
            if (!a || !adj::apply(t, *a).ok()) return out;
            out.push_back(*a);
        }
        return out;
    };
    // North of the start tile, whose city faces north: the south cap joins it.
    const std::vector<adj::Action> played = turn("H@0,1r0", "follower:c"); // the north cap
    ASSERT_EQ(played.size(), 2u);
    EXPECT_TRUE(vision::beginsTheTurn(s, turn("H@0,1r2", "follower:d"), played));
    EXPECT_FALSE(vision::beginsTheTurn(s, turn("H@0,1r2", "follower:c"), played));
    EXPECT_FALSE(vision::beginsTheTurn(s, turn("H@0,1r0", "follower:d"), played));
    EXPECT_FALSE(vision::beginsTheTurn(s, turn("H@0,1r0", "mayor:c"), played));
}
