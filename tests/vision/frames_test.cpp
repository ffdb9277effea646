// The stable-frame gate (vision/frames.h) on frames whose story the test wrote: a board held
// still, a hand moving in and held, the hand gone with a new tile, a new piece only; every
// still spell that differs from the last one read is handed on once, motion never. And a video
// that cannot be read says so.
#include "vision/frames.h"
#include "vision/scene.h"

#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>

namespace {

adj::State game(int tiles) {
    adj::RandomGameOptions o;
    o.maxTiles = tiles;
    return adj::playRandomGame(adj::GameConfig::forSet("base", 3), 21, o);
}

// A camera's frame: the picture with fresh sensor noise (it never repeats exactly).
cv::Mat noisy(const cv::Mat& picture, int seed) {
    cv::Mat noise(picture.size(), CV_16SC3), out;
    cv::RNG(seed).fill(noise, cv::RNG::NORMAL, 0, 2.5);
    picture.convertTo(out, CV_16SC3);
    out += noise;
    out.convertTo(out, CV_8UC3);
    return out;
}

} // namespace

TEST(StableFrameGate, HandsOnEachNewStillPictureOnceAndNeverMotion) {
    vision::SceneParams p;
    p.tiltDeg = 20, p.yawDeg = 15, p.seed = 5, p.pieces = true;
    p.tilesAcross = 9;
    const adj::State before = game(12), after = game(13);
    const cv::Mat board = vision::renderScene(before, p).image;
    vision::SceneParams handP = p;
    handP.occluder = true;
    const cv::Mat hand = vision::renderScene(before, handP).image;
    const cv::Mat laid = vision::renderScene(after, p).image;

    vision::StableFrameGate gate;
    int seed = 0, handed = 0;
    std::vector<int> handedAt;
    auto push = [&](const cv::Mat& picture, int n) {
        for (int i = 0; i < n; ++i, ++seed)
            if (gate.push(noisy(picture, seed))) ++handed, handedAt.push_back(seed);
    };
    push(board, 6); // still: handed once, on its third frame
    EXPECT_EQ(handedAt, std::vector<int>{2});
    for (int k = 1; k <= 4; ++k) { // the hand moving in: a blend each frame, never still
        cv::Mat moving;
        cv::addWeighted(board, 1 - k / 5.0, hand, k / 5.0, 0, moving);
        push(moving, 1);
    }
    EXPECT_EQ(handed, 1);
    push(hand, 4); // the hand held still: a new still picture
    EXPECT_EQ(handed, 2);
    push(laid, 5); // the hand gone, a tile laid
    EXPECT_EQ(handed, 3);
    push(hand, 1); // a hand passes over for one frame...
    push(laid, 5); // ...and the table is as it was: nothing new to read
    EXPECT_EQ(handed, 3);

    // The players lift the pieces: a small change, but one to read.
    ASSERT_FALSE(after.meeples().empty());
    vision::SceneParams noPieces = p;
    noPieces.pieces = false;
    push(vision::renderScene(after, noPieces).image, 5);
    EXPECT_EQ(handed, 4) << "lifting the pieces is a change to read";
    EXPECT_EQ(gate.frames(), seed);
}

TEST(StableFrameGate, AVideoThatCannotBeReadSaysWhy) {
    std::string error;
    auto never = [](int, const cv::Mat&) { return true; };
    EXPECT_FALSE(vision::readVideo("/nonexistent/game.avi", never, &error));
    EXPECT_NE(error.find("/nonexistent/game.avi: no such file"), std::string::npos) << error;
    const std::string junk = (std::filesystem::temp_directory_path() / "carc-junk.avi").string();
    std::ofstream(junk) << "not a video at all";
    EXPECT_FALSE(vision::readVideo(junk, never, &error));
    EXPECT_NE(error.find("carc-junk.avi: cannot be opened as a video"), std::string::npos) << error;
    std::filesystem::remove(junk);
}
