// Pieces on the board: the camera's position solved from the board's homography (checked
// against where the generator drew the tops of standing pieces), and pieces found on their
// tiles, in their players' colours, on their features, over generated scenes whose truth is
// known (procedural art; 2 to 6 players; tilts 0 to 45 degrees).
#include "vision/pieces.h"
#include "vision/recognise.h"
#include "vision/recording.h"
#include "vision/scene.h"
#include "vision/tile_art.h"
#include "vision/tracker.h"

#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <limits>

namespace {

adj::State gameAfter(const adj::GameConfig& cfg, std::uint64_t seed, int tiles) {
    adj::RandomGameOptions o;
    o.maxTiles = tiles;
    o.meepleChance = 0.9;
    return adj::playRandomGame(cfg, seed, o);
}

cv::Point2d toBoard(const cv::Matx33d& boardToImage, cv::Point2f img) {
    const cv::Vec3d b = boardToImage.inv() * cv::Vec3d(img.x, img.y, 1);
    return {b[0] / b[2], b[1] / b[2]};
}

[[maybe_unused]] cv::Vec3f labOf(const cv::Vec3b& bgr) {
    return vision::meanLab(cv::Mat(1, 1, CV_8UC3, cv::Scalar(bgr[0], bgr[1], bgr[2])),
                           cv::Mat(1, 1, CV_8U, cv::Scalar(255)));
}

} // namespace

TEST(Pieces, CameraOverTheBoardFromItsHomography) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4);
    const adj::State s = gameAfter(cfg, 5, 30);
    for (double tilt : {20.0, 35.0, 45.0}) {
        vision::SceneParams p;
        p.tiltDeg = tilt;
        p.yawDeg = 25;
        p.pieces = true;
        p.seed = 3;
        const vision::Scene scene = vision::renderScene(s, p);
        const vision::CameraOverBoard cam =
            vision::cameraOverBoard(scene.boardToImage, scene.image.size());
        ASSERT_TRUE(cam.known) << "tilt " << tilt;
        // A standing follower's top (0.22 tiles high) seen through the board plane lies on the
        // line from the point under the camera through its base, h / (H - h) further out.
        int checked = 0;
        for (const vision::PieceTruth& q : scene.pieces) {
            if (q.kind != "follower" || q.lying) continue;
            const cv::Point2d base = toBoard(scene.boardToImage, q.base);
            const cv::Point2d top = toBoard(scene.boardToImage, q.top);
            const cv::Point2d expected = base + (base - cam.foot) * (0.22 / (cam.height - 0.22));
            EXPECT_LT(cv::norm(top - expected), 0.02) << "tilt " << tilt;
            ++checked;
        }
        EXPECT_GT(checked, 3);
    }
    // Straight down: the foot is the board point at the picture's centre.
    vision::SceneParams down;
    const vision::Scene scene = vision::renderScene(s, down);
    const vision::CameraOverBoard cam =
        vision::cameraOverBoard(scene.boardToImage, scene.image.size());
    const cv::Point2d centre = toBoard(scene.boardToImage, {960, 540});
    EXPECT_LT(cv::norm(cam.foot - centre), 0.05);
}

// Every tile of generated scenes with pieces: the blobs found on it against the pieces drawn
// there. Colours are learned from each player's first piece (as the tracker does), then every
// piece must be told by its colour, and the colours known guide the search (as the tracker's do).
TEST(Pieces, FoundOnTheirTilesInTheirColoursOnTheirFeatures) {
    int pieces = 0, found = 0, extra = 0, colourRight = 0, featureRight = 0, tilesEmpty = 0;
    int scenes = 0;
    for (int players : {2, 4, 6}) {
        const adj::GameConfig cfg = adj::GameConfig::forSet("base", players);
        const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
        for (double tilt : {0.0, 20.0, 35.0, 45.0}) {
            const std::uint64_t seed = std::uint64_t(players * 100 + tilt);
            const adj::State s = gameAfter(cfg, seed, 40);
            vision::SceneParams p;
            p.tiltDeg = tilt;
            p.yawDeg = tilt * 2;
            p.pieces = true;
            p.seed = seed;
            const vision::Scene scene = vision::renderScene(s, p);
            ++scenes;
            const vision::CameraOverBoard cam =
                vision::cameraOverBoard(scene.boardToImage, scene.image.size());
            // Each player's colour learned from the first of their pieces found (as the
            // tracker learns it from a player's first piece), then every piece told by it.
            vision::PlayerColours colours(players);
            for (const vision::PieceTruth& q : scene.pieces) {
                if (colours.known(q.player) || q.kind == "barn") continue;
                const auto it = std::find_if(scene.tiles.begin(), scene.tiles.end(),
                                             [&](const auto& t) { return t.cell == q.cell; });
                const auto blobs = vision::findPieces(
                    scene.image, it->corners, vision::drawingsOf(refs, it->kind, it->rotation),
                    vision::boardPointInTile(scene.boardToImage, cam.foot, it->corners));
                // Clear sightings only, as the tracker learns (TrackerParams::learnResidual).
                if (!blobs.empty() &&
                    blobs.front().residual >= vision::TrackerParams{}.learnResidual)
                    colours.learn(q.player, blobs.front().lab);
            }
            for (size_t ti = 0; ti < scene.tiles.size(); ++ti) {
                const vision::TileTruth& t = scene.tiles[ti];
                const adj::PlacedTile& placed = *s.board().at(t.cell);
                std::vector<const vision::PieceTruth*> here;
                for (const vision::PieceTruth& q : scene.pieces)
                    if (q.cell == t.cell && q.kind != "barn") here.push_back(&q);
                const auto foot = vision::boardPointInTile(scene.boardToImage, cam.foot, t.corners);
                const std::vector<vision::PieceBlob> blobs = vision::findPieces(
                    scene.image, t.corners, vision::drawingsOf(refs, t.kind, t.rotation), foot, {},
                    {}, colours.knownColours());
                pieces += int(here.size());
                if (here.empty()) {
                    tilesEmpty += blobs.empty();
                    extra += int(blobs.size());
                    continue;
                }
                if (blobs.empty()) {
                    std::printf("missed: tilt %.0f tile %s r%d at (%d,%d), %s on feature %d\n",
                                tilt, t.kind.c_str(), t.rotation, t.cell.x, t.cell.y,
                                here.front()->kind.c_str(), here.front()->feature);
                    continue;
                }
                ++found;
                extra += int(blobs.size()) - 1;
                const vision::PieceBlob& b = blobs.front();
                const vision::PieceTruth& q = *here.front();
                colourRight += colours.nearest(b.lab) == q.player;
                if (colours.nearest(b.lab) != q.player)
                    std::printf("colour: player %d read as %d (L %.0f a %.0f b %.0f)\n", q.player,
                                colours.nearest(b.lab), b.lab[0], b.lab[1], b.lab[2]);
                // The feature under the base: the truth's, and no other feature nearer.
                float best = 1e9f;
                int nearest = -1;
                for (int f = 0; f < int(placed.kind->features.size()); ++f) {
                    const float d = vision::distanceToFeature(*placed.kind, t.rotation, f, b.base);
                    if (d < best) best = d, nearest = f;
                }
                featureRight += nearest == q.feature;
                if (nearest != q.feature)
                    std::printf("tilt %.0f tile %s r%d at (%d,%d): base (%.2f, %.2f) on feature "
                                "%d, drawn on %d\n",
                                tilt, t.kind.c_str(), t.rotation, t.cell.x, t.cell.y, b.base.x,
                                b.base.y, nearest, q.feature);
            }
        }
    }
    std::printf("%d scenes, %d pieces: %d found, %d extra blobs, colour right %d, feature right "
                "%d\n",
                scenes, pieces, found, extra, colourRight, featureRight);
    ASSERT_GT(pieces, 100);
    // Measured: 295 pieces, 294 found, 0 extra blobs, colour 294 of 294, feature 291 of 294.
    // Before the colours known guided the search and no gain of the light's fit fell below half
    // the largest: 288 found, 3 extra blobs, colour 285 of 288. The three misread were green
    // followers on a cloister in a green field: the fit's gains turned the cloister green,
    // which explained the piece, and its blob's colour was the cloister roof's red.
    EXPECT_GE(found, pieces * 97 / 100);
    EXPECT_LE(extra, pieces / 50);
    EXPECT_GE(colourRight, found - 1);
    EXPECT_GE(featureRight, found * 98 / 100);
    std::printf("tiles without a piece and no blob: %d\n", tilesEmpty);
}

// A farmer lying across the line from the camera's foot is wider across it than standing
// pieces are (they lean along it): told flat, it lies where its middle is when that is on a
// field, where its near end may reach the road or city beside. Generated scenes, each tile with
// one follower, farmer or mayor: no standing piece is told flat, and more land on their feature.
TEST(Pieces, AFarmerLyingFlatIsToldByItsWidthAndLiesWhereItsMiddleIs) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
    int standing = 0, standingFlat = 0, lying = 0, lyingFlat = 0, movedOn = 0, movedOff = 0;
    // Scenes 12-19 and 40-47 of the pieces bench (`bench_tracking --scenes 48 --abbey-mayor
    // --calibrate`), in procedural art: three of them hold farmers whose near end reaches a city.
    for (int k : {12, 13, 14, 15, 16, 17, 18, 19, 40, 41, 42, 43, 44, 45, 46, 47}) {
        adj::RandomGameOptions o;
        o.maxTiles = 10 + (k * 37) % 62;
        o.meepleChance = 0.9;
        const adj::State s = adj::playRandomGame(cfg, std::uint64_t(900 + k), o);
        vision::SceneParams p;
        p.tiltDeg = std::array{0.0, 20.0, 35.0, 45.0}[size_t(k % 4)];
        p.yawDeg = 17.0 * k;
        p.light = 0.2 + 0.1 * (k % 3);
        p.blur = 0.6 + 0.4 * (k % 3);
        p.pieces = true;
        p.seed = std::uint64_t(k + 1);
        const adj::Bounds b = s.board().extent();
        p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
        p.tilesAcross = std::max(b.maxY - b.minY + 2.5, (b.maxX - b.minX + 2.5) * 9 / 16) *
                        (1 + 0.5 * std::sin(p.tiltDeg * CV_PI / 180));
        const vision::Scene scene = vision::renderScene(s, p);
        const vision::CameraOverBoard cam =
            vision::cameraOverBoard(scene.boardToImage, scene.image.size());
        struct Seen {
            const vision::PieceTruth* truth;
            const adj::PlacedTile* placed;
            vision::PieceBlob blob;
        };
        std::vector<Seen> seen; // tiles with one piece drawn and one blob found
        for (const vision::TileTruth& t : scene.tiles) {
            std::vector<const vision::PieceTruth*> here;
            for (const vision::PieceTruth& q : scene.pieces)
                if (q.cell == t.cell && q.kind != "barn") here.push_back(&q);
            // A wagon is taken by its middle (the tracker's pieceKind), not by standsAt.
            if (here.size() != 1 || here[0]->kind == "wagon") continue;
            const auto blobs = vision::findPieces(
                scene.image, t.corners, vision::drawingsOf(refs, t.kind, t.rotation),
                vision::boardPointInTile(scene.boardToImage, cam.foot, t.corners));
            if (blobs.size() == 1) seen.push_back({here[0], &*s.board().at(t.cell), blobs[0]});
        }
        // The standing followers' width across the lean, as the tracker learns it.
        std::vector<float> across;
        for (const Seen& x : seen)
            if (x.truth->kind == "follower" && !x.truth->lying) across.push_back(x.blob.across);
        const float followers = vision::followersAcross(std::move(across));
        if (followers == 0) continue; // straight down, nothing leans
        for (const Seen& x : seen) {
            const bool flat = vision::liesFlat(x.blob, followers);
            (x.truth->lying ? lying : standing) += 1;
            (x.truth->lying ? lyingFlat : standingFlat) += flat;
            auto on = [&](cv::Point2f at) {
                return x.placed->kind->featureAt({at.x, at.y}, x.placed->rotation) ==
                       x.truth->feature;
            };
            const bool base = on(x.blob.base),
                       stand = on(vision::standsAt(x.blob.base, x.blob.centre, flat,
                                                   *x.placed->kind, x.placed->rotation));
            movedOn += stand && !base;
            movedOff += base && !stand;
            if (flat && !x.truth->lying)
                std::printf("told flat: scene %d, a %s on %s, %.2f of the followers' width\n", k,
                            x.truth->kind.c_str(), x.placed->kind->id.c_str(),
                            x.blob.across / followers);
        }
    }
    std::printf("standing %d (flat %d), lying %d (flat %d); moved onto their feature %d, off "
                "it %d\n",
                standing, standingFlat, lying, lyingFlat, movedOn, movedOff);
    // Measured: standing 174 (flat 1: a mayor, 1.6 times as wide), lying 163 (flat 25); moved
    // onto their feature 2, off it 0.
    EXPECT_GT(standing, 100);
    EXPECT_GT(lying, 100);
    EXPECT_LE(standingFlat, standing / 50);
    EXPECT_GE(lyingFlat, lying / 20);
    EXPECT_GE(movedOn, 1);
    EXPECT_EQ(movedOff, 0);
}

// A piece whose colour is close to the tile's art under it (a red piece on red roofs) departs
// little from the drawing: unseen by the usual cut, found once the player's colour is known.
TEST(Pieces, AKnownColourFindsAPieceThatHardlyDepartsFromTheDrawing) {
    const cv::Scalar roof(40, 110, 200), piece(40, 88, 200); // BGR: 22 apart
    const cv::Mat drawing(64, 64, CV_8UC3, roof);
    cv::Mat picture(400, 400, CV_8UC3, cv::Scalar(60, 90, 110));
    picture(cv::Rect(100, 100, 200, 200)).setTo(roof);
    cv::circle(picture, {200, 190}, 13, piece, cv::FILLED, cv::LINE_AA);
    cv::Mat noise(picture.size(), CV_8UC3);
    cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
    picture += noise;
    const std::array<cv::Point2f, 4> corners{{{100, 100}, {300, 100}, {300, 300}, {100, 300}}};
    EXPECT_TRUE(vision::findPieces(picture, corners, {drawing}, std::nullopt).empty());
    const cv::Mat px(1, 1, CV_8UC3, piece);
    const cv::Vec3f lab = vision::meanLab(px, cv::Mat(1, 1, CV_8U, cv::Scalar(255)));
    const auto found = vision::findPieces(picture, corners, {drawing}, std::nullopt, {}, {}, {lab});
    ASSERT_EQ(found.size(), 1u);
    EXPECT_NEAR(found[0].centre.x, 0.5f, 0.03f);
    EXPECT_NEAR(found[0].centre.y, 0.45f, 0.03f);
    // Another player's colour, far from it: nothing.
    const cv::Mat blue(1, 1, CV_8UC3, cv::Scalar(200, 90, 30));
    EXPECT_TRUE(vision::findPieces(picture, corners, {drawing}, std::nullopt, {}, {},
                                   {vision::meanLab(blue, cv::Mat(1, 1, CV_8U, cv::Scalar(255)))})
                    .empty());
}

// A follower drawn in two parts (its head apart from its body, as when a pixel between them
// matches the drawing) is one piece, with one base; two pieces as near each other in two
// players' colours stay two.
TEST(Pieces, PartsOfOnePieceAreOnePieceAndTwoColoursAreTwo) {
    const cv::Scalar field(60, 150, 80), red(40, 40, 200), blue(200, 90, 30);
    const cv::Mat drawing(64, 64, CV_8UC3, field);
    const std::array<cv::Point2f, 4> corners{{{100, 100}, {300, 100}, {300, 300}, {100, 300}}};
    auto picture = [&](const cv::Scalar& head, const cv::Scalar& body) {
        cv::Mat pic(400, 400, CV_8UC3, cv::Scalar(60, 90, 110));
        pic(cv::Rect(100, 100, 200, 200)).setTo(field);
        cv::circle(pic, {200, 150}, 7, head, cv::FILLED, cv::LINE_AA); // 0.25 of a tile down
        // A tenth of a tile below the head (the blobs' closing does not bridge it), 0.18 apart.
        cv::rectangle(pic, {192, 177}, {208, 197}, body, cv::FILLED, cv::LINE_AA);
        cv::Mat noise(pic.size(), CV_8UC3);
        cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
        return cv::Mat(pic + noise);
    };
    const auto one = vision::findPieces(picture(red, red), corners, {drawing}, std::nullopt);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_NEAR(one[0].centre.x, 0.5f, 0.02f);
    // Between the head's 0.27 and the body's 0.45, not at either alone (area-weighted).
    EXPECT_GT(one[0].centre.y, 0.31f);
    EXPECT_LT(one[0].centre.y, 0.41f);
    EXPECT_GT(one[0].lab[1], 50); // red (a* of the pure red drawn is about 60)
    // Joining off: the same picture is two blobs.
    vision::PieceParams apart;
    apart.joinReach = 0;
    EXPECT_EQ(vision::findPieces(picture(red, red), corners, {drawing}, std::nullopt, apart).size(),
              2u);
    // A red piece beside a blue one: two pieces, each in its own colour.
    const auto two = vision::findPieces(picture(red, blue), corners, {drawing}, std::nullopt);
    ASSERT_EQ(two.size(), 2u);
    EXPECT_NE(two[0].lab[1] > 30, two[1].lab[1] > 30);
}

// Where four tiles meet, the table or their shade shows through as a small, faint patch in a
// corner square. It is no piece; the same patch mid-tile, or in a player's colour, is one.
TEST(Pieces, ASmallFaintPatchInACornerIsTheTableUnlessInAPlayersColour) {
    const cv::Scalar field(60, 150, 80), table(40, 95, 60), deeper(20, 70, 40);
    const cv::Mat drawing(64, 64, CV_8UC3, field);
    const std::array<cv::Point2f, 4> corners{{{100, 100}, {300, 100}, {300, 300}, {100, 300}}};
    auto picture = [&](cv::Point at) {
        cv::Mat pic(400, 400, CV_8UC3, cv::Scalar(60, 90, 110));
        pic(cv::Rect(100, 100, 200, 200)).setTo(field);
        cv::circle(pic, at, 9, table, cv::FILLED, cv::LINE_AA);
        cv::circle(pic, at, 3, deeper, cv::FILLED, cv::LINE_AA); // a seed to grow from
        cv::Mat noise(pic.size(), CV_8UC3);
        cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
        return cv::Mat(pic + noise);
    };
    const cv::Point corner(262, 138), middle(200, 200); // 0.19 of a tile from two edges
    vision::PieceParams off;
    off.cornerReach = 0;
    const auto seen = vision::findPieces(picture(corner), corners, {drawing}, std::nullopt, off);
    ASSERT_EQ(seen.size(), 1u); // found at all without the corner rule,
    EXPECT_LT(seen[0].area, vision::PieceParams{}.cornerArea);
    EXPECT_LT(seen[0].residual, vision::PieceParams{}.seedResidual); // and small and faint
    EXPECT_TRUE(vision::findPieces(picture(corner), corners, {drawing}, std::nullopt).empty());
    EXPECT_EQ(vision::findPieces(picture(middle), corners, {drawing}, std::nullopt).size(), 1u);
    // A player whose colour it is: kept.
    EXPECT_EQ(vision::findPieces(picture(corner), corners, {drawing}, std::nullopt, {}, cv::Mat(),
                                 {seen[0].lab})
                  .size(),
              1u);
}

// A drawing of two colours (a cloister on a field) has only one contrast to fit the light by: a
// green wagon over the cloister would be fitted by gains that turn the cloister green (negative
// in two channels), explaining the wagon away or leaving only the roof's edge, in the roof's
// colour. Light scales the channels alike, so no gain may fall far below the largest.
TEST(Pieces, APieceCoveringADrawingsOnlyMarkIsSeenInItsOwnColour) {
    const cv::Scalar field(60, 150, 80), cloister(50, 70, 160), wagon(60, 190, 40); // BGR
    cv::Mat drawing(64, 64, CV_8UC3, field);
    drawing(cv::Rect(24, 24, 16, 16)).setTo(cloister);
    const std::array<cv::Point2f, 4> corners{{{100, 100}, {300, 100}, {300, 300}, {100, 300}}};
    cv::Mat picture(400, 400, CV_8UC3, cv::Scalar(60, 90, 110));
    picture(cv::Rect(100, 100, 200, 200)).setTo(field);
    picture(cv::Rect(175, 175, 50, 50)).setTo(cloister);
    cv::rectangle(picture, {176, 170}, {224, 214}, wagon, cv::FILLED, cv::LINE_AA); // roof below
    cv::Mat noise(picture.size(), CV_8UC3);
    cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
    picture += noise;
    const cv::Vec3f green = labOf(cv::Vec3b(60, 190, 40)), red = labOf(cv::Vec3b(50, 70, 160));
    auto nearest = [&](const vision::PieceBlob& b) {
        return cv::norm(b.lab - green) < cv::norm(b.lab - red) ? "green" : "red";
    };
    vision::PieceParams any; // gains as the least squares give them
    any.minGainShare = -std::numeric_limits<double>::infinity();
    const auto unbound = vision::findPieces(picture, corners, {drawing}, std::nullopt, any);
    ASSERT_EQ(unbound.size(), 1u);
    EXPECT_EQ(nearest(unbound[0]), std::string("red")); // the roof's edge alone
    const auto found = vision::findPieces(picture, corners, {drawing}, std::nullopt);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(nearest(found[0]), std::string("green"));
    EXPECT_NEAR(found[0].centre.x, 0.5f, 0.05f);
    EXPECT_NEAR(found[0].centre.y, 0.5f, 0.05f);
    EXPECT_GT(found[0].area, 0.05f); // the wagon, 0.05 of the tile, and the roof below it
}

// A neighbour's shadow along an edge blends into the field, and the blend is the field darkened:
// as near a green player's colour (as calibrated, a green piece on the table) as a green piece
// on a field is. The colour-guided search leaves the band and its fringe to pieces' cores. A
// scene of the pieces benchmark (bench_tracking --calibrate, procedural Abbey & Mayor, scene
// 77: 69 tiles, 4 players, tilt 20) where such slivers were read as pieces.
TEST(Pieces, NoPieceInTheShadeAlongATilesEdgeInAPlayersColour) {
    const int players = 4;
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", players, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg));
    const adj::State s = gameAfter(cfg, 977, 69);
    vision::SceneParams p;
    p.tiltDeg = 20, p.yawDeg = 17.0 * 77, p.light = 0.4, p.blur = 1.4, p.seed = 78;
    p.pieces = true;
    const adj::Bounds b = s.board().extent();
    p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
    p.tilesAcross = std::max(b.maxY - b.minY + 2.5, (b.maxX - b.minX + 2.5) * 9 / 16) *
                    (1 + 0.5 * std::sin(p.tiltDeg * CV_PI / 180));
    // Each player shows the camera their pieces on the start tile before the game.
    vision::GameTracker tracker(refs, cfg);
    const adj::State start = *adj::State::create(cfg);
    const cv::Mat bare = vision::calibrationPicture(start, p, {}, -1);
    for (int q = 0; q < players; ++q)
        ASSERT_TRUE(tracker.calibrate(bare, vision::calibrationPicture(start, p, {}, q), q).ok);
    const std::vector<cv::Vec3f> colours = tracker.colours().knownColours();
    const vision::Scene scene = vision::renderScene(s, p);
    const vision::CameraOverBoard cam =
        vision::cameraOverBoard(scene.boardToImage, scene.image.size());
    int pieces = 0, blobs = 0, extra = 0;
    for (const vision::TileTruth& t : scene.tiles) {
        const int here = int(std::count_if(scene.pieces.begin(), scene.pieces.end(), [&](auto& q) {
            return q.cell == t.cell && q.kind != "barn";
        }));
        const std::vector<vision::PieceBlob> found = vision::findPieces(
            scene.image, t.corners, vision::drawingsOf(refs, t.kind, t.rotation),
            vision::boardPointInTile(scene.boardToImage, cam.foot, t.corners), {}, {}, colours);
        // A barn stands where four tiles meet: its parts on each are the barn's.
        const double side = cv::norm(t.corners[1] - t.corners[0]);
        const int seen = int(std::count_if(found.begin(), found.end(), [&](auto& blob) {
            return std::none_of(scene.pieces.begin(), scene.pieces.end(), [&](auto& q) {
                return q.kind == "barn" && cv::norm(blob.baseInImage - q.base) < 0.3 * side;
            });
        }));
        pieces += here, blobs += seen, extra += std::max(0, seen - here);
    }
    std::printf("%d pieces, %d blobs, %d extra\n", pieces, blobs, extra);
    ASSERT_GT(pieces, 30);
    EXPECT_GE(blobs, pieces - 2);
    EXPECT_LE(extra, 1); // measured: 0; 5 without the band rule (green slivers)
}

// A city with a pennant (M) and without (N) differ only in the pennant: a piece standing over it
// may hide it, a piece elsewhere on the tile leaves it in plain view (the tracker then takes the
// classifier's reading rather than asking the players which tile it is).
TEST(Pieces, APennantIsHiddenOnlyByAPieceNearIt) {
    const auto sets = vision::gameSets(adj::GameConfig::forSet("base", 2));
    const tiledb::TileKind* m = sets[0]->find("M");
    const tiledb::TileKind* n = sets[0]->find("N");
    ASSERT_TRUE(m && n);
    for (int rotation = 0; rotation < 4; ++rotation) {
        const cv::Mat a = vision::drawTile(*m, rotation, 96),
                      b = vision::drawTile(*n, rotation, 96);
        // Where the pennant is: the centre of the drawings' difference.
        cv::Mat d, grey;
        cv::absdiff(a, b, d);
        cv::cvtColor(d, grey, cv::COLOR_BGR2GRAY);
        const cv::Moments mo = cv::moments(grey > 40, true);
        ASSERT_GT(mo.m00, 0);
        const cv::Point2f mark(float(mo.m10 / mo.m00) / 96, float(mo.m01 / mo.m00) / 96);
        auto piece = [](cv::Point2f at) {
            vision::PieceBlob p;
            p.centre = p.base = at;
            p.area = 0.03f;
            return p;
        };
        EXPECT_TRUE(vision::mayHideMark(a, b, {piece(mark)})) << rotation;
        EXPECT_TRUE(vision::mayHideMark(a, b, {piece(mark + cv::Point2f(0.12f, 0.05f))}));
        const cv::Point2f across(1 - mark.x, 1 - mark.y); // the far side of the tile
        ASSERT_GT(cv::norm(across - mark), 0.4);
        EXPECT_FALSE(vision::mayHideMark(a, b, {piece(across)})) << rotation;
        EXPECT_FALSE(vision::mayHideMark(a, b, {})) << rotation;
    }
    // Drawings that differ all over (two artists' tiles) do not say where a mark is.
    const cv::Mat a = vision::drawTile(*m, 0, 96);
    cv::Mat other;
    cv::bitwise_not(a, other);
    EXPECT_TRUE(vision::mayHideMark(a, other, {}));
}

namespace {

// A picture of a drawing laid square at `box` on a plain table, softened and grainy as a
// camera's, and the drawing as the reference set holds it.
cv::Mat photoOf(const cv::Mat& face, cv::Rect box, cv::Size size) {
    cv::Mat picture(size, CV_8UC3, cv::Scalar(60, 90, 110));
    cv::Mat big;
    cv::resize(face, big, box.size(), 0, 0, cv::INTER_AREA);
    const cv::Rect seen = box & cv::Rect(cv::Point(0, 0), size);
    big(seen - box.tl()).copyTo(picture(seen));
    return picture;
}

void likeACamera(cv::Mat& picture) {
    cv::GaussianBlur(picture, picture, {0, 0}, 1.0);
    cv::Mat noise(picture.size(), CV_8UC3);
    cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(2));
    picture += noise;
}

std::array<cv::Point2f, 4> cornersOf(cv::Rect box) {
    const float x = float(box.x), y = float(box.y), w = float(box.width), h = float(box.height);
    return {{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}};
}

const tiledb::TileKind& baseKind(const char* id) {
    static const auto sets = vision::gameSets(adj::GameConfig::forSet("base", 2));
    const tiledb::TileKind* k = sets[0]->find(id);
    EXPECT_TRUE(k) << id;
    return *k;
}

} // namespace

// Two drawings told apart where they differ, not over the whole tile: E (one city cap) and H
// (two) differ in a fifth of the tile, which a median misfit hardly sees. Where they differ the
// drawing the picture shows explains it several times better; drawings alike tell nothing.
TEST(Pieces, TheDrawingShownExplainsWhereTwoDrawingsDiffer) {
    const cv::Rect box(140, 140, 120, 120);
    const tiledb::TileKind &e = baseKind("E"), &h = baseKind("H");
    const cv::Mat eDrawn = vision::drawTile(e, 0, 64), hDrawn = vision::drawTile(h, 0, 64);
    for (const tiledb::TileKind* shown : {&e, &h}) {
        cv::Mat picture = photoOf(vision::drawTile(*shown, 0, 256), box, {400, 400});
        likeACamera(picture);
        // An empty drawing among the others (a kind without art) answers nothing for itself
        // alone: the others are still answered, as without it.
        const auto all = vision::misfitsWhereDrawingsDiffer(picture, cornersOf(box), eDrawn,
                                                            {hDrawn, cv::Mat(), eDrawn});
        ASSERT_EQ(all.size(), 3u);
        const auto& m = all[0];
        ASSERT_TRUE(m) << shown->id;
        const float mine = shown == &e ? m->first : m->second,
                    other = shown == &e ? m->second : m->first;
        EXPECT_LT(3 * mine, other) << shown->id << " shown: " << m->first << " " << m->second;
        EXPECT_FALSE(all[1]) << "an empty drawing tells nothing";
        EXPECT_FALSE(all[2]) << "drawings alike tell nothing";
        const auto without =
            vision::misfitsWhereDrawingsDiffer(picture, cornersOf(box), eDrawn, {hDrawn});
        ASSERT_EQ(without.size(), 1u);
        ASSERT_TRUE(without[0]);
        EXPECT_EQ(*without[0], *m);
        // Where pieces stand neither drawing shows: left out, a disc on the field in the middle
        // (where E and H agree) changes nothing; one over the whole tile leaves nothing to tell.
        const auto middle = vision::misfitsWhereDrawingsDiffer(
            picture, cornersOf(box), eDrawn, {hDrawn}, {}, {{{0.5f, 0.5f}, 0.1f}});
        ASSERT_TRUE(middle[0]);
        EXPECT_EQ(*middle[0], *m);
        EXPECT_FALSE(vision::misfitsWhereDrawingsDiffer(picture, cornersOf(box), eDrawn, {hDrawn},
                                                        {}, {{{0.5f, 0.5f}, 0.8f}})[0]);
    }
}

// A tile partly beyond the picture's edge: what lies beyond is unknown (the unwarped tile
// repeats the border there), and reads as no piece; a piece on the part in view is found.
TEST(Pieces, ATileAtThePicturesEdgeShowsNoPiecesBeyondIt) {
    const tiledb::TileKind& d = baseKind("D"); // a road across, a city on one side
    for (int rotation = 0; rotation < 4; ++rotation)
        for (int cut : {20, 45, 70}) { // pixels of the tile's 120 beyond the right edge
            const cv::Rect box(300 - 120 + cut, 60, 120, 120);
            cv::Mat picture = photoOf(vision::drawTile(d, rotation, 256), box, {300, 240});
            cv::Mat withPiece = picture.clone();
            cv::circle(withPiece, {box.x + 25, box.y + 60}, 9, cv::Scalar(200, 60, 40), cv::FILLED,
                       cv::LINE_AA);
            likeACamera(picture);
            likeACamera(withPiece);
            const std::vector<cv::Mat> drawing{vision::drawTile(d, rotation, 64)};
            EXPECT_TRUE(vision::findPieces(picture, cornersOf(box), drawing, std::nullopt).empty())
                << "rotation " << rotation << ", " << cut << " px beyond";
            const auto found = vision::findPieces(withPiece, cornersOf(box), drawing, std::nullopt);
            ASSERT_EQ(found.size(), 1u) << "rotation " << rotation << ", " << cut << " px beyond";
            EXPECT_NEAR(found[0].centre.x, 25.0f / 120, 0.05f);
        }
}

// A follower standing on a city cap along the tile's edge (its feature's point an eighth of a
// tile in), seen from a camera beyond that edge: its base, the end nearest the camera, lies
// near the rim; a whole piece there is this tile's, not a neighbour's leaning over.
namespace {
// E (its cap north) at `box` on a plain table, a red follower standing on the cap drawn as an
// ellipse `down` pixels in, as a camera sees it.
cv::Mat eWithAFollower(cv::Rect box, int down, cv::Size axes) {
    cv::Mat picture = photoOf(vision::drawTile(baseKind("E"), 0, 256), box, {400, 320});
    cv::ellipse(picture, {box.x + box.width / 2, box.y + down}, axes, 0, 0, 360,
                cv::Scalar(40, 40, 200), cv::FILLED, cv::LINE_AA);
    likeACamera(picture);
    return picture;
}
} // namespace

TEST(Pieces, AFollowerOnACityCapAlongTheEdgeIsFound) {
    const cv::Rect box(100, 60, 200, 200);
    // Standing, leaning away from a camera to the north: its foot under 0.1 of the tile in.
    const cv::Mat picture = eWithAFollower(box, 26, {14, 10});
    const auto found =
        vision::findPieces(picture, cornersOf(box), {vision::drawTile(baseKind("E"), 0, 64)},
                           cv::Point2f(0.5f, -3.0f));
    ASSERT_EQ(found.size(), 1u);
    EXPECT_LT(found[0].base.y, 0.1f) << "a base this near the rim, ruled a neighbour's before";
    EXPECT_NEAR(found[0].base.x, 0.5f, 0.03f);
}

// The same follower nearer the edge, leaning over it from a camera beyond: most of it lies
// in the rim. Where a neighbour lies beyond, that is a neighbour's piece leaning over (left
// out); where only the table lies beyond (PieceParams::open), it is this tile's (newart game
// 10, turn 11: a follower on E's cap read as a pass).
TEST(Pieces, AFollowerInTheRimOfAnOpenSideIsFound) {
    const cv::Rect box(100, 60, 200, 200);
    const cv::Mat picture = eWithAFollower(box, 11, {12, 9});
    const std::vector<cv::Mat> drawing{vision::drawTile(baseKind("E"), 0, 64)};
    const cv::Point2f foot(0.5f, -3.0f);
    EXPECT_TRUE(vision::findPieces(picture, cornersOf(box), drawing, foot).empty())
        << "with a neighbour beyond the edge";
    vision::PieceParams open;
    open.open = {true, false, false, false};
    const auto found = vision::findPieces(picture, cornersOf(box), drawing, foot, open);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_LT(found[0].base.y, 0.05f);
    EXPECT_NEAR(found[0].base.x, 0.5f, 0.03f);
    // Another side open changes nothing there.
    open.open = {false, true, true, true};
    EXPECT_TRUE(vision::findPieces(picture, cornersOf(box), drawing, foot, open).empty());
}

// A city filling the tile (C) has one contrast, its pennant, to fit the light by. A follower
// standing over the pennant takes that contrast away: fitted by it, the light turned the
// pennant into the follower and explained it away (bench game 7, procedural with Abbey & Mayor,
// turn 42: a blue follower on M1 read as a pass). The light is then the ratio of the rest's
// means; a pennant in plain view is still no piece. (The tile amid others: alone on a plain
// table its drawing's fit takes in table within the rim, and the pennant shows as a piece.)
TEST(Pieces, AFollowerOverTheOnlyMarkOfAQuietTileIsFound) {
    const tiledb::TileKind& c = baseKind("C");
    const cv::Rect box(140, 140, 120, 120);
    const cv::Mat face = vision::drawTile(c, 0, 256);
    const std::vector<cv::Mat> drawing{vision::drawTile(c, 0, 64)};
    vision::PieceParams still;
    still.searchShift = 0;
    for (const cv::Scalar& light : {cv::Scalar(1, 1, 1), cv::Scalar(0.95, 1.1, 1.5)}) { // B G R
        cv::Mat picture(400, 400, CV_8UC3, cv::Scalar(60, 90, 110));
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const cv::Rect at = box + cv::Point(dx * 122, dy * 122);
                photoOf(face, at, picture.size())(at).copyTo(picture(at));
            }
        cv::multiply(picture, light, picture);
        cv::Mat withPiece = picture.clone();
        // Seen from straight above: head, shoulders and arms over the shield.
        cv::ellipse(withPiece, {box.x + 60, box.y + 60}, {10, 7}, 0, 0, 360,
                    cv::Scalar(200, 90, 30), cv::FILLED, cv::LINE_AA);
        likeACamera(picture);
        likeACamera(withPiece);
        EXPECT_TRUE(
            vision::findPieces(picture, cornersOf(box), drawing, std::nullopt, still).empty())
            << "the pennant alone, light " << light;
        const auto found =
            vision::findPieces(withPiece, cornersOf(box), drawing, std::nullopt, still);
        ASSERT_EQ(found.size(), 1u) << "light " << light;
        EXPECT_NEAR(found[0].centre.x, 0.5f, 0.05f);
        EXPECT_NEAR(found[0].centre.y, 0.5f, 0.05f);
    }
}

// An area unwarped (the tracker's comparisons, the drawing fits) is OpenCV's bilinear warp of
// its quad, perspective included: the closed-form homography and the small-patch warp that
// replaced cv::getPerspectiveTransform and cv::warpPerspective must give the same pixels.
TEST(Pieces, AnAreaUnwarpedIsOpenCVsWarpOfItsQuad) {
    cv::Mat picture(600, 800, CV_8UC3);
    cv::RNG rng(7);
    rng.fill(picture, cv::RNG::UNIFORM, 0, 256);
    cv::GaussianBlur(picture, picture, {0, 0}, 1.5);
    int worst = 0;
    for (int k = 0; k < 200; ++k) {
        const float x = rng.uniform(40.f, 640.f), y = rng.uniform(40.f, 440.f),
                    s = rng.uniform(20.f, 120.f);
        std::array<cv::Point2f, 4> quad{cv::Point2f(x, y), {x + s, y}, {x + s, y + s}, {x, y + s}};
        for (cv::Point2f& q : quad) q += cv::Point2f(rng.uniform(-s, s), rng.uniform(-s, s)) / 4;
        const int n = 32;
        const std::vector<cv::Point2f> unit{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        const cv::Matx33d toQuad(
            cv::getPerspectiveTransform(unit, std::vector<cv::Point2f>(quad.begin(), quad.end())));
        cv::Mat expected;
        cv::warpPerspective(
            picture, expected,
            cv::Mat(toQuad * cv::Matx33d(1.0 / n, 0, 0.5 / n, 0, 1.0 / n, 0.5 / n, 0, 0, 1)),
            {n, n}, cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
        cv::Mat diff;
        cv::absdiff(vision::unwarpArea(picture, quad, n), expected, diff);
        double most = 0;
        cv::minMaxLoc(diff.reshape(1), nullptr, &most);
        worst = std::max(worst, int(most));
    }
    EXPECT_LE(worst, 1); // a position on the other side of a 1/32-pixel rounding at most
}

// compareAreas removes each channel's plane (mean and gradient) before comparing: light that
// changes across an area leaves it alike (correlation near 1, difference near 0); another
// pattern in its place does not. Its one-pass sums agree with removing the planes explicitly.
TEST(Pieces, ComparedAreasIgnoreTheLightsGradientButNotANewPattern) {
    cv::Mat before(400, 400, CV_8UC3), other(400, 400, CV_8UC3);
    cv::RNG rng(3);
    rng.fill(before, cv::RNG::UNIFORM, 40, 200);
    rng.fill(other, cv::RNG::UNIFORM, 40, 200);
    cv::GaussianBlur(before, before, {0, 0}, 2);
    cv::GaussianBlur(other, other, {0, 0}, 2);
    cv::Mat lit(before.size(), CV_8UC3); // brighter to the east, darker to the south, warmer
    for (int y = 0; y < lit.rows; ++y)
        for (int x = 0; x < lit.cols; ++x) {
            const cv::Vec3b b = before.at<cv::Vec3b>(y, x);
            const double shift = 0.08 * x - 0.05 * y;
            lit.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<std::uint8_t>(b[0] + shift),
                                                cv::saturate_cast<std::uint8_t>(b[1] + shift),
                                                cv::saturate_cast<std::uint8_t>(b[2] + shift + 9));
        }
    const std::array<cv::Point2f, 4> area{
        cv::Point2f(120, 110), {290, 130}, {280, 300}, {110, 280}};
    const vision::AreaComparison same = vision::compareAreas(before, lit, area);
    EXPECT_GT(same.correlation, 0.95f);
    EXPECT_LT(same.difference, 2.f);
    const vision::AreaComparison changed = vision::compareAreas(before, other, area);
    EXPECT_LT(std::abs(changed.correlation), 0.3f);
    EXPECT_GT(changed.difference, 5.f);
    // The same figures from the planes removed explicitly (least squares per channel).
    const int n = 32;
    cv::Mat a, b;
    vision::unwarpArea(before, area, n).convertTo(a, CV_32FC3);
    vision::unwarpArea(other, area, n).convertTo(b, CV_32FC3);
    cv::Mat basis(n * n, 3, CV_32F);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            basis.at<float>(y * n + x, 0) = 1;
            basis.at<float>(y * n + x, 1) = float(x);
            basis.at<float>(y * n + x, 2) = float(y);
        }
    std::vector<cv::Mat> ca, cb;
    cv::split(a, ca), cv::split(b, cb);
    double correlation = 0, squares = 0;
    for (int ch = 0; ch < 3; ++ch) {
        auto residual = [&](const cv::Mat& channel) {
            const cv::Mat v = channel.reshape(1, n * n);
            cv::Mat coef;
            cv::solve(basis, v, coef, cv::DECOMP_SVD);
            return cv::Mat(v - basis * coef);
        };
        const cv::Mat ra = residual(ca[size_t(ch)]), rb = residual(cb[size_t(ch)]);
        squares += cv::norm(ra - rb, cv::NORM_L2SQR) / (n * n);
        correlation += ra.dot(rb) / (cv::norm(ra) * cv::norm(rb));
    }
    EXPECT_NEAR(changed.correlation, correlation / 3, 1e-3);
    EXPECT_NEAR(changed.difference, std::sqrt(squares / 3), 1e-2);
}

// A piece's size as the tracker tells a follower from the mayor and the wagon by it: over
// scenes with Abbey & Mayor pieces (procedural art, tilts 0 to 45), each scene's standing
// followers' median is the yardstick. `shown` (the picture's pixels in the piece's colour, at
// the camera's resolution) keeps the mayors and wagons above the band where the tracker takes a
// follower (TrackerParams::shownFollower) more often than the unwarped mask's `area` does.
TEST(Pieces, APiecesShownSizeTellsTheLargerPiecesFromFollowers) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 4, {"abbey-mayor"});
    const vision::ReferenceSet refs = vision::enrolProcedural(vision::gameSets(cfg), 2);
    const vision::TrackerParams tp;
    struct Seen {
        bool follower;
        float shown, area;
    };
    int larger = 0, largerInBand = 0, largerInBandByArea = 0, followers = 0, followersInBand = 0;
    for (int k = 0; k < 12; ++k) {
        const double tilt = std::array{0.0, 20.0, 35.0, 45.0}[size_t(k % 4)];
        const adj::State s = gameAfter(cfg, std::uint64_t(500 + k), 45);
        vision::SceneParams p;
        p.tiltDeg = tilt;
        p.yawDeg = 23.0 * k;
        p.pieces = true;
        p.seed = std::uint64_t(k + 1);
        const vision::Scene scene = vision::renderScene(s, p);
        const vision::CameraOverBoard cam =
            vision::cameraOverBoard(scene.boardToImage, scene.image.size());
        std::vector<Seen> seen;
        for (const vision::PieceTruth& q : scene.pieces) {
            if (q.kind == "barn" || q.lying) continue;
            const auto t = std::find_if(scene.tiles.begin(), scene.tiles.end(),
                                        [&](const auto& c) { return c.cell == q.cell; });
            const auto blobs = vision::findPieces(
                scene.image, t->corners, vision::drawingsOf(refs, t->kind, t->rotation),
                vision::boardPointInTile(scene.boardToImage, cam.foot, t->corners));
            if (blobs.size() == 1)
                seen.push_back({q.kind == "follower", blobs[0].shown, blobs[0].area});
        }
        std::vector<float> shown, area;
        for (const Seen& b : seen)
            if (b.follower) shown.push_back(b.shown), area.push_back(b.area);
        if (shown.size() < 3) continue;
        auto median = [](std::vector<float> v) {
            std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
            return v[v.size() / 2];
        };
        const float byShown = median(shown), byArea = median(area);
        // The bands the tracker takes a follower in, by each measure.
        auto shownBand = [&](float r) { return r >= tp.shownPart && r <= tp.shownFollower; };
        auto areaBand = [&](float r) { return r >= tp.partOfAPiece && r <= tp.followerSized; };
        for (const Seen& b : seen) {
            if (b.follower) {
                ++followers, followersInBand += shownBand(b.shown / byShown);
                continue;
            }
            ++larger;
            largerInBand += shownBand(b.shown / byShown);
            largerInBandByArea += areaBand(b.area / byArea);
        }
    }
    std::printf("followers %d (%d in the follower band); mayors and wagons %d: %d in it by the "
                "shown size, %d by area\n",
                followers, followersInBand, larger, largerInBand, largerInBandByArea);
    // Measured: 143 followers (42 in the shown band); of 69 mayors and wagons, 2 in it by the
    // shown size and 7 in the area band by area.
    ASSERT_GE(larger, 20);
    EXPECT_LE(largerInBand, larger / 20);
    EXPECT_LT(largerInBand, largerInBandByArea);
    EXPECT_GE(followersInBand, followers / 4);
}
