// Colour models learned from one picture: how likely a patch's colours are under the tiles'
// colours or the table's. Chromaticity (r, g of R+G+B) ignores the light's strength, so one
// model serves a whole picture with its gradients and shadows.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>

namespace vision {

// Chromaticity histogram: r = R/(R+G+B), g = G/(R+G+B) in kChroma x kChroma bins.
constexpr int kChroma = 16;
using ColourHistogram = std::array<std::uint16_t, kChroma * kChroma>;

ColourHistogram chromaticity(const cv::Mat& bgr);

// A colour distribution over chromaticity bins, from example patches, smoothed.
struct ColourModel {
    std::array<double, kChroma * kChroma> p{};
    double n = 0;
    void add(const ColourHistogram& h);
    bool empty() const { return n == 0; }
    void finish(); // after the last add: smoothed log probabilities
    // The mean log likelihood of a patch's pixels.
    double meanLog(const ColourHistogram& h) const;
};

} // namespace vision
