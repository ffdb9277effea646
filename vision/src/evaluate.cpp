#include "vision/evaluate.h"

#include "adjudicator/actions.h"

#include <algorithm>
#include <chrono>
#include <tuple>

#include "tiledb/catalogue.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace vision {

namespace {

// How quad `a` lies over quad `b` (corners NW NE SE SW): the quarter turn k that matches a's
// corner q with b's corner q + k best, and the mean distance of the corners so matched.
std::pair<double, int> closestTurn(const std::array<cv::Point2f, 4>& a,
                                   const std::array<cv::Point2f, 4>& b) {
    std::pair<double, int> best{1e18, 0};
    for (int k = 0; k < 4; ++k) {
        double d = 0;
        for (size_t q = 0; q < 4; ++q) d += cv::norm(a[q] - b[(q + size_t(k)) % 4]) / 4;
        if (d < best.first) best = {d, k};
    }
    return best;
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
    missed += o.missed, extra += o.extra, doubted += o.doubted, cornerError += o.cornerError;
    return *this;
}

Evaluation evaluate(const Scene& truth, const Recognition& r) {
    Evaluation e;
    e.truthTiles = int(truth.tiles.size());
    std::vector<bool> used(r.cells.size(), false);
    double cornerSum = 0;
    int cornerCount = 0;
    for (const TileTruth& t : truth.tiles) {
        const cv::Point2f c = centreOf(t.corners);
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
        cornerSum += closestTurn(cell.corners, t.corners).first, ++cornerCount;
        const tiledb::TileKind* kind = findKind(t.kind);
        const int distinct = kind ? kind->distinctRotations : 4;
        const bool kindOk = readsAsKind(cell, t.kind);
        const bool rotOk = kindOk && rotationAsRead(t, cell) % distinct == cell.rotation % distinct;
        e.kindRight += kindOk;
        e.rotationRight += rotOk;
        if (kindOk && rotOk)
            ++e.correct;
        else
            ++e.wrong;
    }
    for (size_t i = 0; i < r.cells.size(); ++i)
        if (!used[i]) (r.cells[i].status == CellStatus::Tile ? e.extra : e.doubted) += 1;
    e.cornerError = cornerCount ? cornerSum / cornerCount : 0;
    return e;
}

int rotationAsRead(const TileTruth& t, const CellResult& cell) {
    // The global quarter turn k: the recognised north edge lies along the truth's edge k, so
    // truth rotation r reads as r - k.
    const int k = closestTurn(cell.corners, t.corners).second;
    return (t.rotation - k + 4) % 4;
}

bool readsAsKind(const CellResult& cell, const std::string& kind) {
    return cell.kind == kind ||
           std::find(cell.sameLook.begin(), cell.sameLook.end(), kind) != cell.sameLook.end();
}

namespace {

// Where the pieces stand, in board terms: tile, owner, kind, and the feature as the board sees
// it (its kind and the board ports it reaches, or the corner of an inner one).
std::vector<std::tuple<int, int, int, int, int, int>> piecesOnBoard(const adj::State& s) {
    std::vector<std::tuple<int, int, int, int, int, int>> out;
    for (const adj::Meeple& m : s.meeples()) {
        const adj::PlacedTile& t = s.board().tiles()[size_t(s.board().tileOfNode(m.node))];
        const tiledb::Feature& f = t.kind->features[size_t(int(m.node) - t.firstNode)];
        int ports = 0;
        for (int p = 0; p < 12; ++p)
            if (f.hasPort(tiledb::Port(p))) ports |= 1 << ((p + 3 * t.rotation) % 12);
        out.emplace_back(t.pos.x, t.pos.y, int(m.player), int(m.kind), int(f.kind),
                         f.inner() ? int(m.corner) : ports);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

bool sameOutcome(const adj::State& a, const adj::State& b) {
    if (a.scores() != b.scores() || a.board().size() != b.board().size()) return false;
    for (const adj::PlacedTile& t : a.board().tiles()) {
        const adj::PlacedTile* u = b.board().at(t.pos);
        if (!u || u->kind != t.kind) return false;
    }
    return piecesOnBoard(a) == piecesOnBoard(b);
}

bool beginsTheTurn(const adj::State& s, const std::vector<adj::Action>& choice,
                   const std::vector<adj::Action>& turn) {
    if (choice.empty() || choice.size() > turn.size()) return false;
    adj::State mine = s, theirs = s;
    for (size_t i = 0; i < choice.size(); ++i) {
        const adj::Action &c = choice[i], &t = turn[i];
        if (c.kind == adj::Action::Kind::Tile && t.kind == adj::Action::Kind::Tile) {
            const int turns = s.kinds()[size_t(t.tileKind)]->distinctRotations;
            if (c.tileKind != t.tileKind || !(c.placement.pos == t.placement.pos) ||
                c.placement.rotation % turns != t.placement.rotation % turns)
                return false;
        } else if (c.kind != t.kind) {
            // Pieces are compared where they stand, by sameOutcome below, not by name: a
            // symmetric tile's features swap names with its rotation (H turned a half turn: its
            // north cap is d, not c), and the piece on it is the same.
            return false;
        }
        if (!adj::apply(mine, c).ok() || !adj::apply(theirs, t).ok()) return false;
    }
    return sameOutcome(mine, theirs);
}

namespace {

// The remembered lattice's square for engine cell `cell` against the tile laid there: the mean
// distance of their corners (the square's turned as the picture's board lies) over the tile's
// side; nullopt when the picture shows no tile there.
std::optional<double> latticeError(const TurnObservation& o, adj::Pos cell,
                                   const std::vector<TileTruth>& tiles) {
    const auto laid = std::find_if(tiles.begin(), tiles.end(),
                                   [&](const TileTruth& t) { return t.cell == cell; });
    if (laid == tiles.end()) return std::nullopt;
    double side = 0;
    for (size_t q = 0; q < 4; ++q)
        side += cv::norm(laid->corners[q] - laid->corners[(q + 1) % 4]) / 4;
    if (side <= 0) return std::nullopt;
    return closestTurn(o.recognition.cellSquare(o.toRecognised(cell)), laid->corners).first / side;
}

} // namespace

TrackingEvaluation followRecording(const Recording& rec, const ReferenceSet& refs,
                                   const TrackerParams& params, bool calibrate) {
    TrackingEvaluation f;
    GameTracker tracker(refs, rec.game, params);
    adj::State s = *adj::State::create(rec.game);
    const cv::Mat bare = calibrate && !rec.turns.empty() ? rec.calibrationPicture(-1) : cv::Mat();
    for (int p = 0; !bare.empty() && p < rec.game.players; ++p) {
        const Calibration c = tracker.calibrate(bare, rec.calibrationPicture(p), p);
        if (c.ok)
            ++f.calibrated;
        else
            f.notes.push_back("calibration of player " + std::to_string(p + 1) + ": " +
                              c.problem.in());
    }
    for (size_t i = 0; i < rec.turns.size(); ++i) {
        const RecordedTurn& truth = rec.turns[i];
        ++f.turns;
        // Discards are told by the players (nothing changes on the table).
        std::vector<adj::Action> todo = truth.actions;
        while (!todo.empty() && todo.front().kind == adj::Action::Kind::Discard) {
            adj::apply(s, todo.front());
            todo.erase(todo.begin());
        }
        adj::State theirs = s;
        for (const adj::Action& a : todo) adj::apply(theirs, a);
        bool done = false, misread = false, offered = false;
        std::string refused, quiet; // quiet: why the settled picture showed nothing new
        const std::vector<RecordedPicture> pictures = rec.pictures(i);
        for (size_t k = 0; k < pictures.size() && !done; ++k) {
            const auto start = std::chrono::steady_clock::now();
            const TrackedTurn t = tracker.observe(s, pictures[k].image);
            // Timed: the picture the turn was read from, or the settled one.
            if (t.status == TrackedTurn::Status::Turn || k + 1 == pictures.size())
                (t.tile.incremental ? f.millis : f.fullMillis)
                    .push_back(std::chrono::duration<double, std::milli>(
                                   std::chrono::steady_clock::now() - start)
                                   .count());
            if (k + 1 == pictures.size() && t.tile.incremental && !todo.empty())
                if (const std::optional<double> e =
                        latticeError(t.tile, todo.front().placement.pos, pictures[k].tiles))
                    f.latticeError.push_back({int(i + 1), *e});
            if (k + 1 == pictures.size() && t.status == TrackedTurn::Status::NoChange)
                for (const Said* why : {&t.problem, &t.tile.problem})
                    if (quiet.empty() && !why->empty()) quiet = " (" + why->in() + ")";
            if (t.status == TrackedTurn::Status::Discrepancy) {
                f.handAlerts += k + 1 < pictures.size();
                refused = t.problem.in();
                offered = std::any_of(t.choices.begin(), t.choices.end(),
                                      [&](const auto& c) { return beginsTheTurn(s, c, todo); });
            }
            if (t.status != TrackedTurn::Status::Turn) continue;
            f.warnings += int(t.warnings.size());
            adj::State mine = s;
            std::string seen;
            for (const adj::Action& a : t.actions) {
                seen += adj::actionText(mine, a) + " ";
                adj::apply(mine, a);
            }
            const adj::Action& tile = t.actions.front();
            if (tile.tileKind != todo.front().tileKind ||
                !(tile.placement.pos == todo.front().placement.pos) || !sameOutcome(mine, theirs)) {
                ++f.wrong;
                misread = true;
                f.notes.push_back(
                    "turn " + std::to_string(i + 1) + ": played " + truth.text + ", read " + seen +
                    "(misfit " + std::to_string(int(t.misfit * 10) / 10.0).substr(0, 4) +
                    ", correlation " +
                    std::to_string(int(t.correlation * 100) / 100.0).substr(0, 4) + ")");
                break; // the players correct it: the turn as played
            }
            ++f.read;
            s = mine;
            done = true;
        }
        if (!done) {
            if (!misread)
                f.notes.push_back("turn " + std::to_string(i + 1) +
                                  (refused.empty()
                                       ? " not seen: no new tile in its pictures" + quiet
                                       : " refused: " + refused) +
                                  " (played " + truth.text + (offered ? ", offered" : "") + ")");
            ++f.byHand;
            f.answerable += offered && !misread;
            s = theirs;
            // The settled picture shows the turn entered.
            tracker.resolved(pictures.back().image, s);
        }
    }
    adj::State expected = *rec.final;
    s.endGame();
    expected.endGame();
    f.scoresEqual = s.scores() == expected.scores();
    return f;
}

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

} // namespace vision
