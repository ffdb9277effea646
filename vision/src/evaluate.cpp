#include "vision/evaluate.h"

#include "tiledb/catalogue.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace vision {

namespace {

cv::Point2f centre(const std::array<cv::Point2f, 4>& q) {
    return (q[0] + q[1] + q[2] + q[3]) * 0.25f;
}

const tiledb::TileKind* findKind(const std::string& id) {
    const auto& cat = tiledb::Catalogue::bundled();
    for (const std::string& set : cat.setIds())
        if (const tiledb::TileKind* k = cat.set(set)->find(id)) return k;
    return nullptr;
}

} // namespace

Evaluation& Evaluation::operator+=(const Evaluation& o) {
    truthTiles += o.truthTiles, correct += o.correct, kindRight += o.kindRight;
    rotationRight += o.rotationRight, wrong += o.wrong, unsure += o.unsure;
    missed += o.missed, extra += o.extra, cornerError += o.cornerError;
    return *this;
}

Evaluation evaluate(const Scene& truth, const Recognition& r) {
    Evaluation e;
    e.truthTiles = int(truth.tiles.size());
    std::vector<bool> used(r.cells.size(), false);
    double cornerSum = 0;
    int cornerCount = 0;
    for (const TileTruth& t : truth.tiles) {
        const cv::Point2f c = centre(t.corners);
        int hit = -1;
        for (size_t i = 0; i < r.cells.size(); ++i) {
            const auto& q = r.cells[i].corners;
            const std::vector<cv::Point2f> quad(q.begin(), q.end());
            if (cv::pointPolygonTest(quad, c, false) >= 0) {
                hit = int(i);
                break;
            }
        }
        if (hit < 0) {
            ++e.missed;
            continue;
        }
        used[size_t(hit)] = true;
        const CellResult& cell = r.cells[size_t(hit)];
        if (cell.status != CellStatus::Tile) {
            ++e.unsure;
            continue;
        }
        // The global quarter turn k: the recognised north edge lies along the truth's edge k.
        int k = 0;
        double bestDist = 1e18;
        for (int s = 0; s < 4; ++s) {
            double d = 0;
            for (int q = 0; q < 4; ++q) {
                const cv::Point2f a = cell.corners[size_t(q)], b = t.corners[size_t((q + s) % 4)];
                d += std::hypot(a.x - b.x, a.y - b.y);
            }
            if (d < bestDist) bestDist = d, k = s;
        }
        cornerSum += bestDist / 4, ++cornerCount;
        const tiledb::TileKind* kind = findKind(t.kind);
        const int distinct = kind ? kind->distinctRotations : 4;
        // The recognised north is the truth's side k, so truth rotation r reads as r - k.
        // Kinds drawn alike in the art (reported in sameLook) are one look: either is right.
        const bool kindOk =
            cell.kind == t.kind ||
            std::find(cell.sameLook.begin(), cell.sameLook.end(), t.kind) != cell.sameLook.end();
        const bool rotOk = kindOk && ((t.rotation - k + 4) % distinct) == cell.rotation % distinct;
        e.kindRight += kindOk;
        e.rotationRight += rotOk;
        if (kindOk && rotOk)
            ++e.correct;
        else
            ++e.wrong;
    }
    for (size_t i = 0; i < r.cells.size(); ++i)
        if (!used[i] && r.cells[i].status == CellStatus::Tile) ++e.extra;
    e.cornerError = cornerCount ? cornerSum / cornerCount : 0;
    return e;
}

} // namespace vision
