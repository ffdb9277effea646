#include "warp.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vision {

namespace {

constexpr int kSub = 32; // OpenCV's INTER_TAB_SIZE

// A row's source positions in 1/32 pixels (x, y interleaved), from (w, X, Y) at its first pixel
// stepped by M's first column, rounded to nearest (ties to even) as cvRound rounds.
void rowPositions(double w, double X, double Y, const cv::Matx33d& M, int count, int* at) {
#if defined(__SSE2__)
    // X and Y side by side: the same products, clamps and rounding two lanes at a time.
    __m128d xy = _mm_set_pd(Y, X);
    const __m128d step = _mm_set_pd(M(1, 0), M(0, 0)), lo = _mm_set1_pd(-3e7),
                  hi = _mm_set1_pd(3e7);
    for (int k = 0; k < count; ++k, w += M(2, 0), xy = _mm_add_pd(xy, step)) {
        const __m128d v = _mm_mul_pd(xy, _mm_set1_pd(w ? kSub / w : 0));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(at + 2 * k),
                         _mm_cvtpd_epi32(_mm_min_pd(_mm_max_pd(v, lo), hi)));
    }
#else
    for (int k = 0; k < count; ++k, w += M(2, 0), X += M(0, 0), Y += M(1, 0)) {
        const double inv = w ? kSub / w : 0;
        at[2 * k] = cvRound(std::clamp(X * inv, -3e7, 3e7));
        at[2 * k + 1] = cvRound(std::clamp(Y * inv, -3e7, 3e7));
    }
#endif
}

#if defined(__SSE2__)
// One output pixel from pixels a, b (side by side, 8 bytes read from `ra`, 6 used) of its
// source row and the same two of the next (`rb`), weights kx, ky in 1/32: its 3 bytes in the
// low bytes of the result. Bilinear in integers: the value is v / 1024 exactly, rounded half to
// even as saturate_cast rounds a float.
inline __m128i bilinearPixel(const std::uint8_t* ra, const std::uint8_t* rb, int kx, int ky) {
    std::uint64_t la, lb;
    std::memcpy(&la, ra, 8), std::memcpy(&lb, rb, 8);
    const __m128i z = _mm_setzero_si128();
    // 16-bit lanes a0 a1 a2 b0 b1 b2 . . -> pairs (a_c, b_c) per channel
    const __m128i pa = _mm_unpacklo_epi8(_mm_cvtsi64_si128(std::int64_t(la)), z),
                  pb = _mm_unpacklo_epi8(_mm_cvtsi64_si128(std::int64_t(lb)), z);
    const __m128i ia = _mm_unpacklo_epi16(pa, _mm_srli_si128(pa, 6)),
                  ib = _mm_unpacklo_epi16(pb, _mm_srli_si128(pb, 6));
    const int w00 = (kSub - kx) * (kSub - ky), w01 = kx * (kSub - ky), w10 = (kSub - kx) * ky,
              w11 = kx * ky;
    const __m128i wa = _mm_set1_epi32(w00 | (w01 << 16)), wb = _mm_set1_epi32(w10 | (w11 << 16));
    const __m128i v = _mm_add_epi32(_mm_madd_epi16(ia, wa), _mm_madd_epi16(ib, wb));
    const __m128i odd = _mm_and_si128(_mm_srli_epi32(v, 10), _mm_set1_epi32(1));
    const __m128i q = _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(v, _mm_set1_epi32(511)), odd), 10);
    // 32 -> 16 -> 8 bits (all within 0..255)
    return _mm_packus_epi16(_mm_packs_epi32(q, q), z);
}

void storePixel(std::uint8_t* o, __m128i bytes) {
    const std::uint32_t px = std::uint32_t(_mm_cvtsi128_si32(bytes));
    std::memcpy(o, &px, 3);
}
#endif

} // namespace

// Source positions rounded to 1/32 pixel as OpenCV rounds them, summed along a row where OpenCV
// multiplies: OpenCV's output up to one level in a few values (WarpPatch.IsOpenCVsPerspectiveWarp).
cv::Mat warpPatch(const cv::Mat& src, const cv::Matx33d& dstToSrc, int n, cv::Rect part) {
    CV_Assert(src.type() == CV_8UC3);
    const cv::Matx33d& M = dstToSrc;
    if (part.empty()) part = cv::Rect(0, 0, n, n);
    part &= cv::Rect(0, 0, n, n);
    cv::Mat out(n, n, CV_8UC3);
    if (part.area() < n * n) { // zeros outside the part only
        for (int y = 0; y < n; ++y) {
            std::uint8_t* row = out.ptr<std::uint8_t>(y);
            if (y < part.y || y >= part.y + part.height) {
                std::memset(row, 0, size_t(3 * n));
            } else {
                std::memset(row, 0, size_t(3 * part.x));
                std::memset(row + 3 * (part.x + part.width), 0,
                            size_t(3 * (n - part.x - part.width)));
            }
        }
    }
    std::vector<int> at(size_t(2 * part.width)); // a row's source positions, in 1/32 pixels
    const int lastX = 3 * (src.cols - 1), lastY = src.rows - 1;
    for (int y = part.y; y < part.y + part.height; ++y) {
        const int x0 = part.x;
        const double w = M(2, 0) * x0 + M(2, 1) * y + M(2, 2),
                     X = M(0, 0) * x0 + M(0, 1) * y + M(0, 2),
                     Y = M(1, 0) * x0 + M(1, 1) * y + M(1, 2);
        rowPositions(w, X, Y, M, part.width, at.data());
        std::uint8_t* o = out.ptr<std::uint8_t>(y) + 3 * x0;
#if defined(__SSE2__)
        // A row whose every pixel reads inside the picture (nearly all): nothing to clamp, and
        // each pixel but the last written as 4 bytes, the fourth the next pixel's to overwrite.
        int minX = INT_MAX, maxX = INT_MIN, minY = INT_MAX, maxY = INT_MIN;
        for (size_t k = 0; k < at.size(); k += 2)
            minX = std::min(minX, at[k]), maxX = std::max(maxX, at[k]),
            minY = std::min(minY, at[k + 1]), maxY = std::max(maxY, at[k + 1]);
        if (minX >= 0 && minY >= 0 && (maxX >> 5) <= src.cols - 4 && (maxY >> 5) < lastY) {
            const size_t step = src.step;
            for (size_t k = 0; k < at.size(); k += 2, o += 3) {
                const int xi = at[k], yi = at[k + 1];
                const std::uint8_t* ra = src.data + size_t(yi >> 5) * step + 3 * size_t(xi >> 5);
                const __m128i bytes =
                    bilinearPixel(ra, ra + step, xi & (kSub - 1), yi & (kSub - 1));
                if (k + 2 < at.size())
                    _mm_storeu_si32(o, bytes);
                else
                    storePixel(o, bytes);
            }
            continue;
        }
#endif
        for (size_t k = 0; k < at.size(); k += 2, o += 3) {
            const int xi = at[k], yi = at[k + 1];
            const int kx = xi & (kSub - 1), ky = yi & (kSub - 1), sx = xi >> 5, sy = yi >> 5;
            const int xa = 3 * std::clamp(sx, 0, src.cols - 1),
                      xb = 3 * std::clamp(sx + 1, 0, src.cols - 1);
            const std::uint8_t* ra = src.ptr<std::uint8_t>(std::clamp(sy, 0, lastY));
            const std::uint8_t* rb = src.ptr<std::uint8_t>(std::clamp(sy + 1, 0, lastY));
#if defined(__SSE2__)
            if (xb == xa + 3 && xa + 8 <= lastX + 3) {
                storePixel(o, bilinearPixel(ra + xa, rb + xa, kx, ky));
                continue;
            }
#endif
            for (int c = 0; c < 3; ++c) {
                const int top = kSub * ra[xa + c] + kx * (ra[xb + c] - ra[xa + c]);
                const int bottom = kSub * rb[xa + c] + kx * (rb[xb + c] - rb[xa + c]);
                const int v = kSub * top + ky * (bottom - top), q = v >> 10, r = v & 1023;
                o[c] = std::uint8_t(q + (r > 512 || (r == 512 && (q & 1))));
            }
        }
    }
    return out;
}

} // namespace vision
