// A small patch warped out of a picture: the one warp the recogniser's cells, the drawing fits
// and the tracker's comparisons of areas all use. Internal to vision/src.
#pragma once

#include <opencv2/core.hpp>

namespace vision {

// cv::warpPerspective(src, out, dstToSrc, n x n, INTER_LINEAR | WARP_INVERSE_MAP,
// BORDER_REPLICATE) for a small 8-bit BGR output, without OpenCV's per-call set-up (which
// costs more than a patch's pixels). `part`: only those pixels of the n x n output are computed
// (the rest stay 0).
cv::Mat warpPatch(const cv::Mat& src, const cv::Matx33d& dstToSrc, int n, cv::Rect part = {});

} // namespace vision
