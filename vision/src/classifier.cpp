#include "vision/classifier.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vision {

cv::Mat normalisePatch(const cv::Mat& bgr) {
    // One pass for the statistics, one for the output: the patches are small, so OpenCV's
    // per-call overhead (several temporaries) would cost more than the arithmetic.
    CV_Assert(bgr.channels() == 3 && (bgr.depth() == CV_8U || bgr.depth() == CV_32F));
    const int n = bgr.cols * 3;
    double sum[3] = {}, sq[3] = {};
    auto stats = [&](const float* row) {
        for (int x = 0; x < n; x += 3)
            for (int c = 0; c < 3; ++c)
                sum[c] += row[x + c], sq[c] += double(row[x + c]) * row[x + c];
    };
    // Rows read 12 values (4 pixels) at a time, lane k holding channel k % 3: the compiler
    // vectorises these loops, not the ones that step by pixel.
    constexpr int kRun = 12;
    if (bgr.depth() == CV_8U) {
        // Whole numbers: summed exactly in integers (the same totals, several times faster).
        std::uint64_t isum[3] = {}, isq[3] = {};
        for (int y = 0; y < bgr.rows; ++y) {
            const std::uint8_t* row = bgr.ptr<std::uint8_t>(y);
            std::uint32_t lane[kRun] = {}, laneSq[kRun] = {}; // a row's sums fit in 32 bits
            int x = 0;
            for (; x + kRun <= n; x += kRun)
                for (int k = 0; k < kRun; ++k)
                    lane[k] += row[x + k], laneSq[k] += std::uint32_t(row[x + k]) * row[x + k];
            for (; x < n; ++x)
                lane[x % 3] += row[x], laneSq[x % 3] += std::uint32_t(row[x]) * row[x];
            for (int k = 0; k < kRun; ++k) isum[k % 3] += lane[k], isq[k % 3] += laneSq[k];
        }
        for (int c = 0; c < 3; ++c) sum[c] = double(isum[c]), sq[c] = double(isq[c]);
    } else {
        for (int y = 0; y < bgr.rows; ++y) stats(bgr.ptr<float>(y));
    }
    const double count = double(bgr.rows) * bgr.cols;
    float mean[3], scale[3];
    for (int c = 0; c < 3; ++c) {
        const double m = sum[c] / count, var = std::max(0.0, sq[c] / count - m * m);
        mean[c] = float(m), scale[c] = float(1.0 / std::max(std::sqrt(var), 6.0));
    }
    cv::Mat f(bgr.rows, bgr.cols, CV_32FC3);
    float meanRun[kRun], scaleRun[kRun];
    for (int k = 0; k < kRun; ++k) meanRun[k] = mean[k % 3], scaleRun[k] = scale[k % 3];
    auto write = [&](const auto* in, float* o) {
        int x = 0;
        for (; x + kRun <= n; x += kRun)
            for (int k = 0; k < kRun; ++k) o[x + k] = (float(in[x + k]) - meanRun[k]) * scaleRun[k];
        for (; x < n; ++x) o[x] = (float(in[x]) - mean[x % 3]) * scale[x % 3];
    };
    for (int y = 0; y < bgr.rows; ++y)
        bgr.depth() == CV_8U ? write(bgr.ptr<std::uint8_t>(y), f.ptr<float>(y))
                             : write(bgr.ptr<float>(y), f.ptr<float>(y));
    return f;
}

namespace {

// The hot loops below are plain loops over contiguous floats (per-call overhead of OpenCV's
// matchTemplate and gemm on such small arrays cost more than the arithmetic). On x86-64 GCC
// also builds an AVX2 copy of each kernel, picked when the processor has it.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define VISION_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define VISION_SIMD_CLONES
#endif

// Eight floats in one vector register (GCC's and Clang's vector extension; where the
// processor has no 256-bit registers the compiler splits it).
// (GCC notes that passing such a vector by value has another ABI without AVX: these helpers
// are internal and inlined, so no call between builds ever passes one.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
typedef float Lanes __attribute__((vector_size(32)));
constexpr int kLanes = 8;

// Always inlined: a kernel's AVX2 clone calling it out of line (a Debug build) would pass the
// vector in the other ABI's registers.
__attribute__((always_inline)) inline Lanes load(const float* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v); // unaligned
    return v;
}

// Running sums of a dot product: four independent vectors, so that the multiply-adds do not
// wait on each other (one chain would be bound by the adder's latency, not its throughput).
struct DotSums {
    Lanes a{}, b{}, c{}, d{};
    float tail = 0;
    void add(const float* x, const float* y, int n) {
        int i = 0;
        for (; i + 4 * kLanes <= n; i += 4 * kLanes) {
            a += load(x + i) * load(y + i);
            b += load(x + i + kLanes) * load(y + i + kLanes);
            c += load(x + i + 2 * kLanes) * load(y + i + 2 * kLanes);
            d += load(x + i + 3 * kLanes) * load(y + i + 3 * kLanes);
        }
        for (; i + kLanes <= n; i += kLanes) a += load(x + i) * load(y + i);
        for (; i < n; ++i) tail += x[i] * y[i];
    }
    float total() const {
        const Lanes s = (a + b) + (c + d);
        float sum = tail;
        for (int l = 0; l < kLanes; ++l) sum += s[l];
        return sum;
    }
};

// out[r] = dot(m row r, v) for `rows` rows of `cols` floats.
VISION_SIMD_CLONES
void dotRows(const float* m, int rows, int cols, const float* v, float* out) {
    for (int r = 0; r < rows; ++r, m += cols) {
        DotSums sums;
        sums.add(m, v, cols);
        out[r] = sums.total();
    }
}

// best[r] = the largest of best[r] and dot(m row r, v k) over kNear vectors of `cols` floats (a
// multiple of kLanes), one after another in `v`: each row is read once for all of them.
constexpr int kNear = 8;
VISION_SIMD_CLONES
void dotRowsMax(const float* m, int rows, int cols, const float* v, float* best) {
    for (int r = 0; r < rows; ++r, m += cols) {
        Lanes sums[kNear] = {};
        for (int i = 0; i < cols; i += kLanes) {
            const Lanes x = load(m + i);
            for (int k = 0; k < kNear; ++k) sums[k] += x * load(v + k * cols + i);
        }
        for (const Lanes& s : sums) {
            float total = 0;
            for (int l = 0; l < kLanes; ++l) total += s[l];
            best[r] = std::max(best[r], total);
        }
    }
}

// Two drawings differ at a pixel where their normalised channels differ by more than this in
// all (real marks, not the grain every drawing has).
constexpr float kDiffers = 1.5f;

// Pennant twins are told apart by colour alone where at least this share of their weighted
// difference is colour (the difference less its mean over the channels): a coat of arms is
// coloured in every art seen (0.35 to 0.99 of the difference), the city around it is not.
constexpr double kColourShare = 0.25;

// How far two drawings (normalised, n x n, 3 channels) differ at pixel (x, y), summed over the
// channels; for pennant twins (`twins`), beyond what a shift of a pixel explains. Real artwork
// draws the two as two scans of one drawing a pixel or so apart (classic F and G): they differ
// along every outline, which is no mark, and a photo's outlines read as either one depending on
// how the cell was aligned. The least difference from the other drawing's 3x3 neighbourhood,
// the larger of the two ways round, keeps a mark of either. (Other pairs keep a thin line's
// difference: the shift would explain it away.) The caller keeps (x, y) a pixel inside.
float markDifference(const cv::Mat& a, const cv::Mat& b, int x, int y, bool twins) {
    if (!twins) {
        const float *pa = a.ptr<float>(y) + 3 * x, *pb = b.ptr<float>(y) + 3 * x;
        return std::abs(pa[0] - pb[0]) + std::abs(pa[1] - pb[1]) + std::abs(pa[2] - pb[2]);
    }
    const auto least = [&](const cv::Mat& p, const cv::Mat& q) {
        const float* at = p.ptr<float>(y) + 3 * x;
        float best = 1e30f;
        for (int dy = -1; dy <= 1; ++dy) {
            const float* row = q.ptr<float>(y + dy);
            for (int dx = -1; dx <= 1; ++dx) {
                const float* o = row + 3 * (x + dx);
                best = std::min(best, std::abs(at[0] - o[0]) + std::abs(at[1] - o[1]) +
                                          std::abs(at[2] - o[2]));
            }
        }
        return best;
    };
    return std::max(least(a, b), least(b, a));
}

// A pixel's mean over its three channels (its grey): less it, what is left is its colour.
float greyOf(const float* v) {
    return (v[0] + v[1] + v[2]) / 3;
}

// A normalised patch's colour: each pixel less its grey.
cv::Mat colourOf(const cv::Mat& patch) {
    cv::Mat out = patch.clone();
    float* f = out.ptr<float>();
    for (size_t i = 0; i < out.total(); ++i) {
        const float grey = greyOf(f + 3 * i);
        for (int c = 0; c < 3; ++c) f[3 * i + c] -= grey;
    }
    return out;
}

// The sum over runs (offset, length) of x . y there.
VISION_SIMD_CLONES
float dotRuns(const float* x, const float* y, const std::vector<std::pair<int, int>>& runs) {
    DotSums sums;
    for (const auto& [at, n] : runs) sums.add(x + at, y + at, n);
    return sums.total();
}

// The sum over a detail patch less its rim (kDetailRim each side) of x . y.
VISION_SIMD_CLONES
float dotInner(const float* x, const float* y) {
    constexpr int n = TileClassifier::kDetail, rim = TileClassifier::kDetailRim;
    DotSums sums;
    for (int row = rim; row < n - rim; ++row)
        sums.add(x + 3 * (row * n + rim), y + 3 * (row * n + rim), 3 * (n - 2 * rim));
    return sums.total();
}

// The sum over runs (offset, length) of x . y, with y's values packed one run after another.
VISION_SIMD_CLONES
float dotPacked(const float* x, const std::vector<std::pair<int, int>>& runs, const float* y) {
    DotSums sums;
    for (const auto& [at, n] : runs) sums.add(x + at, y, n), y += n;
    return sums.total();
}

constexpr int kShifts = 2 * TileClassifier::kMargin + 1; // per axis, at full resolution

// Cross-correlation of a template (side x side, 3 channels) with a patch (rows of `stride`
// floats) at `count` shifts (x, y: the window's top left corner in the patch).
VISION_SIMD_CLONES
void correlateAt(const float* patch, int stride, const float* tmpl, int side, const cv::Point* at,
                 int count, float* out) {
    const int row = side * 3;
    for (int k = 0; k < count; ++k) {
        DotSums sums;
        for (int y = 0; y < side; ++y)
            sums.add(patch + (y + at[k].y) * stride + at[k].x * 3, tmpl + y * row, row);
        out[k] = sums.total();
    }
}

// A normalised patch and the statistics of its windows (side x side) at every shift, for
// normalised cross-correlation as cv::TM_CCOEFF_NORMED computes it: each channel's window
// mean removed.
struct SlideWindows {
    const float* data; // the patch's pixels, not owned (SlidingPatch keeps both together)
    int stride, side, shifts;
    std::vector<float> norm; // per shift: the square root of the window's centred sum of squares
    SlideWindows(const cv::Mat& patch, int windowSide)
        : data(patch.ptr<float>()), stride(int(patch.step1())), side(windowSide),
          shifts(patch.cols - windowSide + 1), norm(size_t(shifts * shifts)) {
        const int n = patch.cols;
        // Integral images (one row and column of zeros first): per channel sums, and squares.
        // One buffer per thread, reused: only its first row and column need clearing.
        thread_local std::vector<double> in;
        if (in.size() < size_t((n + 1) * (n + 1) * 4)) in.resize(size_t((n + 1) * (n + 1) * 4));
        auto cell = [&](int y, int x, int c) -> double& {
            return in[size_t(((y * (n + 1)) + x) * 4 + c)];
        };
        for (int k = 0; k <= n; ++k)
            for (int c = 0; c < 4; ++c) cell(0, k, c) = cell(k, 0, c) = 0;
        for (int y = 0; y < n; ++y) {
            const float* row = patch.ptr<float>(y);
            double run[4] = {};
            for (int x = 0; x < n; ++x) {
                for (int c = 0; c < 3; ++c)
                    run[c] += row[x * 3 + c], run[3] += double(row[x * 3 + c]) * row[x * 3 + c];
                for (int c = 0; c < 4; ++c) cell(y + 1, x + 1, c) = cell(y, x + 1, c) + run[c];
            }
        }
        for (int dy = 0; dy < shifts; ++dy)
            for (int dx = 0; dx < shifts; ++dx) {
                double s[4];
                for (int c = 0; c < 4; ++c)
                    s[c] = cell(dy + side, dx + side, c) - cell(dy, dx + side, c) -
                           cell(dy + side, dx, c) + cell(dy, dx, c);
                const double centred =
                    s[3] - (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]) / (side * side);
                norm[size_t(dy * shifts + dx)] = float(std::sqrt(std::max(centred, 0.0)));
            }
    }
    // Normalised correlation of a template (zero mean per channel, so the window's mean drops
    // out of the numerator) at shifts `at`, rounded as OpenCV rounds it.
    void score(const float* tmpl, float tmplNorm, const cv::Point* at, int count,
               float* out) const {
        correlateAt(data, stride, tmpl, side, at, count, out);
        for (int k = 0; k < count; ++k) {
            const float num = out[k], t = norm[size_t(at[k].y * shifts + at[k].x)] * tmplNorm;
            out[k] = std::abs(num) < t            ? num / t
                     : std::abs(num) < t * 1.125f ? (num > 0 ? 1.f : -1.f)
                                                  : 0.f;
        }
    }
};

// cv::GaussianBlur(bgr, out, 5 x 5, sigma 1) for small 8-bit BGR patches (the border reflected
// as there), without rebuilding the kernel on every call (OpenCV computes it bit-exactly in
// software floating point, which costs more than the blur of a patch).
cv::Mat smooth5(const cv::Mat& bgr) {
    CV_Assert(bgr.type() == CV_8UC3 && bgr.cols >= 3 && bgr.rows >= 3);
    static const std::array<float, 5> k = [] {
        std::array<float, 5> w{};
        double total = 0;
        for (int i = 0; i < 5; ++i) total += std::exp(-(i - 2) * (i - 2) / 2.0);
        for (int i = 0; i < 5; ++i)
            w[size_t(i)] = float(std::exp(-(i - 2) * (i - 2) / 2.0) / total);
        return w;
    }();
    const int w = bgr.cols, h = bgr.rows;
    auto reflect = [](int i, int n) { return i < 0 ? -i : i >= n ? 2 * n - 2 - i : i; };
    // Buffers per thread, reused (clearing them cost more than the blur): blurred along x, and
    // one row with its border reflected.
    thread_local std::vector<float> across, padded;
    if (across.size() < size_t(w * h * 3)) across.resize(size_t(w * h * 3));
    if (padded.size() < size_t((w + 4) * 3)) padded.resize(size_t((w + 4) * 3));
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* in = bgr.ptr<std::uint8_t>(y);
        for (int x = -2; x < w + 2; ++x)
            for (int c = 0; c < 3; ++c) padded[size_t((x + 2) * 3 + c)] = in[reflect(x, w) * 3 + c];
        float* o = &across[size_t(y * w * 3)];
        for (int i = 0; i < w * 3; ++i) { // the same sums in the same order, vectorised
            float sum = 0;
            for (int t = 0; t < 5; ++t) sum += k[size_t(t)] * padded[size_t(i + t * 3)];
            o[i] = sum;
        }
    }
    cv::Mat out(h, w, CV_8UC3);
    for (int y = 0; y < h; ++y) {
        std::uint8_t* o = out.ptr<std::uint8_t>(y);
        const float* rows[5];
        for (int t = 0; t < 5; ++t) rows[t] = &across[size_t(reflect(y + t - 2, h) * w * 3)];
        int x = 0;
#if defined(__SSE2__)
        // Eight at a time: the same products and sums, rounded to nearest even and clamped
        // to 0..255 as saturate_cast does (the rounding kept the plain loop scalar).
        for (; x + 8 <= w * 3; x += 8) {
            __m128 lo = _mm_setzero_ps(), hi = _mm_setzero_ps();
            for (int t = 0; t < 5; ++t) {
                const __m128 kt = _mm_set1_ps(k[size_t(t)]);
                lo = _mm_add_ps(lo, _mm_mul_ps(kt, _mm_loadu_ps(rows[t] + x)));
                hi = _mm_add_ps(hi, _mm_mul_ps(kt, _mm_loadu_ps(rows[t] + x + 4)));
            }
            const __m128i words = _mm_packs_epi32(_mm_cvtps_epi32(lo), _mm_cvtps_epi32(hi));
            _mm_storel_epi64(reinterpret_cast<__m128i*>(o + x), _mm_packus_epi16(words, words));
        }
#endif
        for (; x < w * 3; ++x) {
            float sum = 0;
            for (int t = 0; t < 5; ++t) sum += k[size_t(t)] * rows[t][x];
            o[x] = cv::saturate_cast<std::uint8_t>(sum);
        }
    }
    return out;
}

// A float image less its mean per channel.
cv::Mat centred(const cv::Mat& f) {
    cv::Mat out;
    cv::subtract(f, cv::mean(f), out);
    return out;
}

// Half the resolution (2 x 2 means), for a first, cheap search over the shifts.
// cv::resize(INTER_AREA) of a 3-channel float image by exactly a half, with its sums in its
// order, without its per-call set-up (more than a patch's arithmetic).
cv::Mat halve(const cv::Mat& f) {
    CV_Assert(f.type() == CV_32FC3);
    cv::Mat h(f.rows / 2, f.cols / 2, CV_32FC3);
    for (int y = 0; y < h.rows; ++y) {
        const float* a = f.ptr<float>(2 * y);
        const float* b = f.ptr<float>(2 * y + 1);
        float* o = h.ptr<float>(y);
        for (int x = 0; x < h.cols * 3; ++x) {
            const int at = (x / 3) * 6 + x % 3;
            o[x] = (((a[at] + a[at + 3]) + b[at]) + b[at + 3]) * 0.25f;
        }
    }
    return h;
}

// The best normalised correlation of a template over the patch's shifts, and where: first
// every shift at half resolution (a sixteenth of the work each), then the full resolution
// around the best (the smoothed correlation surface has one broad peak near the tile's
// position, so this finds the same maximum at about a third of the cost).
std::pair<float, cv::Point> slide(const SlideWindows& full, const SlideWindows& half, int kRim,
                                  const cv::Mat& tmpl, float tmplNorm, const cv::Mat& tmplHalf,
                                  float tmplHalfNorm) {
    // The templates leave out a rim of the tile (kRim): positions below are of the whole
    // tile's window (0..2 kMargin), the windows compared lie kRim further in.
    std::array<cv::Point, kShifts * kShifts> at;
    std::array<float, kShifts * kShifts> score;
    int count = 0;
    for (int y = 0; y <= TileClassifier::kMargin; ++y)
        for (int x = 0; x <= TileClassifier::kMargin; ++x)
            at[size_t(count++)] = {x + kRim / 2, y + kRim / 2};
    half.score(tmplHalf.ptr<float>(), tmplHalfNorm, at.data(), count, score.data());
    const cv::Point centre =
        2 * (at[size_t(std::max_element(score.begin(), score.begin() + count) - score.begin())] -
             cv::Point(kRim / 2, kRim / 2));
    count = 0; // in raster order, so ties go to the first, as cv::minMaxLoc would have it
    for (int y = std::max(0, centre.y - 1); y <= std::min(kShifts - 1, centre.y + 1); ++y)
        for (int x = std::max(0, centre.x - 1); x <= std::min(kShifts - 1, centre.x + 1); ++x)
            at[size_t(count++)] = {x + kRim, y + kRim};
    full.score(tmpl.ptr<float>(), tmplNorm, at.data(), count, score.data());
    const long best = std::max_element(score.begin(), score.begin() + count) - score.begin();
    return {score[size_t(best)], at[size_t(best)] - cv::Point(kRim, kRim)};
}

// A cell's patch ready to slide templates over: smoothed and normalised at full and half
// resolution, with the windows of both. The windows point into the patches, so all four live
// together here.
struct SlidingPatch {
    int rim;
    cv::Mat full, half;
    SlideWindows fullWindows, halfWindows;
    SlidingPatch(const cv::Mat& patchBgr, int rimPixels)
        : rim(rimPixels), full(normalisePatch(smooth5(patchBgr))), half(halve(full)),
          fullWindows(full, TileClassifier::kFine - 2 * rim),
          halfWindows(half, TileClassifier::kFine / 2 - rim) {}
    SlidingPatch(const SlidingPatch&) = delete;
    SlidingPatch& operator=(const SlidingPatch&) = delete;
    template <typename Fine>
    std::pair<float, cv::Point> slide(const Fine& t) const {
        return vision::slide(fullWindows, halfWindows, rim, t.full, t.fullNorm, t.half, t.halfNorm);
    }
};

int rimPixels(TileClassifier::Rim rim) {
    return rim == TileClassifier::Rim::Wide ? TileClassifier::kWideRim : TileClassifier::kRim;
}

// Template indices ordered by score, the best `keep` first.
std::vector<int> bestFirst(const std::vector<float>& scores, size_t keep) {
    std::vector<int> order(scores.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    std::partial_sort(order.begin(), order.begin() + long(keep), order.end(),
                      [&](int a, int b) { return scores[size_t(a)] > scores[size_t(b)]; });
    return order;
}

// The coarse vector of a cell (kFine x kFine BGR, 8 bits): its inner part without the rim
// (kCoarseRim each side: a tile's edge, shadow and the gap to the next, see the fine templates),
// 2 x 2 means down to kCoarse, normalised per channel, unit length.
cv::Mat coarseVector(const cv::Mat& fineBgr) {
    constexpr int kF = TileClassifier::kFine, kC = TileClassifier::kCoarse,
                  kR = TileClassifier::kCoarseRim;
    static_assert(kF - 2 * kR == 2 * kC, "the inner cell halves to the coarse size");
    CV_Assert(fineBgr.type() == CV_8UC3 && fineBgr.rows == kF && fineBgr.cols == kF);
    cv::Mat small(kC, kC, CV_32FC3);
    for (int y = 0; y < kC; ++y) {
        const std::uint8_t* a = fineBgr.ptr<std::uint8_t>(kR + 2 * y) + kR * 3;
        const std::uint8_t* b = fineBgr.ptr<std::uint8_t>(kR + 2 * y + 1) + kR * 3;
        float* o = small.ptr<float>(y);
        for (int x = 0; x < kC; ++x)
            for (int c = 0; c < 3; ++c)
                o[x * 3 + c] = 0.25f * float(a[x * 6 + c] + a[x * 6 + 3 + c] + b[x * 6 + c] +
                                             b[x * 6 + 3 + c]);
    }
    cv::Mat v = normalisePatch(small).reshape(1, 1);
    const double n = cv::norm(v);
    if (n > 0) v /= n;
    return v;
}

} // namespace

TileClassifier::TileClassifier(const ReferenceSet& refs,
                               const std::vector<const tiledb::TileKind*>& kinds) {
    for (const tiledb::TileKind* k : kinds) {
        const auto known = [&](const ReferenceImage& r) { return r.kind == k->id; };
        if (std::any_of(refs.images.begin(), refs.images.end(), known)) kinds_.push_back(k);
    }
    kindColour_.resize(kinds_.size());
    for (const ReferenceImage& r : refs.images) {
        const auto it = std::find_if(kinds_.begin(), kinds_.end(),
                                     [&](const tiledb::TileKind* k) { return k->id == r.kind; });
        if (it == kinds_.end()) continue;
        const int kind = int(it - kinds_.begin());
        cv::Mat face = r.image;
        // Every quarter turn, even of a symmetric kind: the art need not be symmetric.
        for (int rot = 0; rot < 4; ++rot) {
            Template t{kind, rot, {}, {}, {}, {}, {}, {}};
            cv::Mat fine;
            cv::resize(face, fine, cv::Size(kFine, kFine), 0, 0, cv::INTER_AREA);
            // Photos are softer than reference images: blur a little to meet them halfway.
            cv::GaussianBlur(fine, fine, cv::Size(3, 3), 0.6);
            cv::Mat smooth;
            cv::GaussianBlur(fine, smooth, cv::Size(5, 5), 1.0); // grain and noise average out
            // The rim is left out: photos show a tile's cardboard edge, its shadow and the gap
            // to the next tile there, which outweigh the drawing on a quiet tile (a field
            // with a thin road); each crop centred again (the correlation needs zero means).
            const cv::Mat whole = normalisePatch(smooth);
            const cv::Mat half = halve(whole);
            for (Rim width : {Rim::Narrow, Rim::Wide}) {
                const int rim = rimPixels(width);
                Fine& f = t.fine[size_t(width)];
                f.full = centred(whole(cv::Rect(rim, rim, kFine - 2 * rim, kFine - 2 * rim)));
                f.fullNorm = float(cv::norm(f.full));
                f.half =
                    centred(half(cv::Rect(rim / 2, rim / 2, kFine / 2 - rim, kFine / 2 - rim)));
                f.halfNorm = float(cv::norm(f.half));
            }
            if (ColourStats& c = kindColour_[size_t(kind)]; !c.known)
                cv::meanStdDev(fine, c.mean, c.spread), c.known = true;
            t.coarse = coarseVector(fine);
            cv::Mat detail;
            cv::resize(face, detail, cv::Size(kDetail, kDetail), 0, 0, cv::INTER_AREA);
            cv::GaussianBlur(detail, detail, cv::Size(3, 3), 0.8);
            t.detail = normalisePatch(detail);
            cv::GaussianBlur(t.detail, t.detailSoft, cv::Size(0, 0), kDetailSoftness);
            t.detailColour = colourOf(t.detailSoft);
            cv::resize(face, t.face, cv::Size(kSimFace, kSimFace), 0, 0, cv::INTER_AREA);
            templates_.push_back(t);
            cv::rotate(face, face, cv::ROTATE_90_CLOCKWISE);
        }
    }
    // Kinds this art draws alike (a Winter Edition tile drawn like a base tile from the same
    // map): one look, several kinds. Their templates differ only by grain, nowhere by a mark.
    lookOf_.resize(kinds_.size());
    for (size_t k = 0; k < kinds_.size(); ++k) lookOf_[k] = int(k);
    for (const Template& a : templates_)
        for (const Template& b : templates_) {
            if (a.kind >= b.kind || a.rotation != 0 || b.rotation != 0) continue;
            if (lookOf_[size_t(b.kind)] != b.kind) continue; // already joined
            cv::Mat d, d1;
            cv::absdiff(a.fine[0].full, b.fine[0].full, d); // the narrow rim: all of both
            cv::transform(d, d1, cv::Matx13f(1.f / 3, 1.f / 3, 1.f / 3));
            cv::GaussianBlur(d1, d1, cv::Size(5, 5), 1.5);
            double most;
            cv::minMaxLoc(d1, nullptr, &most);
            if (most < 0.3) lookOf_[size_t(b.kind)] = lookOf_[size_t(a.kind)];
        }
    coarseMatrix_ = cv::Mat(int(templates_.size()), kCoarse * kCoarse * 3, CV_32F);
    for (size_t i = 0; i < templates_.size(); ++i)
        templates_[i].coarse.copyTo(coarseMatrix_.row(int(i)));
}

std::vector<float> TileClassifier::coarseScores(const cv::Mat& innerBgr) const {
    const cv::Mat v = coarseVector(innerBgr);
    std::vector<float> scores(templates_.size());
    dotRows(coarseMatrix_.ptr<float>(), coarseMatrix_.rows, coarseMatrix_.cols, v.ptr<float>(),
            scores.data());
    return scores;
}

std::vector<float> TileClassifier::coarseScoresNear(const cv::Mat& patchBgr,
                                                    std::vector<float> aligned) const {
    constexpr int kCols = kCoarse * kCoarse * 3;
    static_assert(kCols % kLanes == 0);
    std::vector<float> v;
    v.reserve(size_t(kNear * kCols));
    for (int dy = -kCoarseReach; dy <= kCoarseReach; dy += kCoarseReach)
        for (int dx = -kCoarseReach; dx <= kCoarseReach; dx += kCoarseReach) {
            if (dx == 0 && dy == 0) continue;
            const cv::Mat c =
                coarseVector(patchBgr(cv::Rect(kMargin + dx, kMargin + dy, kFine, kFine)));
            v.insert(v.end(), c.ptr<float>(), c.ptr<float>() + kCols);
        }
    CV_Assert(v.size() == size_t(kNear * kCols) && aligned.size() == templates_.size());
    dotRowsMax(coarseMatrix_.ptr<float>(), coarseMatrix_.rows, coarseMatrix_.cols, v.data(),
               aligned.data());
    return aligned;
}

std::vector<int> TileClassifier::lookAlikes(int kind) const {
    std::vector<int> out;
    for (size_t k = 0; k < kinds_.size(); ++k)
        if (lookOf_[k] == lookOf_[size_t(kind)]) out.push_back(int(k));
    return out;
}

bool TileClassifier::knows(const std::string& id) const {
    return std::any_of(kinds_.begin(), kinds_.end(),
                       [&](const tiledb::TileKind* k) { return k->id == id; });
}

float TileClassifier::coarseScore(const cv::Mat& patchBgr) const {
    if (templates_.empty() || patchBgr.rows != kPatch || patchBgr.cols != kPatch) return -1;
    const std::vector<float> scores =
        coarseScores(patchBgr(cv::Rect(kMargin, kMargin, kFine, kFine)));
    return *std::max_element(scores.begin(), scores.end());
}

float TileClassifier::slidScore(const cv::Mat& patchBgr, int templates, Rim rim) const {
    if (templates_.empty() || patchBgr.rows != kPatch || patchBgr.cols != kPatch) return -1;
    const std::vector<float> scores =
        coarseScores(patchBgr(cv::Rect(kMargin, kMargin, kFine, kFine)));
    const size_t keep = std::min<size_t>(scores.size(), size_t(std::max(1, templates)));
    const std::vector<int> order = bestFirst(scores, keep);
    if (scores[size_t(order[0])] < kNoTile) return scores[size_t(order[0])];
    const SlidingPatch cell(patchBgr, rimPixels(rim));
    float best = -1;
    for (size_t i = 0; i < keep; ++i)
        best = std::max(best, cell.slide(templates_[size_t(order[i])].fine[size_t(rim)]).first);
    return best;
}

std::vector<Candidate> TileClassifier::classify(const cv::Mat& patchBgr, const cv::Mat& detailBgr,
                                                int top, Rim rim) const {
    return classify(
        patchBgr, [&](float) { return Detail{detailBgr}; }, top, rim);
}

bool TileClassifier::widensNarrow(int top, Rim rim, float best, float below) {
    return top > 1 && rim == Rim::Narrow && best < below;
}

std::vector<Candidate> TileClassifier::classify(const cv::Mat& patchBgr,
                                                const std::function<Detail(float)>& detail, int top,
                                                Rim rim, float narrowWidenBelow,
                                                float noTile) const {
    std::vector<Candidate> out;
    if (templates_.empty() || patchBgr.rows != kPatch || patchBgr.cols != kPatch) return out;
    // Coarse: correlation of the inner cell with every template.
    const cv::Mat inner = patchBgr(cv::Rect(kMargin, kMargin, kFine, kFine));
    const std::vector<float> scores = coarseScores(inner);
    // The rim-free coarse vectors rank well enough that four beyond the answers asked for
    // suffice (the fine stage is most of a cell's time).
    const size_t keep = std::min<size_t>(scores.size(), size_t(top) + 4);
    std::vector<int> order = bestFirst(scores, keep);
    if (scores[size_t(order[0])] < noTile) { // the table, a hand: nothing to slide
        out.push_back({templates_[size_t(order[0])].kind, 0, 0, scores[size_t(order[0])], {}});
        out[0].photometric = 9;
        out[0].slid = false;
        return out;
    }
    order.resize(keep);
    // Fine: slide the best over the margin (both sides smoothed alike, see the constructor).
    const SlidingPatch cell(patchBgr, rimPixels(rim));
    std::vector<std::pair<Candidate, int>> found; // with the template that scored it
    float bestFine = -1;
    // edgeToo: a best where the slide runs out may stand (else the drawing fits only pushed as
    // far as it goes, and the tile lies further off: readCell's search places it).
    const auto slideTemplate = [&](int index, float least, bool edgeToo = true) {
        const Template& t = templates_[size_t(index)];
        const auto [best, at] = cell.slide(t.fine[size_t(rim)]);
        const auto edge = [](int v) { return v == 0 || v == 2 * kMargin; };
        if (best < least || (!edgeToo && (edge(at.x) || edge(at.y)))) return;
        bestFine = std::max(bestFine, best);
        const int rotation = t.rotation % kinds_[size_t(t.kind)]->distinctRotations;
        auto it = std::find_if(found.begin(), found.end(), [&](const auto& f) {
            return lookOf_[size_t(f.first.kind)] == lookOf_[size_t(t.kind)] &&
                   f.first.rotation == rotation;
        });
        if (it == found.end()) {
            found.push_back({Candidate{t.kind, rotation, t.rotation, -2.f, {}}, index});
            it = found.end() - 1;
        }
        if (best > it->first.score) {
            it->first.kind = t.kind;
            it->first.drawn = t.rotation;
            it->first.score = best;
            it->first.shift =
                cv::Point2f(float(at.x - kMargin) / kFine, float(at.y - kMargin) / kFine);
            it->second = index;
        }
    };
    for (int index : order) slideTemplate(index, -2);
    // No good match among them, amid a board, and alternatives asked for (a caller after the
    // best alone, the refit's many cells, goes without; so does a lone tile, where the table's
    // grain found kinds to match): the templates the cell ranks among the best when moved a
    // little are slid too (coarseScoresNear).
    if (top > 1 && rim == Rim::Wide && bestFine < kWidenBelow) {
        const std::vector<int> near = bestFirst(coarseScoresNear(patchBgr, scores), keep);
        for (size_t k = 0; k < keep; ++k)
            if (std::find(order.begin(), order.end(), near[k]) == order.end())
                slideTemplate(near[k], kWidenFound);
    }
    // Read with the narrow rim (a turn's new tile, a lone tile), a cell misses kinds for
    // another reason: a kind's several drawings rank side by side, so the few slid hold fewer
    // kinds and turns (a straight road with a follower beside it ranked just past two drawings
    // each of five, and was read as a road with three arms). Below kWidenBelow, every drawing
    // of the first `keep` kinds and turns is slid.
    if (widensNarrow(top, rim, bestFine, narrowWidenBelow)) {
        const std::vector<int> all = bestFirst(scores, scores.size());
        const auto kindTurn = [&](int i) { // as found merges: a look and a distinct turn
            const Template& t = templates_[size_t(i)];
            return std::pair(lookOf_[size_t(t.kind)],
                             t.rotation % kinds_[size_t(t.kind)]->distinctRotations);
        };
        std::vector<std::pair<int, int>> kept;
        for (size_t k = 0; k < all.size() && kept.size() < keep; ++k)
            if (std::find(kept.begin(), kept.end(), kindTurn(all[k])) == kept.end())
                kept.push_back(kindTurn(all[k]));
        for (int i : all)
            if (std::find(order.begin(), order.end(), i) == order.end() &&
                std::find(kept.begin(), kept.end(), kindTurn(i)) != kept.end())
                slideTemplate(i, kWidenFound, false);
    }
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first.score > b.first.score; });
    std::vector<int> templateOf;
    for (const auto& [c, t] : found) out.push_back(c), templateOf.push_back(t);
    out[0].margin = out.size() > 1 ? out[0].score - out[1].score : 1.f;
    separateLookAlikes(detail, out, templateOf, rim);
    if (out.size() > size_t(top)) out.resize(size_t(top));
    cv::Scalar mean, spread;
    cv::meanStdDev(inner, mean, spread);
    for (Candidate& c : out) {
        const ColourStats& k = kindColour_[size_t(c.kind)];
        double logGain[3], mismatch = 0, avg = 0;
        for (int ch = 0; ch < 3; ++ch) {
            const double gain = (mean[ch] + 4) / (k.mean[ch] + 4);
            const double contrast = (spread[ch] + 8) / (k.spread[ch] + 8);
            logGain[ch] = std::log(gain);
            mismatch += std::abs(std::log(contrast / gain));
            avg += logGain[ch] / 3;
        }
        double cast = 0;
        for (double g : logGain) cast += std::abs(g - avg);
        c.photometric = float(mismatch / 3 + cast / 3);
    }
    return out;
}

std::array<float, 4> TileClassifier::turnScores(const cv::Mat& patchBgr, int kind, Rim rim) const {
    std::array<float, 4> out{-2, -2, -2, -2};
    if (kind < 0 || size_t(kind) >= kinds_.size() || patchBgr.rows != kPatch ||
        patchBgr.cols != kPatch)
        return out;
    const SlidingPatch cell(patchBgr, rimPixels(rim));
    for (const Template& t : templates_) {
        if (lookOf_[size_t(t.kind)] != lookOf_[size_t(kind)]) continue;
        const size_t turn = size_t(t.rotation % kinds_[size_t(kind)]->distinctRotations);
        out[turn] = std::max(out[turn], cell.slide(t.fine[size_t(rim)]).first);
    }
    return out;
}

void TileClassifier::separateLookAlikes(const std::function<Detail(float)>& detail,
                                        std::vector<Candidate>& out,
                                        const std::vector<int>& templateOf, Rim rim) const {
    constexpr float kClose = 0.06f; // candidates this close in score are look-alikes
    // A best match this weak is the table or a cell off its tile: no look-alike to settle.
    constexpr float kWeakest = 0.5f;
    size_t n = 1;
    while (n < out.size() && n < 3 && out[n].score >= out[0].score - kClose) ++n;
    if (n < 2 || out[0].score < kWeakest) return;
    const Detail cell = detail(out[0].score);
    const cv::Mat& raw = cell.bgr;
    if (raw.rows != kDetailPatch) return;
    cv::Mat rawSoft; // as soft as the templates (see the constructor)
    cv::GaussianBlur(raw, rawSoft, cv::Size(3, 3), 0.8);
    std::vector<cv::Mat> tmpl(n);
    for (size_t i = 0; i < n; ++i) tmpl[i] = templates_[size_t(templateOf[i])].detail;
    // Align on what the candidates share: the best correlation with their mean within +-2 px
    // of where the fine stage found the tile.
    cv::Mat common = tmpl[0].clone();
    for (size_t i = 1; i < n; ++i) common += tmpl[i];
    const cv::Mat whole = normalisePatch(rawSoft);
    const cv::Rect frame(0, 0, whole.cols, whole.rows);
    const int cx = int(std::lround(out[0].shift.x * kDetail)) + kDetailMargin,
              cy = int(std::lround(out[0].shift.y * kDetail)) + kDetailMargin;
    cv::Point at(-1, -1);
    double bestCorr = -1e18;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            const cv::Rect r(cx + dx, cy + dy, kDetail, kDetail);
            if ((r & frame) != r) continue;
            const double c = whole(r).dot(common);
            if (c > bestCorr) bestCorr = c, at = r.tl();
        }
    if (at.x < 0) return;
    const cv::Mat p = normalisePatch(raw(cv::Rect(at, cv::Size(kDetail, kDetail))));
    // For each pair, which of the two the cell is (lookAlikeS), measured against how photos
    // of each drawing read (lookAlikeBias): +1 reads like photos of the first, -1 like photos
    // of the second. A small mark loses more of its contrast in a photo than the tile as a
    // whole, so a photo of the drawing with the mark reads between the two; how far depends on
    // the art (a thin shield more than a bold one), which the simulation learns.
    // Two readings of each pair: the drawings as aligned (lookAlikeS), and each drawing at its
    // own best shift of a pixel or two (lookAlikeShiftedS: a mark a little off its place in the
    // photo, which pulls the aligned reading towards halfway). The shifted one can also find a
    // mark in a shadow by the tile's edge: it is read only amid a board (the wide rim), not on
    // a lone tile, whose shadow on the table lies all round it (with it there, boards of one to
    // eight tiles and the tracker's game read more tiles wrongly), and it decides only where
    // the two agree; where they disagree the pair is left open. Nor is it read for a weak
    // match (another kind, or a cell off its tile), where shifting finds marks in anything.
    const bool shifted = rim == Rim::Wide && out[0].score >= kShiftedFrom;
    std::vector<std::vector<float>> s(n, std::vector<float>(n, 0.f));
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            const std::array<double, 2> v =
                lookAlikeReadings(templateOf[i], templateOf[j], p, shifted);
            if (std::isnan(v[0])) continue;
            double read[2];
            const auto readAgainst = [&](const LookAlikeBias& bias) {
                for (int m = 0; m < 2; ++m) {
                    // A pair whose photos barely differ keeps the drawings' own scale:
                    // stretching a small difference would make noise look like evidence.
                    const double centre = 0.5 * (bias.first[m] + bias.second[m]),
                                 half = std::max(0.5, 0.5 * (bias.first[m] - bias.second[m]));
                    read[m] = std::clamp((v[m] - centre) / half, -2.0, 2.0);
                }
            };
            readAgainst(lookAlikeBias(templateOf[i], templateOf[j]));
            // Photos at the cell's own footprint (simulated the first time a board shows a
            // pair at that footprint, the costliest step of a small tilted board's reading)
            // only where the square photos leave the cell near the middle: over 60 procedural
            // scenes, of 2555 twin readings, the footprint turned the side only of readings
            // within 0.31 of it.
            if (std::abs(read[0]) < kFootprintWithin ||
                (!std::isnan(v[1]) && std::abs(read[1]) < kFootprintWithin))
                readAgainst(lookAlikeBias(templateOf[i], templateOf[j], cell.footprint));
            // Where the two disagree the pair is left open, but for pennant twins whose
            // shifted fit finds the pennant: a pennant a pixel or two off its place is what the
            // aligned reading misses, while nothing else on the tile fits as a pennant (in all
            // five such twins left open over the bench's 400 scenes, the pennant was there).
            auto findsThePennant = [&] { // the shifted reading sides with the pennant's drawing
                if (!pennantTwins(templateOf[i], templateOf[j])) return false;
                return (pennantsOf(templateOf[i]) > pennantsOf(templateOf[j])) == (read[1] > 0);
            };
            const double both = std::isnan(v[1])         ? read[0]
                                : read[0] * read[1] <= 0 ? (findsThePennant() ? read[1] : 0)
                                : std::abs(read[0]) > std::abs(read[1]) ? read[0]
                                                                        : read[1];
            s[i][j] = float(both), s[j][i] = -s[i][j];
        }
    // The candidate that beats every other by the widest least margin.
    size_t best = 0;
    float bestLeast = -1e9f;
    for (size_t i = 0; i < n; ++i) {
        float least = 1e9f;
        for (size_t j = 0; j < n; ++j)
            if (j != i) least = std::min(least, s[i][j]);
        if (least > bestLeast) bestLeast = least, best = i;
    }
    std::swap(out[0], out[best]);
    // On the score's scale: s = 1 (the cell is exactly the one drawing) counts like a clear
    // score gap.
    out[0].margin = std::max(0.f, 0.12f * bestLeast);
}

std::array<double, 2> TileClassifier::lookAlikeReadings(int a, int b, const cv::Mat& p,
                                                        bool shifted) const {
    const double nan = std::nan("");
    const DifferenceRegion& r = differenceRegion(a, b);
    // How much of the drawings' contrast the photo kept: g = p.m / m.m over the cell less the
    // rim, with m the mean of the two soft drawings.
    const float* pp = p.ptr<float>();
    const double g = r.mm > 0 ? 0.5 *
                                    (dotInner(pp, templates_[size_t(a)].detailSoft.ptr<float>()) +
                                     dotInner(pp, templates_[size_t(b)].detailSoft.ptr<float>())) /
                                    r.mm
                              : 0;
    if (!(g > 0.1)) return {nan, nan}; // the cell is like neither
    return {lookAlikeS(r, p, g), shifted ? lookAlikeShiftedS(a, b, r, p, g) : nan};
}

double TileClassifier::lookAlikeS(const DifferenceRegion& r, const cv::Mat& p, double g) {
    // With m the mean and h half the difference of the two soft drawings, the cell's pixels are
    // about g * (m + s * h), where g (the contrast the photo kept, less when blurred) comes from
    // the whole tile and s from where they differ (real marks, not the grain every drawing
    // has): +1 for the first, -1 for the second. Taking the contrast out keeps a blurred photo
    // from favouring the drawing with fewer marks; a mark slightly off its place pulls s
    // towards 0, not towards the drawing without it. With w a pixel's weight (how far the sharp
    // drawings differ beyond kDiffers, markDifference) and c h the part of h it is read from
    // (for pennant twins its colour, h less its mean over the channels; else h itself),
    // s = (p - g m).(w c h) / (g h.(w c h)), whose pair-only parts differenceRegion computes
    // once. The rim is left out,
    // as the fine match leaves it out (kRim): a photo shows the cardboard edge, a shadow or the
    // next tile there, which read as neither drawing (a city cap along an edge read halfway
    // between the cap and the field).
    if (r.whh <= 1e-6) return std::nan("");
    const double wph = dotPacked(p.ptr<float>(), r.weighted, r.wh.data());
    return (wph - g * r.wmh) / (g * r.whh);
}

int TileClassifier::pennantsOf(int t) const {
    int n = 0;
    for (const tiledb::Feature& f : kinds_[size_t(templates_[size_t(t)].kind)]->features)
        n += f.pennants;
    return n;
}

bool TileClassifier::pennantTwins(int ia, int ib) const {
    // Two kinds alike but for their pennants, as the two templates lie: the same sides, the
    // same features, a different count of pennants.
    const Template &a = templates_[size_t(ia)], &b = templates_[size_t(ib)];
    const tiledb::TileKind &ka = *kinds_[size_t(a.kind)], &kb = *kinds_[size_t(b.kind)];
    return ka.sideSignature[size_t(a.rotation)] == kb.sideSignature[size_t(b.rotation)] &&
           ka.features.size() == kb.features.size() && pennantsOf(ia) != pennantsOf(ib);
}

const TileClassifier::DifferenceRegion& TileClassifier::differenceRegion(int ia, int ib) const {
    {
        const std::lock_guard<std::mutex> lock(biases_->mutex);
        if (const auto it = biases_->regions.find({ia, ib}); it != biases_->regions.end())
            return it->second;
    }
    constexpr int n = kDetail, lo = kShiftedRim, hi = n - lo;
    const Template &a = templates_[size_t(ia)], &b = templates_[size_t(ib)];
    DifferenceRegion r;
    // lookAlikeS's parts: the weighted pixels in runs, w h there, and the sums of the pair alone.
    // Pennant twins are read from the drawings' difference in colour, not brightness: a shadow
    // by the tile's edge, or blur, darkens the mark's place too, and a classic shield's place in
    // shade read as the shield (classic F and G, confidently wrong). Other pairs (a road's place,
    // a tile turned) differ in brightness as much as in colour, which they keep.
    const bool twins = pennantTwins(ia, ib);
    struct Weighted {
        float w, m[3], h[3];
    };
    std::vector<Weighted> pixels;
    double all = 0, colour = 0; // w |h|^2 and w |h less its grey|^2, summed
    for (int y = kDetailRim; y < n - kDetailRim; ++y) {
        const float *sa = a.detailSoft.ptr<float>(y), *sb = b.detailSoft.ptr<float>(y);
        for (int x = kDetailRim; x < n - kDetailRim; ++x) {
            Weighted p;
            for (int c = 0; c < 3; ++c) {
                p.m[c] = 0.5f * (sa[3 * x + c] + sb[3 * x + c]);
                p.h[c] = 0.5f * (sa[3 * x + c] - sb[3 * x + c]);
                r.mm += p.m[c] * p.m[c];
            }
            p.w = std::max(0.f, markDifference(a.detail, b.detail, x, y, twins) - kDiffers);
            if (p.w == 0) continue;
            const int at = 3 * (y * n + x);
            if (r.weighted.empty() || r.weighted.back().first + r.weighted.back().second != at)
                r.weighted.push_back({at, 0});
            r.weighted.back().second += 3;
            const float grey = greyOf(p.h);
            for (int c = 0; c < 3; ++c)
                all += p.w * p.h[c] * p.h[c], colour += p.w * (p.h[c] - grey) * (p.h[c] - grey);
            pixels.push_back(p);
        }
    }
    const bool inColour = twins && colour >= kColourShare * all;
    for (Weighted& p : pixels) {
        const float grey = inColour ? greyOf(p.h) : 0.f;
        for (int c = 0; c < 3; ++c) {
            const float h = p.h[c] - grey;
            r.wh.push_back(p.w * h);
            r.whh += p.w * h * h, r.wmh += p.w * p.m[c] * h;
        }
    }
    cv::Mat region(n, n, CV_8U, cv::Scalar(0));
    for (int y = lo; y < hi; ++y)
        for (int x = lo; x < hi; ++x)
            if (markDifference(a.detail, b.detail, x, y, twins) > kDiffers)
                region.at<std::uint8_t>(y, x) = 255;
    cv::dilate(region, region, cv::Mat(), {-1, -1}, kShiftReach);
    for (int y = lo; y < hi; ++y) {
        const std::uint8_t* in = region.ptr<std::uint8_t>(y);
        for (int x = lo; x < hi; ++x) {
            if (!in[x]) continue;
            const int from = x;
            while (x < hi && in[x]) ++x;
            r.runs.push_back({3 * (y * n + from), 3 * (x - from)});
        }
    }
    // The shifted fit reads what lookAlikeS reads: the colour alone for twins so read.
    r.colour = inColour;
    const cv::Mat &ta = a.soft(inColour), &tb = b.soft(inColour);
    const float *sa = ta.ptr<float>(), *sb = tb.ptr<float>();
    cv::Mat d = ta - tb;
    r.dd = dotRuns(d.ptr<float>(), d.ptr<float>(), r.runs);
    for (int dy = -kShiftReach, k = 0; dy <= kShiftReach; ++dy)
        for (int dx = -kShiftReach; dx <= kShiftReach; ++dx, ++k) {
            const int back = 3 * (dy * n + dx);
            r.norm[0][size_t(k)] = dotRuns(sa - back, sa - back, r.runs);
            r.norm[1][size_t(k)] = dotRuns(sb - back, sb - back, r.runs);
        }
    const std::lock_guard<std::mutex> lock(biases_->mutex);
    return biases_->regions.emplace(std::pair<int, int>{ia, ib}, std::move(r)).first->second;
}

double TileClassifier::lookAlikeShiftedS(int ia, int ib, const DifferenceRegion& r,
                                         const cv::Mat& p, double g) const {
    // Where the drawings differ (and kShiftReach around), each drawing fitted to the cell at
    // its best shift within kShiftReach, under the tile's gain g as in lookAlikeS:
    // (misfit of b - misfit of a) / (g^2 |a - b|^2) is +1 for exactly a, -1 for exactly b. The
    // misfit |p - g t|^2 less |p|^2 (the same for both) is g^2 |t|^2 - 2 g p.t. Twins read in
    // colour by lookAlikeS are fitted in colour too: in brightness, the shifted fit found a
    // classic shield in shade by the tile's edge, disagreed, and left the pair open.
    const Template &a = templates_[size_t(ia)], &b = templates_[size_t(ib)];
    if (r.runs.empty() || r.dd <= 1e-6) return std::nan("");
    // Pennant twins read in colour (differenceRegion): the cell's colour against the drawings'.
    const cv::Mat cell = r.colour ? colourOf(p) : p;
    const float* pp = cell.ptr<float>();
    double best[2] = {1e300, 1e300};
    const float* soft[2] = {a.soft(r.colour).ptr<float>(), b.soft(r.colour).ptr<float>()};
    for (int dy = -kShiftReach, k = 0; dy <= kShiftReach; ++dy)
        for (int dx = -kShiftReach; dx <= kShiftReach; ++dx, ++k) {
            const int back = 3 * (dy * kDetail + dx);
            for (int t = 0; t < 2; ++t)
                best[t] = std::min(best[t], g * g * r.norm[size_t(t)][size_t(k)] -
                                                2 * g * dotRuns(pp, soft[t] - back, r.runs));
        }
    return (best[1] - best[0]) / (g * g * r.dd);
}

namespace {

// A drawing `small` as the camera records it: softened by `blur` pixels, and compressed.
cv::Mat photographed(cv::Mat small, double blur) {
    cv::GaussianBlur(small, small, cv::Size(0, 0), blur);
    // Cameras keep colour at half the resolution of brightness (Bayer mosaics, 4:2:0 video and
    // JPEG), and compress: a coloured mark on a tile loses more than its outline does.
    std::vector<std::uint8_t> jpeg;
    cv::imencode(".jpg", small, jpeg, {cv::IMWRITE_JPEG_QUALITY, 80});
    return cv::imdecode(jpeg, cv::IMREAD_COLOR);
}

// A photo of a drawing as the camera tends to show a tile: `side` pixels across, softened by
// `blur` pixels, resampled up to the detail patch `offset` detail pixels off, normalised as a
// cell is.
cv::Mat simulatedDetail(const cv::Mat& face, int side, double blur, cv::Point2d offset) {
    constexpr int n = TileClassifier::kDetail;
    cv::Mat small, up;
    cv::resize(face, small, cv::Size(side, side), 0, 0, cv::INTER_AREA);
    small = photographed(small, blur);
    const double k = double(n) / side;
    const cv::Matx23d m(k, 0, offset.x + 0.5 * (k - 1), 0, k, offset.y + 0.5 * (k - 1));
    cv::warpAffine(small, up, m, cv::Size(n, n), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return normalisePatch(up);
}

// Photos of a drawing as the camera shows a tile seen through `footprint` (pixels per tile
// along the drawing's x and y: at a tilt the tile is foreshortened, and a mark shrinks more
// one way than the other), softened by each of `blurs` and read `offsets` detail pixels off,
// 8-bit, not yet normalised.
std::vector<cv::Mat> simulatedDetails(const cv::Mat& face, const cv::Matx22d& footprint,
                                      std::span<const double> blurs,
                                      std::span<const cv::Point2d> offsets) {
    constexpr int n = TileClassifier::kDetail;
    const cv::Matx22d& J = footprint;
    // The tile's bounding box in the small picture, a pixel or two to spare.
    const double xs[4] = {0, J(0, 0), J(0, 1), J(0, 0) + J(0, 1)},
                 ys[4] = {0, J(1, 0), J(1, 1), J(1, 0) + J(1, 1)};
    const double x0 = *std::min_element(xs, xs + 4) - 2, y0 = *std::min_element(ys, ys + 4) - 2;
    const cv::Size size(int(std::ceil(*std::max_element(xs, xs + 4) - x0 + 2)),
                        int(std::ceil(*std::max_element(ys, ys + 4) - y0 + 2)));
    // Unit tile coordinates u -> small pixel J u - origin - 0.5 (pixel centres at integers).
    const auto toSmall = [&](double scale, cv::Point2d at) {
        return cv::Matx23d(J(0, 0) * scale, J(0, 1) * scale,
                           J(0, 0) * at.x + J(0, 1) * at.y - x0 - 0.5, J(1, 0) * scale,
                           J(1, 1) * scale, J(1, 0) * at.x + J(1, 1) * at.y - y0 - 0.5);
    };
    // Down: the drawing averaged over a small pixel first (as resizing by area does).
    const double F = face.cols, side = std::sqrt(std::abs(cv::determinant(J)));
    cv::Mat soft, small;
    cv::GaussianBlur(face, soft, cv::Size(0, 0),
                     std::max(0.3, TileClassifier::kFootprintAverage * F / side));
    cv::warpAffine(soft, small, toSmall(1 / F, {0.5 / F, 0.5 / F}), size, cv::INTER_LINEAR,
                   cv::BORDER_REPLICATE);
    // Up: each detail pixel read where it lies on the small picture.
    std::vector<cv::Mat> out;
    for (double blur : blurs) {
        const cv::Mat photo = photographed(small, blur);
        for (cv::Point2d offset : offsets) {
            cv::Mat up;
            cv::warpAffine(
                photo, up, toSmall(1.0 / n, {(offset.x + 0.5) / n, (offset.y + 0.5) / n}),
                cv::Size(n, n), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
            out.push_back(std::move(up));
        }
    }
    return out;
}

} // namespace

const std::array<cv::Mat, 4>& TileClassifier::simulatedPhotos(int t) const {
    {
        const std::lock_guard<std::mutex> lock(biases_->mutex);
        if (const auto it = biases_->photos.find(t); it != biases_->photos.end()) return it->second;
    }
    // Tiles 36 and 48 pixels across (a big board in a 1920x1080 picture), in and a little out
    // of focus, a quarter of a detail pixel off the cell's grid.
    const int sides[2] = {36, 48};
    const double blurs[2] = {0.8, 1.3};
    const cv::Point2d offset(0.25, -0.25);
    std::array<cv::Mat, 4> photos;
    for (int i = 0; i < 4; ++i)
        photos[size_t(i)] =
            simulatedDetail(templates_[size_t(t)].face, sides[i / 2], blurs[i % 2], offset);
    const std::lock_guard<std::mutex> lock(biases_->mutex);
    return biases_->photos.emplace(t, std::move(photos)).first->second;
}

TileClassifier::LookAlikeBias TileClassifier::meanReadings(int a, int b,
                                                           std::span<const cv::Mat> ofA,
                                                           std::span<const cv::Mat> ofB) const {
    LookAlikeBias bias;
    double sum[2][2] = {}; // by truth, by measure
    int count[2][2] = {};
    for (int truth = 0; truth < 2; ++truth)
        for (const cv::Mat& photo : truth ? ofB : ofA) {
            const std::array<double, 2> v = lookAlikeReadings(a, b, photo, true);
            for (int m = 0; m < 2; ++m)
                if (!std::isnan(v[m])) sum[truth][m] += v[m], ++count[truth][m];
        }
    for (int m = 0; m < 2; ++m)
        if (count[0][m] > 0 && count[1][m] > 0)
            bias.first[m] = float(sum[0][m] / count[0][m]),
            bias.second[m] = float(sum[1][m] / count[1][m]);
    return bias;
}

TileClassifier::PairKey TileClassifier::pairKey(int a, int b) const {
    // Turning both drawings alike, or swapping them, reads alike (s changes sign): one
    // simulation serves all (a drawing's four turns are consecutive templates, see the
    // constructor).
    const auto unturning = [&](int first, int second) {
        const int by = 4 - templates_[size_t(first)].rotation;
        const auto turned = [&](int t) {
            return t - templates_[size_t(t)].rotation + (templates_[size_t(t)].rotation + by) % 4;
        };
        return PairKey{{turned(first), turned(second)}, false, by % 4};
    };
    const PairKey key = unturning(a, b), other = unturning(b, a);
    if (key.pair <= other.pair) return key;
    return {other.pair, true, other.turns};
}

TileClassifier::LookAlikeBias TileClassifier::PairKey::oriented(LookAlikeBias bias) const {
    if (!swapped) return bias;
    LookAlikeBias out;
    for (int m = 0; m < 2; ++m) out.first[m] = -bias.second[m], out.second[m] = -bias.first[m];
    return out;
}

TileClassifier::LookAlikeBias TileClassifier::lookAlikeBias(int a, int b) const {
    const PairKey pk = pairKey(a, b);
    const std::pair<int, int>& key = pk.pair;
    const auto oriented = [&](LookAlikeBias bias) { return pk.oriented(bias); };
    {
        const std::lock_guard<std::mutex> lock(biases_->mutex);
        if (const auto it = biases_->pairs.find(key); it != biases_->pairs.end())
            return oriented(it->second);
    }
    const LookAlikeBias bias = meanReadings(key.first, key.second, simulatedPhotos(key.first),
                                            simulatedPhotos(key.second));
    const std::lock_guard<std::mutex> lock(biases_->mutex);
    biases_->pairs.emplace(key, bias);
    return oriented(bias);
}

std::vector<cv::Mat> TileClassifier::photosAtFootprint(int t, const cv::Matx22d& footprint,
                                                       const std::array<int, 3>& rounded) const {
    const std::array<int, 4> key{t, rounded[0], rounded[1], rounded[2]};
    {
        const std::lock_guard<std::mutex> lock(biases_->mutex);
        if (const auto it = biases_->atFootprint.find(key); it != biases_->atFootprint.end())
            return it->second;
    }
    // Two focuses and two offsets each: at these sizes a pennant is a few pixels, and one
    // photo's sampling moves its reading. (A third, sharper focus of 0.5 px cost half as much
    // again and settled one twin fewer over the bench's 800 scenes.)
    const double blurs[2] = {0.8, 1.3};
    const cv::Point2d offsets[2] = {{0.25, -0.25}, {-0.25, 0.25}};
    std::vector<cv::Mat> photos =
        simulatedDetails(templates_[size_t(t)].face, footprint, blurs, offsets);
    const std::lock_guard<std::mutex> lock(biases_->mutex);
    // Kept while a board is read (the pairs of a footprint share drawings), bounded across
    // boards: 64 drawings' photos are 3.5 MB.
    if (biases_->atFootprint.size() >= 64) biases_->atFootprint.clear();
    biases_->atFootprint.emplace(key, photos);
    return photos;
}

TileClassifier::LookAlikeBias TileClassifier::lookAlikeBias(int a, int b,
                                                            const cv::Matx22d& footprint) const {
    const double side = std::sqrt(std::abs(cv::determinant(footprint)));
    if (!(side >= 8 && side < kOwnFootprintBelow) || !pennantTwins(a, b))
        return lookAlikeBias(a, b);
    // The footprint's stretch alone, less its turn in the picture, which moves the tile's
    // pixels but does not shrink them (footprint = turn x stretch): its side, how much it is
    // foreshortened and along which direction of the tile, rounded so that a board's cells
    // share a few simulations (steps of a tenth of the side, of 0.1 in the ratio of its short
    // axis to its long one, of 22.5 degrees).
    cv::Matx21d sigma;
    cv::Matx22d u, vt;
    cv::SVD::compute(footprint, sigma, u, vt);
    const int steps = int(std::lround(std::log(side) / std::log(1.1))),
              ratio = int(std::lround(10 * sigma(1) / sigma(0))),
              turn = ratio >= 10
                         ? 0
                         : int(std::lround(std::atan2(vt(0, 1), vt(0, 0)) / (CV_PI / 8)) + 8) % 8;
    // Both drawings unturned (pairKey) turn the direction with them: a quarter turn is 4 steps.
    const PairKey pk = pairKey(a, b);
    const std::array<int, 5> key{pk.pair.first, pk.pair.second, steps, ratio,
                                 ratio >= 10 ? 0 : (turn + 4 * pk.turns) % 8};
    const auto oriented = [&](LookAlikeBias bias) { return pk.oriented(bias); };
    {
        const std::lock_guard<std::mutex> lock(biases_->mutex);
        if (const auto it = biases_->byFootprint.find(key); it != biases_->byFootprint.end())
            return oriented(it->second);
    }
    const double roundSide = std::pow(1.1, steps), roundRatio = ratio / 10.0,
                 along = key[4] * CV_PI / 8;
    const cv::Matx22d axes(std::cos(along), -std::sin(along), std::sin(along), std::cos(along));
    const cv::Matx22d rounded =
        axes *
        cv::Matx22d(roundSide / std::sqrt(roundRatio), 0, 0, roundSide * std::sqrt(roundRatio)) *
        axes.t();
    std::array<std::vector<cv::Mat>, 2> photos;
    for (size_t k = 0; k < 2; ++k)
        for (const cv::Mat& photo : photosAtFootprint(key[k], rounded, {key[2], key[3], key[4]}))
            photos[k].push_back(normalisePatch(photo));
    const LookAlikeBias bias = meanReadings(key[0], key[1], photos[0], photos[1]);
    const std::lock_guard<std::mutex> lock(biases_->mutex);
    biases_->byFootprint.emplace(key, bias);
    return oriented(bias);
}

std::vector<Candidate> TileClassifier::classifyTilePhoto(const cv::Mat& bgr, int top) const {
    // Give the photo a margin by reflecting its border, so the same sliding match applies.
    cv::Mat fine, patch;
    cv::resize(bgr, fine, cv::Size(kFine, kFine), 0, 0, cv::INTER_AREA);
    cv::copyMakeBorder(fine, patch, kMargin, kMargin, kMargin, kMargin, cv::BORDER_REPLICATE);
    cv::Mat big, detail;
    cv::resize(bgr, big, cv::Size(kDetail, kDetail), 0, 0, cv::INTER_AREA);
    cv::copyMakeBorder(big, detail, kDetailMargin, kDetailMargin, kDetailMargin, kDetailMargin,
                       cv::BORDER_REPLICATE);
    return classify(patch, detail, top);
}

} // namespace vision
