// Tile classification: which kind, turned which way, a square patch of one cell shows.
//
// Templates come from a reference set (every drawing, every distinct rotation). A patch is
// the cell unwarped north up with a margin around it; each channel is normalised to zero
// mean and unit spread, so colour casts and light gradients cancel. A coarse pass (tiny
// templates, one dot product each) keeps the best few; a fine pass slides those over the
// margin (normalised cross-correlation), which also measures how far the tile lies off its
// cell (hand-laid tiles).
#pragma once

#include "vision/reference_set.h"

#include "tiledb/tile.h"

#include <opencv2/core.hpp>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace vision {

struct Candidate {
    int kind = -1;    // index into TileClassifier::kinds()
    int rotation = 0; // clockwise quarter turns, the smallest among equivalent ones
    // The quarter turns of the drawing that matched best: `rotation` modulo the kind's symmetry,
    // but the art need not be symmetric (a pennant off the middle), and pieces are looked for
    // against the drawing as it lies.
    int drawn = 0;
    float score = 0;   // normalised cross-correlation, -1..1
    cv::Point2f shift; // where the tile lies off the cell centre, in tile units (east, south)
    // How far the cell's colours are from the template's under one light: per channel, the
    // contrast must scale like the brightness, and the channels must scale alike. 0 = perfect;
    // a wooden table matched to a tile's pattern scores high here (too little contrast).
    float photometric = 0;
    // How clearly this candidate beats the runner-up (set on the first only): the score gap,
    // or for look-alikes (a city with and without a pennant) 0.12 times how clearly the pixels
    // where they differ side with it (1: exactly its drawing, 0: halfway).
    float margin = 0;
    // False when the coarse stage found nothing worth sliding (below the classifier's noTile):
    // `score` is then the coarse correlation, and nothing else was measured.
    bool slid = true;
};

class TileClassifier {
public:
    static constexpr int kFine = 32, kMargin = 5, kCoarse = 12;
    static constexpr float kNoTile = 0.3f; // coarse best below this: no template is worth sliding
    static constexpr int kPatch = kFine + 2 * kMargin; // side of the patch to classify
    // The fine match leaves out a rim of each side (even): the cardboard edge, its shadow and
    // the gap to the next tile. Two widths, chosen per call (Rim):
    // - kRim, Rim::Narrow: all of the drawing but its outermost pixels, for a tile whose edges
    //   only its rim shows (a lone tile; the turn observer's cells, where a mark near the edge,
    //   a cloister's road stub, decides between legal placements);
    // - kWideRim, Rim::Wide: for a cell amid a board (recognise.cpp's rimAt), where the gap and
    //   shadow outweigh a quiet drawing (a city on all sides, a field with a thin road) and the
    //   decoding matches the cell's edges with its neighbours'. Over 400 bench scenes
    //   (bench_vision --scenes 100): 98.87% of tiles read right with the narrow rim alone,
    //   99.25% so.
    static constexpr int kRim = 2, kWideRim = 4;
    enum class Rim { Narrow, Wide };
    static constexpr int kCoarseRim = 4; // and the coarse one this much
    // Look-alikes (a city with and without a pennant) are told apart at a finer scale.
    static constexpr int kDetail = 64, kDetailMargin = 10;
    static constexpr int kDetailPatch = kDetail + 2 * kDetailMargin;
    static constexpr double kDetailSoftness = 2.0; // Gaussian sigma, in detail pixels
    static constexpr int kDetailRim = 4;           // the look-alike test leaves out this much
    static constexpr int kSimFace = 96;            // side of the drawings kept for simulated photos

    // Only kinds that both the reference set and `kinds` know are recognised.
    TileClassifier(const ReferenceSet& refs, const std::vector<const tiledb::TileKind*>& kinds);

    const std::vector<const tiledb::TileKind*>& kinds() const { return kinds_; }
    bool knows(const std::string& id) const;
    // Kinds drawn exactly alike in this art (the kind itself included): the camera cannot tell
    // them apart, so the decoder picks by the copies left in the box.
    std::vector<int> lookAlikes(int kind) const;
    // A cell whose best slid match is below kWidenBelow slides more drawings, keeping what
    // reaches kWidenFound (coarseScoresNear, classify).
    static constexpr float kWidenBelow = 0.8f, kWidenFound = 0.8f;
    // A cell at kDetailPatch (empty: look-alikes stay close), and how the camera saw the tile:
    // `footprint`, image pixels per tile along the patch's x and y (the lattice's derivative
    // at the cell; zero when unknown). A pennant twin is judged against photos of both drawings
    // simulated at that footprint when the tile is small (kOwnFootprintBelow).
    struct Detail {
        cv::Mat bgr;
        cv::Matx22d footprint = cv::Matx22d::zeros();
    };
    static constexpr double kOwnFootprintBelow = 56; // pixels, the tile's side
    // ... and when the photos of square tiles read the cell within this of the middle.
    static constexpr double kFootprintWithin = 0.6;
    // The drawing is averaged over this much of a small pixel (Gaussian sigma) when simulated
    // at a footprint.
    static constexpr double kFootprintAverage = 0.3;
    // Best candidates, one per distinct (kind, rotation), best first (at most `top`).
    // `detailBgr`: the same cell at kDetailPatch, its footprint unknown.
    std::vector<Candidate> classify(const cv::Mat& patchBgr, const cv::Mat& detailBgr, int top = 6,
                                    Rim rim = Rim::Narrow) const;
    // The same, asking for the detail patch only when look-alikes need it (most cells don't),
    // with the best score so far: a caller may decline with an empty patch. `narrowWidenBelow`
    // lowers kWidenBelow for the narrow rim's widened slide, for a caller that reads the cell
    // again in full if it turns out a tile (widensNarrow says whether it was left out).
    // `noTile`: a coarse best below this slides nothing (the table, a hand); a caller whose
    // cell's colours say tile may slide whatever the coarse stage says (-1).
    std::vector<Candidate> classify(const cv::Mat& patchBgr,
                                    const std::function<Detail(float best)>& detail, int top = 6,
                                    Rim rim = Rim::Narrow, float narrowWidenBelow = kWidenBelow,
                                    float noTile = kNoTile) const;
    // Whether classify widens the slide with the narrow rim, its best slid match `best`.
    static bool widensNarrow(int top, Rim rim, float best, float below = kWidenBelow);
    // The coarse stage alone: the best correlation with any template (cheap; for choosing
    // between lattice hypotheses).
    float coarseScore(const cv::Mat& patchBgr) const;
    // The only pixels of a kPatch patch that the coarse stage reads.
    static cv::Rect coarseRegion() {
        return {kMargin + kCoarseRim, kMargin + kCoarseRim, 2 * kCoarse, 2 * kCoarse};
    }
    // The fine stage for the best few coarse templates alone: their best correlation slid over
    // the margin (a cell a little off its tile still scores; for choosing between lattice
    // hypotheses where the coarse stage cannot tell them apart).
    float slidScore(const cv::Mat& patchBgr, int templates = 1, Rim rim = Rim::Narrow) const;
    // The best slid match of each distinct turn of `kind` (any drawing of its look), -2 for
    // turns beyond its distinct ones: a reading the caller wants measured whatever the coarse
    // stage ranks (a kind the box's counts leave for this cell, recognise.cpp's elimination).
    std::array<float, 4> turnScores(const cv::Mat& patchBgr, int kind, Rim rim = Rim::Wide) const;
    // A square photo of one tile (kind and rotation), with no margin around it.
    std::vector<Candidate> classifyTilePhoto(const cv::Mat& bgr, int top = 6) const;

private:
    struct Fine {
        cv::Mat full;   // the cell less the rim each side, CV_32FC3, normalised, smoothed
        float fullNorm; // its length (sum of squares, square root)
        cv::Mat half;   // at half the resolution, for a first search over the shifts
        float halfNorm;
    };
    struct Template {
        int kind, rotation;
        std::array<Fine, 2> fine; // by Rim
        cv::Mat detail;           // kDetail x kDetail, normalised (for telling look-alikes apart)
        cv::Mat detailSoft;       // the same, as soft as photos tend to be
        cv::Mat detailColour;     // detailSoft's colour: less each pixel's mean over its channels
        cv::Mat face;             // the drawing at kSimFace, 8-bit, for simulating photos of it
        cv::Mat coarse;           // 1 x kCoarse*kCoarse*3, CV_32F, unit length

        // The soft drawing a look-alike pair is read from: its colour for twins read in colour.
        const cv::Mat& soft(bool colour) const { return colour ? detailColour : detailSoft; }
    };
    // How a pair of look-alikes reads in photos of each, learned by simulating such photos
    // from the drawings (lookAlikeBias): the mean of s (see separateLookAlikes) over photos of
    // the first drawing, and over photos of the second; for each measure (as aligned,
    // lookAlikeS, and each drawing at its best shift, lookAlikeShiftedS).
    struct LookAlikeBias {
        float first[2] = {1, 1}, second[2] = {-1, -1};
    };
    static constexpr int kShiftReach = 2, kShiftedRim = kDetailRim + kShiftReach;
    static constexpr float kShiftedFrom = 0.75f; // the best match's score it needs
    static constexpr int kShifts = (2 * kShiftReach + 1) * (2 * kShiftReach + 1);
    // What two drawings differ by, computed once per pair:
    // - for lookAlikeShiftedS: runs of pixels along rows (offset and length in floats in a
    //   detail patch, kShiftedRim left out each side), |a - b|^2 there, and |a|^2, |b|^2 there
    //   at each shift;
    // - for lookAlikeS: the pixels of weight w > 0 (runs, kDetailRim left out), w h there
    //   (packed run after run), h.(w h), m.(w h), and m.m over the cell less the rim (m and h:
    //   the soft drawings' mean and half difference; for pennant twins, h's colour alone).
    struct DifferenceRegion {
        std::vector<std::pair<int, int>> runs;
        double dd = 0;
        std::array<std::array<double, kShifts>, 2> norm{};
        std::vector<std::pair<int, int>> weighted;
        std::vector<float> wh;
        double whh = 0, wmh = 0, mm = 0;
        bool colour = false; // read from the drawings' colour alone (pennant twins)
    };
    // Learned on first use, once per pair of templates (once per template for its simulated
    // photos); shared by copies of this classifier.
    struct BiasCache {
        std::mutex mutex;
        std::map<std::pair<int, int>, LookAlikeBias> pairs;
        std::map<std::pair<int, int>, DifferenceRegion> regions;
        std::map<int, std::array<cv::Mat, 4>> photos;
        // By template pair and footprint (its stretch, rounded as lookAlikeBias says).
        std::map<std::array<int, 5>, LookAlikeBias> byFootprint;
        // Photos of a template at a rounded footprint (8-bit), while their pairs learn.
        std::map<std::array<int, 4>, std::vector<cv::Mat>> atFootprint;
    };
    struct ColourStats {
        bool known = false;
        cv::Scalar mean, spread; // raw colour statistics per channel, of the first drawing
    };
    std::vector<const tiledb::TileKind*> kinds_;
    std::vector<Template> templates_;
    std::vector<int> lookOf_;             // per kind: the first kind that looks the same
    std::vector<ColourStats> kindColour_; // per kind
    cv::Mat coarseMatrix_;                // one row per template
    std::shared_ptr<BiasCache> biases_ = std::make_shared<BiasCache>();
    // The coarse correlation of the inner cell (kFine x kFine) with every template.
    std::vector<float> coarseScores(const cv::Mat& innerBgr) const;
    // The same for a kPatch patch, per template the best of `aligned` (coarseScores) and the
    // cell moved kCoarseReach pixels (one coarse pixel) each way: a tile a few pixels off its
    // cell moves a thin road or wall onto other coarse pixels, and its own drawing fell out of
    // the few slid (a straight road read as a city across). Asked for only amid a board (the
    // wide rim), for alternatives (top > 1), when the aligned ranking's best slid match is below
    // kWidenBelow; what it adds is kept from kWidenFound. With the narrow rim the same two
    // widen the slide to every drawing of the best kinds and turns (classify).
    static constexpr int kCoarseReach = 2;
    std::vector<float> coarseScoresNear(const cv::Mat& patchBgr, std::vector<float> aligned) const;
    // Both readings of a pair of templates on a cell, under one gain (the contrast the photo
    // kept): as aligned, and when `shifted` each drawing at its best shift; NaN where a reading
    // cannot tell them apart.
    std::array<double, 2> lookAlikeReadings(int a, int b, const cv::Mat& cell, bool shifted) const;
    // Where the cell's pixels lie between two drawings where they differ (separateLookAlikes),
    // the photo having kept `g` of their contrast; NaN when the pair cannot be told apart so.
    static double lookAlikeS(const DifferenceRegion& r, const cv::Mat& cell, double g);
    // The same, each drawing fitted where they differ at its best shift of a pixel or two (a
    // mark a little off its place in the photo).
    double lookAlikeShiftedS(int a, int b, const DifferenceRegion& r, const cv::Mat& cell,
                             double g) const;
    const DifferenceRegion& differenceRegion(int a, int b) const;
    // Whether templates a and b are of pennant twins (the same tile but for its pennants).
    bool pennantTwins(int a, int b) const;
    int pennantsOf(int t) const; // the pennants on template t's kind
    // A pair of templates as its bias is learned: both turned so that the first lies unturned
    // (`turns` quarter turns clockwise), the two swapped if that orders them.
    struct PairKey {
        std::pair<int, int> pair;
        bool swapped = false;
        int turns = 0;
        LookAlikeBias oriented(LookAlikeBias learned) const; // as the pair was asked
    };
    PairKey pairKey(int a, int b) const;
    // Photos of template t's drawing simulated at `footprint` (`rounded`: its key), 8-bit.
    std::vector<cv::Mat> photosAtFootprint(int t, const cv::Matx22d& footprint,
                                           const std::array<int, 3>& rounded) const;
    LookAlikeBias lookAlikeBias(int a, int b) const;
    // The same learned from photos simulated at a tile's footprint (Detail), for pennant twins
    // of a tile smaller than kOwnFootprintBelow; else lookAlikeBias(a, b).
    LookAlikeBias lookAlikeBias(int a, int b, const cv::Matx22d& footprint) const;
    // The mean readings of pair (a, b) over photos of each drawing.
    LookAlikeBias meanReadings(int a, int b, std::span<const cv::Mat> ofA,
                               std::span<const cv::Mat> ofB) const;
    // Photos of a template's drawing as the camera tends to show a tile (lookAlikeBias's).
    const std::array<cv::Mat, 4>& simulatedPhotos(int t) const;
    // Re-ranks candidates that score alike by the pixels where their templates differ.
    void separateLookAlikes(const std::function<Detail(float best)>& detail,
                            std::vector<Candidate>& out, const std::vector<int>& templateOf,
                            Rim rim) const;
};

// Per-channel zero mean, unit spread (spread floored so flat patches stay flat).
cv::Mat normalisePatch(const cv::Mat& bgr);

} // namespace vision
