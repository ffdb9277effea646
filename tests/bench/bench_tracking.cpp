// Following games from a camera (issue 8's figures), with fixed seeds, one thread:
//
// 1. Pieces: generated scenes with pieces (tilt 0/20/35/45, 2 to 6 players, boards of 10 to 84
//    tiles, light and blur levels), each tile's pieces looked for on the tile as drawn (truth
//    corners, so this measures the piece stage alone): precision and recall of pieces, colour
//    (each player's colour learned from the first clear piece, as the tracker does, then the
//    search guided by those colours), feature.
// 2. Games: recordings of seeded games (2 to 6 players, fixed camera, hands, a bump) followed by
//    the GameTracker with turns it cannot read entered by hand: turns read right, wrong,
//    refused (and of those, how many a question's offered answer settles in one click), and
//    the time of GameTracker::observe per settled picture (p50, p95).
//
//   bench_tracking [--scenes N] [--games N] [--game G] [--tiles N] [--turns N]
//   [--art procedural,newart] [--abbey-mayor] [--calibrate] [-v] [--dump DIR] [--record DIR]
// --turns N follows each game's first N turns only, as the camera framed for the whole game
// sees them (--tiles N plays short games instead, framed for their own small boards).
// --calibrate: the players first show the camera their pieces (GameTracker::calibrate): the
// pieces stage's colours and the games' trackers start from those colours.
// --abbey-mayor: both with Abbey & Mayor (its tiles; the mayor, wagon and barn among the pieces).
// -v prints each scene, each piece missed, each tile with more blobs than pieces (the blobs),
// each piece whose colour was read as another player's, and each game's notes. --dump DIR
// writes the picture around each tile with a piece missed or a blob too many (with -v's lines).
// --record DIR writes each game's recording as DIR/ART-game-G (writeRecording, after --turns),
// so a turn the bench got wrong can be followed again alone: `carcassonne vision track
// DIR/procedural-game-9` reads the same pictures with the same players and sets.
#include "bench_art.h"
#include "vision/evaluate.h"
#include "vision/frame_memory.h"
#include "vision/pieces.h"
#include "vision/recording.h"
#include "vision/tracker.h"

#include "adjudicator/random_game.h"
#include "tiledb/catalogue.h"

#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace {

bool verbose = false;
std::string dumpDir;   // --dump
std::string recordDir; // --record

// The picture around a tile (a tile's width beyond it each way), 4 times as large, its outline
// drawn, named after the scene and the tile, for --dump.
void dumpTile(const vision::Scene& scene, const std::array<cv::Point2f, 4>& corners,
              const std::string& name) {
    if (dumpDir.empty()) return;
    const cv::Rect box = cv::boundingRect(std::vector<cv::Point2f>(corners.begin(), corners.end()));
    const int grow = box.width / 2;
    const cv::Rect r = (box + cv::Size(2 * grow, 2 * grow) - cv::Point(grow, grow)) &
                       cv::Rect(0, 0, scene.image.cols, scene.image.rows);
    cv::Mat crop;
    cv::resize(scene.image(r), crop, {}, 4, 4, cv::INTER_NEAREST);
    for (int k = 0; k < 4; ++k)
        cv::line(crop, (corners[size_t(k)] - cv::Point2f(r.tl())) * 4,
                 (corners[size_t(k + 1) % 4] - cv::Point2f(r.tl())) * 4, {0, 255, 255}, 1);
    cv::imwrite(dumpDir + "/" + name + ".png", crop);
}

using bench::Art;

struct PieceCounts {
    int truth = 0, found = 0, extra = 0, colour = 0, feature = 0;
};

// Where a blob stands, as the tracker takes it: for a wagon (a low block that hardly leans) its
// middle, else vision::standsAt (its base, or the middle of a farmer lying flat on a field).
// `followersAcross`: the standing followers' median width across the lean (liesFlat).
cv::Point2f standsAt(const vision::PieceBlob& b, const vision::PieceTruth& q,
                     const adj::PlacedTile& placed, float followersAcross) {
    return q.kind == "wagon"
               ? b.centre
               : vision::standsAt(b.base, b.centre, vision::liesFlat(b, followersAcross),
                                  *placed.kind, placed.rotation);
}

// The pieces of one scene, tile by tile on the truth's corners.
PieceCounts pieceScene(const vision::Scene& scene, const adj::State& s, const Art& art, int players,
                       const vision::PlayerColours* calibrated, const std::string& label) {
    PieceCounts c;
    const vision::CameraOverBoard cam =
        vision::cameraOverBoard(scene.boardToImage, scene.image.size());
    std::vector<std::vector<vision::PieceBlob>> blobs;
    // The colours known guide the search (PieceParams::nearColour), as the tracker's do.
    auto search = [&](const vision::PlayerColours& colours) {
        const std::vector<cv::Vec3f> known = colours.knownColours();
        blobs.clear();
        for (const vision::TileTruth& t : scene.tiles)
            blobs.push_back(vision::findPieces(
                scene.image, t.corners, vision::drawingsOf(art.refs, t.kind, t.rotation),
                vision::boardPointInTile(scene.boardToImage, cam.foot, t.corners), {}, {}, known));
    };
    vision::PlayerColours colours = calibrated ? *calibrated : vision::PlayerColours(players);
    search(colours);
    float followersAcross = 0; // learned below, as the tracker learns it
    auto match = [&](size_t ti, const vision::PieceTruth& q) -> const vision::PieceBlob* {
        const adj::PlacedTile& placed = *s.board().at(scene.tiles[ti].cell);
        for (const vision::PieceBlob& b : blobs[ti]) // the blob on the piece's feature
            if (vision::distanceToFeature(*placed.kind, placed.rotation, q.feature,
                                          standsAt(b, q, placed, followersAcross)) < 0.12f)
                return &b;
        return nullptr;
    };
    // Calibration: the player's first clear piece alone on its tile (the tracker learns from
    // the one piece a turn placed; a blob of another piece on the tile would teach its colour).
    auto alone = [&](const vision::PieceTruth& q) {
        return std::count_if(scene.pieces.begin(), scene.pieces.end(),
                             [&](const vision::PieceTruth& o) { return o.cell == q.cell; }) == 1;
    };
    for (const vision::PieceTruth& q : scene.pieces)
        for (size_t ti = 0; ti < scene.tiles.size(); ++ti)
            if (scene.tiles[ti].cell == q.cell && q.kind != "barn" && !colours.known(q.player) &&
                alone(q))
                if (const auto* b = match(ti, q);
                    b && b->residual >= vision::TrackerParams{}.learnResidual)
                    colours.learn(q.player, b->lab);
    if (!calibrated) search(colours); // the rest of the game's pieces, with those colours
    // How wide this camera sees standing followers across their lean (the tracker learns it
    // from the followers it reads): the median over the scene's.
    std::vector<float> across;
    for (const vision::PieceTruth& q : scene.pieces)
        for (size_t ti = 0; ti < scene.tiles.size(); ++ti)
            if (scene.tiles[ti].cell == q.cell && q.kind == "follower" && !q.lying)
                if (const auto* b = match(ti, q)) across.push_back(b->across);
    followersAcross = vision::followersAcross(std::move(across));
    for (int q = 0; q < players && verbose; ++q) {
        if (colours.known(q))
            std::printf("  player %d's colour: L %.0f a %.0f b %.0f\n", q, colours.colour(q)[0],
                        colours.colour(q)[1], colours.colour(q)[2]);
        else
            std::printf("  player %d's colour: not learned\n", q);
    }
    for (size_t ti = 0; ti < scene.tiles.size(); ++ti) {
        int here = 0;
        for (const vision::PieceTruth& q : scene.pieces) {
            if (q.cell != scene.tiles[ti].cell || q.kind == "barn") continue;
            ++here;
            // A piece standing beyond the picture's edge cannot be seen: not counted (a blob of
            // its top is not an extra either).
            if (!cv::Rect2f(0, 0, float(scene.image.cols), float(scene.image.rows))
                     .contains(q.base))
                continue;
            ++c.truth;
            if (const auto* b = match(ti, q)) {
                ++c.found;
                c.colour += colours.nearest(b->lab) == q.player;
                if (verbose && colours.nearest(b->lab) != q.player) {
                    const int as = colours.nearest(b->lab);
                    std::printf(
                        "  colour: player %d's %s on %s r%d (tile %d; L %.0f a %.0f b %.0f, "
                        "at %.2f,%.2f, area %.4f) read as %d's (L %.0f a %.0f b %.0f)\n",
                        q.player, q.kind.c_str(), scene.tiles[ti].kind.c_str(),
                        scene.tiles[ti].rotation, int(ti), b->lab[0], b->lab[1], b->lab[2],
                        b->centre.x, b->centre.y, b->area, as, colours.colour(as)[0],
                        colours.colour(as)[1], colours.colour(as)[2]);
                    dumpTile(scene, scene.tiles[ti].corners,
                             label + "-tile" + std::to_string(ti) + "-colour");
                }
                // Its base nearer its own feature than any other of the tile's.
                const adj::PlacedTile& placed = *s.board().at(q.cell);
                int nearest = -1;
                float best = 1e9f;
                for (int f = 0; f < int(placed.kind->features.size()); ++f) {
                    const float d = vision::distanceToFeature(
                        *placed.kind, placed.rotation, f, standsAt(*b, q, placed, followersAcross));
                    if (d < best) best = d, nearest = f;
                }
                c.feature += nearest == q.feature;
            } else if (!blobs[ti].empty()) {
                ++c.found; // seen, but its base off the feature
            } else if (verbose) {
                const std::array<cv::Point2f, 4>& k = scene.tiles[ti].corners;
                // The picture as its own "board": the base in the tile's coordinates.
                const cv::Point2f inTile = vision::boardPointInTile(cv::Matx33d::eye(), q.base, k)
                                               .value_or(cv::Point2f(-1, -1));
                std::printf("  missed: player %d's %s%s on %s r%d at (%.0f, %.0f), %.2f,%.2f of "
                            "the tile, tile %d of %.0f px\n",
                            q.player, q.kind.c_str(), q.lying ? " (lying)" : "",
                            scene.tiles[ti].kind.c_str(), scene.tiles[ti].rotation, q.base.x,
                            q.base.y, inTile.x, inTile.y, int(ti), cv::norm(k[1] - k[0]));
                dumpTile(scene, k, label + "-tile" + std::to_string(ti) + "-missed");
            }
        }
        // A barn stands on a corner of four tiles: its parts on each are the barn's, not extra
        // pieces (the tracker reads barns from the corners, TrackerParams::barnReach).
        const std::array<cv::Point2f, 4>& k = scene.tiles[ti].corners;
        const float side = float(cv::norm(k[1] - k[0]));
        int barnParts = 0;
        for (const vision::PieceBlob& b : blobs[ti])
            for (const vision::PieceTruth& q : scene.pieces)
                if (q.kind == "barn" && cv::norm(b.baseInImage - q.base) < 0.3f * side) {
                    ++barnParts;
                    break;
                }
        c.extra += std::max(0, int(blobs[ti].size()) - here - barnParts);
        if (verbose && int(blobs[ti].size()) > here + barnParts) {
            std::printf(
                "  extra on %s r%d (%d pieces, tile %d of %.0f px):", scene.tiles[ti].kind.c_str(),
                scene.tiles[ti].rotation, here, int(ti), side);
            for (const auto& b : blobs[ti])
                std::printf(" [at %.2f,%.2f area %.4f residual %.0f Lab %.0f %.0f %.0f]",
                            b.centre.x, b.centre.y, b.area, b.residual, b.lab[0], b.lab[1],
                            b.lab[2]);
            std::printf("\n");
            dumpTile(scene, k, label + "-tile" + std::to_string(ti) + "-extra");
        }
    }
    return c;
}

// --calibrate: each player's colour from pictures of their pieces on the start tile, taken by
// the scene's camera before the game (GameTracker::calibrate); refusals are printed.
vision::PlayerColours calibrate(const adj::GameConfig& cfg, const vision::SceneParams& p,
                                const Art& art, int* refused) {
    vision::GameTracker tracker(art.refs, cfg);
    const adj::State start = *adj::State::create(cfg);
    const cv::Mat bare = vision::calibrationPicture(start, p, art.faces, -1);
    for (int q = 0; q < cfg.players; ++q) {
        const vision::Calibration c =
            tracker.calibrate(bare, vision::calibrationPicture(start, p, art.faces, q), q);
        if (!c.ok)
            ++*refused,
                std::printf("  calibration of player %d: %s\n", q + 1, c.problem.in().c_str());
    }
    return tracker.colours();
}

} // namespace

int main(int argc, char** argv) {
    int scenes = 16, games = 5, tiles = 0, only = -1, turns = 0;
    bool abbeyMayor = false, calibrated = false;
    std::string arts = "procedural,newart";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--scenes") && i + 1 < argc)
            scenes = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--games") && i + 1 < argc)
            games = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--tiles") && i + 1 < argc)
            tiles = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--turns") && i + 1 < argc)
            turns = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--game") && i + 1 < argc)
            only = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--calibrate"))
            calibrated = true;
        else if (!std::strcmp(argv[i], "--abbey-mayor"))
            abbeyMayor = true;
        else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc)
            dumpDir = argv[++i];
        else if (!std::strcmp(argv[i], "--record") && i + 1 < argc)
            recordDir = argv[++i];
        else if (!std::strcmp(argv[i], "-v"))
            verbose = true;
        else if (!std::strcmp(argv[i], "--art") && i + 1 < argc)
            arts = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_tracking [--scenes N] [--games N] [--game G] "
                                 "[--tiles N] [--turns N] [--art procedural,newart,classic] "
                                 "[--abbey-mayor] "
                                 "[--calibrate] [-v] [--dump DIR] [--record DIR]\n");
            return 2;
        }
    }
    cv::setNumThreads(1);
    vision::keepFrameMemory(); // as the app and the command-line tool run
    // The games' sets: the base game, with Abbey & Mayor when asked (its tiles, abbey, mayor,
    // wagon and barn).
    const std::vector<std::string> expansions =
        abbeyMayor ? std::vector<std::string>{"abbey-mayor"} : std::vector<std::string>{};
    const std::vector<const tiledb::TileSet*> sets =
        vision::gameSets(adj::GameConfig::forSet("base", 2, expansions));
    const std::vector<bench::Art> sources = bench::artSources(arts, sets);
    const double tilts[4] = {0, 20, 35, 45};
    std::printf("| pieces: art | scenes | pieces | recall %% | extra | precision %% | colour %% | "
                "feature %% |\n"
                "|---|---|---|---|---|---|---|---|\n");
    int refused = 0;
    for (const Art& art : sources) {
        PieceCounts sum;
        for (int k = 0; k < scenes; ++k) {
            const int players = 2 + k % 5;
            const adj::GameConfig cfg = adj::GameConfig::forSet("base", players, expansions);
            adj::RandomGameOptions o;
            o.maxTiles = 10 + (k * 37) % 62;
            o.meepleChance = 0.9;
            const adj::State s = adj::playRandomGame(cfg, std::uint64_t(900 + k), o);
            vision::SceneParams p;
            p.tiltDeg = tilts[k % 4];
            p.yawDeg = 17.0 * k;
            p.light = 0.2 + 0.1 * (k % 3);
            p.blur = 0.6 + 0.4 * (k % 3);
            p.pieces = true;
            p.seed = std::uint64_t(k + 1);
            std::optional<vision::PlayerColours> colours;
            if (calibrated) { // a camera fixed over the board, for the pictures before the game
                const adj::Bounds b = s.board().extent();
                p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
                // As a recording's camera frames its board (Recording::cameraFor): the near
                // side of a tilted view must stay in the picture.
                p.tilesAcross = std::max(b.maxY - b.minY + 2.5, (b.maxX - b.minX + 2.5) * 9 / 16) *
                                (1 + 0.5 * std::sin(p.tiltDeg * CV_PI / 180));
                colours = calibrate(cfg, p, art, &refused);
            }
            if (verbose)
                std::printf("scene %d (%s, tilt %.0f, %d players, %d tiles)\n", k, art.name.c_str(),
                            p.tiltDeg, players, o.maxTiles);
            const PieceCounts c =
                pieceScene(vision::renderScene(s, p, art.faces), s, art, players,
                           colours ? &*colours : nullptr, art.name + "-" + std::to_string(k));
            sum.truth += c.truth, sum.found += c.found, sum.extra += c.extra;
            sum.colour += c.colour, sum.feature += c.feature;
        }
        std::printf("| %s | %d | %d | %.1f | %d | %.1f | %.1f | %.1f |\n", art.name.c_str(), scenes,
                    sum.truth, 100.0 * sum.found / std::max(1, sum.truth), sum.extra,
                    100.0 * sum.found / std::max(1, sum.found + sum.extra),
                    100.0 * sum.colour / std::max(1, sum.found),
                    100.0 * sum.feature / std::max(1, sum.found));
    }
    std::printf("\n| games: art | players | turns | right | wrong | by hand | of them one click | "
                "scores equal | incremental p50 ms | p95 ms | full reads | full p50 ms | "
                "lattice off, turns 1-10 | turns 11- |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Art& art : sources)
        for (int g = 0; g < games; ++g) {
            if (only >= 0 && g != only) continue; // --game G: that game alone
            const int players = 2 + g % 5;
            const adj::GameConfig cfg = adj::GameConfig::forSet("base", players, expansions);
            vision::RecordingParams p;
            p.camera.tiltDeg = 20;
            p.camera.yawDeg = 30 + 40.0 * g;
            p.camera.seed = std::uint64_t(70 + g);
            p.bumpAfterTurn = tiles / 2; // knocked once, half way
            p.maxTiles = tiles;
            vision::Recording rec = vision::recordGame(cfg, std::uint64_t(3000 + g), p, art.faces);
            // --turns N: the early turns (read on the full path after the knock) in numbers.
            if (turns > 0) rec = vision::firstTurns(std::move(rec), size_t(turns));
            if (!recordDir.empty()) {
                const std::string dir = recordDir + "/" + art.name + "-game-" + std::to_string(g);
                std::string error;
                if (!vision::writeRecording(rec, dir, &error)) {
                    std::fprintf(stderr, "bench_tracking: --record: %s\n", error.c_str());
                    return 1;
                }
            }
            const vision::TrackingEvaluation e =
                vision::followRecording(rec, art.refs, {}, calibrated);
            refused += calibrated ? players - e.calibrated : 0;
            // How far the remembered lattice lies off the new tile (share of a tile): median
            // and worst, early in the game (a lattice fitted to a few tiles) and later.
            std::vector<double> early, late;
            for (const auto& [turn, off] : e.latticeError)
                (turn <= 10 ? early : late).push_back(off);
            auto spread = [](const std::vector<double>& v) {
                char text[64];
                std::snprintf(text, sizeof text, "%.3f (worst %.3f)", vision::percentile(v, 0.5),
                              vision::percentile(v, 1.0));
                return std::string(text);
            };
            std::printf("| %s%s | %d | %d | %d | %d | %d | %d | %s | %.1f | %.1f | %zu | %.0f | %s "
                        "| %s |\n",
                        art.name.c_str(), abbeyMayor ? " + A&M" : "", players, e.turns, e.read,
                        e.wrong, e.byHand, e.answerable, e.scoresEqual ? "yes" : "NO",
                        vision::percentile(e.millis, 0.5), vision::percentile(e.millis, 0.95),
                        e.fullMillis.size(), vision::percentile(e.fullMillis, 0.5),
                        spread(early).c_str(), spread(late).c_str());
            if (verbose)
                for (const std::string& note : e.notes) std::printf("    %s\n", note.c_str());
            std::fflush(stdout);
        }
    if (calibrated) std::printf("\ncalibrations refused: %d\n", refused);
    return 0;
}
