// Board plane (tile units, y north) -> camera (tilt, yaw, distance) -> image, then the table,
// each hand-laid tile, light, colour cast, noise, blur and JPEG, in that order.
#include "vision/scene.h"

#include "vision/tile_art.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <climits>
#include <cmath>
#include <map>
#include <random>
#include <sstream>

namespace vision {

namespace {

constexpr double kPi = 3.14159265358979323846;

// A wooden table: stripes of grain with noise, from the seed.
cv::Mat table(int w, int h, std::mt19937_64& rng, cv::RNG& noise) {
    cv::Mat t(h, w, CV_8UC3);
    std::uniform_real_distribution<double> u(0, 1);
    const double phase = u(rng) * 10, freq = 0.015 + 0.01 * u(rng);
    const cv::Vec3d base(60 + 30 * u(rng), 95 + 30 * u(rng), 135 + 30 * u(rng));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double g =
                0.85 + 0.15 * std::sin(phase + y * freq + 3 * std::sin(x * 0.004 + y * 0.001));
            cv::Vec3b& p = t.at<cv::Vec3b>(y, x);
            for (int c = 0; c < 3; ++c) p[c] = cv::saturate_cast<uchar>(base[c] * g);
        }
    cv::Mat n(h, w, CV_16SC3), t16;
    noise.fill(n, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(6));
    t.convertTo(t16, CV_16SC3);
    t16 += n;
    t16.convertTo(t, CV_8UC3);
    return t;
}

} // namespace

namespace {

// The state's pieces, drawn after the tiles. `laid` says where each tile lies (offset and
// twist), `project3` maps board points at a height to pixels.
template <class Laid, class Project>
void drawPieces(cv::Mat& img, Scene& scene, const adj::State& state,
                const std::vector<adj::Meeple>& pieces, const SceneParams& p,
                const std::vector<Laid>& laid, const Project& project3) {
    const auto& tiles = state.board().tiles();
    for (const adj::Meeple& m : pieces) {
        const int ti = state.board().tileOfNode(m.node);
        if (ti < 0) continue;
        const adj::PlacedTile& t = tiles[size_t(ti)];
        const int feature = int(m.node) - t.firstNode;
        tiledb::PointF at = t.kind->featurePoint(feature, t.rotation);
        if (m.kind == adj::MeepleKind::Barn) // on the corner where four fields meet
            at = {m.corner == adj::NE || m.corner == adj::SE ? 1.0f : 0.0f,
                  m.corner == adj::SE || m.corner == adj::SW ? 1.0f : 0.0f};
        // The point on the tile as laid: offset and twisted with it (y north on the board).
        const Laid& l = laid[size_t(ti)];
        const double dx = at.x - 0.5, dy = 0.5 - at.y;
        const double bx = l.cx + dx * std::cos(l.twist) - dy * std::sin(l.twist),
                     by = l.cy + dx * std::sin(l.twist) + dy * std::cos(l.twist);
        const cv::Vec3b c = p.playerColours[size_t(m.player) % p.playerColours.size()];
        const cv::Scalar colour(c[0], c[1], c[2]), edge(c[0] * 0.5, c[1] * 0.5, c[2] * 0.5);
        const bool farmer = t.kind->features[size_t(feature)].kind == tiledb::FeatureKind::Field &&
                            m.kind == adj::MeepleKind::Follower;
        PieceTruth truth{
            int(m.player), adj::meepleKindName(m.kind), farmer, t.pos, feature, {}, {}};
        truth.base = project3(bx, by, 0);
        // The footprint of a flat shape (lying farmer, wagon, barn) as a polygon on the board.
        auto footprint = [&](double w, double d, double h) {
            std::vector<cv::Point> q;
            for (const auto& [sx, sy] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
                const cv::Point2f pt = project3(bx + sx * w / 2, by + sy * d / 2, h);
                q.emplace_back(cvRound(pt.x), cvRound(pt.y));
            }
            return q;
        };
        const double unit = cv::norm(project3(bx + 0.1, by, 0) - truth.base) * 10; // px per tile
        if (farmer) {
            const auto q = footprint(0.26, 0.11, 0.03);
            cv::fillConvexPoly(img, q, colour, cv::LINE_AA);
            cv::polylines(img, q, true, edge, 1, cv::LINE_AA);
            truth.top = project3(bx, by, 0.03);
        } else if (m.kind == adj::MeepleKind::Wagon || m.kind == adj::MeepleKind::Barn) {
            const bool barn = m.kind == adj::MeepleKind::Barn;
            const double w = barn ? 0.2 : 0.24, d = barn ? 0.2 : 0.14, h = barn ? 0.16 : 0.1;
            cv::fillConvexPoly(img, footprint(w, d, 0), edge, cv::LINE_AA); // its sides
            const auto roof = footprint(w, d, h);
            cv::fillConvexPoly(img, roof, colour, cv::LINE_AA);
            cv::polylines(img, roof, true, edge, 1, cv::LINE_AA);
            truth.top = project3(bx, by, h);
        } else { // a standing follower or mayor: body, arms, head
            const double h = m.kind == adj::MeepleKind::Mayor ? 0.3 : 0.22;
            const double s = m.kind == adj::MeepleKind::Mayor ? 1.3 : 1.0;
            truth.top = project3(bx, by, h);
            const cv::Point2f neck = project3(bx, by, h * 0.72), hips = project3(bx, by, h * 0.3);
            const int body = std::max(2, cvRound(unit * 0.09 * s)), arm = std::max(1, body / 2);
            const cv::Point2f side(float(unit * 0.07 * s), 0);
            cv::line(img, truth.base - side * 0.8f, hips, colour, arm, cv::LINE_AA); // legs
            cv::line(img, truth.base + side * 0.8f, hips, colour, arm, cv::LINE_AA);
            cv::line(img, hips, neck, colour, body, cv::LINE_AA);
            cv::line(img, neck - side * 1.1f, neck + side * 1.1f, colour, arm, cv::LINE_AA);
            cv::circle(img, truth.top, std::max(2, cvRound(unit * 0.045 * s)), colour, cv::FILLED,
                       cv::LINE_AA);
        }
        scene.pieces.push_back(truth);
    }
}

} // namespace

SceneCamera sceneCamera(const SceneParams& p, const adj::Bounds& extent) {
    const auto [minX, maxX, minY, maxY] = extent;
    const bool fixed = p.tilesAcross > 0;
    SceneCamera c;
    c.cx = fixed ? p.lookAt.x : (minX + maxX + 1) / 2.0;
    c.cy = fixed ? p.lookAt.y : (minY + maxY + 1) / 2.0;
    const double span = std::max(maxX - minX + 1, maxY - minY + 1) * 1.15;
    c.f = 0.9 * std::max(p.width, p.height);
    c.tilt = p.tiltDeg * kPi / 180, c.yaw = p.yawDeg * kPi / 180;
    c.dist = fixed ? c.f * p.tilesAcross / std::min(p.width, p.height)
                   : c.f * span / (p.fill * std::min(p.width, p.height));
    c.width = p.width, c.height = p.height;
    return c;
}

cv::Point2f SceneCamera::project(double bx, double by, double h) const {
    const double x = bx - cx, y = -(by - cy); // image y grows down
    const double xr = x * std::cos(yaw) - y * std::sin(yaw),
                 yr = x * std::sin(yaw) + y * std::cos(yaw);
    // Tilt: the board plane turns about the x axis; depth grows with y. The board's normal
    // towards the camera is (0, sin tilt, -cos tilt) in camera coordinates.
    const double yc = yr * std::cos(tilt) + h * std::sin(tilt),
                 zc = dist + yr * std::sin(tilt) - h * std::cos(tilt);
    return cv::Point2f(float(width / 2.0 + f * xr / zc), float(height / 2.0 + f * yc / zc));
}

Scene renderScene(const adj::State& state, const SceneParams& p, const TileFaceSource& faces,
                  const std::vector<adj::Meeple>& extraPieces) {
    std::mt19937_64 rng(p.seed);
    cv::RNG noiseRng(p.seed * 2654435761u + 1); // OpenCV's own RNG, seeded: never the global one
    std::uniform_real_distribution<double> u(-1, 1);
    Scene scene;
    const SceneCamera cam = sceneCamera(p, state.board().extent());
    const double cx = cam.cx, cy = cam.cy;
    auto project3 = [&](double bx, double by, double h) { return cam.project(bx, by, h); };
    auto project = [&](double bx, double by) { return project3(bx, by, 0); };
    std::vector<cv::Point2f> src = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, dst(4);
    for (int i = 0; i < 4; ++i)
        dst[size_t(i)] = project(src[size_t(i)].x + cx - 0.5, cy + 0.5 - src[size_t(i)].y);
    // boardToImage maps (bx, by) -> pixel; computed from four points of the plane.
    {
        std::vector<cv::Point2f> b = {{0, 0}, {10, 0}, {10, 10}, {0, 10}}, im;
        for (const auto& q : b) im.push_back(project(q.x, q.y));
        cv::Mat H = cv::getPerspectiveTransform(b, im);
        scene.boardToImage = cv::Matx33d(H);
    }
    cv::Mat img = table(p.width, p.height, rng, noiseRng);
    // Tiles: each face warped to its jittered, twisted quad; a soft shadow under it.
    const int face = 256;
    struct Laid {
        double cx, cy, twist; // where the tile's centre lies (board units) and its twist
    };
    std::vector<Laid> laid;
    for (const auto& t : state.board().tiles()) {
        const double ox = u(rng) * p.jitter, oy = u(rng) * p.jitter,
                     tw = u(rng) * p.twistDeg * kPi / 180;
        laid.push_back({t.pos.x + 0.5 + ox, t.pos.y + 0.5 + oy, tw});
        const double half = 0.5 - p.gap / 2;
        std::array<cv::Point2f, 4> corners;
        const double ccx = t.pos.x + 0.5 + ox, ccy = t.pos.y + 0.5 + oy;
        const double dx[4] = {-half, half, half, -half},
                     dy[4] = {half, half, -half, -half}; // NW NE SE SW
        for (int i = 0; i < 4; ++i) {
            const double rx = dx[i] * std::cos(tw) - dy[i] * std::sin(tw),
                         ry = dx[i] * std::sin(tw) + dy[i] * std::cos(tw);
            corners[size_t(i)] = project(ccx + rx, ccy + ry);
        }
        cv::Mat art = faces ? faces(*t.kind, t.rotation, face)
                            : drawTile(*t.kind, t.rotation, face,
                                       p.seed + std::uint64_t(t.pos.x * 131 + t.pos.y));
        cv::Mat mask(face, face, CV_8U, cv::Scalar(0));
        const int rad = int(p.cornerRadius * face);
        cv::rectangle(mask, cv::Rect(rad, 0, face - 2 * rad, face), 255, cv::FILLED);
        cv::rectangle(mask, cv::Rect(0, rad, face, face - 2 * rad), 255, cv::FILLED);
        for (cv::Point c :
             {cv::Point(rad, rad), cv::Point(face - rad - 1, rad), cv::Point(rad, face - rad - 1),
              cv::Point(face - rad - 1, face - rad - 1)})
            cv::circle(mask, c, rad, 255, cv::FILLED, cv::LINE_AA);
        const std::vector<cv::Point2f> from = {
            {0, 0}, {float(face), 0}, {float(face), float(face)}, {0, float(face)}};
        const std::vector<cv::Point2f> to(corners.begin(), corners.end());
        // Work only inside the tile's bounding box (with room for its shadow).
        const cv::Point2f shadowShift(float(face) * 0.01f, float(face) * 0.015f);
        cv::Rect box =
            cv::boundingRect(to) | cv::boundingRect(std::vector<cv::Point2f>{to[2] + shadowShift});
        box = cv::Rect(box.x - 8, box.y - 8, box.width + 16, box.height + 16) &
              cv::Rect(0, 0, img.cols, img.rows);
        if (box.empty()) continue;
        auto local = [&](std::vector<cv::Point2f> q, cv::Point2f shift) {
            for (auto& pt : q) pt += shift - cv::Point2f(float(box.x), float(box.y));
            return cv::getPerspectiveTransform(from, q);
        };
        cv::Mat roi = img(box);
        // Shadow: the tile's outline shifted a little, darkening the table.
        cv::Mat shadow;
        cv::warpPerspective(mask, shadow, local(to, shadowShift), box.size());
        cv::GaussianBlur(shadow, shadow, cv::Size(0, 0), 3);
        cv::Mat dark;
        roi.convertTo(dark, -1, 0.6);
        dark.copyTo(roi, shadow > 60);
        cv::Mat warped, wmask;
        const cv::Mat H = local(to, {0, 0});
        cv::warpPerspective(art, warped, H, box.size(), cv::INTER_LINEAR);
        cv::warpPerspective(mask, wmask, H, box.size(), cv::INTER_LINEAR);
        warped.copyTo(roi, wmask > 127);
        scene.tiles.push_back(TileTruth{t.kind->id, t.rotation, t.pos, corners});
    }
    if (p.pieces) {
        std::vector<adj::Meeple> pieces = state.meeples();
        pieces.insert(pieces.end(), extraPieces.begin(), extraPieces.end());
        drawPieces(img, scene, state, pieces, p, laid, project3);
    }
    // A hand: a skin-coloured blob over part of the board.
    if (p.occluder) {
        const cv::Point c(int(p.width * (0.5 + 0.25 * u(rng))),
                          int(p.height * (0.5 + 0.25 * u(rng))));
        cv::ellipse(img, c, cv::Size(p.width / 12, p.height / 7), 30 * u(rng), 0, 360,
                    cv::Scalar(120, 150, 200), cv::FILLED, cv::LINE_AA);
    }
    // Light: a linear gradient across the picture, and a colour cast.
    const double angle = u(rng) * kPi;
    const cv::Scalar cast(1 + p.colourCast * u(rng), 1 + p.colourCast * u(rng),
                          1 + p.colourCast * u(rng));
    cv::Mat gx(1, p.width, CV_32F), gy(p.height, 1, CV_32F);
    for (int x = 0; x < p.width; ++x)
        gx.at<float>(0, x) = float(std::cos(angle) * (x - p.width / 2.0) / p.width);
    for (int y = 0; y < p.height; ++y)
        gy.at<float>(y, 0) = float(std::sin(angle) * (y - p.height / 2.0) / p.width);
    cv::Mat gain = cv::repeat(gx, p.height, 1) + cv::repeat(gy, 1, p.width);
    gain = 1 + p.light * gain;
    cv::Mat lit, gain3;
    cv::merge(std::vector<cv::Mat>{gain * cast[0], gain * cast[1], gain * cast[2]}, gain3);
    img.convertTo(lit, CV_32FC3);
    cv::multiply(lit, gain3, lit);
    lit.convertTo(img, CV_8UC3);
    if (p.noise > 0) {
        cv::Mat n(img.size(), CV_16SC3);
        noiseRng.fill(n, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(p.noise));
        cv::Mat img16;
        img.convertTo(img16, CV_16SC3);
        img16 += n;
        img16.convertTo(img, CV_8UC3);
    }
    if (p.blur > 0) cv::GaussianBlur(img, img, cv::Size(0, 0), p.blur);
    if (p.jpegQuality > 0) {
        std::vector<uchar> buf;
        cv::imencode(".jpg", img, buf, {cv::IMWRITE_JPEG_QUALITY, p.jpegQuality});
        img = cv::imdecode(buf, cv::IMREAD_COLOR);
    }
    scene.image = img;
    return scene;
}

TileFaceSource facesFromImages(const std::vector<ReferenceImage>& images) {
    std::map<std::string, cv::Mat> byKind; // the first picture of each kind
    for (const ReferenceImage& im : images) byKind.emplace(im.kind, im.image);
    return [byKind](const tiledb::TileKind& k, int rotation, int size) {
        const auto it = byKind.find(k.id);
        if (it == byKind.end()) return drawTile(k, rotation, size);
        cv::Mat face;
        cv::resize(it->second, face, cv::Size(size, size), 0, 0, cv::INTER_AREA);
        for (int r = 0; r < rotation; ++r) cv::rotate(face, face, cv::ROTATE_90_CLOCKWISE);
        return face;
    };
}

std::string Scene::truthJson() const {
    std::ostringstream o;
    o << "{\n  \"schema\": \"carcassonne-scene/1\",\n  \"width\": " << image.cols
      << ", \"height\": " << image.rows << ",\n  \"tiles\": [";
    for (size_t i = 0; i < tiles.size(); ++i) {
        const TileTruth& t = tiles[i];
        o << (i ? ",\n" : "\n") << "    {\"kind\": \"" << t.kind
          << "\", \"rotation\": " << t.rotation << ", \"cell\": [" << t.cell.x << ", " << t.cell.y
          << "], \"corners\": [";
        for (size_t c = 0; c < 4; ++c)
            o << (c ? ", " : "") << "[" << std::round(t.corners[c].x * 10) / 10 << ", "
              << std::round(t.corners[c].y * 10) / 10 << "]";
        o << "]}";
    }
    o << "\n  ],\n  \"pieces\": [";
    for (size_t i = 0; i < pieces.size(); ++i) {
        const PieceTruth& q = pieces[i];
        o << (i ? ",\n" : "\n") << "    {\"player\": " << q.player << ", \"kind\": \"" << q.kind
          << "\", \"lying\": " << (q.lying ? "true" : "false") << ", \"cell\": [" << q.cell.x
          << ", " << q.cell.y << "], \"feature\": " << q.feature << ", \"base\": ["
          << std::round(q.base.x * 10) / 10 << ", " << std::round(q.base.y * 10) / 10
          << "], \"top\": [" << std::round(q.top.x * 10) / 10 << ", "
          << std::round(q.top.y * 10) / 10 << "]}";
    }
    o << "\n  ]\n}\n";
    return o.str();
}

} // namespace vision
