// A whole game followed from a generated recording: each turn a picture with a hand over the
// table (nothing may be read from it), then the settled picture after the turn, from a camera
// fixed over the table and bumped once. Every turn the tracker reads must be the turn played
// (its tile and its piece or none); a turn it cannot read is entered by hand, as the players
// would, and the game goes on. The final scores must be the generating game's.
#include "vision/recognise.h"
#include "vision/recording.h"
#include "vision/tracker.h"

#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace {

struct Followed {
    int turns = 0, read = 0, byHand = 0, wrong = 0, warnings = 0;
    int handAlerts = 0; // pictures with a hand over the table that raised a discrepancy
};

// Where the pieces stand, in board terms: tile, owner, kind, and the feature as the board sees
// it (its kind and the board ports it reaches), so that tiles read at a rotation that looks the
// same compare equal.
std::vector<std::tuple<int, int, int, int, int, int>> pieces(const adj::State& s) {
    std::vector<std::tuple<int, int, int, int, int, int>> out;
    for (const adj::Meeple& m : s.meeples()) {
        const adj::PlacedTile& t = s.board().tiles()[size_t(s.board().tileOfNode(m.node))];
        const tiledb::Feature& f = t.kind->features[size_t(int(m.node) - t.firstNode)];
        int ports = 0;
        for (int p = 0; p < 12; ++p)
            if (f.hasPort(tiledb::Port(p))) ports |= 1 << ((p + 3 * t.rotation) % 12);
        out.emplace_back(t.pos.x, t.pos.y, int(m.player), int(m.kind), int(f.kind),
                         f.inner() ? int(m.corner) : ports);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The piece parts of two turns agree: both pass, or both put the same kind of piece on the
// same feature (features of tiles read at a rotation that looks the same are compared by the
// engine's scores instead, see below).
bool samePiece(const std::vector<adj::Action>& a, const std::vector<adj::Action>& b) {
    auto piece = [](const std::vector<adj::Action>& v) -> const adj::Action* {
        for (const adj::Action& x : v)
            if (x.kind == adj::Action::Kind::Piece) return &x;
        return nullptr;
    };
    const adj::Action *pa = piece(a), *pb = piece(b);
    if (!pa || !pb) return !pa && !pb;
    return pa->piece.kind == pb->piece.kind;
}

Followed follow(const vision::Recording& rec, const vision::ReferenceSet& refs) {
    Followed f;
    vision::GameTracker tracker(refs, rec.game);
    adj::State s = *adj::State::create(rec.game);
    for (size_t i = 0; i < rec.turns.size(); ++i) {
        const vision::RecordedTurn& truth = rec.turns[i];
        ++f.turns;
        // Discards are told by the players (nothing changes on the table).
        std::vector<adj::Action> todo = truth.actions;
        while (!todo.empty() && todo.front().kind == adj::Action::Kind::Discard) {
            adj::apply(s, todo.front());
            todo.erase(todo.begin());
        }
        bool done = false;
        const std::vector<cv::Mat> pictures = rec.pictures(i);
        for (const cv::Mat& picture : pictures) {
            const vision::TrackedTurn t = tracker.observe(s, picture);
            if (const char* dump = std::getenv("CARC_DUMP_TURN");
                dump && std::atoi(dump) == int(i + 1)) {
                cv::imwrite("/tmp/turn.png", picture);
                cv::imwrite("/tmp/turn-debug.png",
                            vision::Recogniser::debugImage(picture, t.tile.recognition));
                for (const auto& b : t.pieces)
                    std::printf("blob base %.2f %.2f area %.3f residual %.0f lab %.0f %.0f %.0f\n",
                                b.base.x, b.base.y, b.area, b.residual, b.lab[0], b.lab[1],
                                b.lab[2]);
            }
            if (t.status == vision::TrackedTurn::Status::Discrepancy && std::getenv("CARC_VERBOSE"))
                std::printf("turn %zu: %s\n", i + 1, t.problem.c_str());
            if (t.status == vision::TrackedTurn::Status::Discrepancy &&
                &picture != &pictures.back())
                ++f.handAlerts;
            if (t.status != vision::TrackedTurn::Status::Turn) continue;
            f.warnings += int(t.warnings.size());
            if (std::getenv("CARC_VERBOSE"))
                for (const std::string& w : t.warnings)
                    std::printf("turn %zu: %s\n", i + 1, w.c_str());
            adj::State mine = s;
            std::string seen;
            for (const adj::Action& a : t.actions) {
                seen += adj::actionText(mine, a) + " ";
                adj::apply(mine, a);
            }
            adj::State theirs = s;
            for (const adj::Action& a : todo) adj::apply(theirs, a);
            const adj::Action& tile = t.actions.front();
            const bool right = tile.tileKind == todo.front().tileKind &&
                               tile.placement.pos == todo.front().placement.pos &&
                               samePiece(t.actions, todo) && mine.scores() == theirs.scores() &&
                               pieces(mine) == pieces(theirs);
            if (!right) {
                ++f.wrong;
                std::printf("turn %zu: played %s, read %s(misfit %.1f)\n", i + 1,
                            truth.text.c_str(), seen.c_str(), t.misfit);
                break; // the players correct it: the turn as played
            }
            ++f.read;
            if (std::getenv("CARC_VERBOSE"))
                std::printf("turn %zu read: %s (misfit %.1f)\n", i + 1, seen.c_str(), t.misfit);
            s = mine;
            done = true;
            break;
        }
        if (!done) {
            ++f.byHand;
            for (const adj::Action& a : todo) adj::apply(s, a);
        }
    }
    adj::State theirs = *rec.final;
    s.endGame();
    theirs.endGame();
    EXPECT_EQ(s.scores(), theirs.scores());
    return f;
}

} // namespace

TEST(GameTracker, FollowsAWholeGameFromAFixedCamera) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 3);
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
    vision::RecordingParams p;
    p.camera.tiltDeg = 20;
    p.camera.yawDeg = 30;
    p.camera.seed = 41;
    p.bumpAfterTurn = 50;
    // 30 tiles keep the test quick in the sanitizer build; CARC_TILES=0 plays the whole game.
    p.maxTiles = 30;
    if (const char* n = std::getenv("CARC_TILES")) p.maxTiles = std::atoi(n);
    const vision::Recording rec = vision::recordGame(cfg, 2027, p);
    const Followed f = follow(rec, refs);
    std::printf("%d turns: %d read, %d entered by hand, %d wrong; %d warnings; %d hand pictures "
                "raised a discrepancy\n",
                f.turns, f.read, f.byHand, f.wrong, f.warnings, f.handAlerts);
    // Not there yet (#8): the target is 0 wrong and every turn read. Measured on this
    // recording (30 tiles): 29 turns, 13 read right, 1 wrong (I read as E: a piece on its road),
    // 15 refused: the first 9 because the lattice search needs ~10 tiles, the others say why
    // (a tile no drawing explains, a piece in another player's colour, a hand). The whole game
    // (CARC_TILES=0): 71 turns, 43 right, 4 wrong, 24 refused. The bounds catch regressions.
    EXPECT_LE(f.wrong, 2) << "more turns read wrongly than measured";
    EXPECT_GE(f.read, 11) << "fewer turns read than measured";
}
