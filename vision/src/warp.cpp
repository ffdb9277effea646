#include "warp.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vision {

// Source positions rounded to 1/32 pixel as OpenCV rounds them, so the output is OpenCV's.
cv::Mat warpPatch(const cv::Mat& src, const cv::Matx33d& dstToSrc, int n, cv::Rect part) {
    CV_Assert(src.type() == CV_8UC3);
    constexpr int kSub = 32; // OpenCV's INTER_TAB_SIZE
    const cv::Matx33d& M = dstToSrc;
    if (part.empty()) part = cv::Rect(0, 0, n, n);
    cv::Mat out = part.area() == n * n ? cv::Mat(n, n, CV_8UC3) : cv::Mat::zeros(n, n, CV_8UC3);
    std::vector<int> at(size_t(2 * part.width)); // a row's source positions, in 1/32 pixels
    const int lastX = 3 * (src.cols - 1), lastY = src.rows - 1;
    for (int y = part.y; y < part.y + part.height; ++y) {
        const int x0 = part.x;
        double w = M(2, 0) * x0 + M(2, 1) * y + M(2, 2), X = M(0, 0) * x0 + M(0, 1) * y + M(0, 2),
               Y = M(1, 0) * x0 + M(1, 1) * y + M(1, 2);
#if defined(__SSE2__)
        // X and Y side by side: the same products, clamps and rounding (to nearest, ties to
        // even, as cvRound) two lanes at a time.
        __m128d xy = _mm_set_pd(Y, X);
        const __m128d step = _mm_set_pd(M(1, 0), M(0, 0)), lo = _mm_set1_pd(-3e7),
                      hi = _mm_set1_pd(3e7);
        for (size_t k = 0; k < at.size(); k += 2, w += M(2, 0), xy = _mm_add_pd(xy, step)) {
            const __m128d v = _mm_mul_pd(xy, _mm_set1_pd(w ? kSub / w : 0));
            _mm_storel_epi64(reinterpret_cast<__m128i*>(&at[k]),
                             _mm_cvtpd_epi32(_mm_min_pd(_mm_max_pd(v, lo), hi)));
        }
#else
        for (size_t k = 0; k < at.size(); k += 2, w += M(2, 0), X += M(0, 0), Y += M(1, 0)) {
            const double inv = w ? kSub / w : 0;
            at[k] = cvRound(std::clamp(X * inv, -3e7, 3e7));
            at[k + 1] = cvRound(std::clamp(Y * inv, -3e7, 3e7));
        }
#endif
        // Bilinear in integers: with weights in 1/32 the value is v / 1024 exactly, rounded
        // half to even as saturate_cast rounds a float.
        std::uint8_t* o = out.ptr<std::uint8_t>(y) + 3 * x0;
        for (size_t k = 0; k < at.size(); k += 2, o += 3) {
            const int xi = at[k], yi = at[k + 1];
            const int kx = xi & (kSub - 1), ky = yi & (kSub - 1), sx = xi >> 5, sy = yi >> 5;
            const int xa = 3 * std::clamp(sx, 0, src.cols - 1),
                      xb = 3 * std::clamp(sx + 1, 0, src.cols - 1);
            const std::uint8_t* ra = src.ptr<std::uint8_t>(std::clamp(sy, 0, lastY));
            const std::uint8_t* rb = src.ptr<std::uint8_t>(std::clamp(sy + 1, 0, lastY));
#if defined(__SSE2__)
            if (xb == xa + 3 && xa + 8 <= lastX + 3) {
                // The same sums four lanes at a time (the patches' warps are a third of a
                // recognition's time): pixels a, b side by side in 8 bytes (6 used) of each row.
                std::uint64_t la, lb;
                std::memcpy(&la, ra + xa, 8), std::memcpy(&lb, rb + xa, 8);
                const __m128i z = _mm_setzero_si128();
                // 16-bit lanes a0 a1 a2 b0 b1 b2 . . -> pairs (a_c, b_c) per channel
                const __m128i pa = _mm_unpacklo_epi8(_mm_cvtsi64_si128(std::int64_t(la)), z),
                              pb = _mm_unpacklo_epi8(_mm_cvtsi64_si128(std::int64_t(lb)), z);
                const __m128i ia = _mm_unpacklo_epi16(pa, _mm_srli_si128(pa, 6)),
                              ib = _mm_unpacklo_epi16(pb, _mm_srli_si128(pb, 6));
                const int w00 = (kSub - kx) * (kSub - ky), w01 = kx * (kSub - ky),
                          w10 = (kSub - kx) * ky, w11 = kx * ky;
                const __m128i wa = _mm_set1_epi32(w00 | (w01 << 16)),
                              wb = _mm_set1_epi32(w10 | (w11 << 16));
                const __m128i v = _mm_add_epi32(_mm_madd_epi16(ia, wa), _mm_madd_epi16(ib, wb));
                const __m128i odd = _mm_and_si128(_mm_srli_epi32(v, 10), _mm_set1_epi32(1));
                const __m128i q =
                    _mm_srli_epi32(_mm_add_epi32(_mm_add_epi32(v, _mm_set1_epi32(511)), odd), 10);
                // 32 -> 16 -> 8 bits (all within 0..255), the three channels' bytes written.
                const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(q, q), z);
                const std::uint32_t px = std::uint32_t(_mm_cvtsi128_si32(bytes));
                std::memcpy(o, &px, 3);
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
