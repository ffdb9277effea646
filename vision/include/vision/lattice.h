// Board localisation, stage 1: the lattice of square tiles under perspective.
//
// Straight segments (LSD) fall in two families, the two directions of tile borders; each
// family meets at a vanishing point (RANSAC over pairs of segments, then least squares). The
// two vanishing points give the horizon; sending it to infinity and the two directions to the
// axes makes the lattice axis-aligned ("rectified"). Along each axis the segments' positions
// form a comb whose spacing and phase are the tile size and the border offset. Interior lines
// (straight roads) sit halfway between borders, so the comb is ambiguous by a factor of two:
// the caller keeps the hypothesis whose cells look most like tiles.
#pragma once

#include <opencv2/core.hpp>

#include <optional>
#include <string>
#include <vector>

namespace vision {

struct LatticeParams {
    int workWidth = 960;        // segments are found on a copy this wide
    double minSegment = 12;     // shortest segment kept, work pixels
    int ransacIterations = 500; // per vanishing point
    double angleToleranceDeg = 1.5;
    double minTile = 14; // smallest tile side considered, image pixels
    std::uint64_t seed = 1;
};

struct AxisHypothesis {
    double period = 0, phase = 0; // rectified units: borders at phase + k * period
    double score = 0;             // comb strength 0..1
};

struct LatticeAxes {
    cv::Matx33d imageToRect;          // image pixels -> rectified plane (lattice axis-aligned)
    std::vector<AxisHypothesis> u, v; // candidates along each rectified axis, best first
    std::vector<cv::Vec4f> segments;  // image pixels
    std::vector<int> family;          // per segment: 0 (lines of constant v), 1, or -1
    cv::Point2f centre;               // image point at the middle of the lattice evidence
};

std::optional<LatticeAxes> findLatticeAxes(const cv::Mat& bgr, const LatticeParams& params,
                                           std::string* why);

// image -> grid (u east, v south; integer lines are tile borders) for one pair of hypotheses.
cv::Matx33d gridTransform(const LatticeAxes& axes, const AxisHypothesis& u,
                          const AxisHypothesis& v);

} // namespace vision
