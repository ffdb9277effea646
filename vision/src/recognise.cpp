// Recognition of one image, in stages: lattice hypotheses -> the one whose cells look most
// like tiles -> board orientation (picture up = north) -> classify every cell -> joint
// decoding -> notation.
#include "vision/recognise.h"

#include "vision/colour_model.h"
#include "vision/elimination.h"
#include "warp.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <sstream>

namespace vision {

namespace {

cv::Point2f apply(const cv::Matx33d& H, cv::Point2d p) {
    const cv::Vec3d q = H * cv::Vec3d(p.x, p.y, 1);
    return cv::Point2f(float(q[0] / q[2]), float(q[1] / q[2]));
}

// Grid cell (i, j) lies wholly inside the picture `frame` under the grid -> image map.
bool cellInside(const cv::Rect& frame, const cv::Matx33d& toImage, int i, int j) {
    for (cv::Point2d g : {cv::Point2d(i, j), cv::Point2d(i + 1, j), cv::Point2d(i + 1, j + 1),
                          cv::Point2d(i, j + 1)}) {
        const cv::Point2f q = apply(toImage, g);
        if (!frame.contains(cv::Point(int(q.x), int(q.y)))) return false;
    }
    return true;
}

// Image pyramid: level L is the picture halved L times (so tiles stay near template size).
struct Pyramid {
    static constexpr int kLevels = 4; // the picture and three halvings (see pyramidLevel)
    explicit Pyramid(const cv::Mat& img) { levels_.reserve(kLevels), levels_.push_back(img); }
    // Made when first read: a board of small tiles reads the picture alone, and halving a
    // 1920 x 1080 picture costs more than a few milliseconds.
    const cv::Mat& level(int k) const {
        CV_Assert(k >= 0 && k < kLevels);
        while (int(levels_.size()) <= k) {
            cv::Mat d;
            cv::pyrDown(levels_.back(), d);
            levels_.push_back(d); // reserved: references handed out stay valid
        }
        return levels_[size_t(k)];
    }

private:
    mutable std::vector<cv::Mat> levels_;
};

// The patch of grid cell (i, j) (grid: u east, v south), north up, with the classifier's margin.
// `size`: of the square read, in cells (from (i, j) east and south).
cv::Mat cellPatch(const Pyramid& pyr, int level, const cv::Matx33d& gridToImage, double i, double j,
                  int inner = TileClassifier::kFine, int margin = TileClassifier::kMargin,
                  double size = 1, cv::Rect part = {}) {
    const double m = size * margin / inner;
    const int n = inner + 2 * margin;
    const double s = 1.0 / (1 << level), step = (size + 2 * m) / n;
    // Patch pixel -> grid (an affine map) -> image -> pyramid level: one homography, composed
    // rather than fitted to four corners (no equation solving per cell).
    const cv::Matx33d patchToGrid(step, 0, i - m, 0, step, j - m, 0, 0, 1);
    const cv::Matx33d toLevel(s, 0, 0, 0, s, 0, 0, 0, 1);
    return warpPatch(pyr.level(level), toLevel * gridToImage * patchToGrid, n, part);
}

// Image pixels per tile along a place's x and y at its middle (the derivative of gridToImage
// there, times the place's size): how the camera sees the tile there (TileClassifier::Detail).
cv::Matx22d footprintAt(const cv::Matx33d& H, double x, double y, double size) {
    const double gx = x + size / 2, gy = y + size / 2;
    const double w = H(2, 0) * gx + H(2, 1) * gy + H(2, 2);
    const double u = (H(0, 0) * gx + H(0, 1) * gy + H(0, 2)) / w,
                 v = (H(1, 0) * gx + H(1, 1) * gy + H(1, 2)) / w;
    const double k = size / w;
    return {k * (H(0, 0) - u * H(2, 0)), k * (H(0, 1) - u * H(2, 1)), k * (H(1, 0) - v * H(2, 0)),
            k * (H(1, 1) - v * H(2, 1))};
}

// Tile side in image pixels near a grid point.
double tileSide(const cv::Matx33d& gridToImage, cv::Point2d g) {
    const cv::Point2f a = apply(gridToImage, g), b = apply(gridToImage, g + cv::Point2d(1, 0)),
                      c = apply(gridToImage, g + cv::Point2d(0, 1));
    return std::sqrt(std::abs((b - a).cross(c - a)));
}

// The image -> grid transform that puts tiles' centres `grid` (grid units) where they lie in
// the picture (`image`, pixels), robust to hand-laid offsets (USAC's accurate variant: its local
// optimisation left more boards exactly right than plain RANSAC did); `sides`, the tiles' sides in
// pixels, set its tolerance.
std::optional<cv::Matx33d> gridThrough(const std::vector<cv::Point2f>& grid,
                                       const std::vector<cv::Point2f>& image,
                                       std::vector<double> sides) {
    std::nth_element(sides.begin(), sides.begin() + long(sides.size() / 2), sides.end());
    const cv::Mat H =
        cv::findHomography(grid, image, cv::USAC_ACCURATE, 0.06 * sides[sides.size() / 2]);
    if (H.empty()) return std::nullopt;
    return cv::Matx33d(H).inv();
}

// A reading's grid refitted to every tile it read, where each lies (its corners). The grid of a
// reading is fitted to the clear matches of its first pass only; on a small steep board of
// weakly matching art those were a few tiles at one end, and a ring read next on that grid lay
// half a tile off at the other end (classic scene 43).
GridHint throughTilesRead(const Recognition& r) {
    GridHint g = r.grid;
    const cv::Matx33d gridToImage = g.imageToGrid.inv();
    std::vector<cv::Point2f> grid, image;
    std::vector<double> sides;
    for (const CellResult& c : r.cells) {
        if (c.status != CellStatus::Tile) continue;
        cv::Point2f m(0, 0);
        for (const cv::Point2f& q : c.corners) m += q * 0.25f;
        grid.push_back(cv::Point2f(float(c.cell.x) + 0.5f, float(-c.cell.y) + 0.5f));
        image.push_back(m);
        sides.push_back(tileSide(gridToImage, grid.back()));
    }
    if (grid.size() >= 8)
        if (const std::optional<cv::Matx33d> refit = gridThrough(grid, image, sides))
            g.imageToGrid = *refit;
    return g;
}

int pyramidLevel(double side) {
    int level = 0;
    while (level < 3 && side / (1 << (level + 1)) >= TileClassifier::kFine * 1.2) ++level;
    return level;
}

// The picture's pixels around the grid square from `from` to `to` (grid units, through
// `gridToImage`), cut so that a pyramid of the crop alone serves a cell's reading: it starts at
// a multiple of 8, so each level's pixels fall where the whole picture's do (a crop clipped at
// the picture's edge starts at 0). Empty when it lies off the picture, is under 16 pixels, or
// the square maps through the horizon.
cv::Rect cropAround(cv::Size picture, const cv::Matx33d& gridToImage, cv::Point2d from,
                    cv::Point2d to) {
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    for (const cv::Point2d g : {from, cv::Point2d(to.x, from.y), to, cv::Point2d(from.x, to.y)}) {
        const cv::Point2f q = apply(gridToImage, g);
        if (!std::isfinite(q.x) || !std::isfinite(q.y) || std::abs(q.x) > 1e6f ||
            std::abs(q.y) > 1e6f)
            return {};
        x0 = std::min(x0, q.x), y0 = std::min(y0, q.y), x1 = std::max(x1, q.x),
        y1 = std::max(y1, q.y);
    }
    cv::Rect roi(int(std::floor(x0)) & ~7, int(std::floor(y0)) & ~7, 0, 0);
    roi.width = int(std::ceil(x1)) - roi.x + 1, roi.height = int(std::ceil(y1)) - roi.y + 1;
    roi &= cv::Rect(cv::Point(0, 0), picture);
    return roi.width < 16 || roi.height < 16 ? cv::Rect() : roi;
}

// `gridToImage` into a crop's pixels.
cv::Matx33d intoCrop(const cv::Matx33d& gridToImage, cv::Rect crop) {
    return cv::Matx33d(1, 0, -crop.x, 0, 1, -crop.y, 0, 0, 1) * gridToImage;
}

// A square read off the grid: north-west corner and side, grid units.
struct Place {
    double x, y, size;
    bool operator==(const Place&) const = default;
};

// A place classified: its patch, and its detail patch when look-alikes need it.
std::vector<Candidate> classifyPlace(const TileClassifier& classifier, const Pyramid& pyr,
                                     int level, const cv::Matx33d& gridToImage, const Place& at,
                                     TileClassifier::Rim rim, bool ownFootprint) {
    const auto detail = [&](float) {
        return TileClassifier::Detail{
            cellPatch(pyr, std::max(0, level - 1), gridToImage, at.x, at.y, TileClassifier::kDetail,
                      TileClassifier::kDetailMargin, at.size),
            ownFootprint ? footprintAt(gridToImage, at.x, at.y, at.size) : cv::Matx22d::zeros()};
    };
    return classifier.classify(cellPatch(pyr, level, gridToImage, at.x, at.y, TileClassifier::kFine,
                                         TileClassifier::kMargin, at.size),
                               detail, 6, rim);
}

// Where a tile lies that reads poorly at `at` (a drifted lattice, a hand-laid tile): of `at`,
// the places `shift` (grid units) around it and the sizes `scale` larger and smaller, the one
// the coarse match ranks best. With `slid`, places every half `shift` ranked by the sliding
// match of the best few coarse templates (TileClassifier::slidScore): the coarse match of a
// place a fifth of a tile off ranked a wrong place first (newart scene 35: 0.56 read there,
// 0.94 a tenth of a tile from it).
Place searchAround(const TileClassifier& classifier, const Pyramid& pyr, int level,
                   const cv::Matx33d& gridToImage, const Place& at, double shift, double scale,
                   bool slid = false) {
    float bestScore = -1;
    Place best = at;
    const std::vector<double> steps =
        slid ? std::vector<double>{0, -shift / 2, shift / 2, -shift, shift}
             : std::vector<double>{0, -shift, shift};
    for (double size : {1.0, 1 / scale, scale})
        for (double dy : steps)
            for (double dx : steps) {
                const Place q{at.x + dx + (1 - size) / 2, at.y + dy + (1 - size) / 2, size};
                // The coarse match reads only its region of the patch.
                const cv::Mat patch =
                    cellPatch(pyr, level, gridToImage, q.x, q.y, TileClassifier::kFine,
                              TileClassifier::kMargin, q.size,
                              slid ? cv::Rect() : TileClassifier::coarseRegion());
                const float c =
                    slid ? classifier.slidScore(patch, 4) : classifier.coarseScore(patch);
                if (c > bestScore) bestScore = c, best = q;
            }
    return best;
}

} // namespace

float outlineStrength(const cv::Mat& detail, unsigned sides) {
    cv::Mat grey;
    cv::cvtColor(detail, grey, cv::COLOR_BGR2GRAY);
    grey.convertTo(grey, CV_32F);
    const int m = TileClassifier::kDetailMargin, n = TileClassifier::kDetail, gap = 2;
    // The median, along row r from x0 to x1, of |grey(r - gap) - grey(r + gap)| (a step across
    // the row); on the transposed image for columns.
    auto rowStep = [&](const cv::Mat& g, int r, int x0, int x1) {
        std::vector<float> d;
        for (int x = x0; x < x1; ++x)
            d.push_back(std::abs(g.at<float>(r - gap, x) - g.at<float>(r + gap, x)));
        std::nth_element(d.begin(), d.begin() + long(d.size() / 2), d.end());
        return d[d.size() / 2];
    };
    const cv::Mat t = grey.t();
    const int reach = 5, x0 = m + n / 8, x1 = m + n - n / 8;
    std::vector<float> inside;
    for (int r = m + n / 4; r <= m + 3 * n / 4; r += 4)
        inside.push_back(rowStep(grey, r, x0, x1)), inside.push_back(rowStep(t, r, x0, x1));
    std::nth_element(inside.begin(), inside.begin() + long(inside.size() / 2), inside.end());
    const float floor = std::max(2.0f, inside[inside.size() / 2]);
    float weakest = 1e9f;
    for (int side = 0; side < 4; ++side) {
        if (!(sides >> side & 1)) continue;
        const cv::Mat& g = side % 2 ? t : grey;              // N, S: rows; E, W: columns
        const int edge = side == 0 || side == 3 ? m : m + n; // N and W at m, S and E at m + n
        float best = 0;
        for (int r = edge - reach; r <= edge + reach; ++r)
            best = std::max(best, rowStep(g, r, x0, x1));
        weakest = std::min(weakest, best / floor);
    }
    return weakest;
}

namespace {

// A grid hint's span with `ring` more cells around it: the cells a hinted reading reads.
GridHint widened(GridHint g, int ring) {
    g.i0 -= ring, g.i1 += ring, g.j0 -= ring, g.j1 += ring;
    return g;
}

// Stage 1b (small boards): the grid from tile quads the classifier verifies. The quads with
// the best coarse match are classified in full; the one with the most tiles (then the best
// scores) sets the grid, and every other verified quad lying on that grid adds its corners to
// one homography. Returns the grid and the span of the verified tiles; empty if none verifies.
GridHint gridFromSquares(const std::vector<TileQuad>& quads, const TileClassifier& classifier,
                         const Pyramid& pyr, const RecogniseParams& p) {
    const cv::Rect frame(0, 0, pyr.level(0).cols, pyr.level(0).rows);
    struct Tried {
        cv::Matx33d gridToImage;
        const TileQuad* quad;
        double coarse = 0, fine = 0, side = 0; // side: of a cell, pixels
        std::vector<cv::Point> good;           // cells verified as tiles, quad grid
    };
    auto inside = [&](const cv::Matx33d& toImage, int i, int j) {
        return cellInside(frame, toImage, i, j);
    };
    auto patch = [&](const cv::Matx33d& H, int i, int j) {
        return cellPatch(pyr, pyramidLevel(tileSide(H, cv::Point2d(i + 0.5, j + 0.5))), H, i, j);
    };
    std::vector<Tried> tried;
    for (const TileQuad& q : quads) {
        const std::vector<cv::Point2f> g{
            {0, 0}, {float(q.across), 0}, {float(q.across), float(q.down)}, {0, float(q.down)}};
        const std::vector<cv::Point2f> im(q.corners.begin(), q.corners.end());
        Tried t{cv::Matx33d(cv::getPerspectiveTransform(g, im)), &q, 0, 0, 0, {}};
        int n = 0;
        for (int j = 0; j < q.down; ++j)
            for (int i = 0; i < q.across; ++i)
                if (inside(t.gridToImage, i, j))
                    t.coarse += classifier.coarseScore(patch(t.gridToImage, i, j)), ++n;
        if (n == 0) continue;
        t.coarse /= q.across * q.down; // cells out of the picture count as no tile
        tried.push_back(std::move(t));
    }
    std::stable_sort(tried.begin(), tried.end(),
                     [](const Tried& a, const Tried& b) { return a.coarse > b.coarse; });
    if (tried.size() > size_t(p.squareVerify)) tried.resize(size_t(p.squareVerify));
    const Tried* best = nullptr;
    auto reads = [&](const std::vector<Candidate>& cand) {
        return !cand.empty() && cand[0].score >= p.squareScore && cand[0].photometric <= 0.45f;
    };
    // Where no quad verifies, a lone tile's quad whose tile reads clearly but lies further off
    // it than squareShift (the segments stop short of its corners) is measured again from the
    // tile's outline and verified there. Only then: the outline can lock onto a city's edge
    // inside a tile, and a board that verified as it was read worse so (a tracker's first
    // turn: a grid a third of a tile off, its I read as E).
    std::vector<TileQuad> outlined;
    outlined.reserve(tried.size()); // t.quad points in here
    auto remeasured = [&](Tried& t, const Candidate& before) -> std::optional<Candidate> {
        if (t.quad->across * t.quad->down != 1) return std::nullopt;
        const auto square = squareFromOutline(pyr.level(0), t.quad->corners);
        if (!square) return std::nullopt;
        const std::vector<cv::Point2f> g{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        const std::vector<cv::Point2f> im(square->begin(), square->end());
        const cv::Matx33d H(cv::getPerspectiveTransform(g, im));
        const auto again = classifier.classify(patch(H, 0, 0), cv::Mat(), 1);
        if (!reads(again) || cv::norm(again[0].shift) > p.squareShift ||
            again[0].kind != before.kind || again[0].score < before.score)
            return std::nullopt;
        outlined.push_back(*t.quad);
        outlined.back().corners = *square;
        t.quad = &outlined.back(), t.gridToImage = H;
        return again[0];
    };
    for (const bool outline : {false, true}) {
        if (best) break;
        for (Tried& t : tried) {
            t.good.clear(), t.fine = 0;
            for (int j = 0; j < t.quad->down; ++j)
                for (int i = 0; i < t.quad->across; ++i) {
                    if (!inside(t.gridToImage, i, j)) continue;
                    const auto cand = classifier.classify(patch(t.gridToImage, i, j), cv::Mat(), 1);
                    if (!reads(cand)) continue;
                    std::optional<Candidate> read = cand[0];
                    if (cv::norm(cand[0].shift) > p.squareShift)
                        read = outline ? remeasured(t, cand[0]) : std::nullopt;
                    if (!read) continue;
                    t.good.push_back({i, j});
                    t.fine += read->score;
                }
            const std::vector<cv::Point2f> q(t.quad->corners.begin(), t.quad->corners.end());
            t.side = std::sqrt(cv::contourArea(q) / (t.quad->across * t.quad->down));
            if (t.good.empty()) continue;
            if (t.side < p.minSquareSide) continue;
            // The larger tile first: cells a third of a tile can each match a part of one (a
            // city's colour); then the more tiles, then the better scores.
            if (!best || t.side > best->side * 1.6 ||
                (t.side * 1.6 >= best->side &&
                 (t.good.size() > best->good.size() ||
                  (t.good.size() == best->good.size() && t.fine > best->fine))))
                best = &t;
        }
    }
    if (!best) return {};
    // Every verified quad on the best one's grid: its corners (grid points) and tiles.
    const cv::Matx33d toGrid = best->gridToImage.inv();
    std::map<std::pair<int, int>, std::pair<cv::Point2d, int>> points; // grid point -> image sum
    std::vector<cv::Point2f> tiles; // image centres of the verified tiles
    for (const Tried& t : tried) {
        if (t.good.empty()) continue;
        const TileQuad& q = *t.quad;
        std::array<cv::Point, 4> at;
        bool onGrid = true;
        for (size_t k = 0; k < 4; ++k) {
            const cv::Point2f c = apply(toGrid, q.corners[k]);
            at[k] = cv::Point(int(std::lround(c.x)), int(std::lround(c.y)));
            onGrid = onGrid && std::hypot(c.x - at[k].x, c.y - at[k].y) <= p.squareMerge;
        }
        if (!onGrid) continue;
        for (size_t k = 0; k < 4; ++k) {
            auto& [sum, n] = points[{at[k].x, at[k].y}];
            sum += cv::Point2d(q.corners[k]), ++n;
        }
        for (const cv::Point& c : t.good)
            tiles.push_back(apply(t.gridToImage, cv::Point2d(c.x + 0.5, c.y + 0.5)));
    }
    cv::Matx33d imageToGrid = toGrid;
    if (points.size() > 4) { // more than the best quad's own corners: fit them all
        std::vector<cv::Point2f> gp, ip;
        for (const auto& [g, v] : points) {
            gp.push_back(cv::Point2f(float(g.first), float(g.second)));
            ip.push_back(cv::Point2f(v.first / v.second));
        }
        const cv::Mat H = cv::findHomography(ip, gp, 0);
        if (!H.empty()) imageToGrid = cv::Matx33d(H);
    }
    cv::Point2f centre(0, 0);
    for (const cv::Point2f& c : tiles) centre += c * (1.0f / float(tiles.size()));
    GridHint hint{orientGrid(imageToGrid, centre), INT_MAX, INT_MIN, INT_MAX, INT_MIN};
    for (const cv::Point2f& c : tiles) {
        const cv::Point2f g = apply(hint.imageToGrid, c);
        const int i = int(std::floor(g.x)), j = int(std::floor(g.y));
        hint.i0 = std::min(hint.i0, i), hint.i1 = std::max(hint.i1, i);
        hint.j0 = std::min(hint.j0, j), hint.j1 = std::max(hint.j1, j);
    }
    return hint;
}

// A margin this wide over the runner-up is full confidence.
constexpr float kFullMargin = 0.12f;

float confidenceOf(float score, float margin) {
    const float a = std::clamp((score - 0.35f) / 0.35f, 0.f, 1.f);
    const float b = std::clamp(margin / kFullMargin, 0.f, 1.f);
    return a * b;
}

// A cell's reading: the candidate's kind and rotation, and the turns of its drawing.
void take(CellResult& r, const std::vector<const tiledb::TileKind*>& kinds, const Candidate& c) {
    r.kind = kinds[size_t(c.kind)]->id, r.rotation = c.rotation, r.drawn = c.drawn;
}

Alternative alternative(const std::vector<const tiledb::TileKind*>& kinds, const Candidate& c) {
    return {kinds[size_t(c.kind)]->id, c.rotation, c.score, c.drawn};
}

} // namespace

const char* cellStatusName(CellStatus s) {
    switch (s) {
    case CellStatus::Tile: return "tile";
    case CellStatus::Uncertain: return "uncertain";
    case CellStatus::Occluded: return "occluded";
    }
    return "?";
}

int Recognition::count(CellStatus status) const {
    return int(std::count_if(cells.begin(), cells.end(),
                             [&](const CellResult& c) { return c.status == status; }));
}

std::vector<const tiledb::TileSet*> gameSets(const adj::GameConfig& game) {
    std::vector<const tiledb::TileSet*> out;
    const auto& cat = tiledb::Catalogue::bundled();
    for (const std::string& id : [&] {
             std::vector<std::string> ids{game.baseSet};
             ids.insert(ids.end(), game.expansions.begin(), game.expansions.end());
             return ids;
         }())
        if (const tiledb::TileSet* s = cat.set(id)) out.push_back(s);
    return out;
}

Recogniser::Recogniser(const ReferenceSet& refs, const adj::GameConfig& game)
    : game_(game), setup_(adj::TileSetup::get(game, nullptr)),
      classifier_(refs, setup_ ? setup_->kinds : std::vector<const tiledb::TileKind*>{}) {}

std::vector<std::string> Recogniser::missingKinds() const {
    std::vector<std::string> out;
    if (setup_)
        for (const tiledb::TileKind* k : setup_->kinds)
            if (!classifier_.knows(k->id)) out.push_back(k->id);
    return out;
}

Recognition Recogniser::recognise(const cv::Mat& bgr, const RecogniseParams& p) const {
    GridHint read;
    Recognition r = recogniseOnce(bgr, p, read);
    // A grid found from a few tiles' squares is read only around them: a bigger board whose
    // lattice the lines did not give is read ring by ring, each time on the grid refitted to
    // all the tiles found so far, while tiles reach the edge of what was read and more are found.
    auto reachesEdge = [&] {
        const GridHint& t = r.grid;
        return read.valid() && t.valid() &&
               (t.i0 <= read.i0 || t.i1 >= read.i1 || t.j0 <= read.j0 || t.j1 >= read.j1);
    };
    for (int k = 0; r.ok() && reachesEdge() && k < p.squareGrow; ++k) {
        RecogniseParams again = p;
        again.grid = p.growOnTilesRead ? throughTilesRead(r) : r.grid;
        again.gridRing = p.squareRing;
        GridHint unused;
        Recognition next = recogniseOnce(bgr, again, unused);
        r.millis += next.millis;
        if (!next.ok() || next.tiles() <= r.tiles()) break;
        next.millis = r.millis;
        next.stageMillis.insert(next.stageMillis.begin(), r.stageMillis.begin(),
                                r.stageMillis.end());
        next.segments = std::move(r.segments), next.family = std::move(r.family);
        next.gridFromOutline = r.gridFromOutline;
        r = std::move(next);
        read = widened(again.grid, again.gridRing);
    }
    // Many cells read as tiles but uncertain: the lines may have given a lattice a little off
    // (the segments' positions at one scale; procedural scene 15). Read once more with the
    // segments found at another scale, and keep the reading with more certain tiles and fewer
    // uncertain.
    // Cells read only at a place searched off the lattice count as uncertain here: a lattice
    // a little off everywhere is searched around cell by cell, and some read wrongly so.
    const int uncertain = r.count(CellStatus::Uncertain) + r.searched;
    if (r.ok() && p.retryWidth > 0 && p.lattice.workWidth != p.retryWidth && !p.grid.valid() &&
        uncertain + r.tiles() >= p.retryCells &&
        uncertain > p.retryUncertain * (uncertain + r.tiles())) {
        RecogniseParams again = p;
        again.lattice.workWidth = p.retryWidth;
        again.widerWidth = 0;
        Recognition next = recognise(bgr, again);
        next.millis += r.millis;
        if (next.ok() && next.tiles() > r.tiles() &&
            next.count(CellStatus::Uncertain) + next.searched < uncertain)
            return next;
        r.millis = next.millis;
    }
    // A small board the lattice read with doubts (RecogniseParams::squaresBelow).
    const int doubts = r.count(CellStatus::Uncertain) + r.searched;
    if (r.ok() && !p.grid.valid() && !p.squaresOnly && !read.valid() &&
        (doubts > 1 || (doubts == 1 && r.tiles() < p.oneDoubtBelow)) &&
        r.tiles() <= p.squaresBelow) {
        RecogniseParams again = p;
        again.squaresOnly = true;
        Recognition next = recognise(bgr, again);
        next.millis += r.millis;
        const int nextDoubts = next.count(CellStatus::Uncertain) + next.searched;
        if (next.ok() && ((next.tiles() > r.tiles() && nextDoubts <= doubts) ||
                          (next.tiles() == r.tiles() && nextDoubts < doubts)))
            return next;
        r.millis = next.millis;
    }
    return r;
}

Recognition Recogniser::recogniseOnce(const cv::Mat& bgr, const RecogniseParams& p,
                                      GridHint& squaresRead) const {
    const auto start = std::chrono::steady_clock::now();
    Recognition out;
    out.width = bgr.cols, out.height = bgr.rows;
    auto last = start;
    auto lap = [&](const char* stage) {
        const auto now = std::chrono::steady_clock::now();
        out.stageMillis.emplace_back(stage,
                                     std::chrono::duration<double, std::milli>(now - last).count());
        last = now;
    };
    auto elapsed = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
    };
    auto finish = [&]() {
        out.millis = elapsed();
        return out;
    };
    // A nested reading, started `before` ms into this one, taken as this one's result: its
    // stages follow this one's so far (the nested time is counted once).
    auto adopt = [&](Recognition r, double before) {
        r.millis += before;
        r.stageMillis.insert(r.stageMillis.begin(), out.stageMillis.begin(), out.stageMillis.end());
        return r;
    };
    if (!setup_) {
        out.error = "unknown game sets";
        return finish();
    }
    if (classifier_.kinds().empty()) {
        out.error = "the reference set knows no tile of this game";
        return finish();
    }
    if (bgr.empty()) {
        out.error = "no board found: empty image";
        return finish();
    }
    std::string why;
    GridHint hint = p.grid; // a fixed camera's lattice, or the small boards' squares
    bool hinted = hint.valid();
    bool fromSquares = false; // the grid came from a few tiles' squares (stage 1c)
    int ring = p.gridRing;    // cells read around the hint's span
    std::optional<LatticeAxes> axes;
    std::vector<cv::Vec4f> segments; // the picture's straight edges, for lattice and squares
    if (!hinted) {
        segments = lineSegments(bgr, p.lattice);
        axes = findLatticeAxes(segments, bgr.size(), p.lattice, &why);
        if (axes) out.segments = axes->segments, out.family = axes->family;
    }
    lap("lattice");
    const Pyramid pyr(bgr);
    const cv::Rect frame(0, 0, bgr.cols, bgr.rows);
    auto inside = [&](const cv::Matx33d& toImage, int i, int j) {
        return cellInside(frame, toImage, i, j);
    };
    // Stage 2: the lattice hypothesis whose cells near the evidence look most like tiles. The
    // coarse match says which cells those are and whether any hypothesis shows tiles at all.
    // Ranked by the coarse mean plus the sliding match of the best few: on small, soft tiles
    // every wrong grid matches coarsely about as well as the right one (whose cells lie a little
    // off their tiles), and a grid of half tiles has parts that slide into a match.
    cv::Matx33d bestGrid = hint.imageToGrid;
    double bestScore = hinted ? p.tileScore : -1; // the best coarse judgement of any hypothesis
    struct Judged {
        double coarse = -1, slid = -1;
        cv::Matx33d grid;
        double rank() const { return coarse + slid; }
    };
    std::map<std::pair<size_t, size_t>, Judged> judged; // by (u, v) hypothesis
    auto judge = [&](size_t a, size_t b) -> const Judged& {
        auto [it, fresh] = judged.try_emplace({a, b});
        if (!fresh) return it->second;
        Judged& h = it->second;
        h.grid = orientGrid(gridTransform(*axes, axes->u[a], axes->v[b]), axes->centre);
        const cv::Matx33d Gi = h.grid.inv();
        const cv::Point2f c = apply(h.grid, axes->centre);
        const int level = pyramidLevel(tileSide(Gi, c));
        // Coarse scores from the pixels the coarse match reads; whole patches for the few slid.
        std::vector<std::pair<float, cv::Point>> scored; // coarse score, cell
        const int reach = p.hypothesisReach, ci = int(std::floor(c.x)), cj = int(std::floor(c.y));
        for (int j = cj - reach; j <= cj + reach; ++j)
            for (int i = ci - reach; i <= ci + reach; ++i) {
                if (!inside(Gi, i, j)) continue;
                const cv::Mat part =
                    cellPatch(pyr, level, Gi, i, j, TileClassifier::kFine, TileClassifier::kMargin,
                              1, TileClassifier::coarseRegion());
                scored.emplace_back(classifier_.coarseScore(part), cv::Point(i, j));
            }
        if (scored.empty()) return h;
        std::sort(scored.begin(), scored.end(),
                  [](const auto& x, const auto& y) { return x.first > y.first; });
        const size_t half = (scored.size() + 1) / 2,
                     few = std::min(scored.size(), size_t(p.hypothesisCells));
        h.coarse = h.slid = 0;
        for (size_t k = 0; k < half; ++k) h.coarse += scored[k].first / double(half);
        for (size_t k = 0; k < few; ++k)
            h.slid += classifier_.slidScore(
                          cellPatch(pyr, level, Gi, scored[k].second.x, scored[k].second.y)) /
                      double(few);
        bestScore = std::max(bestScore, h.coarse);
        return h;
    };
    if (!hinted && axes) {
        // The usual readings first (the comb's period and twice it, along both axes); then, from
        // the best, each axis's other readings in turn with the other axis kept.
        std::pair<size_t, size_t> best{0, 0};
        auto consider = [&](size_t a, size_t b) {
            if (judge(a, b).rank() > judge(best.first, best.second).rank()) best = {a, b};
        };
        for (size_t a = 0; a < std::min(axes->u.size(), kUsualHypotheses); ++a)
            for (size_t b = 0; b < std::min(axes->v.size(), kUsualHypotheses); ++b) consider(a, b);
        // The rarer readings won only where the usual ones matched poorly (autumn scene 39 of
        // 192: slid 0.85, coarse 0.62): a clear usual winner skips them (60% of scenes).
        const Judged& usual = judge(best.first, best.second);
        if (usual.slid < p.sureHypothesisSlid || usual.coarse < p.sureHypothesisCoarse) {
            for (size_t a = 0; a < axes->u.size(); ++a) consider(a, best.second);
            for (size_t b = 0; b < axes->v.size(); ++b) consider(best.first, b);
        }
        if (judge(best.first, best.second).slid > -1) bestGrid = judged[best].grid;
        // Its best few cells sliding into clear matches show tiles however few the cells around
        // the middle that hold one (a long, thin board under a steep tilt: newart scene 187 of
        // 200, coarse 0.43, slid 0.86, read from a few tile squares and stopped there).
        if (judge(best.first, best.second).slid >= p.slidShowsTiles)
            bestScore = std::max(bestScore, double(p.tileScore));
    }
    if (!axes && !hinted)
        why = "no board found: " + why;
    else if (bestScore < p.tileScore)
        why = "no board found: no lattice hypothesis shows tiles (best match " +
              std::to_string(bestScore).substr(0, 4) + ")";
    lap("hypotheses");
    // Stage 1b: no lattice shows tiles. Small tiles (33 px at 45 degrees) may give a lattice
    // on a wider copy of the picture (RecogniseParams::widerWidth), which reads the whole board
    // at once where the squares' grid grows ring by ring.
    std::vector<cv::Vec4f> widerSegments; // that copy's, for the squares if it fails
    if (!hinted && bestScore < p.tileScore && !p.squaresOnly && !p.latticeOnly &&
        p.widerWidth > p.lattice.workWidth && int(segments.size()) >= p.widerSegments) {
        RecogniseParams wider = p;
        wider.lattice.workWidth = p.widerWidth;
        wider.latticeOnly = true;
        const double before = elapsed();
        Recognition r = recogniseOnce(bgr, wider, squaresRead);
        if (r.ok()) return adopt(std::move(r), before);
        widerSegments = std::move(r.segments);
        lap("wider");
    }
    if (!hinted && p.latticeOnly && bestScore < p.tileScore) {
        out.error = why;
        if (!axes) out.segments = std::move(segments), out.family.assign(out.segments.size(), -1);
        return finish();
    }
    // Stage 1c: too few lines for a lattice (a board of a few tiles): tile squares instead.
    if (!hinted && (bestScore < p.tileScore || p.squaresOnly)) {
        // The tile squares among `segments`, found on the copy `at` describes.
        auto squaresIn = [&](const LatticeParams& at, const char* stage) {
            hint = gridFromSquares(findTileQuads(segments, bgr.size(), at), classifier_, pyr, p);
            lap(stage);
        };
        squaresIn(p.lattice, "squares");
        // None verified: the sides of small tiles may be too short or too ragged on that
        // copy. The wider copy's segments, then those of a finer copy (squaresWidth), then the
        // sides of what stands out from the table in colour (outlineWidth). Not for a second
        // opinion on a board the lattice read (squaresOnly): these squares are the last resort
        // for a board nothing else reads.
        for (int w : {p.widerWidth, p.squaresWidth}) {
            if (hint.valid() || p.squaresOnly || w <= p.lattice.workWidth) continue;
            LatticeParams finer = p.lattice;
            finer.workWidth = w;
            segments = w == p.widerWidth && !widerSegments.empty() ? std::move(widerSegments)
                                                                   : lineSegments(bgr, finer);
            squaresIn(finer, "finer squares");
        }
        if (!hint.valid() && !p.squaresOnly && p.outlineWidth > 0) {
            LatticeParams outline = p.lattice;
            outline.workWidth = p.outlineWidth;
            outline.maxSquareError = p.outlineSquareError;
            segments = outlineSegments(bgr, outline);
            squaresIn(outline, "outline squares");
            out.gridFromOutline = hint.valid();
        }
        if (!hint.valid()) {
            out.error = why + "; no tile-shaped square either";
            return finish();
        }
        hinted = true, ring = p.squareRing, bestGrid = hint.imageToGrid;
        fromSquares = true;
        out.segments = segments, out.family.assign(segments.size(), -1);
    }
    // The cells in the span of the lattice evidence (plus a ring) under a grid transform.
    auto span = [&](const cv::Matx33d& g, int& i0, int& i1, int& j0, int& j1) {
        if (hinted) { // the earlier picture's tiles and a ring for a new one
            const GridHint w = widened(hint, ring);
            i0 = w.i0, i1 = w.i1, j0 = w.j0, j1 = w.j1;
            return true;
        }
        i0 = INT_MAX, i1 = INT_MIN, j0 = INT_MAX, j1 = INT_MIN;
        for (size_t s = 0; s < axes->segments.size(); ++s) {
            if (axes->family[s] < 0) continue;
            const cv::Vec4f& seg = axes->segments[s];
            for (cv::Point2f q : {cv::Point2f(seg[0], seg[1]), cv::Point2f(seg[2], seg[3])}) {
                const cv::Point2f c = apply(g, q);
                i0 = std::min(i0, int(std::floor(c.x))), i1 = std::max(i1, int(std::floor(c.x)));
                j0 = std::min(j0, int(std::floor(c.y))), j1 = std::max(j1, int(std::floor(c.y)));
            }
        }
        i0 -= 1, j0 -= 1, i1 += 1, j1 += 1;
        return long(i1 - i0) * long(j1 - j0) <= 40000;
    };
    int i0, i1, j0, j1;
    if (!span(bestGrid, i0, i1, j0, j1)) {
        out.error = "no board found: the lattice spans an implausible number of cells";
        return finish();
    }
    if (hinted && !p.grid.valid()) squaresRead = widened(hint, ring);
    struct Cell {
        int i, j;
        std::vector<Candidate> cand;
        ColourHistogram hist;
        int chosen = -1;          // index into cand
        double tileLlr = 0;       // colour: log-likelihood ratio tile vs table, per pixel
        bool unexplained = false; // colour: like neither the tiles nor the table
        bool tile = false;        // decided: a tile lies here
        bool deferred = false;    // table-coloured in the first pass: not classified in full
        bool fullLater = false;   // classified but for the steps only a tile needs (below)
        mutable cv::Mat detail{}; // the cell at kDetail, once warped (detailOf)
    };
    auto innerHistogram = [](const cv::Mat& patch) {
        return chromaticity(patch(cv::Rect(TileClassifier::kMargin, TileClassifier::kMargin,
                                           TileClassifier::kFine, TileClassifier::kFine)));
    };
    // Colour models learned from this picture: tiles from cells that match a template well,
    // the table from cells that match nothing and lie away from them. Chromaticity ignores
    // the light's strength, so one model serves the whole picture. Sets tileLlr, unexplained.
    constexpr float kSeedTile = 0.7f; // a match that seeds the tiles' colour model
    auto judgeColours = [&](std::vector<Cell>& cells) {
        std::map<std::pair<int, int>, size_t> at;
        for (size_t k = 0; k < cells.size(); ++k) at[{cells[k].i, cells[k].j}] = k;
        auto nearSeedTile = [&](const Cell& c, auto&& seedTile) {
            for (int dj = -1; dj <= 1; ++dj)
                for (int di = -1; di <= 1; ++di) {
                    auto it = at.find({c.i + di, c.j + dj});
                    if ((di || dj) && it != at.end() && seedTile(cells[it->second])) return true;
                }
            return false;
        };
        auto seedTile = [&](const Cell& c) {
            return !c.cand.empty() && c.cand[0].score >= kSeedTile &&
                   c.cand[0].photometric <= 0.45f;
        };
        // The table: cells that match nothing well, or whose contrast no tile's colours
        // under one light would give (a wooden table's grain can correlate with a quiet tile
        // away from the edges, where the fine match looks), away from confident tiles.
        auto seedTable = [&](const Cell& c) { return !seedTile(c) && !nearSeedTile(c, seedTile); };
        ColourModel tileModel, tableModel;
        for (const Cell& c : cells) {
            if (seedTile(c)) tileModel.add(c.hist);
            if (seedTable(c)) tableModel.add(c.hist);
        }
        tileModel.finish(), tableModel.finish();
        double tileFloor = 1e9, tableFloor = 1e9; // the least likely seed, per model
        {
            std::vector<double> t, b;
            for (const Cell& c : cells) {
                if (seedTile(c)) t.push_back(tileModel.meanLog(c.hist));
                if (seedTable(c)) b.push_back(tableModel.meanLog(c.hist));
            }
            auto low = [](std::vector<double>& v) {
                if (v.empty()) return -1e9;
                std::sort(v.begin(), v.end());
                return v[v.size() / 50] - 1.0;
            };
            tileFloor = low(t), tableFloor = low(b);
        }
        for (Cell& c : cells) {
            const double lt = tileModel.meanLog(c.hist), lb = tableModel.meanLog(c.hist);
            // No table to learn from: see RecogniseParams::squaresNoTableLlr.
            c.tileLlr = !tableModel.empty() ? lt - lb : fromSquares ? p.squaresNoTableLlr : 1;
            c.unexplained = lt < tileFloor && lb < tableFloor;
        }
    };
    // A cell of the first pass that says where its tile lies: a good match, a plausible contrast.
    auto foundTile = [](const Cell& f) {
        return !f.cand.empty() && f.cand[0].score >= 0.75f && f.cand[0].photometric <= 0.45f;
    };
    // Stage 3: refit the lattice to the tiles themselves. Cells that match a template well
    // say where their tile's centre truly lies; a homography through those centres
    // (gridThrough) corrects the small errors of the vanishing points.
    cv::Matx33d G = bestGrid;
    std::map<std::pair<int, int>, Cell> firstPass; // this pass's cells, by (i, j)
    {
        // Keyed by (j, i), so the tiles go to the fit in raster order (RANSAC-like fits depend
        // on the order): tiles that match well, where their centres lie in the image and their
        // sides; each cell's centre when it was last read.
        std::map<std::pair<int, int>, std::pair<cv::Point2f, double>> found;
        std::map<std::pair<int, int>, cv::Point2f> readAt;
        auto foundNear = [&](int i, int j) {
            for (int dj = -1; dj <= 1; ++dj)
                for (int di = -1; di <= 1; ++di)
                    if (found.count({j + dj, i + di})) return true;
            return false;
        };
        // Rounds: a lattice refitted to the tiles near the evidence lies better further out,
        // where cells the first grid missed by more than the sliding match reaches now read
        // (a steep view whose vanishing points were a little off). Later rounds read again
        // only cells beside a found tile that the refit moved.
        for (int round = 0; round < (hinted ? 1 : p.refitRounds); ++round) {
            const cv::Matx33d Gi0 = G.inv();
            size_t added = 0;
            for (int j = j0; j <= j1; ++j)
                for (int i = i0; i <= i1; ++i) {
                    if (!inside(Gi0, i, j) || found.count({j, i})) continue;
                    const cv::Point2d mid(i + 0.5, j + 0.5);
                    const double side = tileSide(Gi0, mid);
                    const cv::Point2f centre = apply(Gi0, mid);
                    if (round > 0) {
                        const auto before = readAt.find({j, i});
                        if (!foundNear(i, j) ||
                            (before != readAt.end() &&
                             cv::norm(before->second - centre) < p.refitMoved * side))
                            continue;
                    }
                    readAt[{j, i}] = centre;
                    const cv::Mat patch = cellPatch(pyr, pyramidLevel(side), Gi0, i, j);
                    const Cell& c = firstPass[{i, j}] =
                        Cell{i, j,
                             classifier_.classify(patch, cv::Mat(), 1, TileClassifier::Rim::Narrow),
                             innerHistogram(patch)};
                    if (!foundTile(c)) continue;
                    found[{j, i}] = {apply(Gi0, mid + cv::Point2d(c.cand[0].shift)), side};
                    ++added;
                }
            if (added == 0) break;
            std::vector<cv::Point2f> gridPts, imagePts;
            std::vector<double> sides;
            for (const auto& [ji, at] : found) {
                gridPts.push_back(cv::Point2f(float(ji.second + 0.5), float(ji.first + 0.5)));
                imagePts.push_back(at.first), sides.push_back(at.second);
            }
            if (gridPts.size() >= 8) {
                if (const std::optional<cv::Matx33d> refit =
                        gridThrough(gridPts, imagePts, sides)) {
                    int a0, a1, b0, b1;
                    if (span(*refit, a0, a1, b0, b1))
                        G = *refit, i0 = a0, i1 = a1, j0 = b0, j1 = b1;
                }
            } else if (gridPts.size() >= size_t(p.refitMinTiles)) {
                // Too few tiles for a homography (a small board, whose grid one tile's square may
                // have set): an affine correction in grid units, or a similarity while the tiles
                // lie in one row or column (an affine map is not determined by a line).
                std::vector<cv::Point2f> lies; // where each tile lies on the current grid
                for (const cv::Point2f& q : imagePts) lies.push_back(apply(G, q));
                float di = 0, dj = 0;
                for (const cv::Point2f& g : gridPts)
                    di = std::max(di, std::abs(g.x - gridPts[0].x)),
                    dj = std::max(dj, std::abs(g.y - gridPts[0].y));
                const cv::Mat A =
                    di > 0 && dj > 0
                        ? cv::estimateAffine2D(lies, gridPts, cv::noArray(), cv::RANSAC, 0.06)
                        : cv::estimateAffinePartial2D(lies, gridPts, cv::noArray(), cv::RANSAC,
                                                      0.06);
                if (!A.empty()) {
                    const cv::Matx33d C(A.at<double>(0, 0), A.at<double>(0, 1), A.at<double>(0, 2),
                                        A.at<double>(1, 0), A.at<double>(1, 1), A.at<double>(1, 2),
                                        0, 0, 1);
                    int a0, a1, b0, b1;
                    if (span(C * G, a0, a1, b0, b1)) G = C * G, i0 = a0, i1 = a1, j0 = b0, j1 = b1;
                }
            }
            // Another round only after a homography: the few tiles of an affine correction can
            // be thrown off by one read again beside its true cell.
            if (gridPts.size() < 8) break;
        }
        std::vector<Cell> seen;
        for (auto& [ij, c] : firstPass) seen.push_back(std::move(c));
        judgeColours(seen);
        firstPass.clear();
        for (Cell& c : seen) firstPass.emplace(std::pair(c.i, c.j), std::move(c));
    }
    const cv::Matx33d Gi = G.inv();
    // The pyramid level whose pixels best match cell (i, j)'s size in the picture.
    auto levelAt = [&](int i, int j) {
        return pyramidLevel(tileSide(Gi, cv::Point2d(i + 0.5, j + 0.5)));
    };
    lap("refit");
    // A match this good with a plausible contrast is a tile whatever its colours (a field
    // drawn in the table's colour, a roof of the table's brown): table grain matches quiet
    // tiles only with too little contrast.
    auto sure = [&](const Cell& c) {
        if (c.cand.empty() || c.tileLlr <= -p.sureLlr) return false;
        const Candidate& b = c.cand[0];
        return (b.score >= p.sureTile && b.photometric <= p.surePhotometric) ||
               (b.score >= p.nearSureTile && b.photometric <= p.nearSurePhotometric);
    };
    // Cells the first pass found clearly table-coloured and unlike any tile, and their
    // neighbours too, wait: the colour models leave the table out whatever the classifier
    // says. (Near the board, the first pass's grid can be off by enough to mix a tile's
    // colours with the table's: those cells are classified at once.) So do cells two or more
    // away from any tile the first pass found, whatever their colours: the board is connected,
    // so only a run of tiles the first pass missed could lie there, and their colours would
    // still call them in.
    auto farFromTiles = [&](int i, int j) {
        for (int dj = -2; dj <= 2; ++dj)
            for (int di = -2; di <= 2; ++di) {
                const auto it = firstPass.find({i + di, j + dj});
                if (it != firstPass.end() && foundTile(it->second)) return false;
            }
        return true;
    };
    auto tableLike = [&](int i, int j) {
        if (!firstPass.count({i, j}) || sure(firstPass[{i, j}])) return false;
        if (farFromTiles(i, j)) return true;
        for (int dj = -1; dj <= 1; ++dj)
            for (int di = -1; di <= 1; ++di) {
                const auto it = firstPass.find({i + di, j + dj});
                if (it == firstPass.end()) continue;
                const Cell& f = it->second;
                if (f.tileLlr > -1.0 || f.unexplained) return false;
            }
        return true;
    };
    const int dI[4] = {0, 1, 0, -1}, dJ[4] = {-1, 0, 1, 0}; // N E S W in grid terms
    // The rim a cell is read with (p.rim): the wide one only where the decoding can match the
    // cell's edges with tiles the first pass found: two beside it, or one and the cell in tile
    // colours. A lone tile (a small board) keeps the narrow one, as its rim alone shows its
    // edges: with the wide rim everywhere, boards of one to eight tiles had 5 tiles of 152 read
    // wrongly, not 1. So does table beside one tile: its shadow and cardboard edge along that
    // side, without the sharp edge the narrow rim sees, matched a city with a field there.
    auto rimAt = [&](int i, int j) {
        if (p.rim == TileClassifier::Rim::Narrow) return p.rim;
        int beside = 0;
        for (int side = 0; side < 4; ++side) {
            const auto it = firstPass.find({i + dI[side], j + dJ[side]});
            beside += it != firstPass.end() && foundTile(it->second);
        }
        const auto self = firstPass.find({i, j});
        const bool tileColoured = self != firstPass.end() && self->second.tileLlr > 0;
        return beside >= 2 || (beside == 1 && tileColoured) ? TileClassifier::Rim::Wide
                                                            : TileClassifier::Rim::Narrow;
    };
    std::vector<Cell> cells;
    std::vector<cv::Mat> patches; // per cell, for classifying deferred cells after all
    // Two steps of classifying only matter for a tile: telling look-alikes (pennant twins)
    // apart by a costly test on the detail patch, and the narrow rim's widened slide (a tile
    // whose kind ranked past the drawings slid). The first read (`fullLater`) leaves out the
    // test below a colour seed's score (which it cannot make the cell reach), and the widened
    // slide from kWidenLater up; the cell is read in full once its colours (or, beside the
    // board, its score) call it a tile. Many such cells are table beside the board, matching
    // quiet tiles at 0.6-0.8 in procedural art (5533 over 100 scenes, none of them widened to
    // a tile). Below kWidenLater the slide stays: a tile of the table's colours read 0.48
    // until widened to 0.89 (newart scene 35), and only that reading made it a tile.
    constexpr float kWidenLater = 0.6f;
    // The detail patch from one level finer (a pennant needs every pixel), warped once: the
    // look-alike test and the outline both read it.
    auto detailOf = [&](const Cell& c) -> const cv::Mat& {
        if (c.detail.empty()) {
            const int level = levelAt(c.i, c.j);
            c.detail = cellPatch(pyr, std::max(0, level - 1), Gi, c.i, c.j, TileClassifier::kDetail,
                                 TileClassifier::kDetailMargin);
        }
        return c.detail;
    };
    auto detailAndFootprint = [&](const Cell& c) {
        return TileClassifier::Detail{detailOf(c), p.ownFootprint ? footprintAt(Gi, c.i, c.j, 1)
                                                                  : cv::Matx22d::zeros()};
    };
    // A slide this far (in tile units: 4 of the 5 pixels it may move) reaches for a tile that
    // lies further off; a re-read there with the narrow rim replaces the reading from this
    // score (small boards, 800 scenes: 5 failures gone, none added; 0.6-0.7 there were wrong).
    constexpr float kSlidFar = 0.1f, kFarFound = 0.85f;
    auto classifyCell = [&](Cell& c, const cv::Mat& patch, bool fullLater = false) {
        c.fullLater = false;
        const auto detail = [&](float best) {
            if (fullLater && best < kSeedTile) {
                c.fullLater = true;
                return TileClassifier::Detail{};
            }
            return detailAndFootprint(c);
        };
        const TileClassifier::Rim rim = rimAt(c.i, c.j);
        c.cand = classifier_.classify(patch, detail, 6, rim,
                                      fullLater ? kWidenLater : TileClassifier::kWidenBelow);
        float best = -2; // the best slid match (look-alikes may have reordered the candidates)
        for (const Candidate& a : c.cand) best = std::max(best, a.score);
        if (fullLater && best >= kWidenLater && TileClassifier::widensNarrow(6, rim, best))
            c.fullLater = true;
        c.deferred = false;
        // Read with the wide rim and slid to the end of its reach, the tile may lie further
        // off (a small board's grid extrapolated from a quad or two is a fifth of a tile off at
        // its far tiles), and the wide rim may hide what sets its kind there: a city cap at the
        // far side (an H read as E). Read again where the slide points, with the narrow rim,
        // the reading is kept if it is another kind and reads clearly better.
        if (c.fullLater || c.cand.empty() || rim != TileClassifier::Rim::Wide) return;
        const cv::Point2f s = c.cand[0].shift;
        if (std::max(std::abs(s.x), std::abs(s.y)) < kSlidFar) return;
        const int level = levelAt(c.i, c.j);
        std::vector<Candidate> again =
            classifyPlace(classifier_, pyr, level, Gi, Place{c.i + s.x, c.j + s.y, 1.0},
                          TileClassifier::Rim::Narrow, p.ownFootprint);
        if (again.empty() || again[0].kind == c.cand[0].kind || again[0].score <= best ||
            again[0].score < kFarFound)
            return;
        for (Candidate& a : again) a.shift += s; // off the cell, as the slid match says
        c.cand = std::move(again);
    };
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
            if (!inside(Gi, i, j)) continue;
            const int level = levelAt(i, j);
            const cv::Mat patch = cellPatch(pyr, level, Gi, i, j);
            Cell c{i, j, {}, innerHistogram(patch)};
            if (tableLike(i, j)) // the first pass's best guess stands in for the colour seeds
                c.cand = firstPass[{i, j}].cand, c.deferred = true;
            else
                classifyCell(c, patch, true);
            cells.push_back(std::move(c));
            patches.push_back(patch);
        }
    judgeColours(cells);
    // Deferred cells the colours now call a tile (or neither): classified in full after all.
    for (size_t k = 0; k < cells.size(); ++k)
        if ((cells[k].deferred || cells[k].fullLater) &&
            (cells[k].tileLlr > 0 || cells[k].unexplained))
            classifyCell(cells[k], patches[k]);
    // A cell in tile colours that matches no kind where the lattice puts it: the lattice may
    // have drifted there (the board's rim, few tiles to refit on) further than the sliding
    // match reaches. The best of a few places and sizes around it (ranked by the sliding match,
    // searchSlid) is classified in full and kept if it reads clearly (searchFound).
    // A cell whose coarse match slid nothing (Candidate::slid) is also slid where it lies, kept
    // (from searchFound) if the search finds nothing: a city dense with small houses correlates
    // poorly at the coarse stage's 12 pixels (newart's M3, 0.19 there, 0.76 slid in place), and
    // the search ranks places by that match too. The search's reading comes first: on a
    // drifted lattice a cell in place read a wrong kind at 0.81 (autumn scene 126).
    for (size_t k = 0; k < cells.size(); ++k) {
        Cell& c = cells[k];
        if (c.deferred || c.cand.empty() || c.cand[0].score >= p.tileScore || c.tileLlr <= 0 ||
            c.unexplained)
            continue;
        const int level = levelAt(c.i, c.j);
        const Place at{double(c.i), double(c.j), 1.0};
        const Place best = searchAround(classifier_, pyr, level, Gi, at, p.searchShift,
                                        p.searchScale, p.searchSlid);
        std::vector<Candidate> again;
        if (!(best == at))
            again =
                classifyPlace(classifier_, pyr, level, Gi, best, rimAt(c.i, c.j), p.ownFootprint);
        // Only a clear reading is kept: a wrong place reads a look-alike's part almost as well.
        // If the search found none, the cell slid in place if the coarse stage stopped it.
        if (again.empty() || again[0].score < (p.searchSlid ? p.searchSlidFound : p.searchFound)) {
            if (c.cand[0].slid) continue;
            std::vector<Candidate> inPlace = classifier_.classify(
                patches[k], [&](float) { return detailAndFootprint(c); }, 6, rimAt(c.i, c.j),
                TileClassifier::kWidenBelow, -1.f);
            if (!inPlace.empty() && inPlace[0].score >= p.searchFound) c.cand = std::move(inPlace);
            continue;
        }
        ++out.searched;
        for (Candidate& a : again) // where the tile lies off its cell, as for a slid match
            a.shift += cv::Point2f(float(best.x + best.size / 2 - c.i - 0.5),
                                   float(best.y + best.size / 2 - c.j - 0.5));
        c.cand = std::move(again);
    }
    lap("cells");
    std::map<std::pair<int, int>, size_t> at;
    for (size_t k = 0; k < cells.size(); ++k) at[{cells[k].i, cells[k].j}] = k;
    auto near = [&](const Cell& c, auto&& pred) {
        for (int dj = -1; dj <= 1; ++dj)
            for (int di = -1; di <= 1; ++di) {
                auto it = at.find({c.i + di, c.j + dj});
                if ((di || dj) && it != at.end() && pred(cells[it->second])) return true;
            }
        return false;
    };
    // Too little contrast for the tile it matches, and colours barely more tile-like than
    // the table's: the table's grain correlating with a quiet tile (e.g. a city of the
    // table's colour), not a tile.
    auto tableGrain = [&](const Cell& c) {
        return !c.cand.empty() && c.cand[0].photometric > p.maxPhotometric &&
               c.tileLlr < p.tileColourLlr;
    };
    for (Cell& c : cells)
        c.tile = !c.deferred && !c.cand.empty() &&
                 (sure(c) || (c.tileLlr > 0 && !c.unexplained && c.cand[0].score >= p.tileScore &&
                              !tableGrain(c)));
    auto isTile = [](const Cell& c) { return c.tile; };
    // A cell left out as table that is outlined as a tile is (not in a hole: a hole's sides are
    // its neighbours' edges) and matches some kind: a tile of the table's colours, or a gap.
    // Said, not guessed: a missing tile would make the board silently wrong.
    auto openSides = [&](const Cell& c) { // bit k: no tile on its side k (N E S W)
        unsigned open = 0;
        for (int side = 0; side < 4; ++side) {
            const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            if (it == at.end() || !cells[it->second].tile) open |= 1u << side;
        }
        return open;
    };
    auto tilesBeside = [&](const Cell& c) { return 4 - std::popcount(openSides(c)); };
    // Judged on its sides towards the table alone: a side against a tile shows that tile's edge
    // whatever the cell holds, and a city against a city (C beside the board) shows no step.
    auto outlinedSquare = [&](const Cell& c) {
        const unsigned open = openSides(c);
        if (open == 0 || open == 15) return false; // in a hole, or away from the board
        return outlineStrength(detailOf(c), open) >= p.minOutline;
    };
    auto outlined = [&](const Cell& c) {
        return !c.cand.empty() && c.cand[0].score >= p.outlineScore && outlinedSquare(c);
    };
    // Outlined and matching a kind clearly: a tile of the table's colours (a city drawn in the
    // table's brown), read in full and decoded like any other.
    for (size_t k = 0; k < cells.size(); ++k) {
        Cell& c = cells[k];
        // A cell read but for its widened slide may reach outlinedTile once read in full.
        if (c.tile || c.cand.empty() || (c.cand[0].score < p.outlinedTile && !c.fullLater) ||
            !outlinedSquare(c))
            continue;
        if (c.deferred || c.fullLater) classifyCell(c, patches[k]);
        c.tile = !c.cand.empty() && c.cand[0].score >= p.outlinedTile;
    }
    // The table's own best match in this picture: cells far from any tile. A cell beside the
    // board that the colours leave out but that matches a kind clearly better than the table
    // ever does is a tile of the table's colours (a classic city on a brown table), whatever
    // its outline. Such tiles left out so far lie among the table's cells too: a match more
    // than aboveTable above the table's bulk (all but its best tenth, tableBulk) is one of them,
    // not the table (a classic city at 0.94 beside cells of 0.64 and less set the ceiling).
    std::vector<size_t> table; // cells away from the board
    float ceiling = -1;        // the table's best match but for tiles left out (tableBulk)
    auto meanColour = [&](size_t k) {
        const int inset = TileClassifier::kMargin + TileClassifier::kFine / 8;
        const int side = TileClassifier::kPatch - 2 * inset;
        return cv::mean(patches[k](cv::Rect(inset, inset, side, side)));
    };
    // How far cell k's mean colour lies from the shade of the nearest cell away from the board
    // (B, G and R absolute differences summed): the light changes across the picture, little
    // across a few cells.
    auto offTheTable = [&](size_t k) {
        const Cell& c = cells[k];
        const auto nearest = std::min_element(table.begin(), table.end(), [&](size_t a, size_t b) {
            auto d = [&](size_t t) {
                return std::abs(cells[t].i - c.i) + std::abs(cells[t].j - c.j);
            };
            return d(a) < d(b);
        });
        const cv::Scalar own = meanColour(k), shade = meanColour(*nearest);
        double off = 0;
        for (int ch = 0; ch < 3; ++ch) off += std::abs(own[ch] - shade[ch]);
        return off;
    };
    {
        std::vector<float> scores;
        for (size_t k = 0; k < cells.size(); ++k)
            if (const Cell& c = cells[k]; !c.tile && !c.cand.empty() && !near(c, isTile))
                table.push_back(k), scores.push_back(c.cand[0].score);
        if (!scores.empty()) {
            std::sort(scores.begin(), scores.end());
            const float bulk = scores[std::min(
                scores.size() - 1, size_t(std::max(0.f, p.tableBulk) * float(scores.size())))];
            for (float s : scores)
                if (s <= bulk + p.aboveTable) ceiling = s;
        }
        if (int(table.size()) >= p.tableCells) {
            for (size_t k = 0; k < cells.size(); ++k) {
                Cell& c = cells[k];
                if (c.tile || c.cand.empty() || c.unexplained || tilesBeside(c) == 0) continue;
                auto above = [&] {
                    return !c.cand.empty() && c.cand[0].score >= p.outlinedTile &&
                           c.cand[0].score >= ceiling + p.aboveTable;
                };
                // Only a cell that passes already is read in full: telling look-alikes apart
                // never raises the best score, and the widened slide is for tiles.
                if (c.deferred || (c.fullLater && above())) classifyCell(c, patches[k]);
                c.tile = above();
            }
        }
        // An outlined cell in the table's hue (which the colour models judge) but not in its
        // shade near the cell (offTheTable): a tile (our tan cities on a brown table).
        for (size_t k = 0; k < cells.size() && !table.empty(); ++k) {
            Cell& c = cells[k];
            if (c.tile || c.cand.empty() || offTheTable(k) < p.offTable || !outlined(c)) continue;
            if (c.deferred || c.fullLater) classifyCell(c, patches[k]);
            c.tile = !c.cand.empty() && c.cand[0].score >= p.outlineScore;
        }
    }
    const auto& kinds = classifier_.kinds();
    // A side of a tile that its own pixels settle: it reads well, and every reading about as
    // likely has the same terrain there (a city with or without a pennant).
    auto sideIsClear = [&](const Cell& n, int side) {
        if (!n.tile || n.cand[0].score < p.clearSide) return false;
        const Candidate& first = n.cand[0];
        const auto terrain = kinds[size_t(first.kind)]->sideTerrain(side, first.rotation);
        for (const Candidate& o : n.cand)
            if (o.score >= first.score - p.minMargin &&
                kinds[size_t(o.kind)]->sideTerrain(side, o.rotation) != terrain)
                return false;
        return true;
    };
    // How many of a cell's neighbours show it a clear side.
    auto clearSidesBeside = [&](const Cell& c) {
        int clear = 0;
        for (int side = 0; side < 4; ++side) {
            const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            clear += it != at.end() && sideIsClear(cells[it->second], (side + 2) % 4);
        }
        return clear;
    };
    // How many clear sides of its neighbours a reading contradicts.
    auto contradicted = [&](const Cell& c, const Candidate& o) {
        int against = 0;
        for (int side = 0; side < 4; ++side) {
            const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            if (it == at.end() || !sideIsClear(cells[it->second], (side + 2) % 4)) continue;
            const Cell& n = cells[it->second];
            const auto mine = kinds[size_t(o.kind)]->sideTerrain(side, o.rotation);
            const auto theirs =
                kinds[size_t(n.cand[0].kind)]->sideTerrain((side + 2) % 4, n.cand[0].rotation);
            against += !sidesMeet(mine, theirs);
        }
        return against;
    };
    // A cell in the table's colours amid tiles, every likely reading of which contradicts two
    // or more of its neighbours' clear sides: a hole in the board (the table framed by their
    // edges and shadows reads as a city), not a tile.
    for (Cell& c : cells) {
        if (!c.tile || sure(c) || c.tileLlr >= 0) continue;
        bool fits = false;
        for (const Candidate& o : c.cand)
            fits = fits || (o.score >= c.cand[0].score - kFullMargin && contradicted(c, o) < 2);
        c.tile = fits;
    }
    // A cell amid four tiles that neither its colours nor its match called a tile (a city of
    // the table's tan, a quiet tile in the board's shade), whose neighbours' sides are clear and
    // fitted by one of its readings: a tile (vision/README.md, holes).
    for (size_t k = 0; k < cells.size() && p.holeFit > 0; ++k) {
        Cell& c = cells[k];
        if (c.tile || c.cand.empty() || c.unexplained || openSides(c) != 0) continue;
        if (clearSidesBeside(c) < p.clearSidesToFit) continue;
        if (c.deferred || c.fullLater) classifyCell(c, patches[k]);
        for (const Candidate& o : c.cand)
            c.tile = c.tile || (o.score >= p.holeFit && contradicted(c, o) == 0);
    }
    // A cell in a bay of the board (two or three tiles beside it) that nothing so far called a
    // tile (a city of the table's brown, its outline weakened by the houses drawn inside it),
    // with a reading of at least holeFit and a contrast that fits (bayPhotometric) that every
    // clear side of its neighbours agrees with (one at least), and an outline towards the table
    // a third of what a cell needs on its own (bayOutline): a tile. Table in a bay reads as
    // quiet tiles just as well, but shows no outline (1.0 or less in the bench's scenes; the
    // tiles left out so, 3.0 to 7.8).
    for (size_t k = 0; k < cells.size() && p.bayOutline > 0; ++k) {
        Cell& c = cells[k];
        const int beside = tilesBeside(c);
        if (c.tile || c.cand.empty() || c.unexplained || beside < 2 || beside == 4) continue;
        if (clearSidesBeside(c) == 0 || outlineStrength(detailOf(c), openSides(c)) < p.bayOutline)
            continue;
        if (c.deferred || c.fullLater) classifyCell(c, patches[k]);
        for (const Candidate& o : c.cand)
            c.tile = c.tile || (o.score >= p.holeFit && o.photometric <= p.bayPhotometric &&
                                contradicted(c, o) == 0);
    }
    // An island of tiles of the table's colours beside the board: cells matching a kind as
    // clearly as the table-ceiling rule wants (strong) but with no tile beside them, linked to
    // the board by a cell that matches some kind (outlineScore) but whose outline their edges
    // hide (classic scene 99: cities C 0.96 and S 0.94 on the brown table, linked by T 0.67).
    // The board is connected, so strong cells beside a cell beside the board make that cell
    // the link; all are tiles.
    if (p.islandLinks && int(table.size()) >= p.tableCells) {
        const float strongFrom = std::max(p.outlinedTile, ceiling + p.aboveTable);
        auto strong = [&](const Cell& n) {
            return !n.tile && !n.cand.empty() && !n.unexplained && n.cand[0].score >= strongFrom &&
                   n.cand[0].photometric <= p.surePhotometric && tilesBeside(n) == 0;
        };
        for (size_t k = 0; k < cells.size(); ++k) {
            Cell& c = cells[k];
            if (c.tile || c.cand.empty() || c.unexplained || tilesBeside(c) == 0 ||
                c.cand[0].score < p.outlineScore)
                continue;
            std::vector<size_t> island;
            for (int side = 0; side < 4; ++side) {
                const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
                if (it != at.end() && strong(cells[it->second])) island.push_back(it->second);
            }
            if (island.empty()) continue;
            island.push_back(k);
            for (size_t n : island) {
                if (cells[n].deferred || cells[n].fullLater) classifyCell(cells[n], patches[n]);
                cells[n].tile = true;
            }
        }
    }
    // Stage 4: joint decoding. Most confident first; each takes its best candidate that agrees
    // with the edges already decided and the copies left in the box.
    std::vector<int> left(kinds.size()); // copies of each kind not yet placed
    for (size_t k = 0; k < kinds.size(); ++k)
        for (size_t g = 0; g < setup_->kinds.size(); ++g)
            if (setup_->kinds[g] == kinds[k])
                left[k] = kinds[k]->inSupply ? adj::kMaxPlayers : setup_->boxCount[g];
    // The kind a candidate stands for: itself while copies are left, else a look-alike.
    auto boxKind = [&](const Candidate& cand) {
        if (left[size_t(cand.kind)] > 0) return cand.kind;
        for (int alike : classifier_.lookAlikes(cand.kind))
            if (left[size_t(alike)] > 0) return alike;
        return -1;
    };
    std::vector<size_t> order;
    for (size_t k = 0; k < cells.size(); ++k)
        if (isTile(cells[k])) order.push_back(k);
    // Cells in the table's colours that their match alone calls tiles come last: one may be
    // the table in a hole of the board, which should not decide its neighbours' edges. So do
    // cells barely in the tiles' colours that no outline vouches for (tableHueLlr). Judged
    // once per cell: the sort asks many times, and which cells are tiles no longer changes.
    std::vector<char> doubtfulCell(cells.size(), 0);
    for (size_t k : order) {
        const Cell& c = cells[k];
        doubtfulCell[k] =
            (!sure(c) && c.tileLlr < 0) || (c.tileLlr < p.tableHueLlr && !outlinedSquare(c));
    }
    auto doubtful = [&](const Cell& c) { return doubtfulCell[size_t(&c - cells.data())] != 0; };
    // A cell whose first choice reads as well as a clear side wants, not decided late.
    auto readsClearly = [&](const Cell& c) {
        return !doubtful(c) && c.cand[0].score >= p.clearSide;
    };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (doubtful(cells[a]) != doubtful(cells[b])) return doubtful(cells[b]);
        return cells[a].cand[0].margin > cells[b].cand[0].margin;
    });
    // Whether a reading's edges match the neighbours decided so far (or only those read
    // clearly on their own pixels: `clearOnly`).
    auto agrees = [&](const Cell& c, const tiledb::TileKind& k, int rotation,
                      bool clearOnly = false) {
        for (int side = 0; side < 4; ++side) {
            auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            if (it == at.end() || cells[it->second].chosen < 0) continue;
            const Cell& n = cells[it->second];
            if (clearOnly && (n.chosen != 0 || !sideIsClear(n, (side + 2) % 4))) continue;
            const Candidate& nc = n.cand[size_t(n.chosen)];
            const auto mine = k.sideTerrain(side, rotation);
            const auto theirs = kinds[size_t(nc.kind)]->sideTerrain((side + 2) % 4, nc.rotation);
            if (!sidesMeet(mine, theirs)) return false;
        }
        return true;
    };
    // Cell k takes its candidate a as a copy of `kind` (the candidate's, or a look-alike's).
    auto give = [&](size_t k, size_t a, int kind) {
        Cell& c = cells[k];
        c.cand[a].kind = kind;
        c.chosen = int(a);
        --left[size_t(kind)];
    };
    auto decide = [&](size_t k) {
        Cell& c = cells[k];
        for (size_t a = 0; a < c.cand.size(); ++a) {
            if (c.cand[a].score < c.cand[0].score - 0.08f) break;
            const int kind = boxKind(c.cand[a]);
            if (kind >= 0 && agrees(c, *kinds[size_t(kind)], c.cand[a].rotation))
                return give(k, a, kind);
        }
    };
    for (size_t k : order) decide(k);
    // Repair (RecogniseParams::displaceBy, displaceForCopy): a cell without a reading takes
    // its first choice from the neighbours it disagrees with; a cell whose first choice has no
    // copy left (with or without a reading) also from the cell holding a copy most weakly.
    for (size_t k : order) {
        Cell& c = cells[k];
        const Candidate& want = c.cand[0];
        if (c.chosen == 0 || !readsClearly(c)) continue;
        const bool needCopy = boxKind(want) < 0;
        if (needCopy ? !p.displaceForCopy : c.chosen > 0) continue;
        std::vector<size_t> against;
        bool weaker = true;
        for (int side = 0; side < 4; ++side) {
            const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            if (it == at.end() || cells[it->second].chosen < 0) continue;
            const Cell& n = cells[it->second];
            const Candidate& nc = n.cand[size_t(n.chosen)];
            if (sidesMeet(kinds[size_t(want.kind)]->sideTerrain(side, want.rotation),
                          kinds[size_t(nc.kind)]->sideTerrain((side + 2) % 4, nc.rotation)))
                continue;
            against.push_back(it->second);
            weaker = weaker && nc.score <= want.score - p.displaceBy;
        }
        if (needCopy) {
            auto held = [&](size_t n) { return cells[n].cand[size_t(cells[n].chosen)].score; };
            size_t holder = cells.size();
            for (size_t n : order)
                if (n != k && cells[n].chosen >= 0 &&
                    cells[n].cand[size_t(cells[n].chosen)].kind == want.kind &&
                    (holder == cells.size() || held(n) < held(holder)))
                    holder = n;
            if (holder == cells.size()) continue;
            if (std::find(against.begin(), against.end(), holder) == against.end()) {
                against.push_back(holder);
                weaker = weaker && held(holder) <= want.score - p.displaceBy;
            }
        }
        if (against.empty() || !weaker) continue;
        for (size_t n : against) {
            Cell& o = cells[n];
            ++left[size_t(o.cand[size_t(o.chosen)].kind)];
            o.chosen = -1;
        }
        if (c.chosen > 0) { // its lesser reading's copy goes back to the box
            ++left[size_t(c.cand[size_t(c.chosen)].kind)];
            c.chosen = -1;
        }
        decide(k);
        for (size_t n : against) decide(n);
    }
    // Clear sides that leave one reading (RecogniseParams::clearSidesToFit).
    for (size_t k : order) {
        Cell& c = cells[k];
        if (c.chosen >= 0) continue;
        int clear = 0;
        for (int side = 0; side < 4; ++side) {
            const auto it = at.find({c.i + dI[side], c.j + dJ[side]});
            clear += it != at.end() && cells[it->second].chosen == 0 &&
                     sideIsClear(cells[it->second], (side + 2) % 4);
        }
        if (clear < p.clearSidesToFit) continue;
        // A notch of table beside the board whose shade passes for a tile's colours fits its
        // neighbours' sides as well as a quiet tile does: a tile is outlined towards the table.
        if (c.tileLlr < p.tileColourLlr && tilesBeside(c) < 4 && !outlined(c)) continue;
        int fit = -1, fits = 0;
        for (size_t a = 0; a < c.cand.size(); ++a) {
            const int kind = boxKind(c.cand[a]);
            if (c.cand[a].score >= p.tileScore && kind >= 0 &&
                agrees(c, *kinds[size_t(kind)], c.cand[a].rotation))
                ++fits, fit = int(a);
        }
        if (fits == 1) give(k, size_t(fit), boxKind(c.cand[size_t(fit)]));
    }
    // Whether the box's counts are evidence (RecogniseParams::clearCopies): every copy of
    // `kind` placed went to a cell reading it as its own first choice, clearly (a clear side's
    // score, a margin and a confidence its result keeps, not decided late as doubtful), and
    // none is left.
    auto spentOnClearReadings = [&](int kind) {
        if (!p.clearCopies || left[size_t(kind)] > 0) return false;
        for (size_t k : order) {
            const Cell& h = cells[k];
            if (h.chosen < 0 || h.cand[size_t(h.chosen)].kind != kind) continue;
            const Candidate& hc = h.cand[0];
            if (h.chosen != 0 || !readsClearly(h) || hc.margin < p.minMargin ||
                confidenceOf(hc.score, hc.margin) < p.minConfidence)
                return false;
        }
        return true;
    };
    // Stage 5: results, in board coordinates (x = i, y = -j), with per-tile refined corners.
    std::vector<size_t> sourceOf; // per result: its cell
    for (const Cell& c : cells) {
        CellResult r;
        r.cell = adj::Pos{c.i, -c.j};
        if (!c.cand.empty()) r.score = c.cand[0].score, r.photometric = c.cand[0].photometric;
        for (const Candidate& a : c.cand) r.alternatives.push_back(alternative(kinds, a));
        cv::Point2f shift(0, 0);
        if (isTile(c)) {
            if (c.chosen < 0) {
                r.status = CellStatus::Uncertain;
                r.note = Said("cell.no-fit");
                const Candidate& best = c.cand[0];
                take(r, kinds, best);
            } else {
                const Candidate& best = c.cand[size_t(c.chosen)];
                float gap = best.margin;
                if (c.chosen == 0 && readsClearly(c)) {
                    // Readings about as likely whose edges a clearly read neighbour rules out
                    // (a road with or without a city cap the rim hides), or of a kind whose
                    // every copy lies clearly elsewhere (a pennant twin), do not make it
                    // unsure: it need only beat those that fit.
                    float next = -1;
                    bool ruledOut = false;
                    for (size_t a = 1; a < c.cand.size(); ++a) {
                        const Candidate& o = c.cand[a];
                        const bool spent =
                            o.kind != best.kind && boxKind(o) < 0 && spentOnClearReadings(o.kind);
                        if (!spent && agrees(c, *kinds[size_t(o.kind)], o.rotation, true))
                            next = std::max(next, o.score);
                        else if (o.score >= best.score - kFullMargin)
                            ruledOut = true;
                    }
                    if (ruledOut) gap = std::max(gap, best.score - std::max(next, 0.f));
                }
                bool byEdges = false; // the first choice was ruled out by a neighbour's edge
                if (c.chosen > 0) {
                    // How clearly it beats the other readings that fit the neighbours too.
                    const Candidate& first = c.cand[0];
                    for (int side = 0; side < 4; ++side)
                        byEdges = byEdges ||
                                  kinds[size_t(first.kind)]->sideTerrain(side, first.rotation) !=
                                      kinds[size_t(best.kind)]->sideTerrain(side, best.rotation);
                    float next = 0;
                    for (size_t a = size_t(c.chosen) + 1; a < c.cand.size(); ++a)
                        if (agrees(c, *kinds[size_t(c.cand[a].kind)], c.cand[a].rotation))
                            next = std::max(next, c.cand[a].score);
                    gap = best.score - next;
                }
                take(r, kinds, best);
                r.confidence = confidenceOf(best.score, gap);
                for (int alike : classifier_.lookAlikes(best.kind))
                    if (alike != best.kind) r.sameLook.push_back(kinds[size_t(alike)]->id);
                shift = best.shift;
                if (c.chosen > 0 && !byEdges) {
                    // Only the box's counts ruled it out: unless every copy went to a clear
                    // reading, one may have gone to a misread, which is no evidence
                    // (vision/README.md, joint decoding).
                    if (!readsClearly(c) || !spentOnClearReadings(c.cand[0].kind)) {
                        r.confidence = 0;
                        r.note = Said("cell.first-spent");
                    }
                } else if (c.chosen > 0) {
                    r.confidence *= 0.75f;
                    if (gap < p.minMargin || r.confidence < p.minConfidence)
                        r.note = Said("cell.first-disagrees");
                }
                if (gap < p.minMargin || r.confidence < p.minConfidence) {
                    r.status = CellStatus::Uncertain;
                    if (r.note.empty()) r.note = Said("cell.two-readings");
                }
                if (r.status == CellStatus::Tile && best.score < p.rimWeak && tilesBeside(c) <= 1) {
                    r.status = CellStatus::Uncertain;
                    r.note = Said("cell.weak-at-edge");
                }
            }
        } else if (c.tileLlr > 0 && !c.unexplained && !c.cand.empty() && !tableGrain(c)) {
            r.status = CellStatus::Uncertain;
            take(r, kinds, c.cand[0]);
            r.note = Said("cell.no-kind-tile-colours");
        } else if (outlined(c)) {
            r.status = CellStatus::Uncertain;
            take(r, kinds, c.cand[0]);
            r.note = Said("cell.table-colours");
        } else {
            // The table (left out), or something over a cell next to the board.
            if (!c.unexplained || !near(c, isTile)) continue;
            r.status = CellStatus::Occluded;
            r.note = Said("cell.covered");
        }
        const cv::Point2d g[4] = {{c.i + shift.x, c.j + shift.y},
                                  {c.i + 1 + shift.x, c.j + shift.y},
                                  {c.i + 1 + shift.x, c.j + 1 + shift.y},
                                  {c.i + shift.x, c.j + 1 + shift.y}};
        for (int q = 0; q < 4; ++q) r.corners[size_t(q)] = apply(Gi, g[q]);
        out.cells.push_back(std::move(r));
        sourceOf.push_back(size_t(&c - cells.data()));
    }
    if (p.eliminationCells > 0 || p.countsCells > 0)
        settleByElimination(
            out,
            [&](size_t r, int kind) {
                const Cell& c = cells[sourceOf[r]];
                return classifier_.turnScores(patches[sourceOf[r]], kind, rimAt(c.i, c.j));
            },
            [&](size_t r) {
                const Cell& c = cells[sourceOf[r]];
                return isTile(c) && !doubtful(c);
            },
            p);
    lap("decode");
    // Board plane (x, y north) -> grid (x, -y) -> image.
    out.boardToImage = Gi * cv::Matx33d(1, 0, 0, 0, -1, 0, 0, 0, 1);
    out.grid = GridHint{G, INT_MAX, INT_MIN, INT_MAX, INT_MIN};
    for (const CellResult& r : out.cells) {
        if (r.status != CellStatus::Tile) continue;
        out.grid.i0 = std::min(out.grid.i0, r.cell.x),
        out.grid.i1 = std::max(out.grid.i1, r.cell.x);
        out.grid.j0 = std::min(out.grid.j0, -r.cell.y),
        out.grid.j1 = std::max(out.grid.j1, -r.cell.y);
    }
    if (!out.grid.valid()) out.grid = {};
    // Stage 6: notation. The start tile at (0,0) unturned: among tiles of the start kind, the
    // one nearest the middle; the board is turned so that it lies unturned.
    if (out.tiles() == 0) {
        // A small board's few lines can make a lattice on which no tile shows: its tiles'
        // squares instead (once: the retry reads on a hint).
        if (axes && !p.latticeOnly) {
            RecogniseParams again = p;
            again.grid = gridFromSquares(findTileQuads(axes->segments, bgr.size(), p.lattice),
                                         classifier_, pyr, p);
            again.gridRing = p.squareRing;
            if (again.grid.valid()) {
                const double before = elapsed();
                Recognition r = recogniseOnce(bgr, again, squaresRead);
                squaresRead = widened(again.grid, again.gridRing);
                if (r.ok()) {
                    r.segments = std::move(out.segments);
                    r.family.assign(r.segments.size(), -1);
                    return adopt(std::move(r), before);
                }
            }
        }
        out.error = "no tile recognised";
        return finish();
    }
    const std::string startId =
        setup_->startKind >= 0 ? setup_->kinds[size_t(setup_->startKind)]->id : "";
    bool certain = true;
    for (const CellResult& r : out.cells) certain = certain && r.status == CellStatus::Tile;
    if (!certain) {
        out.notationProblem = "some cells are uncertain or covered";
        return finish();
    }
    double mx = 0, my = 0;
    for (const CellResult& r : out.cells) mx += r.cell.x, my += r.cell.y;
    mx /= double(out.cells.size()), my /= double(out.cells.size());
    const CellResult* origin = nullptr;
    for (const CellResult& r : out.cells)
        if (r.kind == startId &&
            (!origin || std::hypot(r.cell.x - mx, r.cell.y - my) <
                            std::hypot(origin->cell.x - mx, origin->cell.y - my)))
            origin = &r;
    if (!origin) {
        out.notationProblem = "no start tile (" + startId + ") on the board";
        return finish();
    }
    // Turning the board by t quarter turns clockwise maps (x, y) -> (y, -x) per turn.
    const int t = (4 - origin->rotation) % 4;
    auto turn = [&](adj::Pos q) {
        for (int k = 0; k < t; ++k) q = adj::Pos{q.y, -q.x};
        return q;
    };
    const adj::Pos o = turn(origin->cell);
    std::map<std::pair<int, int>, const CellResult*> byPos;
    for (const CellResult& r : out.cells) {
        const adj::Pos q = turn(r.cell);
        byPos[{q.x - o.x, q.y - o.y}] = &r;
    }
    // Placement order: breadth first from the start tile; abbeys last (they need a hole).
    std::vector<std::pair<adj::Pos, const CellResult*>> placed, abbeys;
    std::set<std::pair<int, int>> seen{{0, 0}};
    std::queue<std::pair<int, int>> todo;
    todo.push({0, 0});
    while (!todo.empty()) {
        const auto [x, y] = todo.front();
        todo.pop();
        const CellResult* r = byPos[{x, y}];
        const tiledb::TileKind* k = nullptr;
        for (const tiledb::TileKind* kk : setup_->kinds)
            if (kk->id == r->kind) k = kk;
        (k && k->inSupply ? abbeys : placed).push_back({adj::Pos{x, y}, r});
        for (auto [dx, dy] : {std::pair(0, 1), std::pair(1, 0), std::pair(0, -1), std::pair(-1, 0)})
            if (byPos.count({x + dx, y + dy}) && seen.insert({x + dx, y + dy}).second)
                todo.push({x + dx, y + dy});
    }
    if (placed.size() + abbeys.size() != out.cells.size()) {
        out.notationProblem = "the tiles do not form one connected board";
        return finish();
    }
    placed.insert(placed.end(), abbeys.begin(), abbeys.end());
    std::string err;
    auto state = adj::State::create(
        [&] {
            adj::GameConfig g = game_;
            g.players = p.players;
            return g;
        }(),
        &err);
    if (!state) {
        out.notationProblem = err;
        return finish();
    }
    std::string text = state->toNotation();
    std::ostringstream tiles;
    for (size_t k = 0; k < placed.size(); ++k)
        tiles << (k ? ";" : "") << placed[k].second->kind << "@" << placed[k].first.x << ","
              << placed[k].first.y << "r" << (placed[k].second->rotation + t) % 4;
    const size_t a = text.find(" tiles="), b = text.find(' ', a + 1);
    text = text.substr(0, a) + " tiles=" + tiles.str() +
           (b == std::string::npos ? "" : text.substr(b));
    if (adj::State::fromNotation(text, &err))
        out.notation = text;
    else
        out.notationProblem = "the board read is not a legal position: " + err;
    return finish();
}

CellResult Recogniser::readCell(const cv::Mat& bgr, const cv::Matx33d& imageToGrid, int i, int j,
                                cv::Point2d offset, const RecogniseParams& p) const {
    CellResult r;
    r.cell = adj::Pos{i, -j};
    r.status = CellStatus::Uncertain;
    const cv::Matx33d Gi = imageToGrid.inv();
    // Where the tile lies: at the expected place; when it reads poorly there, the best of a few
    // places and sizes around it (a lattice fitted to a few tiles is off by a fifth of a tile
    // and a sixth of its size a few cells away; the classifier slides only a sixth of a tile).
    // The pyramid of the cell's neighbourhood only (the search, its margins and the detail
    // patch's).
    const double m = std::max(double(TileClassifier::kMargin) / TileClassifier::kFine,
                              double(TileClassifier::kDetailMargin) / TileClassifier::kDetail) +
                     p.searchShift + 0.2;
    const double ox = offset.x, oy = offset.y;
    const cv::Rect roi =
        cropAround(bgr.size(), Gi, {i + ox - m, j + oy - m}, {i + ox + 1 + m, j + oy + 1 + m});
    if (roi.empty() || !cellInside(cv::Rect(0, 0, bgr.cols, bgr.rows), Gi, i, j)) {
        r.note = Said("cell.outside");
        return r;
    }
    const Pyramid pyr(bgr(roi));
    const cv::Matx33d toRoi = intoCrop(Gi, roi);
    const int level = pyramidLevel(tileSide(Gi, cv::Point2d(i + 0.5, j + 0.5)));
    Place at{i + ox, j + oy, 1.0};
    std::vector<Candidate> cand =
        classifyPlace(classifier_, pyr, level, toRoi, at, p.rim, p.ownFootprint);
    if (cand.empty() || cand[0].score < p.searchBelow) {
        // The coarse match ranks the places; the best is classified in full.
        const Place best =
            searchAround(classifier_, pyr, level, toRoi, at, p.searchShift, p.searchScale);
        if (!(best == at)) {
            std::vector<Candidate> again =
                classifyPlace(classifier_, pyr, level, toRoi, best, p.rim, p.ownFootprint);
            // The expected place has the lattice and the neighbours for it: another must read
            // clearly better (a straight road reads alike a fifth of a tile off and smaller).
            if (!again.empty() && (cand.empty() || again[0].score > cand[0].score + p.searchGain))
                cand = std::move(again), at = best;
        }
    }
    const double x = at.x, y = at.y, size = at.size;
    const auto& kinds = classifier_.kinds();
    for (const Candidate& a : cand) r.alternatives.push_back(alternative(kinds, a));
    cv::Point2f shift(0, 0);
    if (!cand.empty() && cand[0].score >= p.tileScore && cand[0].photometric <= p.maxPhotometric) {
        const Candidate& best = cand[0];
        take(r, kinds, best);
        r.score = best.score, r.photometric = best.photometric;
        r.confidence = confidenceOf(best.score, best.margin);
        for (int alike : classifier_.lookAlikes(best.kind))
            if (alike != best.kind) r.sameLook.push_back(kinds[size_t(alike)]->id);
        shift = best.shift;
        if (best.margin >= p.minMargin && r.confidence >= p.minConfidence)
            r.status = CellStatus::Tile;
        else
            r.note = Said("cell.two-readings");
    } else {
        if (!cand.empty()) r.score = cand[0].score, r.photometric = cand[0].photometric;
        r.note = Said("cell.no-kind");
    }
    const double sx = x + size * shift.x, sy = y + size * shift.y;
    const cv::Point2d g[4] = {{sx, sy}, {sx + size, sy}, {sx + size, sy + size}, {sx, sy + size}};
    for (int q = 0; q < 4; ++q) r.corners[size_t(q)] = apply(Gi, g[q]);
    return r;
}

std::vector<std::array<float, 4>>
Recogniser::turnScoresAt(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                         const std::vector<std::string>& kinds, TileClassifier::Rim rim) const {
    std::vector<std::array<float, 4>> out(kinds.size(), {-2, -2, -2, -2});
    if (bgr.empty()) return out;
    const std::array<cv::Point2f, 4> unit{cv::Point2f(0, 0), cv::Point2f(1, 0), cv::Point2f(1, 1),
                                          cv::Point2f(0, 1)};
    const cv::Matx33d G = cv::getPerspectiveTransform(unit.data(), corners.data());
    const double m = double(TileClassifier::kMargin) / TileClassifier::kFine + 0.1;
    const cv::Rect roi = cropAround(bgr.size(), G, {-m, -m}, {1 + m, 1 + m});
    if (roi.empty()) return out; // off the picture, or corners that are no square
    const Pyramid pyr(bgr(roi));
    const cv::Matx33d toRoi = intoCrop(G, roi);
    const cv::Mat patch =
        cellPatch(pyr, pyramidLevel(tileSide(toRoi, cv::Point2d(0.5, 0.5))), toRoi, 0, 0);
    const auto& known = classifier_.kinds();
    for (size_t k = 0; k < kinds.size(); ++k) {
        const auto it = std::find_if(known.begin(), known.end(),
                                     [&](const tiledb::TileKind* t) { return t->id == kinds[k]; });
        if (it != known.end()) out[k] = classifier_.turnScores(patch, int(it - known.begin()), rim);
    }
    return out;
}

std::array<cv::Point2f, 4> Recognition::cellSquare(adj::Pos cell) const {
    // Board cell (x, y) runs from y - 1 (south) to y (north), x to x + 1.
    const cv::Point2d board[4] = {{double(cell.x), double(cell.y)},
                                  {cell.x + 1.0, double(cell.y)},
                                  {cell.x + 1.0, cell.y - 1.0},
                                  {double(cell.x), cell.y - 1.0}};
    std::array<cv::Point2f, 4> out;
    for (size_t q = 0; q < 4; ++q) out[q] = apply(boardToImage, board[q]);
    return out;
}

std::string Recognition::json() const {
    std::ostringstream o;
    o << "{\n  \"schema\": \"carcassonne-recognition/1\",\n  \"width\": " << width
      << ", \"height\": " << height << ", \"millis\": " << std::round(millis * 10) / 10;
    if (!ok()) {
        o << ",\n  \"error\": " << tiledb::jsonString(error) << "\n}\n";
        return o.str();
    }
    o << ",\n  \"notation\": " << tiledb::jsonString(notation)
      << ",\n  \"notationProblem\": " << tiledb::jsonString(notationProblem) << ",\n  \"cells\": [";
    for (size_t i = 0; i < cells.size(); ++i) {
        const CellResult& c = cells[i];
        o << (i ? ",\n" : "\n") << "    {\"cell\": [" << c.cell.x << ", " << c.cell.y
          << "], \"status\": \"" << cellStatusName(c.status)
          << "\", \"kind\": " << tiledb::jsonString(c.kind) << ", \"rotation\": " << c.rotation
          << ", \"confidence\": " << std::round(c.confidence * 1000) / 1000
          << ", \"score\": " << std::round(c.score * 1000) / 1000 << ", \"corners\": [";
        for (size_t q = 0; q < 4; ++q)
            o << (q ? ", " : "") << "[" << std::round(c.corners[q].x * 10) / 10 << ", "
              << std::round(c.corners[q].y * 10) / 10 << "]";
        o << "], \"alternatives\": [";
        for (size_t a = 0; a < c.alternatives.size() && a < 3; ++a)
            o << (a ? ", " : "") << "{\"kind\": " << tiledb::jsonString(c.alternatives[a].kind)
              << ", \"rotation\": " << c.alternatives[a].rotation
              << ", \"score\": " << std::round(c.alternatives[a].score * 1000) / 1000 << "}";
        o << "]";
        if (!c.note.empty()) o << ", \"note\": " << tiledb::jsonString(c.note.in());
        o << "}";
    }
    o << "\n  ]\n}\n";
    return o.str();
}

cv::Mat Recogniser::debugImage(const cv::Mat& bgr, const Recognition& r) {
    cv::Mat img = bgr.clone();
    for (size_t s = 0; s < r.segments.size(); ++s) {
        const cv::Vec4f& g = r.segments[s];
        const int f = s < r.family.size() ? r.family[s] : -1;
        const cv::Scalar colour = f == 0   ? cv::Scalar(255, 160, 0)
                                  : f == 1 ? cv::Scalar(0, 200, 255)
                                           : cv::Scalar(120, 120, 120);
        cv::line(img, {int(g[0]), int(g[1])}, {int(g[2]), int(g[3])}, colour, 1, cv::LINE_AA);
    }
    for (const CellResult& c : r.cells) {
        const cv::Scalar colour = c.status == CellStatus::Tile        ? cv::Scalar(60, 220, 60)
                                  : c.status == CellStatus::Uncertain ? cv::Scalar(0, 160, 255)
                                                                      : cv::Scalar(40, 40, 230);
        std::vector<cv::Point> quad;
        for (const auto& q : c.corners) quad.push_back(cv::Point(int(q.x), int(q.y)));
        cv::polylines(img, quad, true, colour, 2, cv::LINE_AA);
        cv::line(img, quad[0], quad[1], cv::Scalar(255, 255, 255), 2, cv::LINE_AA); // north
        cv::Point2f m(0, 0);
        for (const auto& q : c.corners) m += q * 0.25f;
        std::string label =
            c.status == CellStatus::Occluded ? "?" : c.kind + "r" + std::to_string(c.rotation);
        const double scale = 0.4;
        int base = 0;
        const cv::Size ts = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, scale, 1, &base);
        const cv::Point org(int(m.x) - ts.width / 2, int(m.y) + ts.height / 2);
        cv::rectangle(img, org + cv::Point(-2, base), org + cv::Point(ts.width + 2, -ts.height - 2),
                      cv::Scalar(0, 0, 0), cv::FILLED);
        cv::putText(img, label, org, cv::FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv::LINE_AA);
        if (c.status == CellStatus::Uncertain && c.alternatives.size() > 1) {
            const std::string alt =
                "or " + c.alternatives[1].kind + "r" + std::to_string(c.alternatives[1].rotation);
            cv::putText(img, alt, org + cv::Point(0, ts.height + 4), cv::FONT_HERSHEY_SIMPLEX,
                        scale * 0.8, cv::Scalar(0, 160, 255), 1, cv::LINE_AA);
        }
    }
    return img;
}

} // namespace vision
