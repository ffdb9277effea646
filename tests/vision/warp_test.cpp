// The patch warp every cell reading goes through (vision/src/warp.h): OpenCV's perspective warp
// (bilinear, border replicated) without its per-call set-up, whichever path a row takes (inside
// the picture, or clamped at its border).
#include "warp.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include <cmath>

namespace {

// A random view of a random picture: turned, scaled, under a little perspective, placed
// anywhere from well inside to partly outside the picture.
cv::Matx33d randomView(cv::RNG& rng, const cv::Size& picture) {
    const double s = rng.uniform(0.3, 3.0), a = rng.uniform(0.0, 2 * CV_PI);
    return {s * std::cos(a),
            -s * std::sin(a),
            rng.uniform(-30.0, picture.width + 30.0),
            s * std::sin(a),
            s * std::cos(a),
            rng.uniform(-30.0, picture.height + 30.0),
            rng.uniform(-0.004, 0.004),
            rng.uniform(-0.004, 0.004),
            1};
}

} // namespace

// Over 3000 random views of patches 7 to 84 pixels wide, the warp is OpenCV's up to rounding:
// no pixel more than one level off, and 98% of the values exactly equal (OpenCV's own vector
// path computes the source positions in another order, which rounds some the other way).
TEST(WarpPatch, IsOpenCVsPerspectiveWarp) {
    cv::RNG rng(11);
    cv::Mat picture(240, 320, CV_8UC3);
    rng.fill(picture, cv::RNG::UNIFORM, 0, 256);
    long pixels = 0, equal = 0;
    double worst = 0;
    const int sides[4] = {7, 24, 42, 84};
    for (int k = 0; k < 3000; ++k) {
        const int n = sides[k % 4];
        const cv::Matx33d view = randomView(rng, picture.size());
        const cv::Mat ours = vision::warpPatch(picture, view, n);
        cv::Mat theirs;
        cv::warpPerspective(picture, theirs, view, cv::Size(n, n),
                            cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
        cv::Mat diff;
        cv::absdiff(ours, theirs, diff);
        double most = 0;
        cv::minMaxLoc(diff.reshape(1), nullptr, &most);
        worst = std::max(worst, most);
        pixels += long(diff.total()) * 3;
        equal += long(diff.total()) * 3 - cv::countNonZero(diff.reshape(1));
    }
    EXPECT_LE(worst, 1);
    EXPECT_GE(double(equal) / double(pixels), 0.97);
}

// A part of the patch: those pixels as the whole patch has them, zeros everywhere else.
TEST(WarpPatch, APartIsTheWholePatchsPixelsThereAndZerosElsewhere) {
    cv::RNG rng(12);
    cv::Mat picture(240, 320, CV_8UC3);
    rng.fill(picture, cv::RNG::UNIFORM, 0, 256);
    for (int k = 0; k < 500; ++k) {
        const int n = 42;
        const cv::Matx33d view = randomView(rng, picture.size());
        const int x = rng.uniform(0, n), y = rng.uniform(0, n);
        const cv::Rect part(x, y, rng.uniform(1, n - x + 1), rng.uniform(1, n - y + 1));
        const cv::Mat whole = vision::warpPatch(picture, view, n);
        const cv::Mat some = vision::warpPatch(picture, view, n, part);
        cv::Mat expected = cv::Mat::zeros(n, n, CV_8UC3);
        whole(part).copyTo(expected(part));
        ASSERT_EQ(cv::norm(some, expected, cv::NORM_INF), 0) << "part " << part << ", view " << k;
    }
}
