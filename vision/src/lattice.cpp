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
    double bestP = 0, bestS = -1;
    for (double P = minP; P <= maxP; P *= 1.004) {
        const double s = std::abs(comb(x, w, P));
        if (s > bestS) bestS = s, bestP = P;
    }
    // Polish the period with a finer search around the best.
    for (double P = bestP * 0.995; P <= bestP * 1.005; P *= 1.0005) {
        const double s = std::abs(comb(x, w, P));
        if (s > bestS) bestS = s, bestP = P;
    }
    const double phase = std::arg(comb(x, w, bestP)) / (2 * kPi) * bestP;
    // The comb may have locked onto half the tile (borders plus lines halfway): also offer
    // twice the period, at both phases.
    out.push_back({bestP, phase, bestS});
    if (2 * bestP <= maxP * 2) {
        out.push_back({2 * bestP, phase, bestS * 0.5});
        out.push_back({2 * bestP, phase + bestP, bestS * 0.5});
    }
    return out;
}

} // namespace

std::optional<LatticeAxes> findLatticeAxes(const cv::Mat& bgr, const LatticeParams& p,
                                           std::string* why) {
    auto fail = [&](const char* what) -> std::optional<LatticeAxes> {
        if (why) *why = what;
        return std::nullopt;
    };
    if (bgr.empty()) return fail("empty image");
    const double scale = std::min(1.0, double(p.workWidth) / bgr.cols);
    cv::Mat gray;
    cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
    if (scale < 1) cv::resize(gray, gray, cv::Size(), scale, scale, cv::INTER_AREA);
    std::vector<cv::Vec4f> raw;
    cv::createLineSegmentDetector(cv::LSD_REFINE_STD)->detect(gray, raw);
    // Normalised coordinates: centred, half the longer side = 1 (keeps the algebra tame).
    const double cx = bgr.cols / 2.0, cy = bgr.rows / 2.0, f0 = std::max(bgr.cols, bgr.rows) / 2.0;
    LatticeAxes axes;
    std::vector<Seg> segs;
    for (const cv::Vec4f& r : raw) {
        const cv::Vec4f s(float(r[0] / scale), float(r[1] / scale), float(r[2] / scale),
                          float(r[3] / scale));
        const double len = std::hypot(s[2] - s[0], s[3] - s[1]);
        if (len * scale < p.minSegment) continue;
        Seg g;
        g.a = {(s[0] - cx) / f0, (s[1] - cy) / f0, 1};
        g.b = {(s[2] - cx) / f0, (s[3] - cy) / f0, 1};
        g.line = unitLine(g.a.cross(g.b));
        g.mid = {(g.a[0] + g.b[0]) / 2, (g.a[1] + g.b[1]) / 2};
        g.length = len / f0;
        g.dir = {(g.b[0] - g.a[0]) / g.length, (g.b[1] - g.a[1]) / g.length};
        g.angleDeg = std::fmod(std::atan2(g.dir.y, g.dir.x) * 180 / kPi + 360, 180);
        segs.push_back(g);
        axes.segments.push_back(s);
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
    axes.family.assign(segs.size(), -1);
    for (size_t i = 0; i < segs.size(); ++i) {
        const double d1 = circDist(segs[i].angleDeg, peak1), d2 = circDist(segs[i].angleDeg, peak2);
        if (std::min(d1, d2) > 20) continue;
        fam[d1 <= d2 ? 0 : 1].push_back(int(i));
    }
    std::mt19937_64 rng(p.seed);
    const auto v1 = vanishingPoint(segs, fam[0], p, rng);
    const auto v2 = vanishingPoint(segs, fam[1], p, rng);
    if (!v1 || !v2) return fail("no two families of parallel tile borders");
    // Horizon to infinity: Hp = [1 0 0; 0 1 0; l/l3].
    cv::Vec3d horizon = v1->cross(*v2);
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
    cv::Vec2d d1 = direction(*v1), d2 = direction(*v2);
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
        const cv::Vec3d& vp = f == 0 ? *v1 : *v2;
        for (int i : fam[f]) {
            const Seg& s = segs[size_t(i)];
            if (!pointsAt(s, vp, sinTol)) continue;
            const cv::Point2d a = rect(s.a), b = rect(s.b);
            const bool alongU = (f == famU); // lines of constant v
            axes.family[size_t(i)] = alongU ? 0 : 1;
            pos[alongU ? 1 : 0].push_back(alongU ? (a.y + b.y) / 2 : (a.x + b.x) / 2);
            const double len = std::hypot(b.x - a.x, b.y - a.y);
            weight[alongU ? 1 : 0].push_back(len);
            const double mx = (s.a[0] + s.b[0]) / 2 * f0 + cx, my = (s.a[1] + s.b[1]) / 2 * f0 + cy;
            sx += len * mx, sy += len * my, sw += len;
        }
    }
    if (sw <= 0) return fail("no lattice evidence");
    axes.centre = cv::Point2f(float(sx / sw), float(sy / sw));
    const double maxP = std::min(bgr.cols, bgr.rows) / 2.0;
    axes.u = axisHypotheses(pos[0], weight[0], p.minTile, maxP);
    axes.v = axisHypotheses(pos[1], weight[1], p.minTile, maxP);
    if (axes.u.empty() || axes.v.empty()) return fail("no regular spacing of tile borders");
    return axes;
}

cv::Matx33d gridTransform(const LatticeAxes& axes, const AxisHypothesis& u,
                          const AxisHypothesis& v) {
    const cv::Matx33d G(1 / u.period, 0, -u.phase / u.period, 0, 1 / v.period, -v.phase / v.period,
                        0, 0, 1);
    return G * axes.imageToRect;
}

} // namespace vision
