#include "vision/tile_art.h"

#include <opencv2/imgproc.hpp>

#include <random>

namespace vision {

namespace {

// Per-pixel feature index: each feature's cells are upsampled and blurred, and every pixel
// takes the strongest, so blocky 12x12 maps become smooth regions. -1 = no feature ('.').
cv::Mat labelImage(const tiledb::TileKind& k, int size) {
    const int n = tiledb::kMapSize;
    cv::Mat best(size, size, CV_32F, cv::Scalar(-1)), label(size, size, CV_32S, cv::Scalar(-1));
    const double sigma = size / double(n) * 0.45;
    for (size_t f = 0; f <= k.features.size(); ++f) { // the last pass is '.' (houses)
        const char want = f < k.features.size() ? k.features[f].label : '.';
        cv::Mat cells(n, n, CV_32F, cv::Scalar(0));
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                cells.at<float>(r, c) = k.map[size_t(r)][size_t(c)] == want ? 1.f : 0.f;
        if (cv::countNonZero(cells) == 0) continue;
        cv::Mat big;
        cv::resize(cells, big, cv::Size(size, size), 0, 0, cv::INTER_NEAREST);
        cv::GaussianBlur(big, big, cv::Size(0, 0), sigma);
        // Roads are drawn narrower than their cells so they read as lines, not blobs.
        if (f < k.features.size() && k.features[f].kind == tiledb::FeatureKind::Road) big -= 0.18f;
        const int id = f < k.features.size() ? int(f) : -1;
        for (int y = 0; y < size; ++y) {
            const float* b = big.ptr<float>(y);
            float* m = best.ptr<float>(y);
            int* l = label.ptr<int>(y);
            for (int x = 0; x < size; ++x)
                if (b[x] > m[x]) m[x] = b[x], l[x] = id;
        }
    }
    return label;
}

} // namespace

ProceduralPalette ProceduralPalette::autumn() {
    ProceduralPalette p;
    p.field = {60, 130, 160}, p.road = {90, 90, 95}, p.roadEdge = {40, 40, 45};
    p.city = {150, 150, 140}, p.wall = {90, 90, 85}, p.pennant = {40, 40, 180};
    p.pennantMark = {60, 210, 230}, p.cloister = {200, 200, 190}, p.cloisterRoof = {30, 40, 150};
    p.house = {40, 60, 90};
    return p;
}

cv::Mat drawTile(const tiledb::TileKind& k, int rotation, int size, std::uint64_t variant,
                 const ProceduralPalette& pal) {
    const cv::Mat label = labelImage(k, size);
    cv::Mat img(size, size, CV_8UC3);
    std::mt19937_64 rng(variant * 7919 + std::hash<std::string>{}(k.id));
    std::normal_distribution<float> grain(0.f, 9.f);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const int l = label.at<int>(y, x);
            cv::Vec3b c = pal.house;
            if (l >= 0) switch (k.features[size_t(l)].kind) {
                case tiledb::FeatureKind::Field: c = pal.field; break;
                case tiledb::FeatureKind::Road: c = pal.road; break;
                case tiledb::FeatureKind::City: c = pal.city; break;
                case tiledb::FeatureKind::Cloister:
                case tiledb::FeatureKind::Abbey: c = pal.field; break; // buildings drawn below
                }
            const float g = grain(rng);
            for (int ch = 0; ch < 3; ++ch) c[ch] = cv::saturate_cast<uchar>(c[ch] + g);
            img.at<cv::Vec3b>(y, x) = c;
        }
    // Outlines: city walls and road verges where a feature meets another.
    const int t = std::max(1, size / 60);
    for (size_t f = 0; f < k.features.size(); ++f) {
        const auto kind = k.features[f].kind;
        if (kind != tiledb::FeatureKind::City && kind != tiledb::FeatureKind::Road) continue;
        cv::Mat mask = label == int(f);
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
        cv::drawContours(img, contours, -1,
                         cv::Scalar(kind == tiledb::FeatureKind::City ? pal.wall : pal.roadEdge),
                         kind == tiledb::FeatureKind::City ? 2 * t : t, cv::LINE_AA);
    }
    // Buildings and marks at each feature's point: cloisters, abbeys, pennants, junction houses.
    auto at = [&](tiledb::PointF p) { return cv::Point(int(p.x * size), int(p.y * size)); };
    for (const tiledb::Feature& f : k.features) {
        const cv::Point p = at(f.point);
        if (f.kind == tiledb::FeatureKind::Cloister || f.kind == tiledb::FeatureKind::Abbey) {
            const int w = size / (f.kind == tiledb::FeatureKind::Abbey ? 3 : 4);
            cv::rectangle(img, cv::Rect(p.x - w / 2, p.y - w / 3, w, w * 2 / 3),
                          cv::Scalar(pal.cloister), cv::FILLED);
            const std::vector<cv::Point> roof = {{p.x - w / 2 - t, p.y - w / 3},
                                                 {p.x + w / 2 + t, p.y - w / 3},
                                                 {p.x, p.y - w * 3 / 4}};
            cv::fillConvexPoly(img, roof, cv::Scalar(pal.cloisterRoof), cv::LINE_AA);
        }
        for (int i = 0; i < f.pennants; ++i) { // a shield with a white chevron
            const int w = size / 9, dx = i * (w + t);
            const cv::Point o(p.x - w / 2 + dx, p.y - w / 2);
            const std::vector<cv::Point> shield = {o,
                                                   {o.x + w, o.y},
                                                   {o.x + w, o.y + w * 2 / 3},
                                                   {o.x + w / 2, o.y + w},
                                                   {o.x, o.y + w * 2 / 3}};
            cv::fillConvexPoly(img, shield, cv::Scalar(pal.pennant), cv::LINE_AA);
            cv::line(img, {o.x + w / 5, o.y + w / 3}, {o.x + w / 2, o.y + w * 2 / 3},
                     cv::Scalar(pal.pennantMark), t, cv::LINE_AA);
            cv::line(img, {o.x + w / 2, o.y + w * 2 / 3}, {o.x + w * 4 / 5, o.y + w / 3},
                     cv::Scalar(pal.pennantMark), t, cv::LINE_AA);
        }
    }
    // North up at rotation 0; turn clockwise.
    for (int r = 0; r < rotation % 4; ++r) cv::rotate(img, img, cv::ROTATE_90_CLOCKWISE);
    return img;
}

} // namespace vision
