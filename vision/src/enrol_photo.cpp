// Enrolment from one photo of tiles laid out in rows (reference_set.h, enrolPhoto).
#include "vision/colour_model.h"
#include "vision/lattice.h"
#include "vision/reference_set.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <sstream>

namespace vision {

namespace {

struct LaidTile {
    std::string kind; // "" for no tile
    int rotation = 0;
};
using Layout = std::vector<std::vector<LaidTile>>; // rows, top first

std::optional<Layout> parseLayout(const std::string& text,
                                  const std::vector<const tiledb::TileSet*>& sets,
                                  std::string* error) {
    Layout rows;
    std::istringstream in(text);
    std::string line;
    size_t width = 0;
    int tiles = 0;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream cells(line);
        std::vector<LaidTile> row;
        std::string cell;
        while (cells >> cell) {
            if (cell == "-") {
                row.push_back({});
                continue;
            }
            LaidTile t;
            std::string name = cell;
            if (const size_t slash = cell.rfind('/');
                slash != std::string::npos && slash + 2 == cell.size() && cell[slash + 1] >= '0' &&
                cell[slash + 1] <= '3') {
                name = cell.substr(0, slash);
                t.rotation = cell[slash + 1] - '0';
            }
            for (const tiledb::TileSet* s : sets)
                if (const tiledb::TileKind* k = s->find(name); k && t.kind.empty()) t.kind = k->id;
            if (t.kind.empty()) {
                *error = "layout line " + std::to_string(number) + ", cell " +
                         std::to_string(row.size() + 1) + ": \"" + cell +
                         "\" names no tile kind (KIND, KIND/R with R 0-3, or -)";
                return std::nullopt;
            }
            row.push_back(t);
            ++tiles;
        }
        if (row.empty() && rows.empty()) continue; // leading blank lines
        width = std::max(width, row.size());
        rows.push_back(std::move(row));
    }
    while (!rows.empty() && rows.back().empty()) rows.pop_back();
    if (tiles < 2) {
        *error = "the layout lists " + std::to_string(tiles) + " tiles: at least 2 are needed";
        return std::nullopt;
    }
    for (auto& row : rows) row.resize(width);
    return rows;
}

cv::Point2f toImage(const cv::Matx33d& H, double x, double y) {
    const cv::Vec3d q = H * cv::Vec3d(x, y, 1);
    return cv::Point2f(float(q[0] / q[2]), float(q[1] / q[2]));
}

std::array<cv::Point2f, 4> cellQuad(const cv::Matx33d& gridToImage, int i, int j) {
    return {toImage(gridToImage, i, j), toImage(gridToImage, i + 1, j),
            toImage(gridToImage, i + 1, j + 1), toImage(gridToImage, i, j + 1)};
}

cv::Mat cutOut(const cv::Mat& photo, const std::array<cv::Point2f, 4>& quad, int n) {
    const std::array<cv::Point2f, 4> square{
        {{0, 0}, {float(n), 0}, {float(n), float(n)}, {0, float(n)}}};
    cv::Mat out;
    cv::warpPerspective(photo, out, cv::getPerspectiveTransform(quad.data(), square.data()), {n, n},
                        cv::INTER_AREA, cv::BORDER_REPLICATE);
    return out;
}

// Hand-laid tiles sit off the lattice (shifted, twisted, a gap around each): the tile's own
// square near its cell, where its outline contrasts most with what lies just outside it (a gap,
// the table, a neighbour's edge). Grid units; `grey` is the photo in grey, softened.
std::array<cv::Point2f, 4> refineTile(const cv::Mat& grey, const cv::Matx33d& gridToImage, int i,
                                      int j) {
    auto sample = [&](cv::Point2f q) {
        const int x = int(q.x), y = int(q.y);
        if (x < 0 || y < 0 || x + 1 >= grey.cols || y + 1 >= grey.rows) return -1.0f;
        const float fx = q.x - float(x), fy = q.y - float(y);
        const float* r0 = grey.ptr<float>(y);
        const float* r1 = grey.ptr<float>(y + 1);
        return (r0[x] * (1 - fx) + r0[x + 1] * fx) * (1 - fy) +
               (r1[x] * (1 - fx) + r1[x + 1] * fx) * fy;
    };
    const double step = 0.015, off = 0.025;
    std::array<cv::Point2f, 4> best = cellQuad(gridToImage, i, j);
    double bestScore = -1;
    for (double twist : {-0.05, -0.025, 0.0, 0.025, 0.05}) // radians, up to 3 degrees
        for (double scale : {0.96, 1.0, 1.04})
            for (int sy = -4; sy <= 4; ++sy)
                for (int sx = -4; sx <= 4; ++sx) {
                    const double cx = i + 0.5 + sx * step, cy = j + 0.5 + sy * step;
                    const double c = std::cos(twist) * scale / 2, s = std::sin(twist) * scale / 2;
                    // Corners NW NE SE SW in grid units, and the outline's contrast along them.
                    const cv::Point2d corner[4] = {{cx - c + s, cy - s - c},
                                                   {cx + c + s, cy + s - c},
                                                   {cx + c - s, cy + s + c},
                                                   {cx - c - s, cy - s + c}};
                    double score = 0;
                    for (int e = 0; e < 4; ++e) {
                        const cv::Point2d a = corner[e], b = corner[(e + 1) % 4];
                        const cv::Point2d along = b - a;
                        const cv::Point2d out = cv::Point2d(along.y, -along.x) * (off / scale);
                        for (int k = 1; k < 16; ++k) {
                            const cv::Point2d m = a + along * (k / 16.0);
                            const float in = sample(toImage(gridToImage, m.x - out.x, m.y - out.y));
                            const float ex = sample(toImage(gridToImage, m.x + out.x, m.y + out.y));
                            if (in >= 0 && ex >= 0) score += std::abs(in - ex);
                        }
                    }
                    if (score > bestScore) {
                        bestScore = score;
                        for (int k = 0; k < 4; ++k)
                            best[size_t(k)] = toImage(gridToImage, corner[k].x, corner[k].y);
                    }
                }
    return best;
}

} // namespace

std::optional<ReferenceSet> enrolPhoto(const cv::Mat& photo, const std::string& layoutText,
                                       const std::vector<const tiledb::TileSet*>& sets,
                                       std::string* error) {
    std::string why;
    const std::optional<Layout> layout = parseLayout(layoutText, sets, &why);
    auto fail = [&](const std::string& what) -> std::optional<ReferenceSet> {
        if (error) *error = what;
        return std::nullopt;
    };
    if (!layout) return fail(why);
    if (photo.empty() || photo.type() != CV_8UC3) return fail("the photo is empty or not colour");
    const std::optional<LatticeAxes> axes = findLatticeAxes(photo, LatticeParams{}, &why);
    if (!axes) return fail("no lattice of tile borders in the photo: " + why);
    const int rows = int(layout->size()), cols = int(layout->front().size());

    // The table's colours, from the photo's rim (the tiles lie well inside it).
    ColourModel table;
    const int rim = std::max(4, std::min(photo.cols, photo.rows) / 25);
    for (const cv::Rect r :
         {cv::Rect(0, 0, photo.cols, rim), cv::Rect(0, photo.rows - rim, photo.cols, rim),
          cv::Rect(0, 0, rim, photo.rows), cv::Rect(photo.cols - rim, 0, rim, photo.rows)})
        table.add(chromaticity(photo(r)));
    table.finish();

    // Each lattice hypothesis, and each place of the layout on it: the listed tiles must stand
    // out from the table (unlike it in colour), the cells the layout leaves empty and the ring
    // around it must look like the table. The best separation wins.
    const cv::Rect frame(0, 0, photo.cols, photo.rows);
    double best = -1e9;
    cv::Matx33d bestToImage;
    int bestI = 0, bestJ = 0;
    for (const AxisHypothesis& hu : axes->u)
        for (const AxisHypothesis& hv : axes->v) {
            const cv::Matx33d G = orientGrid(gridTransform(*axes, hu, hv), axes->centre);
            const cv::Matx33d Gi = G.inv();
            int i0 = INT_MAX, i1 = INT_MIN, j0 = INT_MAX, j1 = INT_MIN;
            for (size_t s = 0; s < axes->segments.size(); ++s) {
                if (axes->family[s] < 0) continue;
                const cv::Vec4f& seg = axes->segments[s];
                for (const cv::Point2f q :
                     {toImage(G, seg[0], seg[1]), toImage(G, seg[2], seg[3])}) {
                    i0 = std::min(i0, int(std::floor(q.x))),
                    i1 = std::max(i1, int(std::floor(q.x)));
                    j0 = std::min(j0, int(std::floor(q.y))),
                    j1 = std::max(j1, int(std::floor(q.y)));
                }
            }
            i0 -= 2, j0 -= 2, i1 += 2, j1 += 2;
            if (i1 - i0 < cols || j1 - j0 < rows || long(i1 - i0) * long(j1 - j0) > 10000) continue;
            // How unlike the table each cell is (mean log likelihood under the table, negated);
            // NaN outside the photo.
            const int w = i1 - i0 + 1, h = j1 - j0 + 1;
            std::vector<double> unlike(size_t(w * h), std::nan(""));
            for (int j = j0; j <= j1; ++j)
                for (int i = i0; i <= i1; ++i) {
                    const auto quad = cellQuad(Gi, i, j);
                    if (!std::all_of(quad.begin(), quad.end(), [&](cv::Point2f q) {
                            return frame.contains(cv::Point(int(q.x), int(q.y)));
                        }))
                        continue;
                    const cv::Mat cell = cutOut(photo, quad, 24)(cv::Rect(4, 4, 16, 16));
                    unlike[size_t((j - j0) * w + (i - i0))] = -table.meanLog(chromaticity(cell));
                }
            for (int oj = j0 + 1; oj + rows <= j1; ++oj)
                for (int oi = i0 + 1; oi + cols <= i1; ++oi) {
                    double in = 0, out = 0;
                    int nIn = 0, nOut = 0;
                    bool whole = true;
                    for (int j = oj - 1; j <= oj + rows && whole; ++j)
                        for (int i = oi - 1; i <= oi + cols; ++i) {
                            const double u = unlike[size_t((j - j0) * w + (i - i0))];
                            const bool inside =
                                i >= oi && i < oi + cols && j >= oj && j < oj + rows;
                            if (std::isnan(u)) {
                                whole = whole && !inside; // every listed tile in the photo
                                continue;
                            }
                            if (inside && !(*layout)[size_t(j - oj)][size_t(i - oi)].kind.empty())
                                in += u, ++nIn;
                            else
                                out += u, ++nOut;
                        }
                    if (!whole || nIn == 0 || nOut == 0) continue;
                    const double score = in / nIn - out / nOut;
                    if (score > best) best = score, bestToImage = Gi, bestI = oi, bestJ = oj;
                }
        }
    // A separation of a log-likelihood unit per pixel: tiles and table clearly told apart.
    if (best < 1.0)
        return fail("the layout's tiles cannot be told from the table in the photo (lay them on a "
                    "plain table, the first row at the photo's top, all in the picture)");
    cv::Mat grey;
    cv::cvtColor(photo, grey, cv::COLOR_BGR2GRAY);
    grey.convertTo(grey, CV_32F);
    cv::GaussianBlur(grey, grey, {0, 0}, 1.2);
    ReferenceSet refs;
    refs.name = "photo";
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const LaidTile& t = (*layout)[size_t(r)][size_t(c)];
            if (t.kind.empty()) continue;
            cv::Mat face = cutOut(photo, refineTile(grey, bestToImage, bestI + c, bestJ + r), 128);
            for (int k = 0; k < t.rotation; ++k) // laid turned clockwise: turn it back
                cv::rotate(face, face, cv::ROTATE_90_COUNTERCLOCKWISE);
            refs.add(t.kind, face);
        }
    return refs;
}

} // namespace vision
