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

#include <array>
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
    // Small boards (findTileQuads): corners where two segments end together, paired across a
    // tile's diagonal.
    double minArm = 20;       // shortest segment taken as a tile's side (or part of it), pixels
    double cornerGap = 0.25;  // both ends within this share of the shorter arm (+3 px): rounded
                              // corners and LSD stop short of the true corner
    double minCornerDeg = 45; // a square's corner seen at up to 45 degrees of tilt is wider
    double parallelDeg = 15;  // opposite sides of one tile under perspective stay this close
    int maxQuadTiles = 3;     // aligned tiles merge their sides into one segment: a quad may
                              // span a row of up to this many tiles
    int maxQuads = 600;       // the best supported quads kept for the classifier to verify
    // A quad must be squares seen by some pinhole camera: focal lengths tried (times the
    // picture's longer side; phones and webcams are 0.5 to 1.5), and the largest error allowed
    // (cosine between the plane's axes, or their length ratio less one; hand-laid tiles twist
    // and LSD's ends wander by a few pixels; 0.2 found more boards of 1-8 tiles than 0.12 or
    // 0.16 with no more wrong tiles over the small-board test and bench together).
    cv::Vec2d focalRange{0.4, 4.0};
    double maxSquareError = 0.2;
};

struct AxisHypothesis {
    double period = 0, phase = 0; // rectified units: borders at phase + k * period
    double score = 0;             // comb strength 0..1
};

// The first hypotheses along each axis (the comb's period, and twice it at both phases) are
// the usual readings, tried in every pairing; the rest (half a period off, three times it)
// only from the best pairing, one axis at a time.
constexpr size_t kUsualHypotheses = 3;

struct LatticeAxes {
    cv::Matx33d imageToRect;          // image pixels -> rectified plane (lattice axis-aligned)
    std::vector<AxisHypothesis> u, v; // candidates along each rectified axis, best first
    std::vector<cv::Vec4f> segments;  // image pixels
    std::vector<int> family;          // per segment: 0 (lines of constant v), 1, or -1
    cv::Point2f centre;               // image point at the middle of the lattice evidence
};

std::optional<LatticeAxes> findLatticeAxes(const cv::Mat& bgr, const LatticeParams& params,
                                           std::string* why);
// The same from segments already found (lineSegments) in a picture of that size.
std::optional<LatticeAxes> findLatticeAxes(const std::vector<cv::Vec4f>& segments, cv::Size image,
                                           const LatticeParams& params, std::string* why);

// The straight segments (LSD on a workWidth copy), image pixels, those of minSegment or longer.
std::vector<cv::Vec4f> lineSegments(const cv::Mat& bgr, const LatticeParams& params);

// The straight sides of what stands out from the table, for tiles whose sides LSD misses in
// grey at every scale (a lone blurred tile whose field has the table's grey level). On a
// workWidth copy, each pixel's L*a*b* distance from the median colour around it (a window of
// 60 pixels there: two tiles of 70 px at 1920; a tile much larger fills it and only its rim
// stands out, but its longer sides are what LSD finds in grey), lightness weighted half or
// fully (a shadow differs in lightness alone), is split by Otsu. LSD runs on each split's
// regions and on their convex hulls (a city drawn in the table's colours leaves a notch in its
// tile's region). Image pixels, those of minSegment or longer; empty for a picture too small
// to judge or not 8-bit BGR.
std::vector<cv::Vec4f> outlineSegments(const cv::Mat& bgr, const LatticeParams& params);

// Stage 1b, for boards too small for the lattice (the start tile alone has four borders, too
// few for vanishing points and combs): tile-shaped quadrilaterals straight from the segments.
// An L-shaped corner is two segments ending together; two corners whose arms point at each
// other span a quad (its four sides under perspective, not a parallelogram); a corner left
// unpaired offers the parallelogram of its arms. Each quad says how many tiles it may span
// (a row's aligned sides merge into one segment). The classifier must verify them: most are
// drawings on the tiles, not tiles.
struct TileQuad {
    std::array<cv::Point2f, 4> corners; // image pixels, going round
    int across = 1, down = 1;           // tiles along corners 0 -> 1, and along 1 -> 2
    double support = 0;                 // share of the perimeter segments cover, 0..1
};
std::vector<TileQuad> findTileQuads(const std::vector<cv::Vec4f>& segments, cv::Size image,
                                    const LatticeParams& params);

// image -> grid (u east, v south; integer lines are tile borders) for one pair of hypotheses.
cv::Matx33d gridTransform(const LatticeAxes& axes, const AxisHypothesis& u,
                          const AxisHypothesis& v);

// The grid turned so the picture's up (at `centre`, image pixels) is north (-v) and the grid is
// not mirrored.
cv::Matx33d orientGrid(const cv::Matx33d& imageToGrid, cv::Point2f centre);

// Per-tile refinement: a tile's square measured from its outline (its cardboard edge, the gap
// or shadow to its neighbours), given where it is expected (NW NE SE SW, image pixels). Each
// side is the line through the strongest colour steps across it within `reach` (share of the
// side) of the expected one, sampled along its middle 70% (a road crossing it is one sample of
// fifteen, the median keeps to the edge). nullopt when a side's steps do not line up (a piece
// or a hand over it, art busy by the edge) or the square found is not the expected one's size.
std::optional<std::array<cv::Point2f, 4>>
squareFromOutline(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& expected,
                  float reach = 0.12f);

} // namespace vision
