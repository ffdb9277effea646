#include "vision/observer.h"

#include "vision/lattice.h"

#include "vision/colour_model.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace vision {

namespace {

// The recognised board turned k quarter turns clockwise (y north), as the engine's board: a
// whole board turned clockwise turns each tile clockwise too, so rotations gain k.
adj::Pos turn(adj::Pos p, int k) {
    for (int i = 0; i < (k & 3); ++i) p = {p.y, -p.x};
    return p;
}

struct Alignment {
    int k = 0;
    adj::Pos offset;
    adj::Pos toEngine(adj::Pos recognised) const {
        const adj::Pos p = turn(recognised, k);
        return {p.x + offset.x, p.y + offset.y};
    }
};

// A cell taken as showing the game's tile `t` (read on the lattice, or seen unchanged), in the
// recognition's frame, turned `quarterTurn` from the board's.
void showsKnown(CellResult& c, const adj::PlacedTile& t, int quarterTurn) {
    c.status = CellStatus::Tile;
    c.kind = t.kind->id;
    c.rotation = (t.rotation - quarterTurn + 4) % 4;
    c.score = c.confidence = 1;
    c.note = Said("cell.known");
}

std::string where(adj::Pos p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

// The readings of recognised cell `c` (its classifier's alternatives, best first) that are
// legal placements there, told apart by how they lie; at most `most`, none below `floor`.
std::vector<std::pair<float, adj::Action>> legalReadings(const adj::State& before,
                                                         const CellResult& c,
                                                         const TurnObservation& o, int most,
                                                         float floor = 0) {
    std::vector<Alternative> readings = c.alternatives;
    if (readings.empty() && !c.kind.empty()) readings.push_back(c.reading());
    std::sort(readings.begin(), readings.end(),
              [](const Alternative& a, const Alternative& b) { return a.score > b.score; });
    std::vector<std::pair<float, adj::Action>> out;
    for (const Alternative& a : readings) {
        if (a.score < floor || int(out.size()) >= most) break;
        const int kind = before.kindIndex(a.kind);
        if (kind < 0) continue;
        // As the tile lies (the engine's rotations modulo the kind's symmetry are one
        // placement, but the art need not be symmetric: pieces are looked for on the drawing
        // as it lies).
        const adj::Placement pl{o.toEngine(c.cell), std::uint8_t((a.lies() + o.quarterTurn) % 4)};
        if (!placeable(before, kind, pl)) continue;
        const tiledb::TileKind& k = *before.kinds()[size_t(kind)];
        if (std::none_of(out.begin(), out.end(), [&](const auto& b) {
                return b.second.tileKind == kind &&
                       sameLook(k, b.second.placement.rotation, pl.rotation);
            }))
            out.push_back({a.score, adj::Action{adj::Action::Kind::Tile, kind, pl, {}}});
    }
    return out;
}

// The new tile on recognised cell `c`: the legal placement its classifier scores best, or a
// discrepancy saying what was seen.
void chooseReading(const adj::State& before, const CellResult& c, TurnObservation& o) {
    const adj::Pos at = o.toEngine(c.cell);
    // Below the score at which the recogniser calls a cell a tile, a reading is a guess (the
    // grid off by a third of a tile at the board's edge gives such scores). The runner-up
    // (another kind, or the kind turned to another look) sets the confidence.
    const auto readings = legalReadings(before, c, o, 2, RecogniseParams{}.tileScore);
    if (readings.empty()) {
        o.status = TurnObservation::Status::Discrepancy;
        o.newCell = int(&c - o.recognition.cells.data());
        o.problem = Said("tile.illegal")
                        .with("at", where(at))
                        .with("kind", c.kind)
                        .with("deg", 90 * ((c.rotation + o.quarterTurn) % 4));
        return;
    }
    o.status = TurnObservation::Status::NewTile;
    o.action = readings[0].second;
    o.newCell = int(&c - o.recognition.cells.data());
    const float nextScore = readings.size() > 1 ? readings[1].first : 0;
    o.confidence = std::clamp(readings[0].first - nextScore, 0.0f, 1.0f);
}

// The cells on free squares that read as tiles -> this turn's tile, or a discrepancy. Several,
// one of them read with certainty: the certain one is this turn's (the unsure ones are table
// or shadow the classifier could not rule out). On the incremental path a cell is read on its
// own, without the neighbours' edges and the box's counts that settle a whole board's unsure
// cells: an unsure reading there is the players' to confirm.
void readFresh(const adj::State& before, std::vector<const CellResult*> fresh, TurnObservation& o) {
    const auto certain = std::count_if(fresh.begin(), fresh.end(), [](const CellResult* c) {
        return c->status == CellStatus::Tile;
    });
    if (certain == 1 && fresh.size() > 1)
        fresh.erase(
            std::remove_if(fresh.begin(), fresh.end(),
                           [](const CellResult* c) { return c->status != CellStatus::Tile; }),
            fresh.end());
    if (fresh.size() > 1) {
        o.status = TurnObservation::Status::Discrepancy;
        std::string cells;
        for (size_t i = 0; i < fresh.size(); ++i)
            cells += (i ? ", " : "") + where(o.toEngine(fresh[i]->cell));
        o.problem = Said("tile.many-new").with("n", int(fresh.size())).with("cells", cells);
        return;
    }
    const CellResult& c = *fresh.front();
    if (o.incremental && c.status != CellStatus::Tile) {
        for (const auto& [score, a] :
             legalReadings(before, c, o, TurnObservation::kUnclearReadings))
            o.unclearReadings.push_back(a);
        o.status = TurnObservation::Status::Discrepancy;
        o.newCell = int(&c - o.recognition.cells.data());
        o.problem = Said(c.kind.empty() ? "tile.unclear" : "tile.unclear-like")
                        .with("at", where(o.toEngine(c.cell)))
                        .with("note", c.note)
                        .with("kind", c.kind);
        return;
    }
    chooseReading(before, c, o);
}

} // namespace

adj::Pos TurnObservation::toEngine(adj::Pos recognised) const {
    return Alignment{quarterTurn, offset}.toEngine(recognised);
}

adj::Pos TurnObservation::toRecognised(adj::Pos engine) const {
    return turn({engine.x - offset.x, engine.y - offset.y}, 4 - (quarterTurn & 3));
}

const CellResult* TurnObservation::cellAt(adj::Pos engine) const {
    for (const CellResult& c : recognition.cells)
        if (toEngine(c.cell) == engine) return &c;
    return nullptr;
}

bool sameLook(const tiledb::TileKind& k, int a, int b) {
    return ((a - b) % k.distinctRotations + k.distinctRotations) % k.distinctRotations == 0;
}

bool placeable(const adj::State& s, int kind, const adj::Placement& pl) {
    const tiledb::TileKind& k = *s.kinds()[size_t(kind)];
    const bool inBox = k.inSupply ? s.abbeysPlaced(s.currentPlayer()) < s.config().rules.abbeys
                                  : s.remaining(kind) > 0;
    if (!inBox) return false;
    const std::vector<adj::Placement> legal = s.legalPlacements(kind);
    return std::find(legal.begin(), legal.end(), pl) != legal.end();
}

TurnObserver::TurnObserver(const ReferenceSet& refs, const adj::GameConfig& game,
                           ObserverParams params)
    : recogniser_(refs, game), params_(params) {}

bool TurnObserver::cellCorners(adj::Pos c, const cv::Size& picture,
                               std::array<cv::Point2f, 4>& out) const {
    const cv::Matx33d Gi = lattice_.imageToGrid.inv();
    const cv::Rect2f frame(0, 0, float(picture.width - 1), float(picture.height - 1));
    const cv::Point2d g[4] = {{double(c.x), double(-c.y)},
                              {c.x + 1.0, double(-c.y)},
                              {c.x + 1.0, 1.0 - c.y},
                              {double(c.x), 1.0 - c.y}};
    for (int q = 0; q < 4; ++q) {
        const cv::Vec3d v = Gi * cv::Vec3d(g[q].x, g[q].y, 1);
        out[size_t(q)] = cv::Point2f(float(v[0] / v[2]), float(v[1] / v[2]));
        if (!frame.contains(out[size_t(q)])) return false;
    }
    return true;
}

adj::Pos TurnObserver::recognisedCell(adj::Pos engine) const {
    return turn({engine.x - offset_.x, engine.y - offset_.y}, 4 - quarterTurn_);
}

bool TurnObserver::missed(const cv::Mat& bgr, const adj::State& after) const {
    if (!lattice_.valid() || settled_.empty() || settled_.size() != bgr.size()) return false;
    const auto& tiles = after.board().tiles();
    for (size_t ti = size_t(std::max(0, settledTiles_)); ti < tiles.size(); ++ti) {
        std::array<cv::Point2f, 4> corners;
        if (!cellCorners(recognisedCell(tiles[ti].pos), bgr.size(), corners) ||
            !changedSinceSettled(bgr, corners))
            return true;
    }
    return false;
}

void TurnObserver::settle(const cv::Mat& bgr, const adj::State& shown) {
    const int tiles = shown.board().size();
    // No picture since the settled one was read on the lattice or showed the board afresh (the
    // players entered the turn), and the tiles the settled picture showed are no longer where
    // the lattice has them: the camera was knocked (on a smooth table the picture as a whole
    // barely changes: cameraMoved misses it). Read on the old view, the next tiles fall across
    // cells and go unseen (bench game 1: knocked at turn 2 with two tiles down, the next six
    // turns unseen). The next pictures are read afresh.
    if (!viewSinceSettled_ && knownTilesMoved(bgr, shown)) {
        relocate(true);
        pending_.reset();
    }
    viewSinceSettled_ = false;
    // The new tile's centre, when the tile the game has last is where it was read (the players
    // may have entered another).
    if (pending_ && tiles > settledTiles_) {
        const adj::Pos c = recognisedCell(shown.board().tiles().back().pos);
        if (pending_->first == std::pair(c.x, -c.y)) lay(pending_->first, bgr, pending_->second);
    }
    pending_.reset();
    measureEntered(bgr, shown, settledTiles_);
    settled_ = bgr;
    settledCorners_.clear();
    settledTiles_ = tiles;
    refit();
}

bool TurnObserver::comparable(const cv::Mat& bgr) const {
    return lattice_.valid() && !settled_.empty() && settled_.size() == bgr.size() &&
           settled_.type() == bgr.type();
}

namespace {
// Block (bx, by) of a picture cut into across x down blocks, as corners NW NE SE SW.
std::array<cv::Point2f, 4> pictureBlock(cv::Size picture, int bx, int by, int across, int down) {
    const float w = float(picture.width) / float(across), h = float(picture.height) / float(down);
    const float x0 = float(bx) * w, y0 = float(by) * h;
    return {cv::Point2f(x0, y0), cv::Point2f(x0 + w, y0), cv::Point2f(x0 + w, y0 + h),
            cv::Point2f(x0, y0 + h)};
}
} // namespace

bool TurnObserver::cameraMoved(const cv::Mat& bgr) const {
    // Most of the picture changed, the table as much as the board (a hand over the board
    // changes only the part it covers).
    // Blocks are compared only until the answer is settled either way.
    constexpr int across = 8, down = 6, most = across * down / 2;
    int moved = 0, left = across * down;
    for (int by = 0; by < down; ++by)
        for (int bx = 0; bx < across; ++bx, --left) {
            if (moved > most || moved + left <= most) return moved > most;
            moved += changedSinceSettled(bgr, pictureBlock(bgr.size(), bx, by, across, down));
        }
    return moved > most;
}

bool TurnObserver::changedOnlyNear(const cv::Mat& bgr,
                                   const std::vector<std::array<cv::Point2f, 4>>& cells) const {
    // Each cell's box, widened by half its size each way: a piece on it leans out, and a tile
    // casts a shadow.
    std::vector<cv::Rect2f> near;
    for (const auto& corners : cells) {
        const cv::Rect2f box =
            cv::boundingRect(std::vector<cv::Point2f>(corners.begin(), corners.end()));
        near.emplace_back(box.x - box.width / 2, box.y - box.height / 2, box.width * 2,
                          box.height * 2);
    }
    constexpr int across = 16, down = 9;
    for (int by = 0; by < down; ++by)
        for (int bx = 0; bx < across; ++bx) {
            const std::array<cv::Point2f, 4> block = pictureBlock(bgr.size(), bx, by, across, down);
            const cv::Rect2f area(block[0], block[2]);
            if (std::any_of(near.begin(), near.end(),
                            [&](const cv::Rect2f& n) { return (area & n).area() > 0; }))
                continue;
            if (changedSinceSettled(bgr, block)) return false;
        }
    return true;
}

bool TurnObserver::changedSinceSettled(const cv::Mat& bgr,
                                       const std::array<cv::Point2f, 4>& corners) const {
    if (settled_.empty() || settled_.size() != bgr.size() || settled_.type() != bgr.type())
        return true;
    return areaChangedSinceSettled(unwarpArea(bgr, corners, kAreaSide), corners);
}

bool TurnObserver::patternAsSettled(const cv::Mat& bgr,
                                    const std::array<cv::Point2f, 4>& corners) const {
    if (!comparable(bgr)) return false;
    return compareAreas(bgr, settled_, corners, kAreaSide).correlation >= params_.changed;
}

bool TurnObserver::knownTilesMoved(const cv::Mat& bgr, const adj::State& shown) const {
    if (!comparable(bgr)) return false;
    // The last tiles the settled picture showed (pieces on them may have been taken away): a
    // dozen tell.
    const auto& tiles = shown.board().tiles();
    const int last = std::min(settledTiles_, int(tiles.size()));
    int compared = 0, moved = 0;
    for (int ti = last - 1; ti >= 0 && compared < params_.movedTiles; --ti) {
        std::array<cv::Point2f, 4> corners;
        if (!cellCorners(recognisedCell(tiles[size_t(ti)].pos), bgr.size(), corners)) continue;
        ++compared;
        moved += changedSinceSettled(bgr, corners);
    }
    return compared > 0 && 2 * moved > compared;
}

bool TurnObserver::areaChangedSinceSettled(const cv::Mat& area,
                                           const std::array<cv::Point2f, 4>& corners) const {
    if (settled_.empty()) return true;
    const AreaComparison c = compareUnwarped(area, unwarpArea(settled_, corners, area.rows));
    return c.correlation < params_.changed && c.difference >= params_.minDifference;
}

cv::Point2d TurnObserver::expectedOffset(int i, int j) const {
    // As its neighbours lie off theirs: a lattice fitted to a few tiles drifts, hand-laid tiles
    // follow their neighbours.
    cv::Point2d sum(0, 0);
    double weight = 0;
    for (int dj = -1; dj <= 1; ++dj)
        for (int di = -1; di <= 1; ++di) {
            const auto it = laid_.find({i + di, j + dj});
            if (it == laid_.end()) continue;
            const cv::Point2f centre = centreOf(it->second);
            const cv::Vec3d g = lattice_.imageToGrid * cv::Vec3d(centre.x, centre.y, 1);
            const double w = di == 0 && dj == 0 ? 4 : di == 0 || dj == 0 ? 2 : 1;
            sum += w * cv::Point2d(g[0] / g[2] - (i + di + 0.5), g[1] / g[2] - (j + dj + 0.5));
            weight += w;
        }
    return weight > 0 ? sum / weight : cv::Point2d(0, 0);
}

void TurnObserver::measureEntered(const cv::Mat& bgr, const adj::State& shown, int from,
                                  bool again) {
    // Tiles the players entered (a turn the camera did not read) are measured where they lie
    // as the game has them: the lattice found on the first few tiles is a tenth to a sixth of
    // a tile off a few cells away, and with no tile measured there it drifts further as the
    // board grows that way (half a tile five cells out: the next tile's cell straddles two).
    // A reading of another drawing (a neighbour's, a piece over it) measures nothing.
    if (!params_.measureEntered || !lattice_.valid() || wrongView_) return;
    const auto& tiles = shown.board().tiles();
    for (size_t ti = size_t(std::max(0, from)); ti < tiles.size(); ++ti) {
        const adj::Pos rc = recognisedCell(tiles[ti].pos);
        const std::pair<int, int> key{rc.x, -rc.y};
        std::array<cv::Point2f, 4> corners;
        if ((laid_.count(key) && !again) || !cellCorners(rc, bgr.size(), corners)) continue;
        const CellResult c =
            recogniser_.readCell(bgr, lattice_.imageToGrid, key.first, key.second,
                                 expectedOffset(key.first, key.second), cellParams());
        if (c.kind == tiles[ti].kind->id &&
            sameLook(*tiles[ti].kind, c.rotation, (tiles[ti].rotation - quarterTurn_ + 4) % 4))
            lay(key, bgr, c.corners);
    }
}

void TurnObserver::lay(std::pair<int, int> cell, const cv::Mat& bgr, const Square& read) {
    // Where the reading put it is where its drawing matched best on the lattice, at the
    // lattice's size (or a search's step off it): a lattice found on a few tiles passes its
    // scale on to every tile read on it. The tile's outline says where it lies.
    const auto outline = params_.outlineReach > 0
                             ? squareFromOutline(bgr, read, params_.outlineReach)
                             : std::nullopt;
    laid_[cell] = outline ? *outline : read;
}

void TurnObserver::refit() {
    // Each tile's four corners, measured where it was read, against its cell's on the grid.
    // A tile gives four points, so two tiles fix the perspective as well as the lattice's
    // place (centres alone needed eight tiles over three rows and columns; before, an affine
    // correction left the early lattice a tenth to a fifth of a tile off). Hand-laid offsets
    // and twists are noise, a tile measured a size off an outlier: least median of squares
    // needs no threshold. (RANSAC within a tenth of a tile, which lets such a tile pull the
    // fit, read 8 more of the bench games' 800 turns, but 9 fewer of the tests' 87 and 2 wrong.)
    if (laid_.size() < 2) return;
    std::vector<cv::Point2f> grid, image;
    for (const auto& [cell, square] : laid_)
        for (size_t q = 0; q < 4; ++q) {
            grid.push_back(
                cv::Point2f(float(cell.first + (q == 1 || q == 2)), float(cell.second + (q >= 2))));
            image.push_back(square[q]);
        }
    // How far each corner lies from its cell's corner under a fit.
    const auto offsets = [&](const cv::Mat& fit) {
        std::vector<cv::Point2f> fitted;
        cv::perspectiveTransform(image, fitted, fit);
        std::vector<double> off;
        for (size_t k = 0; k < fitted.size(); ++k) off.push_back(cv::norm(fitted[k] - grid[k]));
        return off;
    };
    const auto wild = [&](const std::vector<double>& off) {
        return *std::max_element(off.begin(), off.end()) > params_.refitWorst;
    };
    cv::Mat found = cv::findHomography(image, grid, cv::LMEDS);
    if (found.empty()) return;
    std::vector<double> off = offsets(found);
    // Two or three tiles share corners and have no majority to outvote a tile: least median of
    // squares could fit one tile and the shared corners exactly (the median corner 0) and put
    // the other tile's far corners 48 tiles off (bench game 0 with Abbey & Mayor: the next
    // tile's cell lay 0.8 tile off, and two turns went unseen). Such a fit is redone by least
    // squares, and dropped if a corner still lies `refitWorst` off.
    if (laid_.size() < 4 && wild(off)) {
        found = cv::findHomography(image, grid, 0);
        if (found.empty()) return;
        off = offsets(found);
        if (wild(off)) return;
    }
    // A tile measured badly can leave no fit at all: the median corner must lie where its tile
    // was read (else the lattice went tiles off), or the lattice stays as it was.
    std::nth_element(off.begin(), off.begin() + long(off.size() / 2), off.end());
    if (off[off.size() / 2] <= params_.refitMedian) lattice_.imageToGrid = cv::Matx33d(found);
}

std::optional<cv::Matx33d> TurnObserver::cameraMove(const cv::Mat& bgr) const {
    const ObserverParams::Follow& p = params_.follow;
    const cv::Ptr<cv::ORB> orb =
        cv::ORB::create(p.features, 1.2f, 8, 31, 0, 2, cv::ORB::HARRIS_SCORE, 31, p.fastThreshold);
    auto cornersOf = [&](const cv::Mat& picture, std::vector<cv::KeyPoint>& corners,
                         cv::Mat& descriptors) {
        cv::Mat grey;
        cv::cvtColor(picture, grey, cv::COLOR_BGR2GRAY);
        orb->detectAndCompute(grey, cv::noArray(), corners, descriptors);
    };
    if (settledCorners_.empty()) cornersOf(settled_, settledCorners_, settledDescriptors_);
    std::vector<cv::KeyPoint> now;
    cv::Mat nowDescriptors;
    cornersOf(bgr, now, nowDescriptors);
    if (int(settledCorners_.size()) < p.inliers || int(now.size()) < p.inliers) return std::nullopt;
    std::vector<cv::DMatch> matches;
    cv::BFMatcher(cv::NORM_HAMMING, true).match(settledDescriptors_, nowDescriptors, matches);
    if (int(matches.size()) < p.inliers) return std::nullopt;
    std::vector<cv::Point2f> from, to;
    for (const cv::DMatch& m : matches)
        from.push_back(settledCorners_[size_t(m.queryIdx)].pt),
            to.push_back(now[size_t(m.trainIdx)].pt);
    cv::Mat agree;
    const cv::Mat h = cv::findHomography(from, to, cv::RANSAC, p.reach, agree);
    if (h.empty() || cv::countNonZero(agree) < p.inliers) return std::nullopt;
    const cv::Matx33d move(h);
    // A hand over most of the board leaves the tiles where they were: the move is measured
    // on the tiles measured (the picture's corners, far from the board's features, can move
    // pixels under a fit that holds the board still).
    double most = 0, side = 0;
    for (const auto& [cell, square] : laid_)
        for (size_t q = 0; q < 4; ++q) {
            const cv::Vec3d v = move * cv::Vec3d(square[q].x, square[q].y, 1);
            most = std::max(
                most, cv::norm(cv::Point2d(v[0] / v[2], v[1] / v[2]) - cv::Point2d(square[q])));
            side += cv::norm(square[q] - square[(q + 1) % 4]) / 4;
        }
    if (laid_.empty() || most < p.minMove * side / double(laid_.size())) return std::nullopt;
    return move;
}

void TurnObserver::follow(const cv::Matx33d& move) {
    lattice_.imageToGrid = lattice_.imageToGrid * move.inv();
    for (auto& [cell, square] : laid_) {
        std::vector<cv::Point2f> moved;
        cv::perspectiveTransform(std::vector<cv::Point2f>(square.begin(), square.end()), moved,
                                 cv::Mat(move));
        std::copy(moved.begin(), moved.end(), square.begin());
    }
    cv::Mat warped;
    cv::warpPerspective(settled_, warped, cv::Mat(move), settled_.size(), cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);
    settled_ = warped;
    settledCorners_.clear();
}

std::optional<TurnObservation> TurnObserver::readFollowing(const adj::State& before,
                                                           const cv::Mat& bgr) {
    const std::optional<cv::Matx33d> move = cameraMove(bgr);
    if (!move) return std::nullopt;
    // The view is kept moved only if the picture reads on it.
    const GridHint lattice = lattice_;
    const auto laid = laid_;
    const cv::Mat settled = settled_;
    std::vector<cv::KeyPoint> corners = settledCorners_;
    const cv::Mat descriptors = settledDescriptors_;
    follow(*move);
    // The move, fitted on a few small tiles, can leave the lattice a fifth of a tile off
    // further out: the tiles are measured again where they now lie.
    measureEntered(bgr, before, 0, true);
    refit();
    std::optional<TurnObservation> o = readChanges(before, bgr);
    if (!o) {
        lattice_ = lattice, laid_ = laid, settled_ = settled;
        settledCorners_ = std::move(corners), settledDescriptors_ = descriptors;
    }
    return o;
}

TurnObservation TurnObserver::observe(const adj::State& before, const cv::Mat& bgr) {
    std::optional<TurnObservation> changes;
    // A wrong view is never compared on: two pictures taken after a knock agree with each other
    // on the old lattice as well as on the new, so the comparison would pass and keep the old
    // lattice (bench game 1: compared on again once the three pictures read afresh were spent,
    // and the next turns went unseen).
    if (relocate_ == 0 && !wrongView_) changes = readChanges(before, bgr);
    if (changes) viewSinceSettled_ = true; // its known tiles were where the lattice has them
    // The incremental path had what it needs yet gave up: the picture moved under the lattice.
    const bool knocked = relocate_ == 0 && !changes && comparable(bgr);
    relocate_ = std::max(0, relocate_ - 1);
    TurnObservation o = changes ? std::move(*changes) : TurnObservation{};
    // A reading that fits at least `share` of the board as the game has it.
    auto fits = [&](const TurnObservation& r, double share) {
        return r.status != TurnObservation::Status::Discrepancy && r.agreeing > 0 &&
               r.agreeing >= share * before.board().size() - 1e-9;
    };
    if (!changes && lattice_.valid() && !wrongView_) {
        o = read(before, bgr, lattice_);
        // Read on the remembered lattice: kept unless it fails or contradicts the game. After a
        // knock the remembered lattice lies off the board: kept only if it still fits most of it.
        if (!fits(o, knocked ? params_.knockedView : 0)) o = {};
    }
    if (!changes && (!o.recognition.ok() || o.recognition.cells.empty())) o = read(before, bgr, {});
    // The full recognition's lattice is remembered from a clear view only, one that shows most
    // of the board as the game has it: a picture with a hand over the board aligns on the few
    // tiles left in sight.
    const bool covered =
        std::any_of(o.recognition.cells.begin(), o.recognition.cells.end(),
                    [](const CellResult& c) { return c.status == CellStatus::Occluded; });
    // Nor from a grid measured on the blurred outline of a tile or two: a lattice a fifth of a
    // tile off at the board's rim (bench_tracking, newart game 3: adopted on turn 1, a tile
    // misread on turn 4); the next full reading finds the board from its sides.
    const bool clear = !covered && !o.recognition.gridFromOutline &&
                       fits(o, knocked ? params_.knockedView : params_.clearView);
    // Knocked, and the full recognition gave no clear view (on two or three tiles it can fit a
    // lattice a quarter tile off): the remembered view follows the camera's move instead.
    if (knocked && !clear && params_.follow.on)
        if (std::optional<TurnObservation> followed = readFollowing(before, bgr)) {
            o = std::move(*followed);
            viewSinceSettled_ = true;
        }
    if (!changes && clear) {
        relocate_ = 0, wrongView_ = false, viewSinceSettled_ = true;
        lattice_ = o.recognition.grid;
        quarterTurn_ = o.quarterTurn;
        offset_ = o.offset;
        laid_.clear();
        for (const CellResult& c : o.recognition.cells)
            if (c.status == CellStatus::Tile && before.board().at(o.toEngine(c.cell)))
                lay({c.cell.x, -c.cell.y}, bgr, c.corners);
    }
    pending_.reset();
    if (o.status == TurnObservation::Status::NewTile) { // the lattice's span grows with the board
        const adj::Pos c = o.recognition.cells[size_t(o.newCell)].cell;
        // None remembered yet: a span alone would make the identity transform look valid.
        if (lattice_.valid()) {
            lattice_.i0 = std::min(lattice_.i0, c.x), lattice_.i1 = std::max(lattice_.i1, c.x);
            lattice_.j0 = std::min(lattice_.j0, -c.y), lattice_.j1 = std::max(lattice_.j1, -c.y);
        }
        pending_ = {{c.x, -c.y}, o.recognition.cells[size_t(o.newCell)].corners};
    }
    return o;
}

std::optional<CellResult> TurnObserver::outlinedInTableColours(const adj::State& before,
                                                               const cv::Mat& bgr, adj::Pos rc,
                                                               const TurnObservation& o,
                                                               const RecogniseParams& p) const {
    // Its sides towards the table (bit k: side k, N E S W, y north as the grid's rows run):
    // a side against a tile shows that tile's edge whatever the cell holds.
    unsigned open = 0;
    for (int side = 0; side < 4; ++side)
        if (!before.board().at(o.toEngine(adj::neighbour(rc, side)))) open |= 1u << side;
    // Measured on the lattice's cell, which the tile covers: the reading's own square is where
    // the kind it took for the tile fits best, and that may lie a third of a tile off.
    std::array<cv::Point2f, 4> cell;
    if (open == 15 || !cellCorners(rc, bgr.size(), cell) || !changedOnlyNear(bgr, {cell}))
        return std::nullopt;
    constexpr float m = float(TileClassifier::kDetailMargin) / TileClassifier::kDetail;
    const cv::Mat detail =
        unwarpArea(bgr, partOf(cell, {-m, -m, 1 + 2 * m, 1 + 2 * m}), TileClassifier::kDetailPatch);
    if (outlineStrength(detail, open) < p.minOutline) return std::nullopt;
    CellResult c = recogniser_.readCell(bgr, lattice_.imageToGrid, rc.x, -rc.y,
                                        expectedOffset(rc.x, -rc.y), p);
    // Asked about even when read clearly: here the table itself reads as a city tile at up to
    // 0.86, and the tile as the city it is not (a four-sided city under a piece read as R).
    c.status = CellStatus::Uncertain;
    c.note = Said("cell.table-coloured");
    return c;
}

std::optional<TurnObservation> TurnObserver::readChanges(const adj::State& before,
                                                         const cv::Mat& bgr) const {
    if (!comparable(bgr)) return std::nullopt;
    TurnObservation o;
    o.incremental = true;
    o.quarterTurn = quarterTurn_;
    o.offset = offset_;
    Recognition& r = o.recognition;
    r.width = bgr.cols, r.height = bgr.rows;
    r.grid = lattice_;
    const cv::Matx33d Gi = lattice_.imageToGrid.inv();
    r.boardToImage = Gi * cv::Matx33d(1, 0, 0, 0, -1, 0, 0, 0, 1); // board y north, grid y south
    if (cameraMoved(bgr)) return std::nullopt;
    const adj::Board& board = before.board();
    std::vector<bool> withPiece(size_t(board.size()), false);
    for (const adj::Meeple& m : before.meeples())
        if (const int ti = board.tileOfNode(m.node); ti >= 0) withPiece[size_t(ti)] = true;
    // 1. The known tiles look as they did: the camera has not moved and nothing covers them.
    // Tiles laid since the settled picture, and tiles with pieces (scoring takes them away),
    // may have changed. The steady ones show this picture's tile colours.
    // Each area is unwarped once, for both the comparison and its colours (inside the rim).
    auto coloursOf = [&](const cv::Mat& area) {
        constexpr int n = kAreaSide, rim = 5;
        return chromaticity(area(cv::Rect(rim, rim, n - 2 * rim, n - 2 * rim)));
    };
    ColourModel tileColours, tableColours;
    std::vector<ColourHistogram> tileHists, tableHists;
    int steady = 0;
    std::vector<size_t> changed; // into r.cells
    for (int ti = 0; ti < board.size(); ++ti) {
        const adj::PlacedTile& t = board.tiles()[size_t(ti)];
        CellResult c;
        c.cell = recognisedCell(t.pos);
        if (!cellCorners(c.cell, bgr.size(), c.corners)) continue;
        showsKnown(c, t, quarterTurn_);
        r.cells.push_back(c);
        if (ti >= settledTiles_ || withPiece[size_t(ti)]) continue;
        const cv::Mat area = unwarpArea(bgr, c.corners, kAreaSide);
        if (areaChangedSinceSettled(area, c.corners)) {
            changed.push_back(r.cells.size() - 1);
            continue;
        }
        ++steady;
        tileHists.push_back(coloursOf(area));
        tileColours.add(tileHists.back());
    }
    // Most known tiles changed: the camera moved (or a hand covers most of a small board): the
    // full recognition says which.
    if (steady == 0 || changed.size() > size_t(steady)) return std::nullopt;
    // A few changed: a tile nudged by a hand still shows its drawing near its cell; one that
    // does not is covered (a hand, a sleeve): wait for a clear view.
    for (size_t k : changed) {
        CellResult& c = r.cells[k];
        const CellResult seen =
            recogniser_.readCell(bgr, lattice_.imageToGrid, c.cell.x, -c.cell.y,
                                 expectedOffset(c.cell.x, -c.cell.y), cellParams());
        const tiledb::TileKind& kind = *board.at(o.toEngine(c.cell))->kind;
        if (seen.status == CellStatus::Tile && seen.kind == c.kind &&
            sameLook(kind, seen.rotation, c.rotation)) {
            c.corners = seen.corners;
            continue;
        }
        o.problem = Said("board.covered-or-moved").with("at", where(o.toEngine(c.cell)));
        c.status = CellStatus::Occluded;
        c.note = Said("cell.covered-since");
    }
    if (!o.problem.empty()) return o; // NoChange, with cells marked Occluded
    o.agreeing = steady;
    // 2. The free cells beside the board: those that look as they did show the table's
    // colours; those that changed are read on the lattice if their colours are a tile's (not
    // the table's under a shadow, not a hand's).
    std::set<std::pair<int, int>> looked;
    std::vector<std::pair<adj::Pos, ColourHistogram>> candidates;
    for (const adj::PlacedTile& t : board.tiles())
        for (int side = 0; side < 4; ++side) {
            const adj::Pos p = adj::neighbour(t.pos, side);
            if (board.at(p) || !looked.insert({p.x, p.y}).second) continue;
            const adj::Pos rc = recognisedCell(p);
            std::array<cv::Point2f, 4> corners;
            if (!cellCorners(rc, bgr.size(), corners)) continue;
            const cv::Mat area = unwarpArea(bgr, corners, kAreaSide);
            const ColourHistogram h = coloursOf(area);
            if (areaChangedSinceSettled(area, corners)) {
                candidates.push_back({rc, h});
            } else {
                tableHists.push_back(h);
                tableColours.add(h);
            }
        }
    // Every free cell changed (a new table cloth, the light switched): no table to compare with.
    if (tableHists.empty()) return std::nullopt;
    tileColours.finish(), tableColours.finish();
    // The least likely seed of each model, less a margin: colours below both are neither.
    auto floorOf = [](const ColourModel& m, const std::vector<ColourHistogram>& seeds) {
        std::vector<double> v;
        for (const ColourHistogram& h : seeds) v.push_back(m.meanLog(h));
        if (v.empty()) return -1e9;
        std::sort(v.begin(), v.end());
        return v[v.size() / 50] - 1.0;
    };
    const double tileFloor = floorOf(tileColours, tileHists),
                 tableFloor = floorOf(tableColours, tableHists);
    RecogniseParams readParams = cellParams();
    readParams.maxPhotometric = params_.maxPhotometric;
    std::vector<CellResult> read;
    std::vector<adj::Pos> tableColoured; // changed, in the table's colours: see below
    for (const auto& [rc, h] : candidates) {
        const double lt = tileColours.meanLog(h), lb = tableColours.meanLog(h);
        // Colours like neither (a hand) are told only by a tile model from several tiles: a
        // board of two shows too few of a tile's colours.
        if (tileHists.size() >= 6 && lt < tileFloor && lb < tableFloor) continue;
        if (lt - lb <= params_.tableLike) {
            tableColoured.push_back(rc);
            continue;
        }
        CellResult c = recogniser_.readCell(bgr, lattice_.imageToGrid, rc.x, -rc.y,
                                            expectedOffset(rc.x, -rc.y), readParams);
        // Unread, it is still a tile when its colours are far more a tile's than the table's,
        // or a tile's and below every free cell's (newart game 7, turn 43: an M3 with a
        // follower read at 0.36, its colours 0.12 nearer the tiles' but beyond the table's).
        const bool tileColoured =
            lt - lb >= params_.sureTile || (lt >= tileFloor && lb < tableFloor);
        if (c.kind.empty() && !tileColoured) continue;
        if (!c.kind.empty() && lt <= lb && c.score < params_.strongScore) {
            const CellResult was = recogniser_.readCell(settled_, lattice_.imageToGrid, rc.x, -rc.y,
                                                        expectedOffset(rc.x, -rc.y), readParams);
            // Nothing else in the picture changed (no hand, no shadow cast from beyond it): a
            // tile laid there that reads better than the table did.
            if (c.score < was.score + params_.newlyExplained &&
                !(c.score > was.score + params_.aloneExplained &&
                  changedOnlyNear(bgr, {c.corners})))
                continue;
        }
        read.push_back(std::move(c));
    }
    if (read.empty())
        for (const adj::Pos& rc : tableColoured)
            if (std::optional<CellResult> c =
                    outlinedInTableColours(before, bgr, rc, o, readParams))
                read.push_back(std::move(*c));
    // Of several read, one with a strip along a side as it was is no tile laid (a tile covers
    // its cell): a cell read off the new tile's corner and the table beside it (bench game 9,
    // procedural: a bare table cell beside a new cloister read as R at 0.76, "2 new tiles").
    if (read.size() > 1)
        read.erase(std::remove_if(read.begin(), read.end(),
                                  [&](const CellResult& c) {
                                      for (int side = 0; side < 4; ++side)
                                          if (patternAsSettled(bgr, sideOf(c.corners, side)))
                                              return true;
                                      return false;
                                  }),
                   read.end());
    if (read.empty()) return o; // NoChange
    // A reading short of strongScore where something else changed too
    // (ObserverParams::stillElsewhere): a hand over a free cell in a city's colours read as R
    // at 0.82 where no tile lay (procedural game 7, turn 6, the tile laid elsewhere). Tiles
    // laid since the settled picture and tiles with pieces may change.
    const bool weak = std::any_of(read.begin(), read.end(), [&](const CellResult& c) {
        return c.score < params_.strongScore;
    });
    if (params_.stillElsewhere && weak) {
        std::vector<std::array<cv::Point2f, 4>> mayChange;
        for (const CellResult& c : read) mayChange.push_back(c.corners);
        for (int ti = 0; ti < board.size(); ++ti) {
            std::array<cv::Point2f, 4> corners;
            if ((ti >= settledTiles_ || withPiece[size_t(ti)]) &&
                cellCorners(recognisedCell(board.tiles()[size_t(ti)].pos), bgr.size(), corners))
                mayChange.push_back(corners);
        }
        if (!changedOnlyNear(bgr, mayChange)) {
            o.problem = Said("board.unsettled");
            return o; // NoChange: the next picture may be settled
        }
    }
    const size_t first = r.cells.size();
    for (CellResult& c : read) r.cells.push_back(std::move(c));
    std::vector<const CellResult*> fresh;
    for (size_t k = first; k < r.cells.size(); ++k) fresh.push_back(&r.cells[k]);
    readFresh(before, fresh, o);
    return o;
}

TurnObservation TurnObserver::read(const adj::State& before, const cv::Mat& bgr,
                                   const GridHint& hint) const {
    TurnObservation o;
    RecogniseParams params = cellParams();
    params.grid = hint;
    o.recognition = recogniser_.recognise(bgr, params);
    const Recognition& r = o.recognition;
    if (!r.ok()) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = Said("board.not-found").with("detail", r.error);
        return o;
    }
    const adj::Board& board = before.board();

    // 1. The quarter turn and offset on which most certain tiles agree with the engine's.
    std::map<std::tuple<int, int, int>, int> votes;
    for (const CellResult& c : r.cells) {
        if (c.status != CellStatus::Tile) continue;
        for (const adj::PlacedTile& t : board.tiles()) {
            if (t.kind->id != c.kind) continue;
            for (int k = 0; k < 4; ++k)
                if (sameLook(*t.kind, (c.rotation + k) % 4, t.rotation)) {
                    const adj::Pos p = turn(c.cell, k);
                    ++votes[{k, t.pos.x - p.x, t.pos.y - p.y}];
                }
        }
    }
    if (votes.empty()) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = Said("board.none-matched", board.size());
        return o;
    }
    const auto best = std::max_element(votes.begin(), votes.end(),
                                       [](auto& a, auto& b) { return a.second < b.second; });
    const Alignment align{std::get<0>(best->first),
                          {std::get<1>(best->first), std::get<2>(best->first)}};
    o.quarterTurn = align.k;
    o.offset = align.offset;

    // A known tile in colours neither a tile's nor the table's reads as covered (newart's M3,
    // brown roofs and blue pennants under a blue wagon, after the players entered the turn):
    // where its cell looks as in the settled picture, nothing covers it, and it shows the tile
    // the game has there.
    for (CellResult& c : o.recognition.cells)
        if (const adj::PlacedTile* t = board.at(align.toEngine(c.cell));
            t && c.status == CellStatus::Occluded && !changedSinceSettled(bgr, c.corners))
            showsKnown(c, *t, align.k);
    // 2. Known tiles confirmed or contradicted; tiles on free cells are new.
    std::vector<const CellResult*> fresh;
    Said contradiction;
    for (const CellResult& c : r.cells) {
        const adj::Pos at = align.toEngine(c.cell);
        if (const adj::PlacedTile* t = board.at(at)) {
            if (c.status != CellStatus::Tile) continue;
            if (t->kind->id == c.kind &&
                sameLook(*t->kind, (c.rotation + align.k) % 4, t->rotation))
                ++o.agreeing;
            else if (++o.disagreeing == 1)
                contradiction = Said("board.not-as-played")
                                    .with("at", where(at))
                                    .with("kind", t->kind->id)
                                    .with("deg", 90 * t->rotation)
                                    .with("seen", c.kind)
                                    .with("seenDeg", 90 * ((c.rotation + align.k) % 4));
        } else if (c.status == CellStatus::Tile) {
            fresh.push_back(&c);
        } else if (c.status == CellStatus::Uncertain) {
            // An unsure reading off the board's edge cannot be this turn's tile (tiles are laid
            // against others): table texture, not a second tile.
            bool touches = false;
            for (int side = 0; side < 4; ++side)
                touches |= board.at(adj::neighbour(at, side)) != nullptr;
            if (touches) fresh.push_back(&c);
        }
    }
    // A few misread known tiles are the classifier's; many mean the board changed.
    if (o.disagreeing > std::max(2, o.agreeing / 4)) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = Said("board.differs", o.disagreeing).with("what", contradiction);
        return o;
    }
    if (fresh.empty()) return o; // NoChange
    // 3. The new tile: the legal placement its classifier scores best.
    readFresh(before, fresh, o);
    return o;
}

} // namespace vision
