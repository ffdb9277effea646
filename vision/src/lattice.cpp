#include "vision/lattice.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <random>

namespace vision {

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Seg {
    cv::Vec3d a, b; // endpoints, homogeneous, normalised image coordinates
    cv::Vec3d line; // a x b with (l0, l1) of unit length
    cv::Point2d mid, dir;
    double length;   // normalised units
    double angleDeg; // 0..180
};

cv::Vec3d unitLine(const cv::Vec3d& l) {
    const double n = std::hypot(l[0], l[1]);
    return n > 0 ? l / n : l;
}

// Is the segment pointing at the (homogeneous) point v, within tolerance (sine of angle)?
bool pointsAt(const Seg& s, const cv::Vec3d& v, double sinTol) {
    cv::Point2d w(v[0] - s.mid.x * v[2], v[1] - s.mid.y * v[2]);
    const double n = std::hypot(w.x, w.y);
    if (n < 1e-12) return false;
    return std::abs(s.dir.x * w.y - s.dir.y * w.x) / n < sinTol;
}

// Vanishing point of a family: RANSAC over pairs, then the least-squares point of the inliers.
std::optional<cv::Vec3d> vanishingPoint(const std::vector<Seg>& segs, const std::vector<int>& ids,
                                        const LatticeParams& p, std::mt19937_64& rng) {
    if (ids.size() < 4) return std::nullopt;
    const double sinTol = std::sin(p.angleToleranceDeg * kPi / 180);
    std::uniform_int_distribution<size_t> pick(0, ids.size() - 1);
    auto support = [&](const cv::Vec3d& v) {
        double w = 0;
        for (int i : ids)
            if (pointsAt(segs[size_t(i)], v, sinTol)) w += segs[size_t(i)].length;
        return w;
    };
    cv::Vec3d best;
    double bestSupport = -1;
    for (int it = 0; it < p.ransacIterations; ++it) {
        const int a = ids[pick(rng)], b = ids[pick(rng)];
        if (a == b) continue;
        cv::Vec3d v = segs[size_t(a)].line.cross(segs[size_t(b)].line);
        const double n = cv::norm(v);
        if (n < 1e-12) continue;
        v /= n;
        const double s = support(v);
        if (s > bestSupport) bestSupport = s, best = v;
    }
    if (bestSupport <= 0) return std::nullopt;
    // Least squares: the unit v minimising sum w (l . v)^2 over inliers (twice, tightening).
    for (int round = 0; round < 2; ++round) {
        cv::Matx33d m = cv::Matx33d::zeros();
        for (int i : ids) {
            const Seg& s = segs[size_t(i)];
            if (!pointsAt(s, best, sinTol * (round ? 1.0 : 1.5))) continue;
            m += s.length * (s.line * s.line.t());
        }
        cv::Mat evals, evecs;
        cv::eigen(cv::Mat(m), evals, evecs);
        best = cv::Vec3d(evecs.at<double>(2, 0), evecs.at<double>(2, 1), evecs.at<double>(2, 2));
    }
    return best;
}

// The tile borders' two directions are at right angles on the table, so with the picture's
// centre on the camera's axis their vanishing points p1, p2 (normalised coordinates) satisfy
// p1 . p2 = -f^2, f the focal length: seen from the centre they lie more than 90 degrees
// apart. Lines that barely converge put their vanishing point far away, where a little noise
// takes it through infinity to the other side (newart scene 131 of 200: 73 degrees apart, one
// above right of the picture and one below right, which no camera gives). A few degrees less
// than 90 is noise in two far points (a small board: procedural scene 73, 89 degrees).
bool plausibleVanishingPoints(const cv::Vec3d& v1, const cv::Vec3d& v2) {
    constexpr double kLeastAngleCos = 0.17; // 80 degrees
    const double n1 = std::hypot(v1[0], v1[1]), n2 = std::hypot(v2[0], v2[1]);
    if (n1 < 1e-12 || n2 < 1e-12) return true; // one at the centre: no direction to judge
    // The sign of w1 w2 says whether each point lies along its (x, y) or opposite it.
    const double sign = (v1[2] * v2[2] < 0) ? -1 : 1;
    return sign * (v1[0] * v2[0] + v1[1] * v2[1]) / (n1 * n2) < kLeastAngleCos;
}

// Comb strength of positions x (weights w) at a period: |mean of exp(2 pi i x / P)|.
std::complex<double> comb(const std::vector<double>& x, const std::vector<double>& w,
                          double period) {
    std::complex<double> s = 0;
    double total = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        const double a = 2 * kPi * x[i] / period;
        s += w[i] * std::complex<double>(std::cos(a), std::sin(a));
        total += w[i];
    }
    return total > 0 ? s / total : s;
}

std::vector<AxisHypothesis> axisHypotheses(const std::vector<double>& x,
                                           const std::vector<double>& w, double minP, double maxP) {
    std::vector<AxisHypothesis> out;
    if (x.size() < 3 || minP >= maxP) return out;
    // The strongest period up to `longest`, polished with a finer search around it.
    const auto strongest = [&](double longest) {
        double bestP = 0, bestS = -1;
        for (double P = minP; P <= longest; P *= 1.004) {
            const double s = std::abs(comb(x, w, P));
            if (s > bestS) bestS = s, bestP = P;
        }
        const double to = bestP * 1.005;
        for (double P = bestP * 0.995; P <= to; P *= 1.0005) {
            const double s = std::abs(comb(x, w, P));
            if (s > bestS) bestS = s, bestP = P;
        }
        return std::pair{bestP, bestS};
    };
    auto [bestP, bestS] = strongest(maxP);
    // Still growing at the longest period searched: the borders' span is shorter than it, so
    // every border lies within one period, where the comb grows towards 1 with the period
    // whatever the lines. A board a tile or two across has no period (its tiles' squares read
    // it, stage 1b); one with many borders repeating a period several times across a short
    // span (a steep board seen across its foreshortened axis: procedural scene 107 of 200, 90
    // borders over 336 px) has it within the span.
    if (bestP * 1.004 > maxP) {
        constexpr size_t kLeastBorders = 24;
        constexpr double kLeastPeriods = 3;
        const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
        const double span = *hi - *lo;
        if (x.size() < kLeastBorders || span <= minP) return out;
        std::tie(bestP, bestS) = strongest(span);
        if (bestP * 1.004 > span || span < kLeastPeriods * bestP) return out;
    }
    const double phase = std::arg(comb(x, w, bestP)) / (2 * kPi) * bestP;
    out.push_back({bestP, phase, bestS});
    // The comb may have locked onto half the tile (borders plus lines halfway): twice the
    // period, at both phases (these three are the usual readings, kUsualHypotheses).
    out.push_back({2 * bestP, phase, bestS * 0.5});
    out.push_back({2 * bestP, phase + bestP, bestS * 0.5});
    // Rarer: onto lines halfway between borders (roads across tiles, faint borders), or onto
    // lines that divide each tile in three (roads and field edges at a tile's thirds).
    out.push_back({bestP, phase + bestP / 2, bestS * 0.5});
    for (int k = 0; k < 3; ++k) out.push_back({3 * bestP, phase + k * bestP, bestS / 3});
    return out;
}

// Segments LSD found on a copy `scale` times the picture's size, in picture pixels: those at
// least minSegment long on the copy.
std::vector<cv::Vec4f> inImage(const std::vector<cv::Vec4f>& raw, double scale, double minSegment) {
    std::vector<cv::Vec4f> out;
    for (const cv::Vec4f& r : raw) {
        const cv::Vec4f s(float(r[0] / scale), float(r[1] / scale), float(r[2] / scale),
                          float(r[3] / scale));
        if (std::hypot(s[2] - s[0], s[3] - s[1]) * scale >= minSegment) out.push_back(s);
    }
    return out;
}

} // namespace

std::vector<cv::Vec4f> lineSegments(const cv::Mat& bgr, const LatticeParams& p) {
    if (bgr.empty()) return {};
    const double scale = std::min(1.0, double(p.workWidth) / bgr.cols);
    cv::Mat gray;
    cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
    if (scale < 1) cv::resize(gray, gray, cv::Size(), scale, scale, cv::INTER_AREA);
    std::vector<cv::Vec4f> raw;
    cv::createLineSegmentDetector(cv::LSD_REFINE_STD)->detect(gray, raw);
    return inImage(raw, scale, p.minSegment);
}

std::vector<cv::Vec4f> outlineSegments(const cv::Mat& bgr, const LatticeParams& p) {
    const double scale = std::min(1.0, double(p.workWidth) / std::max(1, bgr.cols));
    // The table around a pixel: the median of a quarter-size copy over kWindow pixels (60 at
    // 960, about two tiles of 70 px at 1920), so a lone tile or two do not shift it.
    constexpr int kWindow = 15;
    if (bgr.empty() || bgr.type() != CV_8UC3 || bgr.cols * scale < 4 * kWindow ||
        bgr.rows * scale < 4 * kWindow)
        return {};
    cv::Mat small, lab, table;
    cv::resize(bgr, small, cv::Size(), scale, scale, cv::INTER_AREA);
    cv::cvtColor(small, lab, cv::COLOR_BGR2Lab);
    cv::resize(lab, table, cv::Size(), 0.25, 0.25, cv::INTER_AREA);
    cv::medianBlur(table, table, kWindow);
    cv::resize(table, table, lab.size(), 0, 0, cv::INTER_LINEAR);
    cv::Mat diff, chroma;
    cv::absdiff(lab, table, diff);
    std::vector<cv::Mat> d;
    cv::split(diff, d);
    cv::add(d[1], d[2], chroma);
    std::vector<cv::Vec4f> raw;
    auto detect = [&](const cv::Mat& region) {
        cv::Mat soft;
        cv::GaussianBlur(region, soft, cv::Size(5, 5), 0); // a step LSD sees as one edge
        std::vector<cv::Vec4f> found;
        cv::createLineSegmentDetector(cv::LSD_REFINE_STD)->detect(soft, found);
        raw.insert(raw.end(), found.begin(), found.end());
    };
    // Lightness at half weight and at full: which outlines a blurred tile's four sides best
    // depends on its art and its light (bench_vision --small, 800 scenes: half weight alone
    // left 15 unread, both 5).
    for (double lightness : {0.5, 1.0}) {
        cv::Mat distance, region;
        cv::addWeighted(chroma, 1.0, d[0], lightness, 0, distance);
        cv::threshold(distance, region, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::morphologyEx(region, region, cv::MORPH_OPEN, cv::Mat::ones(3, 3, CV_8U));
        cv::morphologyEx(region, region, cv::MORPH_CLOSE, cv::Mat::ones(5, 5, CV_8U));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(region, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
        cv::Mat hulls = cv::Mat::zeros(region.size(), CV_8U);
        for (const std::vector<cv::Point>& c : contours) {
            std::vector<cv::Point> hull;
            cv::convexHull(c, hull);
            cv::fillConvexPoly(hulls, hull, cv::Scalar(255));
        }
        detect(region);
        detect(hulls);
    }
    return inImage(raw, scale, p.minSegment);
}

std::optional<LatticeAxes> findLatticeAxes(const cv::Mat& bgr, const LatticeParams& p,
                                           std::string* why) {
    if (bgr.empty()) {
        if (why) *why = "empty image";
        return std::nullopt;
    }
    return findLatticeAxes(lineSegments(bgr, p), bgr.size(), p, why);
}

std::optional<LatticeAxes> findLatticeAxes(const std::vector<cv::Vec4f>& segments, cv::Size image,
                                           const LatticeParams& p, std::string* why) {
    auto fail = [&](const char* what) -> std::optional<LatticeAxes> {
        if (why) *why = what;
        return std::nullopt;
    };
    // Normalised coordinates: centred, half the longer side = 1 (keeps the algebra tame).
    const double cx = image.width / 2.0, cy = image.height / 2.0,
                 f0 = std::max(image.width, image.height) / 2.0;
    LatticeAxes base; // the segments and their families, whatever the rectification
    std::vector<Seg> segs;
    for (const cv::Vec4f& s : segments) {
        const double len = std::hypot(s[2] - s[0], s[3] - s[1]);
        Seg g;
        g.a = {(s[0] - cx) / f0, (s[1] - cy) / f0, 1};
        g.b = {(s[2] - cx) / f0, (s[3] - cy) / f0, 1};
        g.line = unitLine(g.a.cross(g.b));
        g.mid = {(g.a[0] + g.b[0]) / 2, (g.a[1] + g.b[1]) / 2};
        g.length = len / f0;
        g.dir = {(g.b[0] - g.a[0]) / g.length, (g.b[1] - g.a[1]) / g.length};
        g.angleDeg = std::fmod(std::atan2(g.dir.y, g.dir.x) * 180 / kPi + 360, 180);
        segs.push_back(g);
        base.segments.push_back(s);
    }
    if (segs.size() < 8) return fail("too few straight edges: no tiles in view, or too blurred");
    // Two dominant directions: a length-weighted, smoothed histogram of angles.
    std::array<double, 180> hist{}, smooth{};
    for (const Seg& s : segs) hist[size_t(int(s.angleDeg) % 180)] += s.length;
    for (int i = 0; i < 180; ++i)
        for (int d = -4; d <= 4; ++d)
            smooth[size_t(i)] += hist[size_t((i + d + 180) % 180)] * std::exp(-d * d / 8.0);
    auto circDist = [](double a, double b) {
        const double d = std::fmod(std::abs(a - b), 180);
        return std::min(d, 180 - d);
    };
    const int peak1 = int(std::max_element(smooth.begin(), smooth.end()) - smooth.begin());
    int peak2 = -1;
    for (int i = 0; i < 180; ++i)
        if (circDist(i, peak1) >= 25 && (peak2 < 0 || smooth[size_t(i)] > smooth[size_t(peak2)]))
            peak2 = i;
    std::vector<int> fam[2];
    base.family.assign(segs.size(), -1);
    for (size_t i = 0; i < segs.size(); ++i) {
        const double d1 = circDist(segs[i].angleDeg, peak1), d2 = circDist(segs[i].angleDeg, peak2);
        if (std::min(d1, d2) > 20) continue;
        fam[d1 <= d2 ? 0 : 1].push_back(int(i));
    }
    std::mt19937_64 rng(p.seed);
    const auto v1 = vanishingPoint(segs, fam[0], p, rng);
    const auto v2 = vanishingPoint(segs, fam[1], p, rng);
    if (!v1 || !v2) return fail("no two families of parallel tile borders");
    // The lattice rectified through a pair of vanishing points (fails with why set).
    const auto rectify = [&](const cv::Vec3d& vu,
                             const cv::Vec3d& vv) -> std::optional<LatticeAxes> {
        LatticeAxes axes = base;
        // Horizon to infinity: Hp = [1 0 0; 0 1 0; l/l3].
        cv::Vec3d horizon = vu.cross(vv);
        if (std::abs(horizon[2]) < 1e-9 ||
            std::hypot(horizon[0], horizon[1]) > 0.95 * std::abs(horizon[2]))
            return fail("the horizon crosses the picture: the camera is tilted too far");
        horizon /= horizon[2];
        const cv::Matx33d Hp(1, 0, 0, 0, 1, 0, horizon[0], horizon[1], 1);
        auto direction = [&](const cv::Vec3d& v) {
            const cv::Vec3d d = Hp * v;
            const double n = std::hypot(d[0], d[1]);
            return cv::Vec2d(d[0] / n, d[1] / n);
        };
        cv::Vec2d d1 = direction(vu), d2 = direction(vv);
        int famU = 0; // the family whose lines run along the rectified u axis
        if (d1[0] * d2[1] - d1[1] * d2[0] < 0) std::swap(d1, d2), famU = 1;
        // A maps d1 -> (1,0) and d2 -> (0,1); scale so a pixel at the centre stays about a pixel.
        cv::Matx22d B(d1[0], d2[0], d1[1], d2[1]);
        cv::Matx22d A = B.inv();
        A *= f0 / std::sqrt(std::abs(cv::determinant(A)));
        const cv::Matx33d Aff(A(0, 0), A(0, 1), 0, A(1, 0), A(1, 1), 0, 0, 0, 1);
        const cv::Matx33d N(1 / f0, 0, -cx / f0, 0, 1 / f0, -cy / f0, 0, 0, 1);
        axes.imageToRect = Aff * Hp * N;
        // Positions across each family, in rectified units, weighted by rectified length.
        auto rect = [&](const cv::Vec3d& q) {
            const cv::Vec3d r = Aff * (Hp * q);
            return cv::Point2d(r[0] / r[2], r[1] / r[2]);
        };
        std::vector<double> pos[2], weight[2];
        double sx = 0, sy = 0, sw = 0;
        const double sinTol = std::sin(2 * p.angleToleranceDeg * kPi / 180);
        for (int f = 0; f < 2; ++f) {
            const cv::Vec3d& vp = f == 0 ? vu : vv;
            for (int i : fam[f]) {
                const Seg& s = segs[size_t(i)];
                if (!pointsAt(s, vp, sinTol)) continue;
                const cv::Point2d a = rect(s.a), b = rect(s.b);
                const bool alongU = (f == famU); // lines of constant v
                axes.family[size_t(i)] = alongU ? 0 : 1;
                pos[alongU ? 1 : 0].push_back(alongU ? (a.y + b.y) / 2 : (a.x + b.x) / 2);
                const double len = std::hypot(b.x - a.x, b.y - a.y);
                weight[alongU ? 1 : 0].push_back(len);
                const double mx = (s.a[0] + s.b[0]) / 2 * f0 + cx,
                             my = (s.a[1] + s.b[1]) / 2 * f0 + cy;
                sx += len * mx, sy += len * my, sw += len;
            }
        }
        if (sw <= 0) return fail("no lattice evidence");
        axes.centre = cv::Point2f(float(sx / sw), float(sy / sw));
        const double maxP = std::min(image.width, image.height) / 2.0;
        axes.u = axisHypotheses(pos[0], weight[0], p.minTile, maxP);
        axes.v = axisHypotheses(pos[1], weight[1], p.minTile, maxP);
        if (axes.u.empty() || axes.v.empty()) return fail("no regular spacing of tile borders");
        return axes;
    };
    if (plausibleVanishingPoints(*v1, *v2)) return rectify(*v1, *v2);
    // One of the two went through infinity to the wrong side (see plausibleVanishingPoints):
    // as found, and each at infinity in turn, keeping the rectification whose borders lie the
    // most regularly (the combs' strength).
    std::optional<LatticeAxes> best;
    for (int far = -1; far < 2; ++far) {
        cv::Vec3d a = *v1, b = *v2;
        if (far >= 0) (far ? b : a)[2] = 0;
        auto axes = rectify(a, b);
        auto regularity = [](const LatticeAxes& x) { return x.u[0].score + x.v[0].score; };
        if (axes && (!best || regularity(*axes) > regularity(*best))) best = std::move(axes);
    }
    return best;
}

namespace {

// An L-shaped corner: where two segments' lines meet, both segments ending there. The arms
// point away from it along the segments, v clockwise of u (image y down).
struct Corner {
    cv::Point2d x, u, v;
    double lu = 0, lv = 0; // how far the segments reach along each arm
};

bool intersect(cv::Point2d p, cv::Point2d d, cv::Point2d q, cv::Point2d e, cv::Point2d& out) {
    const double den = d.x * e.y - d.y * e.x;
    if (std::abs(den) < 1e-9) return false;
    const cv::Point2d w = q - p;
    out = p + d * ((w.x * e.y - w.y * e.x) / den);
    return true;
}

std::vector<Corner> lCorners(const std::vector<cv::Vec4f>& segments, const LatticeParams& p) {
    struct S {
        cv::Point2d a, b, d;
        double len;
    };
    std::vector<S> segs;
    for (const cv::Vec4f& g : segments) {
        const cv::Point2d a(g[0], g[1]), b(g[2], g[3]);
        const double len = cv::norm(b - a);
        if (len >= p.minArm) segs.push_back({a, b, (b - a) / len, len});
    }
    const double minSin = std::sin(p.minCornerDeg * kPi / 180);
    std::vector<Corner> out;
    for (size_t i = 0; i < segs.size(); ++i)
        for (size_t j = i + 1; j < segs.size(); ++j) {
            const S &s = segs[i], &t = segs[j];
            if (std::abs(s.d.cross(t.d)) < minSin) continue;
            const double gap = 3 + p.cornerGap * std::min(s.len, t.len);
            // Cheap rejection first: some pair of ends must be close.
            const double ends = std::min({cv::norm(s.a - t.a), cv::norm(s.a - t.b),
                                          cv::norm(s.b - t.a), cv::norm(s.b - t.b)});
            if (ends > 2 * gap) continue;
            cv::Point2d x;
            if (!intersect(s.a, s.d, t.a, t.d, x)) continue;
            auto arm = [&](const S& g, cv::Point2d& dir, double& reach) {
                const double da = cv::norm(g.a - x), db = cv::norm(g.b - x);
                if (std::min(da, db) > gap) return false;
                const cv::Point2d far = da < db ? g.b : g.a;
                reach = cv::norm(far - x);
                if (reach < 0.5 * g.len) return false;
                dir = (far - x) / reach;
                return true;
            };
            Corner c{x, {}, {}};
            if (!arm(s, c.u, c.lu) || !arm(t, c.v, c.lv)) continue;
            if (c.u.cross(c.v) < 0) std::swap(c.u, c.v), std::swap(c.lu, c.lv);
            out.push_back(c);
        }
    return out;
}

// How far a quad spanning across x down tiles is from squares on a plane seen by a pinhole
// camera with square pixels, its principal point in the middle and a focal length between
// `focal` times the longer side: for the best such focal length, the larger of the cosine
// between the plane's two unit vectors and their length ratio less one (0: squares).
// A rectangle of tiles half as wide (a quad from a road's edge) does not pass.
double squareError(const std::array<cv::Point2f, 4>& q, int across, int down, cv::Size image,
                   cv::Vec2d focal) {
    const std::vector<cv::Point2f> g{
        {0, 0}, {float(across), 0}, {float(across), float(down)}, {0, float(down)}};
    std::vector<cv::Point2f> im;
    for (const cv::Point2f& c : q) im.push_back(c - cv::Point2f(image) * 0.5f);
    const cv::Matx33d H(cv::getPerspectiveTransform(g, im));
    const double side = std::max(image.width, image.height);
    double best = 1e9;
    for (double f = focal[0] * side; f <= focal[1] * side; f *= 1.05) {
        const cv::Vec3d r1(H(0, 0) / f, H(1, 0) / f, H(2, 0)),
            r2(H(0, 1) / f, H(1, 1) / f, H(2, 1));
        const double n1 = cv::norm(r1), n2 = cv::norm(r2);
        const double e = std::max(std::abs(r1.dot(r2)) / (n1 * n2), std::abs(n1 / n2 - 1));
        best = std::min(best, e);
    }
    return best;
}

} // namespace

std::vector<TileQuad> findTileQuads(const std::vector<cv::Vec4f>& segments, cv::Size image,
                                    const LatticeParams& p) {
    const std::vector<Corner> corners = lCorners(segments, p);
    const double cosPar = std::cos(p.parallelDeg * kPi / 180);
    const double maxSide = std::min(image.width, image.height);
    std::vector<TileQuad> out;
    // The tile counts (across, down) a quad with these side lengths may span: a square seen
    // at up to 45 degrees of tilt is between 0.55 and 1.8 times as wide as high.
    auto add = [&](const std::array<cv::Point2d, 4>& q, double support) {
        const double a = (cv::norm(q[1] - q[0]) + cv::norm(q[2] - q[3])) / 2,
                     b = (cv::norm(q[2] - q[1]) + cv::norm(q[3] - q[0])) / 2;
        if (std::max(a, b) > maxSide) return;
        for (int m = 1; m <= p.maxQuadTiles; ++m)
            for (int n = 1; n <= p.maxQuadTiles; ++n) {
                if (m > 1 && n > 1) continue;
                const double r = (a / m) / (b / n);
                if (r < 0.55 || r > 1.8 || std::min(a / m, b / n) < p.minTile) continue;
                TileQuad t;
                for (int k = 0; k < 4; ++k) t.corners[size_t(k)] = cv::Point2f(q[size_t(k)]);
                if (squareError(t.corners, m, n, image, p.focalRange) > p.maxSquareError) continue;
                t.across = m, t.down = n, t.support = support;
                out.push_back(t);
            }
    };
    std::vector<bool> paired(corners.size(), false);
    for (size_t i = 0; i < corners.size(); ++i)
        for (size_t j = i + 1; j < corners.size(); ++j) {
            const Corner &c = corners[i], &d = corners[j];
            // Across the diagonal, the arms point back: d.u against c.u, d.v against c.v.
            if (-c.u.dot(d.u) < cosPar || -c.v.dot(d.v) < cosPar) continue;
            // d lies inside c's angle (and so c inside d's): d.x = c.x + alpha u + beta v.
            const cv::Point2d w = d.x - c.x;
            const double den = c.u.cross(c.v);
            const double alpha = w.cross(c.v) / den, beta = c.u.cross(w) / den;
            if (alpha < p.minTile || beta < p.minTile) continue;
            cv::Point2d a, b;
            if (!intersect(c.x, c.u, d.x, d.v, a) || !intersect(c.x, c.v, d.x, d.u, b)) continue;
            const std::array<cv::Point2d, 4> q{c.x, a, d.x, b};
            const double perimeter =
                cv::norm(a - c.x) + cv::norm(d.x - a) + cv::norm(b - d.x) + cv::norm(c.x - b);
            const double covered =
                std::min(c.lu, cv::norm(a - c.x)) + std::min(c.lv, cv::norm(b - c.x)) +
                std::min(d.lu, cv::norm(b - d.x)) + std::min(d.lv, cv::norm(a - d.x));
            add(q, covered / perimeter);
            paired[i] = paired[j] = true;
        }
    // A corner alone (its diagonal partner not seen): the parallelogram of its arms.
    for (size_t i = 0; i < corners.size(); ++i) {
        if (paired[i]) continue;
        const Corner& c = corners[i];
        add({c.x, c.x + c.u * c.lu, c.x + c.u * c.lu + c.v * c.lv, c.x + c.v * c.lv}, 0.5);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const TileQuad& a, const TileQuad& b) { return a.support > b.support; });
    if (out.size() > size_t(p.maxQuads)) out.resize(size_t(p.maxQuads));
    return out;
}

namespace {

cv::Point2f gridPoint(const cv::Matx33d& H, cv::Point2f p) {
    const cv::Vec3d q = H * cv::Vec3d(p.x, p.y, 1);
    return cv::Point2f(float(q[0] / q[2]), float(q[1] / q[2]));
}

} // namespace

cv::Matx33d orientGrid(const cv::Matx33d& imageToGrid, cv::Point2f centre) {
    cv::Matx33d G = imageToGrid;
    auto jac = [&](const cv::Matx33d& H) {
        const cv::Point2f a = gridPoint(H, centre), b = gridPoint(H, centre + cv::Point2f(1, 0)),
                          c = gridPoint(H, centre + cv::Point2f(0, -1)); // picture up
        return std::pair(b - a, c - a);
    };
    auto [east, up] = jac(G);
    if (east.cross(-up) < 0) G = cv::Matx33d(1, 0, 0, 0, -1, 0, 0, 0, 1) * G; // mirror
    up = jac(G).second;
    // Of the four quarter turns of the grid, the one taking the picture's up closest to -v.
    const cv::Matx33d turns[4] = {
        cv::Matx33d(1, 0, 0, 0, 1, 0, 0, 0, 1), cv::Matx33d(0, -1, 0, 1, 0, 0, 0, 0, 1),
        cv::Matx33d(-1, 0, 0, 0, -1, 0, 0, 0, 1), cv::Matx33d(0, 1, 0, -1, 0, 0, 0, 0, 1)};
    int best = 0;
    double bestDot = -1e9;
    for (int k = 0; k < 4; ++k) {
        const cv::Vec3d r = turns[k] * cv::Vec3d(up.x, up.y, 0);
        if (-r[1] > bestDot) bestDot = -r[1], best = k;
    }
    return turns[best] * G;
}

cv::Matx33d gridTransform(const LatticeAxes& axes, const AxisHypothesis& u,
                          const AxisHypothesis& v) {
    const cv::Matx33d G(1 / u.period, 0, -u.phase / u.period, 0, 1 / v.period, -v.phase / v.period,
                        0, 0, 1);
    return G * axes.imageToRect;
}

namespace {

// A BGR pixel at (x, y), bilinear (clamped inside the picture).
cv::Vec3f bilinear(const cv::Mat& bgr, float x, float y) {
    x = std::clamp(x, 0.f, float(bgr.cols - 2)), y = std::clamp(y, 0.f, float(bgr.rows - 2));
    const int x0 = int(x), y0 = int(y);
    const float fx = x - float(x0), fy = y - float(y0);
    const cv::Vec3b* r0 = bgr.ptr<cv::Vec3b>(y0) + x0;
    const cv::Vec3b* r1 = bgr.ptr<cv::Vec3b>(y0 + 1) + x0;
    cv::Vec3f out;
    for (int c = 0; c < 3; ++c)
        out[c] = (1 - fy) * ((1 - fx) * float(r0[0][c]) + fx * float(r0[1][c])) +
                 fy * ((1 - fx) * float(r1[0][c]) + fx * float(r1[1][c]));
    return out;
}

} // namespace

std::optional<std::array<cv::Point2f, 4>>
squareFromOutline(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& expected, float reach) {
    if (bgr.type() != CV_8UC3 || bgr.cols < 2 || bgr.rows < 2) return std::nullopt;
    constexpr int samples = 15;
    const cv::Point2f centre = (expected[0] + expected[1] + expected[2] + expected[3]) / 4;
    cv::Vec3f lines[4]; // a x + b y + c = 0
    for (size_t k = 0; k < 4; ++k) {
        const cv::Point2f a = expected[k], b = expected[(k + 1) % 4];
        const float len = float(cv::norm(b - a));
        if (len < 8) return std::nullopt;
        const cv::Point2f along = (b - a) / len;
        cv::Point2f out(-along.y, along.x); // away from the square's centre
        if (out.dot((a + b) / 2 - centre) < 0) out = -out;
        const int steps = std::max(3, int(reach * len));
        std::vector<cv::Point2f> found;
        std::vector<float> offset;
        for (int i = 0; i < samples; ++i) {
            const cv::Point2f p = a + (b - a) * (0.15f + 0.7f * float(i) / (samples - 1));
            auto at = [&](int s) {
                return bilinear(bgr, p.x + out.x * float(s), p.y + out.y * float(s));
            };
            cv::Vec3f before = at(-steps - 1), here = at(-steps);
            float strongest = -1;
            int where = 0;
            for (int s = -steps; s <= steps; ++s) {
                const cv::Vec3f next = at(s + 1);
                const float step = std::abs(next[0] - before[0]) + std::abs(next[1] - before[1]) +
                                   std::abs(next[2] - before[2]);
                if (step > strongest) strongest = step, where = s;
                before = here, here = next;
            }
            found.push_back(p + out * float(where));
            offset.push_back(float(where));
        }
        std::vector<float> sorted = offset;
        std::nth_element(sorted.begin(), sorted.begin() + samples / 2, sorted.end());
        const float median = sorted[samples / 2];
        std::vector<cv::Point2f> onEdge;
        for (int i = 0; i < samples; ++i)
            if (std::abs(offset[size_t(i)] - median) <= 0.03f * len + 1)
                onEdge.push_back(found[size_t(i)]);
        if (onEdge.size() < samples / 2 + 1) return std::nullopt;
        cv::Vec4f l;
        cv::fitLine(onEdge, l, cv::DIST_L2, 0, 0.01, 0.01);
        lines[k] = cv::Vec3f(-l[1], l[0], l[1] * l[2] - l[0] * l[3]);
    }
    std::array<cv::Point2f, 4> square;
    for (size_t k = 0; k < 4; ++k) {
        const cv::Vec3f x = lines[(k + 3) % 4].cross(lines[k]);
        if (std::abs(x[2]) < 1e-9f) return std::nullopt;
        square[k] = cv::Point2f(x[0] / x[2], x[1] / x[2]);
    }
    // The expected square's size, within the reach of each side.
    for (size_t k = 0; k < 4; ++k) {
        const double want = cv::norm(expected[(k + 1) % 4] - expected[k]),
                     got = cv::norm(square[(k + 1) % 4] - square[k]);
        if (std::abs(got - want) > 2 * reach * want ||
            cv::norm(square[k] - expected[k]) > 2 * reach * want)
            return std::nullopt;
    }
    return square;
}

} // namespace vision
