// The scene generator's truth is exact: unwarping each tile from its truth corners gives back
// the face that was drawn there (and not the face turned another way); scenes are
// deterministic by seed; bad image files give clear errors.
#include "vision/image_io.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include "adjudicator/random_game.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

namespace {

adj::State position(int tiles, std::uint64_t seed) {
    adj::RandomGameOptions o;
    o.maxTiles = tiles;
    return adj::playRandomGame(adj::GameConfig::forSet("base", 2), seed, o);
}

// Mean absolute difference between the tile seen in the scene and a face.
double difference(const cv::Mat& image, const vision::TileTruth& t, const cv::Mat& face) {
    const std::vector<cv::Point2f> from(t.corners.begin(), t.corners.end());
    const float n = float(face.cols);
    const std::vector<cv::Point2f> to = {{0, 0}, {n, 0}, {n, n}, {0, n}};
    cv::Mat seen;
    cv::warpPerspective(image, seen, cv::getPerspectiveTransform(from, to), face.size());
    // Ignore a margin: rounded corners and edge resampling.
    const int m = face.cols / 8;
    const cv::Rect inner(m, m, face.cols - 2 * m, face.rows - 2 * m);
    cv::Mat diff;
    cv::absdiff(seen(inner), face(inner), diff);
    const cv::Scalar mean = cv::mean(diff);
    return (mean[0] + mean[1] + mean[2]) / 3;
}

} // namespace

TEST(Scene, TruthCornersGiveBackEachTilesFace) {
    const adj::State s = position(25, 3);
    vision::SceneParams p;
    p.tiltDeg = 30;
    p.yawDeg = 20;
    p.noise = 0, p.blur = 0, p.jpegQuality = 0, p.light = 0, p.colourCast = 0;
    const vision::Scene scene = vision::renderScene(s, p);
    ASSERT_EQ(scene.tiles.size(), 25u);
    const auto& set = *tiledb::Catalogue::bundled().set("base");
    int compared = 0;
    for (const vision::TileTruth& t : scene.tiles) {
        const tiledb::TileKind& k = *set.find(t.kind);
        const std::uint64_t variant = p.seed + std::uint64_t(t.cell.x * 131 + t.cell.y);
        const double right =
            difference(scene.image, t, vision::drawTile(k, t.rotation, 128, variant));
        EXPECT_LT(right, 30) << t.kind << " at (" << t.cell.x << "," << t.cell.y << ")";
        if (k.distinctRotations == 4) { // the same tile turned a quarter must look different
            const double wrong =
                difference(scene.image, t, vision::drawTile(k, (t.rotation + 1) % 4, 128, variant));
            EXPECT_GT(wrong, right + 8) << t.kind;
            ++compared;
        }
    }
    EXPECT_GT(compared, 5);
}

TEST(Scene, SameSeedSameImageOtherSeedOtherImage) {
    const adj::State s = position(12, 5);
    vision::SceneParams p;
    p.width = 640, p.height = 360;
    const cv::Mat a = vision::renderScene(s, p).image, b = vision::renderScene(s, p).image;
    EXPECT_EQ(cv::norm(a, b, cv::NORM_L1), 0);
    p.seed = 2;
    EXPECT_GT(cv::norm(a, vision::renderScene(s, p).image, cv::NORM_L1), 0);
}

TEST(Scene, TruthJsonListsEveryTile) {
    const adj::State s = position(8, 9);
    vision::SceneParams p;
    p.width = 320, p.height = 240;
    const std::string json = vision::renderScene(s, p).truthJson();
    EXPECT_NE(json.find("\"schema\": \"carcassonne-scene/1\""), std::string::npos);
    size_t n = 0;
    for (size_t at = json.find("\"kind\""); at != std::string::npos;
         at = json.find("\"kind\"", at + 1))
        ++n;
    EXPECT_EQ(n, 8u);
}

TEST(TileArt, RotationTurnsTheFace) {
    const auto& k = *tiledb::Catalogue::bundled().set("base")->find("D");
    cv::Mat turned;
    cv::rotate(vision::drawTile(k, 0, 96, 1), turned, cv::ROTATE_90_CLOCKWISE);
    EXPECT_EQ(cv::norm(turned, vision::drawTile(k, 1, 96, 1), cv::NORM_L1), 0);
}

TEST(ImageIo, BadFilesGiveClearErrors) {
    EXPECT_EQ(vision::readImage("/no/such/file.jpg").error, "/no/such/file.jpg: no such file");
    const std::string junk = testing::TempDir() + "/not-an-image.jpg";
    { std::ofstream(junk) << "GIF89a but not really"; }
    const auto r = vision::readImage(junk);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("cannot decode"), std::string::npos) << r.error;
    // A real image reads.
    const std::string good = testing::TempDir() + "/tile.png";
    cv::imwrite(good,
                vision::drawTile(*tiledb::Catalogue::bundled().set("base")->find("A"), 0, 64));
    EXPECT_TRUE(vision::readImage(good).ok());
}

// Pieces as the generator draws them: every piece of the state appears once in the truth, on
// its tile, in its owner's colour at its base; standing pieces lean away from a tilted camera
// (their top is not straight above their base), farmers lie flat.
TEST(Scene, PiecesStandOnTheirFeaturesInTheirColours) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 5, {"abbey-mayor"});
    adj::RandomGameOptions o;
    o.maxTiles = 40;
    o.meepleChance = 1.0;
    const adj::State st = adj::playRandomGame(cfg, 8, o);
    ASSERT_GT(st.meeples().size(), 10u);
    vision::SceneParams p;
    p.pieces = true;
    p.tiltDeg = 35;
    p.noise = 0;
    p.blur = 0;
    p.jpegQuality = 0;
    p.light = 0;
    p.colourCast = 0;
    const vision::Scene scene = vision::renderScene(st, p);
    ASSERT_EQ(scene.pieces.size(), st.meeples().size());
    std::set<std::string> kinds;
    int leaning = 0, lying = 0;
    for (const vision::PieceTruth& q : scene.pieces) {
        kinds.insert(q.kind);
        // On its tile: the base lies inside the tile's quad.
        const auto tile =
            std::find_if(scene.tiles.begin(), scene.tiles.end(),
                         [&](const vision::TileTruth& t) { return t.cell == q.cell; });
        ASSERT_NE(tile, scene.tiles.end());
        const std::vector<cv::Point2f> quad(tile->corners.begin(), tile->corners.end());
        EXPECT_GE(cv::pointPolygonTest(quad, q.base, true), -2.0) << q.kind << " off its tile";
        // Its owner's colour just above its base (a farmer: at its centre).
        const cv::Point2f probe = q.lying ? q.base : q.base + (q.top - q.base) * 0.45f;
        const cv::Vec3b seen = scene.image.at<cv::Vec3b>(cvRound(probe.y), cvRound(probe.x));
        const cv::Vec3b want = p.playerColours[size_t(q.player)];
        EXPECT_LT(cv::norm(cv::Vec3i(seen) - cv::Vec3i(want)), 60.0)
            << q.kind << " of player " << q.player << " at " << probe;
        lying += q.lying;
        if (!q.lying && q.kind != "barn" && q.kind != "wagon")
            leaning += std::abs(q.top.x - q.base.x) > 0.5f || q.top.y < q.base.y - 2;
    }
    EXPECT_GT(lying, 0) << "some farmers";
    EXPECT_GT(leaning, 0);
    EXPECT_TRUE(kinds.count("follower"));
    EXPECT_NE(scene.truthJson().find("\"pieces\": ["), std::string::npos);
    cv::imwrite((std::filesystem::temp_directory_path() / "carc-pieces.png").string(), scene.image);
}
