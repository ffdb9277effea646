#include "vision/elimination.h"

#include "vision/recognise.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

namespace vision::elimination {

Outcome assign(const std::vector<Cell>& cells, std::vector<int> left, const Meets& meets,
               float margin, int cap) {
    const size_t n = cells.size();
    Outcome out;
    out.reading.assign(n, -1);
    out.lead.assign(n, 0);
    // Cells with the fewest readings first: the search branches least.
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return cells[a].readings.size() < cells[b].readings.size();
    });
    std::vector<int> now(n, -1);
    std::vector<std::vector<int>> found;
    std::vector<float> totals;
    bool overflow = false;
    auto fits = [&](size_t c, const Reading& r) {
        if (r.kind < 0 || size_t(r.kind) >= left.size() || left[size_t(r.kind)] <= 0) return false;
        for (int side = 0; side < 4; ++side) {
            const int o = cells[c].beside[size_t(side)];
            if (o >= 0 && now[size_t(o)] >= 0 &&
                !meets(r, side, cells[size_t(o)].readings[size_t(now[size_t(o)])]))
                return false;
        }
        return true;
    };
    long steps = 0;
    auto search = [&](auto&& self, size_t depth, float total) -> void {
        if (overflow) return;
        // Both the assignments kept and the steps taken are bounded: copies that fit nowhere
        // are found only deep in the search, and a photo must not stall it.
        if (++steps > long(cap) * 8 || int(found.size()) >= cap) {
            overflow = true;
            return;
        }
        if (depth == n) {
            found.push_back(now), totals.push_back(total);
            return;
        }
        const size_t c = order[depth];
        for (size_t k = 0; k < cells[c].readings.size(); ++k) {
            const Reading& r = cells[c].readings[k];
            if (!fits(c, r)) continue;
            now[c] = int(k), --left[size_t(r.kind)];
            self(self, depth + 1, total + r.score);
            now[c] = -1, ++left[size_t(r.kind)];
        }
    };
    search(search, 0, 0.f);
    if (overflow) {
        out.assignments = -1;
        return out;
    }
    out.assignments = int(found.size());
    if (found.empty()) return out;
    const size_t best = size_t(std::max_element(totals.begin(), totals.end()) - totals.begin());
    auto same = [&](const Reading& a, const Reading& b) {
        return a.kind == b.kind && a.rotation == b.rotation;
    };
    for (size_t c = 0; c < n; ++c) {
        const Reading& mine = cells[c].readings[size_t(found[best][c])];
        float lead = std::numeric_limits<float>::infinity();
        for (size_t a = 0; a < found.size(); ++a)
            if (!same(cells[c].readings[size_t(found[a][c])], mine))
                lead = std::min(lead, totals[best] - totals[a]);
        if (lead >= margin) out.reading[c] = found[best][c], out.lead[c] = lead;
    }
    return out;
}

} // namespace vision::elimination

namespace vision {

void Recogniser::settleByElimination(Recognition& out, const TurnScores& turnScores,
                                     const std::function<bool(size_t r)>& byCounts,
                                     const RecogniseParams& p) const {
    // The premise: nothing covered, and as many uncertain cells as copies the others left.
    // Short of it (RecogniseParams::countsCells), the copies left still bound what the
    // uncertain cells can be: each is read among its own close readings (below).
    const auto& kinds = setup_->kinds;
    std::map<std::string, size_t> kindOf;
    for (size_t g = 0; g < kinds.size(); ++g) kindOf[kinds[g]->id] = g;
    std::vector<int> left = setup_->boxCount;
    std::vector<size_t> open;                       // results uncertain
    std::map<std::pair<int, int>, size_t> resultAt; // board cell -> result
    bool covered = false;
    for (size_t r = 0; r < out.cells.size(); ++r) {
        const CellResult& c = out.cells[r];
        resultAt[{c.cell.x, c.cell.y}] = r;
        covered = covered || c.status == CellStatus::Occluded;
        if (c.status == CellStatus::Uncertain) {
            open.push_back(r);
            continue;
        }
        if (c.status != CellStatus::Tile) continue;
        const auto it = kindOf.find(c.kind);
        if (it == kindOf.end()) return;
        if (!kinds[it->second]->inSupply && --left[it->second] < 0) return;
    }
    const int copies = std::accumulate(left.begin(), left.end(), 0);
    if (open.empty()) return;
    const bool wholeBox = !covered && int(open.size()) == copies && copies <= p.eliminationCells;
    if (!wholeBox) {
        std::erase_if(open, [&](size_t r) { return !byCounts(r); });
        if (open.empty() || int(open.size()) > p.countsCells) return;
    }
    // The classifier's index of each kind left (every one must be measurable).
    std::vector<int> measured(kinds.size(), -1);
    for (size_t g = 0; g < kinds.size() && wholeBox; ++g) {
        if (left[g] <= 0) continue;
        const auto& known = classifier_.kinds();
        const auto it = std::find(known.begin(), known.end(), kinds[g]);
        if (it == known.end()) return;
        measured[g] = int(it - known.begin());
    }
    // Board sides N E S W as offsets (x east, y north).
    const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
    std::map<size_t, int> openIndex;
    for (size_t u = 0; u < open.size(); ++u) openIndex[open[u]] = int(u);
    std::vector<elimination::Cell> cells(open.size());
    for (size_t u = 0; u < open.size(); ++u) {
        const CellResult& c = out.cells[open[u]];
        // Per side: another uncertain cell there, or the side a certain tile there shows it.
        std::array<std::optional<tiledb::Terrain>, 4> shown;
        for (int side = 0; side < 4; ++side) {
            const auto it = resultAt.find({c.cell.x + dx[side], c.cell.y + dy[side]});
            if (it == resultAt.end()) continue;
            const CellResult& n = out.cells[it->second];
            if (openIndex.count(it->second))
                cells[u].beside[size_t(side)] = openIndex[it->second];
            else if (n.status == CellStatus::Tile)
                shown[size_t(side)] =
                    kinds[kindOf[n.kind]]->sideTerrain((side + 2) % 4, n.rotation);
        }
        auto fitsShown = [&](size_t g, int t) {
            for (int side = 0; side < 4; ++side)
                if (shown[size_t(side)] &&
                    !sidesMeet(kinds[g]->sideTerrain(side, t), *shown[size_t(side)]))
                    return false;
            return true;
        };
        auto& readings = cells[u].readings;
        if (wholeBox) {
            for (size_t g = 0; g < kinds.size(); ++g) {
                if (left[g] <= 0) continue;
                const std::array<float, 4> scores = turnScores(open[u], measured[g]);
                for (int t = 0; t < kinds[g]->distinctRotations; ++t)
                    if (fitsShown(g, t)) readings.push_back({int(g), t, scores[size_t(t)]});
            }
            continue;
        }
        // Its own readings that a copy left and the certain sides allow, within countsWindow
        // of the best of them: a reading further down is no contender.
        float best = -1;
        for (const Alternative& a : c.alternatives) {
            const auto it = kindOf.find(a.kind);
            if (it == kindOf.end() || left[it->second] <= 0 || !fitsShown(it->second, a.rotation))
                continue;
            best = std::max(best, a.score);
            auto same = std::find_if(readings.begin(), readings.end(), [&](const auto& r) {
                return r.kind == int(it->second) && r.rotation == a.rotation;
            });
            if (same == readings.end())
                readings.push_back({int(it->second), a.rotation, a.score});
            else
                same->score = std::max(same->score, a.score);
        }
        std::erase_if(readings, [&](const auto& r) { return r.score < best - p.countsWindow; });
        if (readings.empty()) return; // no reading the copies allow: a misread elsewhere
    }
    const elimination::Outcome o = elimination::assign(
        cells, left,
        [&](const elimination::Reading& a, int side, const elimination::Reading& b) {
            return sidesMeet(kinds[size_t(a.kind)]->sideTerrain(side, a.rotation),
                             kinds[size_t(b.kind)]->sideTerrain((side + 2) % 4, b.rotation));
        },
        p.eliminationMargin);
    for (size_t u = 0; u < open.size(); ++u) {
        if (o.reading[u] < 0) continue;
        const elimination::Reading& r = cells[u].readings[size_t(o.reading[u])];
        CellResult& c = out.cells[open[u]];
        c.status = CellStatus::Tile;
        c.kind = kinds[size_t(r.kind)]->id, c.rotation = r.rotation, c.drawn = -1;
        c.score = r.score;
        // A lead of twice the margin is full confidence (in the premise: no tile misread).
        c.confidence = std::min(1.f, o.lead[u] / (2 * p.eliminationMargin));
        char lead[16] = "";
        const bool only = !std::isfinite(o.lead[u]);
        if (!only) std::snprintf(lead, sizeof lead, "%.2f", o.lead[u]);
        if (wholeBox)
            c.note = Said(only ? "cell.by-elimination-only" : "cell.by-elimination")
                         .with("total", setup_->boxTotal)
                         .with("lead", lead);
        else
            c.note = Said(only ? "cell.by-counts-only" : "cell.by-counts").with("lead", lead);
    }
}

} // namespace vision
