#include "vision/colour_model.h"

#include <algorithm>
#include <cmath>

namespace vision {

ColourHistogram chromaticity(const cv::Mat& bgr) {
    ColourHistogram h{};
    for (int y = 0; y < bgr.rows; ++y)
        for (int x = 0; x < bgr.cols; ++x) {
            const cv::Vec3b p = bgr.at<cv::Vec3b>(y, x);
            const int sum = p[0] + p[1] + p[2] + 3;
            const int r = (p[2] + 1) * kChroma / sum, g = (p[1] + 1) * kChroma / sum;
            ++h[size_t(std::min(r, kChroma - 1) * kChroma + std::min(g, kChroma - 1))];
        }
    return h;
}

void ColourModel::add(const ColourHistogram& h) {
    for (size_t b = 0; b < h.size(); ++b) p[b] += h[b], n += h[b];
}

void ColourModel::finish() {
    std::array<double, kChroma * kChroma> s{};
    for (int r = 0; r < kChroma; ++r) // spread each bin to its neighbours: unseen shades
        for (int g = 0; g < kChroma; ++g)
            for (int dr = -1; dr <= 1; ++dr)
                for (int dg = -1; dg <= 1; ++dg) {
                    const int rr = r + dr, gg = g + dg;
                    if (rr < 0 || gg < 0 || rr >= kChroma || gg >= kChroma) continue;
                    s[size_t(rr * kChroma + gg)] +=
                        p[size_t(r * kChroma + g)] * (dr || dg ? 0.1 : 1.0);
                }
    double total = 0;
    for (double& v : s) total += v += 0.5;
    for (size_t b = 0; b < s.size(); ++b) p[b] = std::log(s[b] / total);
}

double ColourModel::meanLog(const ColourHistogram& h) const {
    double sum = 0, count = 0;
    for (size_t b = 0; b < h.size(); ++b) sum += h[b] * p[b], count += h[b];
    return count ? sum / count : 0;
}

} // namespace vision
