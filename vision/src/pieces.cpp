#include "vision/pieces.h"

#include "warp.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

namespace vision {

namespace {

// Squared L*a*b* distance with lightness at half weight (light falls unevenly over a table):
// the one colour distance of pieces and players.
float labDistance2(const cv::Vec3f& a, const cv::Vec3f& b) {
    const cv::Vec3f d = a - b;
    return 0.25f * d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
}

// Whether `lab` lies within `reach` (as labDistance2) of one of `colours`.
bool nearAny(const cv::Vec3f& lab, const std::vector<cv::Vec3f>& colours, float reach) {
    return std::any_of(colours.begin(), colours.end(),
                       [&](const cv::Vec3f& c) { return labDistance2(lab, c) < reach * reach; });
}

cv::Point2d applyH(const cv::Matx33d& H, cv::Point2d p) {
    const cv::Vec3d q = H * cv::Vec3d(p.x, p.y, 1);
    return {q[0] / q[2], q[1] / q[2]};
}

// The homography from the unit square (NW NE SE SW) to `corners`, in closed form (Heckbert's
// square-to-quad): the tracker maps thousands of areas a turn, and solving the general 8 x 8
// system (cv::getPerspectiveTransform) cost more than unwarping the area.
cv::Matx33d unitSquareTo(const std::array<cv::Point2f, 4>& corners) {
    const double x0 = corners[0].x, y0 = corners[0].y, x1 = corners[1].x, y1 = corners[1].y,
                 x2 = corners[2].x, y2 = corners[2].y, x3 = corners[3].x, y3 = corners[3].y;
    const double sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
    const double dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
    const double den = dx1 * dy2 - dx2 * dy1;
    if (std::abs(den) < 1e-12) { // three corners in a line: no homography; OpenCV's answer
        const std::vector<cv::Point2f> from = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        return cv::Matx33d(cv::getPerspectiveTransform(
            from, std::vector<cv::Point2f>(corners.begin(), corners.end())));
    }
    const double g = (sx * dy2 - dx2 * sy) / den, h = (dx1 * sy - sx * dy1) / den;
    return {
        x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1};
}

} // namespace

CameraOverBoard cameraOverBoard(const cv::Matx33d& boardToImage, cv::Size image) {
    CameraOverBoard c;
    const double cx = image.width / 2.0, cy = image.height / 2.0;
    const cv::Matx33d toCentre(1, 0, -cx, 0, 1, -cy, 0, 0, 1);
    cv::Matx33d H = toCentre * boardToImage;
    H *= 1.0 /
         std::sqrt(H(0, 0) * H(0, 0) + H(1, 0) * H(1, 0) + H(0, 1) * H(0, 1) + H(1, 1) * H(1, 1));
    const double h1x = H(0, 0), h1y = H(1, 0), h1z = H(2, 0);
    const double h2x = H(0, 1), h2y = H(1, 1), h2z = H(2, 1);
    // The board's two axes are perpendicular and equally long: each gives the focal length,
    // each is ill-conditioned in its own way; take the better-conditioned positive one.
    const double dOrth = h1z * h2z, dNorm = h1z * h1z - h2z * h2z;
    const double fOrth = -(h1x * h2x + h1y * h2y),
                 fNorm = h2x * h2x + h2y * h2y - h1x * h1x - h1y * h1y;
    double f2 = -1, cond = 0;
    if (std::abs(dOrth) > 1e-12 && fOrth / dOrth > 0) f2 = fOrth / dOrth, cond = std::abs(dOrth);
    if (std::abs(dNorm) > cond && std::abs(dNorm) > 1e-12 && fNorm / dNorm > 0)
        f2 = fNorm / dNorm, cond = std::abs(dNorm);
    const double f = f2 > 0 ? std::sqrt(f2) : 0;
    // A believable lens (a field of view between about 10 and 150 degrees) and perspective
    // strong enough to measure; else the camera looks (nearly) straight down.
    const double side = std::max(image.width, image.height);
    if (f < 0.15 * side || f > 12 * side || cond < 1e-10) {
        c.foot = applyH(boardToImage.inv(), {cx, cy});
        return c;
    }
    const cv::Matx33d Kinv(1 / f, 0, 0, 0, 1 / f, 0, 0, 0, 1);
    const cv::Matx33d A = Kinv * H;
    cv::Vec3d a1(A(0, 0), A(1, 0), A(2, 0)), a2(A(0, 1), A(1, 1), A(2, 1)),
        t(A(0, 2), A(1, 2), A(2, 2));
    double lambda = 2 / (cv::norm(a1) + cv::norm(a2));
    if (t[2] < 0) lambda = -lambda; // the board lies in front of the camera
    a1 *= lambda, a2 *= lambda, t *= lambda;
    const cv::Vec3d r3 = a1.cross(a2);
    const cv::Vec3d centre(-a1.dot(t), -a2.dot(t), -r3.dot(t));
    c.foot = {centre[0], centre[1]};
    c.height = std::abs(centre[2]);
    c.known = true;
    return c;
}

std::optional<cv::Point2f> boardPointInTile(const cv::Matx33d& boardToImage, cv::Point2d board,
                                            const std::array<cv::Point2f, 4>& corners) {
    // Homogeneous all the way: the point under the camera may lie far outside the picture.
    const cv::Vec3d img = boardToImage * cv::Vec3d(board.x, board.y, 1);
    const cv::Vec3d t = unitSquareTo(corners).inv() * img;
    if (std::abs(t[2]) < 1e-12) return std::nullopt;
    return cv::Point2f(float(t[0] / t[2]), float(t[1] / t[2]));
}

std::vector<cv::Mat> drawingsOf(const ReferenceSet& refs, const std::string& kind, int rotation) {
    std::vector<cv::Mat> out;
    for (const ReferenceImage& im : refs.images) {
        if (im.kind != kind) continue;
        cv::Mat d = im.image.clone();
        for (int r = 0; r < (rotation & 3); ++r) cv::rotate(d, d, cv::ROTATE_90_CLOCKWISE);
        out.push_back(d);
    }
    return out;
}

cv::Vec3f meanLab(const cv::Mat& bgr, const cv::Mat& mask) {
    const cv::Scalar m = cv::mean(bgr, mask);
    cv::Mat px(1, 1, CV_32FC3, cv::Scalar(m[0] / 255, m[1] / 255, m[2] / 255)), lab;
    cv::cvtColor(px, lab, cv::COLOR_BGR2Lab);
    return lab.at<cv::Vec3f>(0, 0);
}

std::vector<ShownBlob> piecesShown(const cv::Mat& bare, const cv::Mat& shown,
                                   const ShownParams& params, int* large) {
    std::vector<ShownBlob> out;
    if (large) *large = 0;
    if (bare.empty() || bare.size() != shown.size() || bare.type() != shown.type()) return out;
    // The light may differ a little between the two pictures (a camera's exposure): match the
    // means, which the few pixels of the pieces hardly move.
    const cv::Scalar shift = cv::mean(shown) - cv::mean(bare);
    cv::Mat diff;
    cv::absdiff(shown, bare + shift, diff);
    std::vector<cv::Mat> ch;
    cv::split(diff, ch);
    cv::Mat sum;
    cv::add(ch[0], ch[1], sum, cv::noArray(), CV_16U);
    cv::add(sum, ch[2], sum, cv::noArray(), CV_16U);
    cv::Mat changed = sum > params.change;
    const cv::Mat k3 = cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3});
    cv::morphologyEx(changed, changed, cv::MORPH_OPEN, k3); // sensor noise, JPEG blocks
    cv::morphologyEx(changed, changed, cv::MORPH_CLOSE, k3);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(changed, labels, stats, centroids, 8);
    const double area = double(bare.total());
    for (int i = 1; i < n; ++i) {
        const int pixels = stats.at<int>(i, cv::CC_STAT_AREA);
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH),
                           stats.at<int>(i, cv::CC_STAT_HEIGHT));
        if (pixels > params.maxArea * area && large) ++*large;
        if (pixels < params.minArea * area || pixels > params.maxArea * area) continue;
        cv::Mat mask = labels(box) == i, core;
        cv::erode(mask, core, k3);
        ShownBlob b{box, pixels, {}};
        b.lab = meanLab(shown(box), cv::countNonZero(core) >= 8 ? core : mask);
        out.push_back(b);
    }
    std::sort(out.begin(), out.end(),
              [](const ShownBlob& a, const ShownBlob& b) { return a.pixels > b.pixels; });
    return out;
}

namespace {

// A tile's picture unwarped and softened, and how well the best of its drawings, fitted to the
// picture's light, explains each pixel.
struct DrawingFit {
    int n = 0;
    cv::Rect inner;
    cv::Matx33d tileToImage;
    cv::Mat seen;         // the tile unwarped, BGR n x n
    cv::Mat inPicture;    // 255 where the tile's pixel lies in the picture (CV_8U n x n)
    cv::Mat residual;     // per pixel, the colour distance to the fitted drawing (CV_32F)
    cv::Mat soft, fitted; // the picture softened and the drawing fitted to it (CV_32FC3)
    double misfit = std::numeric_limits<double>::infinity(); // its median inside the rim
    double alignment = 0;   // the mean without the worst tenth: how well the drawing lines up
    double correlation = 0; // of picture and drawing (channels pooled): a flat hand fits any
                            // drawing with no contrast, but does not correlate with it
};

// An n x n patch of the picture, patch pixel -> picture by `patchToImage` (bilinear, the border
// repeated).
cv::Mat warpTo(const cv::Mat& bgr, const cv::Matx33d& patchToImage, int n) {
    if (bgr.type() == CV_8UC3) return warpPatch(bgr, patchToImage, n);
    cv::Mat out;
    cv::warpPerspective(bgr, out, cv::Mat(patchToImage), cv::Size(n, n),
                        cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    return out;
}

cv::Mat unwarp(const cv::Mat& bgr, const cv::Matx33d& tileToImage, int n) {
    return warpTo(bgr, tileToImage * cv::Matx33d(1.0 / n, 0, 0.5 / n, 0, 1.0 / n, 0.5 / n, 0, 0, 1),
                  n);
}

// The tile's picture unwarped once with room for the shift search around it, softened, and its
// drawings resized and softened once: each shift tried is then a crop, not a new warp.
struct FitInputs {
    int n = 0, reach = 0; // the tile's side in pixels; the most a shift may reach
    cv::Matx33d tileToImage;
    cv::Mat seen, soft; // (n + 2 reach) a side: BGR, and CV_32FC3 softened
    cv::Mat inPicture;  // the same size, CV_8U: 255 inside the picture
    // The softened picture a plane per channel (CV_32F), and each drawing (n x n) so softened:
    // the fit's sums run along contiguous rows.
    std::vector<cv::Mat> softPlanes;
    std::vector<std::vector<cv::Mat>> drawingPlanes;
};

// Drawings resized to the fit's side and softened as the picture is, a plane per channel.
std::vector<std::vector<cv::Mat>> prepareDrawings(const std::vector<cv::Mat>& drawings,
                                                  const PieceParams& p) {
    std::vector<std::vector<cv::Mat>> out;
    for (const cv::Mat& drawing : drawings) {
        cv::Mat d, dF;
        cv::resize(drawing, d, cv::Size(p.size, p.size), 0, 0, cv::INTER_AREA);
        d.convertTo(dF, CV_32FC3);
        cv::GaussianBlur(dF, dF, cv::Size(0, 0), p.blur);
        out.emplace_back();
        cv::split(dF, out.back());
    }
    return out;
}

FitInputs prepareFit(const cv::Mat& bgr, const cv::Matx33d& tileToImage,
                     const std::vector<cv::Mat>& drawings, const PieceParams& p) {
    FitInputs in;
    in.n = p.size, in.reach = std::max(0, p.searchShift);
    in.tileToImage = tileToImage;
    const int n = in.n, r = in.reach, big = n + 2 * r;
    const cv::Matx33d patchToImage =
        tileToImage * cv::Matx33d(1.0 / n, 0, (0.5 - r) / n, 0, 1.0 / n, (0.5 - r) / n, 0, 0, 1);
    in.seen = warpTo(bgr, patchToImage, big);
    // A tile at the picture's edge: what lies beyond is the border repeated, which no drawing
    // explains (streaks read as pieces). Those pixels, and the few the softening smears them
    // over, are left out of the light's fit and of the pieces.
    in.inPicture = cv::Mat(big, big, CV_8U, cv::Scalar(255));
    const float b = float(big);
    std::vector<cv::Point2f> image;
    cv::perspectiveTransform(std::vector<cv::Point2f>{{0, 0}, {b, 0}, {b, b}, {0, b}}, image,
                             cv::Mat(patchToImage));
    const cv::Rect2f picture(1, 1, float(bgr.cols - 2), float(bgr.rows - 2));
    if (!std::all_of(image.begin(), image.end(),
                     [&](cv::Point2f q) { return picture.contains(q); })) {
        cv::warpPerspective(cv::Mat(bgr.size(), CV_8U, cv::Scalar(255)), in.inPicture,
                            cv::Mat(patchToImage), cv::Size(big, big),
                            cv::INTER_NEAREST | cv::WARP_INVERSE_MAP, cv::BORDER_CONSTANT, 0);
        const int spread = 1 + int(std::ceil(2 * p.blur));
        cv::erode(in.inPicture, in.inPicture,
                  cv::getStructuringElement(cv::MORPH_RECT, {2 * spread + 1, 2 * spread + 1}));
    }
    cv::Mat seenF;
    in.seen.convertTo(seenF, CV_32FC3);
    cv::GaussianBlur(seenF, in.soft, cv::Size(0, 0), p.blur);
    cv::split(in.soft, in.softPlanes);
    in.drawingPlanes = prepareDrawings(drawings, p);
    return in;
}

// Four floats in one register (GCC's and Clang's vector extension): the fit's sums four
// pixels at a time.
typedef float Quad __attribute__((vector_size(16)));
Quad load(const float* p) {
    Quad v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
double total(Quad v) {
    return double(v[0]) + v[1] + v[2] + v[3];
}

// The `share` order statistic of the inner pixels in `v` (which it reorders): nth_element
// leaves every later element no smaller, so a larger share can then search the rest only.
float orderStatistic(std::vector<float>& v, size_t from, double share) {
    const auto k = long(double(v.size() - 1) * share);
    std::nth_element(v.begin() + long(from), v.begin() + k, v.end());
    return v[size_t(k)];
}

// The fit with the tile's picture shifted by `shift` pixels, of the first `count` drawings
// (`whole` false: its misfit and alignment alone, for the shift search). Plain loops over the n x n
// pixels, a channel at a time: a shift search makes some thirty fits a tile, and OpenCV's calls on
// such small images (each allocating its result) cost more than the sums.
DrawingFit fitAt(const FitInputs& in, cv::Point shift, size_t count, const PieceParams& p,
                 bool whole = true) {
    DrawingFit f;
    f.n = in.n;
    const int n = f.n;
    f.tileToImage =
        in.tileToImage * cv::Matx33d(1, 0, double(shift.x) / n, 0, 1, double(shift.y) / n, 0, 0, 1);
    f.inner = cv::Rect(p.rim, p.rim, n - 2 * p.rim, n - 2 * p.rim);
    const cv::Rect window(in.reach + shift.x, in.reach + shift.y, n, n), inner = f.inner;
    const cv::Mat inPicture = in.inPicture(window);
    const size_t pixels = size_t(n * n);
    std::vector<float> inside(pixels, 0.f), weight(pixels); // within the rim and in the picture
    size_t insideCount = 0;
    for (int y = inner.y; y < inner.br().y; ++y)
        for (int x = inner.x; x < inner.br().x; ++x)
            if (inPicture.at<std::uint8_t>(y, x)) inside[size_t(y * n + x)] = 1.f, ++insideCount;
    const cv::Mat s[3] = {in.softPlanes[0](window), in.softPlanes[1](window),
                          in.softPlanes[2](window)};
    std::vector<float> residual(pixels), order;
    order.reserve(size_t(inner.area()));
    auto innerValues = [&] {
        order.clear();
        for (int y = inner.y; y < inner.br().y; ++y)
            order.insert(order.end(), &residual[size_t(y * n + inner.x)],
                         &residual[size_t(y * n + inner.br().x)]);
    };
    size_t bestDrawing = 0;
    double bestGain[3] = {}, bestOffset[3] = {};
    // The drawing fitted to the picture's light, per channel (gain and offset by least
    // squares), twice: the second time without the pixels the first fit explained worst (a
    // piece must not pull the light towards its own colour). The best drawing wins.
    for (size_t k = 0; k < std::min(count, in.drawingPlanes.size()); ++k) {
        const std::vector<cv::Mat>& q = in.drawingPlanes[k];
        weight = inside;
        double weighed = insideCount; // pixels weighted
        // The correlation over the whole tile (the first pass): the second leaves pixels out,
        // which on a quiet tile can be much of its contrast (a city cap under a piece).
        double correlation = 0, firstGain[3] = {0, 0, 0}, firstSpread[3] = {0, 0, 0};
        double gain[3], offset[3], ms[3], mq[3]; // ms, mq: the picture's and drawing's means
        for (int pass = 0; pass < 2; ++pass) {
            const double c = std::max(weighed, 1.0);
            double covSum = 0, spreadSum = 0;
            for (int ch = 0; ch < 3; ++ch) {
                // Sums of picture, drawing, their squares and product over the weighted
                // pixels (a row's in float, the rows' in double).
                double S = 0, Q = 0, SS = 0, QQ = 0, SQ = 0;
                for (int y = 0; y < n; ++y) {
                    const float* a = s[ch].ptr<float>(y);
                    const float* b = q[size_t(ch)].ptr<float>(y);
                    const float* w = &weight[size_t(y * n)];
                    Quad rs{}, rq{}, rss{}, rqq{}, rsq{};
                    int x = 0;
                    for (; x + 4 <= n; x += 4) {
                        const Quad wv = load(w + x), av = load(a + x), bv = load(b + x);
                        const Quad wa = wv * av, wb = wv * bv;
                        rs += wa, rq += wb, rss += wa * av, rqq += wb * bv, rsq += wa * bv;
                    }
                    double tail[5] = {};
                    for (; x < n; ++x) {
                        const double wa = w[x] * a[x], wb = w[x] * b[x];
                        tail[0] += wa, tail[1] += wb, tail[2] += wa * a[x], tail[3] += wb * b[x],
                            tail[4] += wa * b[x];
                    }
                    S += total(rs) + tail[0], Q += total(rq) + tail[1];
                    SS += total(rss) + tail[2], QQ += total(rqq) + tail[3];
                    SQ += total(rsq) + tail[4];
                }
                ms[ch] = S / c, mq[ch] = Q / c;
                const double ss = std::sqrt(std::max(0.0, SS / c - ms[ch] * ms[ch])),
                             sq = std::sqrt(std::max(0.0, QQ / c - mq[ch] * mq[ch]));
                const double cov = SQ / c - ms[ch] * mq[ch];
                gain[ch] = sq > 1e-3 ? cov / (sq * sq) : 0;
                // The pixels left out held most of the drawing's contrast (a pennant on a
                // city filling the tile): without them the least squares' gain is noise (near
                // 0, so the pennant read as a piece), and the first fit's is the pennant fitted
                // to whatever covers it (a follower over it explained away: bench game 7,
                // procedural with A&M, turn 42). The light is then the ratio of the means of
                // the pixels kept, as light scales a colour.
                if (pass == 0)
                    firstGain[ch] = gain[ch], firstSpread[ch] = sq;
                else if (sq < 0.5 * firstSpread[ch])
                    gain[ch] = mq[ch] > 1e-3 ? ms[ch] / mq[ch] : firstGain[ch];
                covSum += cov;
                spreadSum += ss * sq;
            }
            // Light scales the channels alike, give or take a colour cast. A drawing of few
            // colours fits a piece covering one of them by a gain far below the others' (a
            // cloister under a green wagon fitted green, by negative gains): such a gain is
            // raised to `minGainShare` of the largest.
            const double most = std::max({gain[0], gain[1], gain[2]});
            for (int ch = 0; ch < 3; ++ch) {
                if (most > 0) gain[ch] = std::max(gain[ch], p.minGainShare * most);
                offset[ch] = ms[ch] - mq[ch] * gain[ch];
            }
            for (int y = 0; y < n; ++y) {
                float* r = &residual[size_t(y * n)];
                for (int x = 0; x < n; ++x) r[x] = 0;
                for (int ch = 0; ch < 3; ++ch) {
                    const float* a = s[ch].ptr<float>(y);
                    const float* b = q[size_t(ch)].ptr<float>(y);
                    const float g = float(gain[ch]), o = float(offset[ch]);
                    for (int x = 0; x < n; ++x) {
                        const float d = a[x] - (b[x] * g + o);
                        r[x] += d * d;
                    }
                }
                for (int x = 0; x < n; ++x) r[x] = std::sqrt(r[x]);
            }
            // Leave out the worst 8% of the inner pixels: a piece covers a few per cent of a
            // tile. (A fifth left out a city cap along the edge: the light was then fitted to
            // the field alone, the cap misfit all along and was masked as an edge band, and
            // the follower on it with it.)
            if (pass == 0) {
                correlation = spreadSum > 1e-6 ? covSum / spreadSum : 0;
                innerValues();
                const float cut = orderStatistic(order, 0, 0.92);
                size_t kept = 0;
                for (size_t i = 0; i < pixels; ++i) {
                    weight[i] = inside[i] * float(residual[i] <= cut);
                    kept += weight[i] > 0;
                }
                weighed = double(kept);
            }
        }
        innerValues();
        const double misfit = orderStatistic(order, 0, 0.5);
        if (misfit < f.misfit) {
            f.misfit = misfit;
            if (whole) f.residual = cv::Mat(n, n, CV_32F, residual.data()).clone();
            f.correlation = correlation;
            bestDrawing = k;
            std::copy(gain, gain + 3, bestGain), std::copy(offset, offset + 3, bestOffset);
            // Pieces cover a few per cent of a tile; a misaligned road or wall much more. A
            // small mark on a quiet tile (a pennant on a city) is within the worst tenth
            // wherever it is put, so the whole mean, to which a piece adds alike at every
            // shift, tells those shifts apart.
            const float cut = orderStatistic(order, order.size() / 2, 0.9);
            double keptSum = 0, all = 0;
            size_t kept = 0;
            for (float v : order) {
                all += v;
                if (v <= cut) keptSum += v, ++kept;
            }
            f.alignment = keptSum / double(std::max<size_t>(kept, 1)) +
                          0.25 * all / double(std::max<size_t>(order.size(), 1));
        }
    }
    if (!whole) return f;
    if (!f.residual.empty()) { // the best drawing in the picture's light
        std::vector<cv::Mat> fitted(3);
        for (int ch = 0; ch < 3; ++ch)
            in.drawingPlanes[bestDrawing][size_t(ch)].convertTo(fitted[size_t(ch)], CV_32F,
                                                                bestGain[ch], bestOffset[ch]);
        cv::merge(fitted, f.fitted);
    }
    f.seen = in.seen(window).clone();
    f.inPicture = inPicture.clone();
    f.soft = in.soft(window).clone();
    return f;
}

// The tile's corners as found may be off by a few pixels (a hand-laid tile, a lattice fitted to
// many tiles): the drawing is fitted at small shifts, coarse then fine, and the shift whose
// misfit without its worst tenth (pieces) is least is kept.
DrawingFit fitPrepared(const FitInputs& in, const PieceParams& p) {
    if (in.reach == 0) return fitAt(in, {0, 0}, in.drawingPlanes.size(), p);
    cv::Point best(0, 0);
    double bestMisfit = fitAt(in, best, 1, p, false).alignment;
    for (int step : {2, 1}) {
        const cv::Point centre = best;
        const int reach = step > 1 ? in.reach / 2 : 1;
        for (int dy = -reach; dy <= reach; ++dy)
            for (int dx = -reach; dx <= reach; ++dx) {
                const cv::Point s = centre + cv::Point(dx, dy) * step;
                if ((dx == 0 && dy == 0) || std::abs(s.x) > in.reach || std::abs(s.y) > in.reach)
                    continue;
                const double m = fitAt(in, s, 1, p, false).alignment;
                if (m < bestMisfit) bestMisfit = m, best = s;
            }
    }
    return fitAt(in, best, in.drawingPlanes.size(), p);
}

DrawingFit fitDrawings(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                       const std::vector<cv::Mat>& drawings, const PieceParams& p) {
    return fitPrepared(prepareFit(bgr, unitSquareTo(corners), drawings, p), p);
}

// The colour distance of each pixel to the nearest fitted-drawing pixel within `radius`: a
// drawing a few pixels off (a twisted or hand-laid tile, a lattice fitted to many tiles) explains
// its own picture, a piece is unlike anything near it.
cv::Mat tolerantResidual(const DrawingFit& f, int radius) {
    cv::Mat best(f.n, f.n, CV_32F, cv::Scalar(std::numeric_limits<float>::max()));
    cv::Mat padded;
    cv::copyMakeBorder(f.fitted, padded, radius, radius, radius, radius, cv::BORDER_REPLICATE);
    cv::Mat diff, sq, sum;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            if (dx * dx + dy * dy > radius * radius) continue;
            const cv::Mat moved = padded(cv::Rect(radius + dx, radius + dy, f.n, f.n));
            cv::subtract(f.soft, moved, diff);
            cv::multiply(diff, diff, sq);
            cv::transform(sq, sum, cv::Matx13f(1, 1, 1));
            best = cv::min(best, sum);
        }
    cv::sqrt(best, best);
    return best;
}

} // namespace

cv::Mat unwarpArea(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners, int n) {
    return unwarp(bgr, unitSquareTo(corners), n);
}

std::array<cv::Point2f, 4> partOf(const std::array<cv::Point2f, 4>& corners, cv::Rect2f part) {
    const cv::Matx33d H = unitSquareTo(corners);
    const cv::Point2f q[4] = {
        part.tl(), {part.x + part.width, part.y}, part.br(), {part.x, part.y + part.height}};
    std::array<cv::Point2f, 4> out;
    for (size_t k = 0; k < 4; ++k) out[k] = cv::Point2f(applyH(H, q[k]));
    return out;
}

std::array<cv::Point2f, 4> sideOf(const std::array<cv::Point2f, 4>& corners, int side) {
    constexpr float rim = 0.08f, depth = 0.35f;
    const float x0 = side == 1 ? 1 - depth : rim, x1 = side == 3 ? depth : 1 - rim;
    const float y0 = side == 2 ? 1 - depth : rim, y1 = side == 0 ? depth : 1 - rim;
    return partOf(corners, cv::Rect2f(x0, y0, x1 - x0, y1 - y0));
}

cv::Point2f centreOf(const std::array<cv::Point2f, 4>& corners) {
    return (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25f;
}

AreaComparison compareAreas(const cv::Mat& a, const cv::Mat& b,
                            const std::array<cv::Point2f, 4>& corners, int size) {
    if (a.empty() || b.empty() || a.size() != b.size() || a.type() != b.type()) return {};
    const cv::Matx33d tileToImage = unitSquareTo(corners);
    return compareUnwarped(unwarp(a, tileToImage, size), unwarp(b, tileToImage, size));
}

AreaComparison compareUnwarped(const cv::Mat& a, const cv::Mat& b) {
    AreaComparison out;
    if (a.empty() || a.size() != b.size() || a.type() != b.type() || a.rows != a.cols ||
        a.channels() != 3)
        return out;
    const int size = a.rows;
    cv::Mat fa, fb;
    a.convertTo(fa, CV_32FC3);
    b.convertTo(fb, CV_32FC3);
    // Each channel less its least-squares plane (mean and linear gradient) is what is left of
    // the pattern whatever light falls across it. The plane's three terms (1, x, y centred) are
    // orthogonal over the square, so the products of what is left follow from one pass of
    // sums: <a - Pa, b - Pb> = <a, b> - <Pa, Pb>, with <Pa, Pb> = SaSb / N + XaXb / xx + YaYb / xx.
    const int n = size;
    const double c0 = (n - 1) / 2.0, count = double(n) * n;
    double xx = 0;
    for (int c = 0; c < n; ++c) xx += (c - c0) * (c - c0) * n;
    double S[2][3] = {}, X[2][3] = {}, Y[2][3] = {}, AA[3] = {}, BB[3] = {}, AB[3] = {};
    for (int r = 0; r < n; ++r) {
        const float* pa = fa.ptr<float>(r);
        const float* pb = fb.ptr<float>(r);
        for (int c = 0; c < n; ++c)
            for (int ch = 0; ch < 3; ++ch) {
                const double va = pa[3 * c + ch], vb = pb[3 * c + ch];
                S[0][ch] += va, X[0][ch] += (c - c0) * va, Y[0][ch] += (r - c0) * va;
                S[1][ch] += vb, X[1][ch] += (c - c0) * vb, Y[1][ch] += (r - c0) * vb;
                AA[ch] += va * va, BB[ch] += vb * vb, AB[ch] += va * vb;
            }
    }
    double sum = 0, squares = 0;
    for (int ch = 0; ch < 3; ++ch) {
        auto plane = [&](int i, int j) { // <P i, P j>
            return S[i][ch] * S[j][ch] / count + (X[i][ch] * X[j][ch] + Y[i][ch] * Y[j][ch]) / xx;
        };
        const double aa = std::max(0.0, AA[ch] - plane(0, 0)),
                     bb = std::max(0.0, BB[ch] - plane(1, 1)), ab = AB[ch] - plane(0, 1);
        squares += std::max(0.0, aa + bb - 2 * ab) / count;
        const double sa = std::sqrt(aa / count), sb = std::sqrt(bb / count);
        if (sa < 1 || sb < 1) continue; // flat: no pattern to recognise
        sum += ab / count / (sa * sb);
    }
    out.correlation = float(sum / 3);
    out.difference = float(std::sqrt(squares / 3));
    return out;
}

float drawingMisfit(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                    const std::vector<cv::Mat>& drawings, const PieceParams& params,
                    float* correlation) {
    if (correlation) *correlation = 0;
    if (bgr.empty() || drawings.empty()) return std::numeric_limits<float>::infinity();
    // How well a drawing explains the tile, pieces and all: its best fit, even one whose light
    // turns a mark under a piece to the piece's colour (that drawing is still the tile's).
    PieceParams p = params;
    p.minGainShare = -std::numeric_limits<double>::infinity();
    const DrawingFit f = fitDrawings(bgr, corners, drawings, p);
    if (correlation) *correlation = float(f.correlation);
    return float(f.misfit);
}

std::vector<float> drawingMisfits(const cv::Mat& bgr,
                                  const std::vector<std::array<cv::Point2f, 4>>& squares,
                                  const std::vector<std::vector<cv::Mat>>& sets,
                                  const PieceParams& params, size_t searched) {
    std::vector<float> out(sets.size(), std::numeric_limits<float>::infinity());
    PieceParams p = params;
    p.minGainShare = -std::numeric_limits<double>::infinity(); // as drawingMisfit
    std::vector<cv::Mat> all;
    std::vector<size_t> first{0}; // set k's drawings: all[first[k]] .. all[first[k + 1] - 1]
    for (const std::vector<cv::Mat>& set : sets) {
        all.insert(all.end(), set.begin(), set.end());
        first.push_back(all.size());
    }
    if (bgr.empty() || all.empty() || squares.empty()) return out;
    // Staged: the drawings softened once and each square's picture unwarped once; every set
    // fitted where each square puts it, and only the sets that explain the picture best
    // fitted again, on their better square, with the shift search (some thirty fits each).
    const std::vector<std::vector<cv::Mat>> planes = prepareDrawings(all, p);
    std::vector<FitInputs> seen;
    for (const std::array<cv::Point2f, 4>& square : squares)
        seen.push_back(prepareFit(bgr, unitSquareTo(square), {}, p));
    auto fitOf = [&](size_t k, size_t q, bool search) {
        FitInputs& in = seen[q];
        in.drawingPlanes.assign(planes.begin() + long(first[k]),
                                planes.begin() + long(first[k + 1]));
        if (in.drawingPlanes.empty()) return std::numeric_limits<float>::infinity();
        return float(search ? fitPrepared(in, p).misfit
                            : fitAt(in, {0, 0}, in.drawingPlanes.size(), p, false).misfit);
    };
    std::vector<size_t> order(sets.size()), square(sets.size(), 0);
    for (size_t k = 0; k < sets.size(); ++k) {
        order[k] = k;
        for (size_t q = 0; q < squares.size(); ++q)
            if (const float m = fitOf(k, q, false); m < out[k]) out[k] = m, square[k] = q;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return out[a] < out[b]; });
    for (size_t i = 0; i < std::min(searched, order.size()); ++i)
        out[order[i]] = fitOf(order[i], square[order[i]], true);
    return out;
}

cv::Mat drawingsDiffer(const cv::Mat& a, const cv::Mat& b, int n) {
    constexpr int kDiffer = 120; // summed B, G, R difference of two terrains or a mark, not grain
    cv::Mat sa, sb, d, sum;
    cv::resize(a, sa, {n, n}, 0, 0, cv::INTER_AREA);
    cv::resize(b, sb, {n, n}, 0, 0, cv::INTER_AREA);
    cv::absdiff(sa, sb, d);
    d.convertTo(d, CV_32SC3);
    cv::transform(d, sum, cv::Matx13f(1, 1, 1));
    return sum > kDiffer;
}

std::vector<std::optional<std::pair<float, float>>>
misfitsWhereDrawingsDiffer(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                           const cv::Mat& a, const std::vector<cv::Mat>& others,
                           const PieceParams& params, const std::vector<Disc>& keepOut) {
    std::vector<std::optional<std::pair<float, float>>> out(others.size());
    if (bgr.empty() || a.empty()) return out;
    PieceParams p = params;
    p.minGainShare = -std::numeric_limits<double>::infinity(); // as drawingMisfit
    // The picture unwarped once, every drawing fitted to it on its own (the reading's once). An
    // empty drawing (a kind without art) tells nothing, and only its own answer is left out.
    std::vector<cv::Mat> all{a};
    std::vector<size_t> fitted(others.size(), 0); // each other's place in `all`, 0: none
    for (size_t k = 0; k < others.size(); ++k)
        if (!others[k].empty()) fitted[k] = all.size(), all.push_back(others[k]);
    const FitInputs in = prepareFit(bgr, unitSquareTo(corners), all, p);
    auto fitOf = [&](size_t k) {
        FitInputs one = in; // headers only: the planes are shared
        one.drawingPlanes = {in.drawingPlanes[k]};
        return fitPrepared(one, p);
    };
    const DrawingFit fa = fitOf(0);
    if (fa.residual.empty()) return out;
    const int n = fa.n;
    cv::Mat open(n, n, CV_8U, cv::Scalar(255));
    for (const Disc& d : keepOut)
        cv::circle(open, cv::Point(cvRound(d.centre.x * float(n)), cvRound(d.centre.y * float(n))),
                   cvRound(d.radius * float(n)), cv::Scalar(0), cv::FILLED);
    for (size_t k = 0; k < others.size(); ++k) {
        if (fitted[k] == 0) continue;
        const cv::Mat where = (drawingsDiffer(a, others[k], n) & open)(fa.inner);
        if (cv::countNonZero(where) < n * n / 50) continue; // too few to tell
        const DrawingFit fb = fitOf(fitted[k]);
        if (fb.residual.empty()) continue;
        out[k] = std::pair(float(cv::mean(fa.residual(fa.inner), where)[0]),
                           float(cv::mean(fb.residual(fa.inner), where)[0]));
    }
    return out;
}

namespace {

// The share of the tile whose picture pixels lie within `reach` (as labDistance2) of `colour`
// and on `gate` (n x n, tile coordinates): each picture pixel near the gate is taken back to
// the tile, so the count is at the camera's own resolution, as the piece shows.
float shownShare(const cv::Mat& bgr, const cv::Matx33d& tileToImage, const cv::Mat& gate,
                 const cv::Vec3f& colour, float reach, float tileArea) {
    const int n = gate.cols;
    const cv::Rect box = cv::boundingRect(gate);
    const float x0 = float(box.x) / float(n), y0 = float(box.y) / float(n),
                x1 = float(box.br().x) / float(n), y1 = float(box.br().y) / float(n);
    std::vector<cv::Point2f> image;
    cv::perspectiveTransform(std::vector<cv::Point2f>{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}},
                             image, cv::Mat(tileToImage));
    const cv::Rect roi = cv::boundingRect(image) & cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (roi.empty() || tileArea <= 0) return 0;
    cv::Mat f, lab;
    bgr(roi).convertTo(f, CV_32FC3, 1.0 / 255);
    cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
    const cv::Matx33d toTile = tileToImage.inv();
    int count = 0;
    for (int y = 0; y < roi.height; ++y)
        for (int x = 0; x < roi.width; ++x) {
            const cv::Vec3d q = toTile * cv::Vec3d(roi.x + x, roi.y + y, 1);
            const int tx = int(q[0] / q[2] * n), ty = int(q[1] / q[2] * n);
            if (tx < 0 || ty < 0 || tx >= n || ty >= n || !gate.at<uchar>(ty, tx)) continue;
            count += labDistance2(lab.at<cv::Vec3f>(y, x), colour) < reach * reach;
        }
    return float(count) / tileArea;
}

} // namespace

std::vector<PieceBlob> findPieces(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                                  const std::vector<cv::Mat>& drawings,
                                  std::optional<cv::Point2f> footInTile, const PieceParams& p,
                                  const cv::Mat& previous, const std::vector<cv::Vec3f>& colours) {
    std::vector<PieceBlob> out;
    if (bgr.empty() || drawings.empty()) return out;
    const DrawingFit fit = fitDrawings(bgr, corners, drawings, p);
    const int n = fit.n;
    // The rim left out each side (N E S W), less of it where no tile lies beyond (PieceParams::
    // open); `inner` is what is searched.
    std::array<int, 4> rim;
    for (int side = 0; side < 4; ++side)
        rim[size_t(side)] = p.open[size_t(side)] ? p.openRim : p.rim;
    const cv::Rect inner(rim[3], rim[0], n - rim[3] - rim[1], n - rim[0] - rim[2]);
    const cv::Matx33d tileToImage = fit.tileToImage;
    const cv::Mat& seen = fit.seen;
    const cv::Mat bestResidual =
        p.tolerance > 0 ? tolerantResidual(fit, p.tolerance) : fit.residual;
    const double bestMisfit = fit.misfit;
    const float tileArea =
        float(std::abs(cv::contourArea(std::vector<cv::Point2f>(corners.begin(), corners.end()))));
    // The same place in an earlier picture of the same camera: what stood there already.
    cv::Mat before;
    if (!previous.empty() && previous.size() == bgr.size())
        before = unwarp(previous, tileToImage, n);

    // Pixels the drawing cannot explain, by more than the tile's own typical misfit (grain,
    // print, blur) and an absolute floor; thin lines of misregistered art are opened away.
    const float cut = std::max(p.minResidual, float(p.noiseFactor * bestMisfit));
    cv::Mat mask(n, n, CV_8U, cv::Scalar(0));
    mask(inner).setTo(255, bestResidual(inner) > cut);
    mask &= fit.inPicture;
    // Bands along the edges (a neighbour's shadow or edge laid over this tile): rows and
    // columns from each side inwards whose typical pixel misfits; a piece covers only a few
    // pixels of a row, a band most of them.
    auto rowMedian = [&](cv::Mat line) {
        cv::Mat v = line.clone().reshape(1, 1);
        std::vector<float> a(v.begin<float>(), v.end<float>());
        std::nth_element(a.begin(), a.begin() + long(a.size() / 2), a.end());
        return a[a.size() / 2];
    };
    // The colour-guided search below takes fainter pixels (`colourCut`), so its bands are
    // found with that cut, and widened by `bandFringe` where the band's blurred edge blends into
    // the tile.
    const float lowCut = p.colourCut * cut;
    cv::Mat band(n, n, CV_8U, cv::Scalar(0));
    for (int side = 0; side < 4; ++side) { // the top rows, the bottom ones, left, right
        const int from = rim[size_t(std::array{0, 2, 3, 1}[size_t(side)])];
        auto lineAt = [&](int k) {
            const int at = side % 2 == 0 ? from + k : n - 1 - from - k;
            return side < 2 ? cv::Rect(inner.x, at, inner.width, 1)
                            : cv::Rect(at, inner.y, 1, inner.height);
        };
        bool strong = true; // the band as the usual cut sees it goes on
        int k = 0;
        for (; k < p.maxBand; ++k) {
            const float median = rowMedian(bestResidual(lineAt(k)));
            if (median <= lowCut) break;
            strong = strong && median > cut;
            if (strong) mask(lineAt(k)).setTo(0);
        }
        for (int j = 0; k > 0 && j < std::min(k + p.bandFringe, n / 2 - from); ++j)
            band(lineAt(j)).setTo(255);
    }
    // Hysteresis: a piece's core misfits strongly; its outline joins it, but a weak misfit
    // (a road drawn a shade lighter) only near such a core.
    const float seedCut = std::max(p.seedResidual, float(p.seedFactor * bestMisfit));
    cv::Mat seeds = bestResidual > seedCut;
    cv::dilate(seeds, seeds, cv::getStructuringElement(cv::MORPH_ELLIPSE, {7, 7}));
    mask &= seeds;
    if (!colours.empty()) { // pixels in a player's colour that the drawing does not explain
        cv::Mat seenF, lab;
        seen.convertTo(seenF, CV_32FC3, 1.0 / 255);
        cv::cvtColor(seenF, lab, cv::COLOR_BGR2Lab);
        cv::Mat near(n, n, CV_8U, cv::Scalar(0));
        for (int y = inner.y; y < inner.br().y; ++y)
            for (int x = inner.x; x < inner.br().x; ++x) {
                const float r = bestResidual.at<float>(y, x);
                // In a band only a piece's core: a band's blurred edge is the tile's colour
                // darkened, as near a green player's as a green piece on a field is.
                if (r <= lowCut || (band.at<uchar>(y, x) && r <= seedCut)) continue;
                if (nearAny(lab.at<cv::Vec3f>(y, x), colours, p.nearColour))
                    near.at<uchar>(y, x) = 255;
            }
        mask |= near & fit.inPicture;
    }
    const cv::Mat k3 = cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3});
    cv::morphologyEx(mask, mask, cv::MORPH_OPEN, k3);
    cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, k3, {-1, -1}, 2); // head, arms, body: one
    cv::Mat labels, stats, centroids;
    const int count = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
    const float px = 1.0f / float(n * n);
    // A blob's colour from the quarter of its pixels that depart most from the drawing: a
    // follower is a few pixels wide and its edges blend with the tile, so a mean over the blob
    // is a duller colour than the player's (newart's red learned at a* 38-46 on tiles, 51-60
    // when shown on the table), and a dull colour misses that player's pieces.
    auto colourOf = [&](const cv::Mat& blob, cv::Rect box) {
        std::vector<float> departs;
        for (int y = box.y; y < box.br().y; ++y)
            for (int x = box.x; x < box.br().x; ++x)
                if (blob.at<uchar>(y, x)) departs.push_back(bestResidual.at<float>(y, x));
        const auto q = departs.begin() + long(departs.size() * 3 / 4);
        std::nth_element(departs.begin(), q, departs.end());
        cv::Mat core = blob & (bestResidual >= *q);
        return meanLab(seen, cv::countNonZero(core) >= 4 ? core : blob);
    };
    auto boxOf = [&](int c) {
        return cv::Rect(stats.at<int>(c, cv::CC_STAT_LEFT), stats.at<int>(c, cv::CC_STAT_TOP),
                        stats.at<int>(c, cv::CC_STAT_WIDTH), stats.at<int>(c, cv::CC_STAT_HEIGHT));
    };
    // Parts of one piece: a thin follower split where a pixel of it matches the drawing (its
    // head from its body, a lying farmer in two) is one piece when its parts lie near each other
    // in one colour. Each group is named by its first part.
    std::vector<int> group(size_t(std::max(count, 1)));
    std::iota(group.begin(), group.end(), 0);
    auto first = [&](int c) {
        while (group[size_t(c)] != c) c = group[size_t(c)];
        return c;
    };
    std::vector<cv::Vec3f> colour(group.size()); // each part's
    {
        std::vector<int> parts;
        for (int c = 1; c < count; ++c) {
            const float area = float(stats.at<int>(c, cv::CC_STAT_AREA)) * px;
            if (area < p.minArea / 2 || area > p.maxArea) continue;
            colour[size_t(c)] = colourOf(labels == c, boxOf(c));
            parts.push_back(c);
        }
        for (size_t i = 0; i < parts.size(); ++i)
            for (size_t j = i + 1; j < parts.size(); ++j) {
                const int a = parts[i], b = parts[j];
                const cv::Point2d d(centroids.at<double>(a, 0) - centroids.at<double>(b, 0),
                                    centroids.at<double>(a, 1) - centroids.at<double>(b, 1));
                if (std::hypot(d.x, d.y) < p.joinReach * n &&
                    labDistance2(colour[size_t(a)], colour[size_t(b)]) <
                        p.joinColour * p.joinColour)
                    group[size_t(std::max(first(a), first(b)))] = std::min(first(a), first(b));
            }
    }
    for (int c = 1; c < count; ++c) {
        if (first(c) != c) continue; // a later part of a group: taken with its first
        cv::Mat blob = labels == c;
        bool joined = false;
        for (int o = c + 1; o < count; ++o)
            if (first(o) == c) blob |= labels == o, joined = true;
        const float area = float(cv::countNonZero(blob)) * px;
        if (area < p.minArea || area > p.maxArea) continue;
        // A band along the tile's edge is a neighbour's shadow or edge laid over it: no piece
        // runs that far along an edge.
        const cv::Rect box = cv::boundingRect(blob);
        const int bx = box.x, by = box.y, bw = box.width, bh = box.height;
        const bool alongSide = bx <= inner.x || bx + bw >= inner.br().x,
                   alongTop = by <= inner.y || by + bh >= inner.br().y;
        if ((alongSide && bh > p.maxEdgeRun * n) || (alongTop && bw > p.maxEdgeRun * n)) continue;
        const float residual = float(cv::mean(bestResidual, blob)[0]);
        // Where it stands is measured on its part inside the usual rim when that part is a
        // piece's size, as it was before open sides were searched (the bounds on where pieces
        // stand were set on it): the part in an open side's rim is the far end of a piece
        // lying by that edge (procedural game 9, turn 49, and 11, turn 27: farmers then read
        // on the city beside their field). A piece mostly in that rim is measured whole, and
        // shows whole there (nothing beyond cuts it): a smaller blob is the tile's edge
        // misfitting, or the table beside it (procedural game 7, turn 4).
        cv::Mat placed = blob;
        if (inner != fit.inner) {
            cv::Mat part(n, n, CV_8U, cv::Scalar(0));
            blob(fit.inner).copyTo(part(fit.inner));
            if (float(cv::countNonZero(part)) * px >= p.minArea)
                placed = part;
            else if (area < p.wholePiece)
                continue;
        }
        // The table or shade where four tiles meet: a small, faint patch in a corner square (the
        // band check above wants whole rows). A lying farmer on a corner field is several times
        // larger, a piece's core departs more, and a small one far off still shows its
        // player's colour.
        const cv::Moments mo = cv::moments(placed, true);
        const cv::Point2f centre(float(mo.m10 / mo.m00 + 0.5) / float(n),
                                 float(mo.m01 / mo.m00 + 0.5) / float(n));
        const bool inCorner = std::min(centre.x, 1 - centre.x) < p.cornerReach &&
                              std::min(centre.y, 1 - centre.y) < p.cornerReach;
        // A lone part's colour is known already.
        const cv::Vec3f lab = joined ? colourOf(blob, box) : colour[size_t(c)];
        if (inCorner && area < p.cornerArea && residual < p.seedResidual &&
            !nearAny(lab, colours, p.joinColour))
            continue;
        // Already there in the earlier picture (a neighbour's piece leaning over): not new.
        if (!before.empty()) {
            cv::Mat d;
            cv::absdiff(seen, before, d);
            const cv::Scalar m = cv::mean(d, blob);
            if (m[0] + m[1] + m[2] < p.sameAsBefore) continue;
        }
        PieceBlob b;
        cv::Mat gate;
        const int reach = p.shownReach;
        cv::dilate(blob, gate,
                   cv::getStructuringElement(cv::MORPH_RECT, {2 * reach + 1, 2 * reach + 1}));
        b.shown = shownShare(bgr, tileToImage, gate, lab, p.shownColour, tileArea);
        b.area = area;
        b.residual = residual;
        b.centre = centre;
        b.lab = lab;
        // Its base: the end nearest the point under the camera.
        b.base = b.centre;
        if (footInTile) {
            cv::Point2f u = b.centre - *footInTile;
            const float len = std::sqrt(u.dot(u));
            if (len > 0.3f) {
                u *= 1 / len;
                std::vector<cv::Point> pts;
                cv::findNonZero(placed, pts);
                float lo = std::numeric_limits<float>::max(), hi = -lo;
                float left = lo, right = -lo;
                const cv::Point2f v(-u.y, u.x);
                std::vector<float> proj;
                for (const cv::Point& q : pts) {
                    const cv::Point2f t((float(q.x) + 0.5f) / float(n),
                                        (float(q.y) + 0.5f) / float(n));
                    proj.push_back(t.dot(u));
                    lo = std::min(lo, proj.back()), hi = std::max(hi, proj.back());
                    left = std::min(left, t.dot(v)), right = std::max(right, t.dot(v));
                }
                b.across = right - left + 1.0f / float(n);
                cv::Point2f sum(0, 0);
                int m = 0;
                for (size_t i = 0; i < pts.size(); ++i)
                    if (proj[i] <= lo + p.baseShare * (hi - lo)) {
                        sum += cv::Point2f((float(pts[i].x) + 0.5f) / float(n),
                                           (float(pts[i].y) + 0.5f) / float(n));
                        ++m;
                    }
                if (m > 0) b.base = sum * (1.0f / float(m));
            }
        }
        // A blob cut by the rim with its base there stands beyond it: a piece on a
        // neighbouring tile leaning over this one (or lying across the edge). A whole piece
        // standing on a city cap along the edge (its point an eighth of a tile in) is seen with
        // its base a little nearer the edge than a sliver is let be. Beyond an open side is
        // only the table.
        const float margin = area >= p.wholePiece ? 0.5f : 1.5f;
        auto keepOut = [&](int side) {
            return p.open[size_t(side)] ? 0 : (float(p.rim) + margin) / float(n);
        };
        auto within = [&](float v, int low, int high) {
            return v >= keepOut(low) && v <= 1 - keepOut(high);
        };
        if (!within(b.base.x, 3, 1) || !within(b.base.y, 0, 2)) continue;
        const cv::Point2d img = applyH(tileToImage, b.base);
        b.baseInImage = cv::Point2f(float(img.x), float(img.y));
        out.push_back(b);
    }
    std::sort(out.begin(), out.end(),
              [](const PieceBlob& a, const PieceBlob& b) { return a.area > b.area; });
    return out;
}

float distanceToFeature(const tiledb::TileKind& kind, int rotation, int feature,
                        cv::Point2f point) {
    // The map is at rotation 0: turn the point back (a quarter turn clockwise maps (x, y) to
    // (1 - y, x); back is (y, 1 - x)).
    cv::Point2f q = point;
    for (int r = 0; r < (rotation & 3); ++r) q = {q.y, 1 - q.x};
    float best = std::numeric_limits<float>::infinity();
    const char label = kind.features.at(size_t(feature)).label;
    for (int row = 0; row < tiledb::kMapSize; ++row)
        for (int col = 0; col < tiledb::kMapSize; ++col) {
            if (kind.map[size_t(row)][size_t(col)] != label) continue;
            const float x0 = float(col) / tiledb::kMapSize, x1 = float(col + 1) / tiledb::kMapSize;
            const float y0 = float(row) / tiledb::kMapSize, y1 = float(row + 1) / tiledb::kMapSize;
            const float dx = std::max({x0 - q.x, 0.0f, q.x - x1});
            const float dy = std::max({y0 - q.y, 0.0f, q.y - y1});
            best = std::min(best, std::sqrt(dx * dx + dy * dy));
        }
    return best;
}

bool liesFlat(const PieceBlob& b, float followersAcross, const PieceParams& params) {
    return followersAcross > 0 && b.across >= params.lyingAcross * followersAcross;
}

float followersAcross(std::vector<float> across, int least) {
    std::erase_if(across, [](float w) { return w <= 0; }); // seen where nothing leans
    if (across.empty() || int(across.size()) < least) return 0;
    std::nth_element(across.begin(), across.begin() + long(across.size() / 2), across.end());
    return across[across.size() / 2];
}

cv::Point2f standsAt(cv::Point2f base, cv::Point2f middle, bool flat, const tiledb::TileKind& kind,
                     int rotation) {
    if (!flat) return base;
    const int under = kind.featureAt({middle.x, middle.y}, rotation);
    return under >= 0 && kind.features[size_t(under)].kind == tiledb::FeatureKind::Field ? middle
                                                                                         : base;
}

void PlayerColours::learn(int player, const cv::Vec3f& lab) {
    const size_t i = size_t(player);
    const float n = float(samples_.at(i));
    mean_[i] = (mean_[i] * n + lab) * (1 / (n + 1));
    ++samples_[i];
}

void PlayerColours::set(int player, const cv::Vec3f& lab) {
    mean_.at(size_t(player)) = lab;
    samples_[size_t(player)] = 1;
}

std::vector<cv::Vec3f> PlayerColours::knownColours() const {
    std::vector<cv::Vec3f> out;
    for (int p = 0; p < players(); ++p)
        if (known(p)) out.push_back(mean_[size_t(p)]);
    return out;
}

bool PlayerColours::allKnown() const {
    return std::all_of(samples_.begin(), samples_.end(), [](int n) { return n > 0; });
}

float PlayerColours::distance(int player, const cv::Vec3f& lab) const {
    if (!known(player)) return std::numeric_limits<float>::infinity();
    return std::sqrt(labDistance2(lab, mean_[size_t(player)]));
}

int PlayerColours::nearest(const cv::Vec3f& lab, float* dist) const {
    int best = -1;
    float bestD = std::numeric_limits<float>::infinity();
    for (int i = 0; i < players(); ++i) {
        const float d = distance(i, lab);
        if (d < bestD) bestD = d, best = i;
    }
    if (dist) *dist = bestD;
    return best;
}

} // namespace vision
