#include "vision/tracker.h"

#include "vision/image_io.h"

#include "adjudicator/actions.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <utility>

namespace vision {

namespace {

std::string where(adj::Pos p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

// A follower standing on its feature (on a field it lies down: another size).
bool standingFollower(const tiledb::TileKind& kind, const adj::MeepleOption& m) {
    return m.kind == adj::MeepleKind::Follower &&
           kind.features[size_t(m.feature)].kind != tiledb::FeatureKind::Field;
}

// The feature as "the road" (`form` "the"), "a road" ("a") or "on the road" ("on").
Said featureName(const tiledb::TileKind& kind, int feature, const char* form) {
    return Said(std::string("feature.") +
                tiledb::featureKindName(kind.features[size_t(feature)].kind) + "." + form);
}

// The look-alike `twin` of the tile read, laid where it lies, as an answer to the question
// (the players then choose its piece).
void offerLookAlike(const adj::State& before, const adj::Action& tile, const std::string& twin,
                    TrackedTurn& out) {
    for (int k = 0; k < int(before.kinds().size()); ++k)
        if (before.kinds()[size_t(k)]->id == twin) {
            adj::Action other = tile;
            other.tileKind = k;
            if (adj::State trial = before; adj::apply(trial, other).ok())
                out.choices.push_back({other});
        }
}

// Barns stand on a tile's corner (Corner: NW NE SE SW as the engine numbers them).
cv::Point2f cornerPoint(int corner) {
    return {corner == adj::NE || corner == adj::SE ? 1.0f : 0.0f,
            corner == adj::SE || corner == adj::SW ? 1.0f : 0.0f};
}

// Where a cell's tile lies in the picture. After a full recognition of a board of at least
// `latticeTiles` tiles: on the picture's board homography (the lattice after its refit, fitted
// to many tiles), rather than the cell's own refined corners, which a piece on it can pull. A
// homography fitted to two or three tiles may lie a tenth of a tile off at one of them (a piece
// there is then lost in the misfit of a drawing laid askew): the cell's own corners. On the
// incremental path the cell's own corners: the new tile's were measured (the place and size it
// reads best at), the known tiles' come from the lattice refitted through where they were
// measured.
std::array<cv::Point2f, 4> latticeCorners(const TurnObservation& o, const CellResult& c,
                                          int latticeTiles) {
    if (o.incremental) return c.corners;
    const auto tiles =
        std::count_if(o.recognition.cells.begin(), o.recognition.cells.end(),
                      [](const CellResult& k) { return k.status == CellStatus::Tile; });
    return tiles < latticeTiles ? c.corners : o.recognition.cellSquare(c.cell);
}

// The fit of a drawing to a cell: the new tile read on the incremental path was measured where
// it lies (the classifier's slide, to a thirty-second of a tile): a small shift search does.
PieceParams fitFor(const TurnObservation& o, const CellResult& c, PieceParams p) {
    if (o.incremental && o.newCell >= 0 && &c == &o.recognition.cells[size_t(o.newCell)])
        p.searchShift = std::min(p.searchShift, 2);
    // The picture's side k is the engine's side k + quarterTurn (as toEngineTile turns points).
    for (int side = 0; side < 4; ++side)
        p.open[size_t(side)] =
            !o.cellAt(adj::neighbour(o.toEngine(c.cell), (side + o.quarterTurn) & 3));
    return p;
}

// A tile laid with `rotation` on the engine's board, as its drawing faces in the picture.
int drawnRotation(const TurnObservation& o, int rotation) {
    return ((rotation - o.quarterTurn) % 4 + 4) % 4;
}

} // namespace

// Whether a piece may cover where drawings `a` and `b` (a kind and its look-alike, turned as
// the tile lies) differ: a mark (a pennant) within reach of a piece's blob, taken as a disc
// widened for its outline and lean. A mark away from every piece is in plain view and the
// classifier read it; drawings that differ all over (another artist's tile) or not at all say
// nothing of where the mark is, so a piece may hide it.
bool mayHideMark(const cv::Mat& a, const cv::Mat& b, const std::vector<PieceBlob>& pieces) {
    constexpr int n = 48; // the comparison's resolution (grain averages out)
    const cv::Mat differ = drawingsDiffer(a, b, n);
    std::vector<cv::Point2f> mark;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (differ.at<uchar>(y, x))
                mark.push_back({(float(x) + 0.5f) / n, (float(y) + 0.5f) / n});
    if (mark.empty() || mark.size() > n * n / 10) return true;
    for (const PieceBlob& p : pieces)
        for (const cv::Point2f& m : mark)
            if (cv::norm(m - p.centre) < pieceReach(p)) return true;
    return false;
}

float pieceReach(const PieceBlob& p) {
    return 1.5f * std::sqrt(p.area / float(CV_PI)) + 0.05f;
}

bool GameTracker::markTold(const cv::Mat& bgr, const TurnObservation& o, const cv::Mat& a,
                           const cv::Mat& b, const std::vector<PieceBlob>& pieces,
                           float misfit) const {
    const CellResult& c = o.recognition.cells[size_t(o.newCell)];
    const PieceParams fit = fitFor(o, c, params_.pieces);
    std::vector<Disc> covered;
    for (const PieceBlob& p : pieces) covered.push_back({p.centre, pieceReach(p)});
    // Where they differ with the pieces left out; where too little of that shows, all of it
    // (a piece's pixels misfit both drawings alike).
    std::optional<std::pair<float, float>> m =
        misfitsWhereDrawingsDiffer(bgr, c.corners, a, {b}, fit, covered)[0];
    if (!m) m = misfitsWhereDrawingsDiffer(bgr, c.corners, a, {b}, fit)[0];
    // A drawing read wrong may still explain that part better than its look-alike (U with a
    // wagon on its road read as M10, against A's cloister): a right one explains it about as
    // well as the rest of the tile.
    return m && m->first < params_.markTold * m->second && m->first < params_.markMisfit * misfit;
}

cv::Point2f toEngineTile(cv::Point2f p, int quarterTurn) {
    for (int r = 0; r < (quarterTurn & 3); ++r) p = {1 - p.y, p.x};
    return p;
}

GameTracker::GameTracker(const ReferenceSet& refs, const adj::GameConfig& game,
                         TrackerParams params)
    : refs_(refs), params_(params), observer_(refs, game, params.observer), colours_(game.players),
      coloursBefore_(game.players) {
    // OpenCV builds its L*a*b* tables on first use (about 100 ms): not in the middle of a turn.
    meanLab(cv::Mat(1, 1, CV_8UC3, cv::Scalar(0, 0, 0)), cv::Mat(1, 1, CV_8U, cv::Scalar(255)));
}

void GameTracker::resolved(const cv::Mat& picture, const adj::State& after) {
    // The camera saw nothing where the players' tile lies: its view is wrong, and the next
    // picture is read afresh.
    if (observer_.missed(picture, after)) observer_.relocate(true);
    colours_ = coloursBefore_;
    followerSizes_ = followerSizesBefore_;
    // The players said what the one piece seen on the new tile was: a standing follower's size
    // is learned from it.
    if (pendingSize_.area > 0 && after.board().size() > 0) {
        const int last = int(after.board().size()) - 1;
        const adj::PlacedTile& t = after.board().tiles().back();
        for (const adj::Meeple& m : after.meeples())
            if (after.board().tileOfNode(m.node) == last &&
                standingFollower(*t.kind, {int(m.node) - t.firstNode, m.kind, -1, -1}))
                followerSizes_.push_back(pendingSize_);
    }
    pendingSize_ = {};
    observer_.settle(picture, after);
    returned_.clear();
    unfinished_.reset();
}

void GameTracker::setPlayerColour(int player, const cv::Vec3f& lab) {
    colours_.set(player, lab);
    coloursBefore_.set(player, lab); // told, not read: kept whatever the players overrule
}

std::optional<cv::Point2f> GameTracker::footIn(const TurnObservation& o,
                                               const CellResult& c) const {
    return boardPointInTile(o.recognition.boardToImage, foot_, c.corners);
}

Calibration calibrateColour(const cv::Mat& bare, const cv::Mat& shown, int player,
                            const PlayerColours& known, const TrackerParams& params) {
    Calibration out;
    if (player < 0 || player >= known.players()) {
        out.problem = Said("calib.no-player").with("p", player + 1);
        return out;
    }
    if (bare.empty() || bare.size() != shown.size()) {
        auto size = [](const cv::Mat& m) {
            return std::to_string(m.cols) + "x" + std::to_string(m.rows);
        };
        out.problem = Said("calib.other-camera").with("a", size(bare)).with("b", size(shown));
        return out;
    }
    int large = 0;
    const std::vector<ShownBlob> blobs = piecesShown(bare, shown, params.shown, &large);
    if (large > 0) {
        out.problem = Said("calib.large-change").with("p", player + 1);
        return out;
    }
    if (blobs.empty()) {
        out.problem = Said("calib.none-added").with("p", player + 1);
        return out;
    }
    // The median of each channel: one odd blob (a shadow, a crumb) does not pull it.
    for (int ch = 0; ch < 3; ++ch) {
        std::vector<float> v;
        for (const ShownBlob& b : blobs) v.push_back(b.lab[ch]);
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        out.lab[ch] = v[v.size() / 2];
    }
    PlayerColours one(1);
    one.set(0, out.lab);
    const auto unlike = std::count_if(blobs.begin(), blobs.end(), [&](const ShownBlob& b) {
        return one.distance(0, b.lab) > params.sameColour;
    });
    if (unlike > 0) {
        out.problem = Said("calib.colours-differ")
                          .with("unlike", int(unlike))
                          .with("seen", int(blobs.size()))
                          .with("p", player + 1);
        return out;
    }
    for (int p = 0; p < known.players(); ++p)
        if (p != player && known.distance(p, out.lab) < params.minColourGap) {
            out.problem = Said("calib.looks-like").with("p", player + 1).with("q", p + 1);
            return out;
        }
    out.ok = true;
    out.pieces = int(blobs.size());
    return out;
}

int calibrationPlayer(const std::string& fileName) {
    const std::string stem = std::filesystem::path(fileName).stem().string();
    const std::string prefix = "calibration-";
    if (stem.rfind(prefix, 0) != 0 || stem.size() == prefix.size() || stem.size() > 14) return -2;
    int n = 0;
    for (char c : stem.substr(prefix.size())) {
        if (c < '0' || c > '9') return -2;
        n = n * 10 + (c - '0');
    }
    return n - 1;
}

std::vector<Said> calibrateFrom(GameTracker& tracker, const std::vector<std::string>& pictures) {
    std::vector<Said> said;
    std::vector<std::pair<int, std::string>> shown;
    std::string bareFile;
    for (const std::string& path : pictures) {
        const int p = calibrationPlayer(path);
        if (p == -1) bareFile = path;
        if (p >= 0) shown.emplace_back(p, path);
    }
    if (shown.empty()) return said;
    if (bareFile.empty()) return {Said("calib.no-bare")};
    const ImageResult bare = readImage(bareFile);
    if (!bare.ok()) return {Said("calib.unreadable").with("detail", bare.error)};
    for (const auto& [player, path] : shown) {
        const ImageResult img = readImage(path);
        const Calibration c = img.ok() ? tracker.calibrate(bare.image, img.image, player)
                                       : Calibration{false, {}, 0, Said::literal(img.error)};
        said.push_back(
            c.ok ? Said("calib.learned", c.pieces)
                       .with("p", player + 1)
                       .with("file", std::filesystem::path(path).filename().string())
                 : Said("calib.not-learned").with("p", player + 1).with("why", c.problem));
    }
    return said;
}

Calibration GameTracker::calibrate(const cv::Mat& bare, const cv::Mat& shown, int player) {
    const Calibration c = calibrateColour(bare, shown, player, colours_, params_);
    if (c.ok) setPlayerColour(player, c.lab);
    return c;
}

std::vector<PieceBlob> GameTracker::piecesOn(const TurnObservation& o, const adj::PlacedTile& t,
                                             const cv::Mat& bgr, const cv::Mat& previous) const {
    const CellResult* c = o.cellAt(t.pos);
    if (!c) return {};
    // The players' colours known so far guide the search (PieceParams::nearColour).
    return findPieces(bgr, latticeCorners(o, *c, params_.latticeTiles),
                      drawingsOf(refs_, t.kind->id, drawnRotation(o, t.rotation)), footIn(o, *c),
                      fitFor(o, *c, params_.pieces), previous, colours_.knownColours());
}

std::optional<adj::MeepleOption> GameTracker::optionUnder(const adj::State& s, const PieceBlob& b,
                                                          int quarterTurn) const {
    const adj::PlacedTile& t = s.board().tiles().back();
    const cv::Point2f at = toEngineTile(b.base, quarterTurn);
    std::optional<adj::MeepleOption> best;
    float nearest = params_.featureSlack;
    for (const adj::MeepleOption& m : s.legalMeeples()) {
        if (m.kind != adj::MeepleKind::Follower) continue; // the kind is the players' to say
        if (const float d = distanceToFeature(*t.kind, t.rotation, m.feature, at); d <= nearest)
            nearest = d, best = m;
    }
    return best;
}

std::vector<adj::MeepleOption> GameTracker::optionsUnder(const adj::State& s,
                                                         const std::vector<PieceBlob>& blobs,
                                                         int quarterTurn) const {
    // A follower on the feature under each blob, then the player's other pieces that may stand
    // there: a blob seen faintly, or among others, tells little of its shape (newart game 0,
    // turn 7: the mayor on a city, seen faintly).
    std::vector<adj::MeepleOption> under;
    for (const PieceBlob& b : blobs)
        if (const std::optional<adj::MeepleOption> m = optionUnder(s, b, quarterTurn);
            m && std::none_of(under.begin(), under.end(), [&](const adj::MeepleOption& u) {
                return u.feature == m->feature;
            })) {
            under.push_back(*m);
            for (const adj::MeepleOption& other : s.legalMeeples())
                if (other.feature == m->feature && other.tile < 0 &&
                    (other.kind == adj::MeepleKind::Mayor || other.kind == adj::MeepleKind::Wagon))
                    under.push_back(other);
        }
    return under;
}

std::vector<PieceBlob> GameTracker::faintPiecesOn(const TurnObservation& o,
                                                  const adj::PlacedTile& t,
                                                  const cv::Mat& bgr) const {
    const CellResult* c = o.cellAt(t.pos);
    if (!c) return {};
    PieceParams p = fitFor(o, *c, params_.pieces);
    p.noiseFactor *= params_.faint.factors;
    p.seedFactor *= params_.faint.factors;
    p.minResidual *= params_.faint.floors;
    p.seedResidual *= params_.faint.floors;
    p.minArea *= params_.faint.area;
    p.nearColour *= params_.faint.near;
    return findPieces(bgr, latticeCorners(o, *c, params_.latticeTiles),
                      drawingsOf(refs_, t.kind->id, drawnRotation(o, t.rotation)), footIn(o, *c), p,
                      observer_.settledPicture(), colours_.knownColours());
}

bool GameTracker::sees(const std::vector<PieceBlob>& blobs, const adj::PlacedTile& t,
                       const TurnObservation& o, int feature, int player, bool wagon) const {
    auto on = [&](cv::Point2f p) {
        return distanceToFeature(*t.kind, t.rotation, feature, toEngineTile(p, o.quarterTurn)) <=
               params_.featureSlack;
    };
    for (const PieceBlob& b : blobs) {
        if (!on(b.base) && !(wagon && on(b.centre))) continue;
        if (!colours_.known(player) || colours_.nearest(b.lab) == player) return true;
    }
    return false;
}

void GameTracker::checkBoard(const adj::State& before, const TurnObservation& o, const cv::Mat& bgr,
                             TrackedTurn& out) const {
    const adj::Board& board = before.board();
    for (const adj::Meeple& m : before.meeples()) {
        const int ti = board.tileOfNode(m.node);
        if (ti < 0 || m.kind == adj::MeepleKind::Barn) continue; // barns straddle four tiles
        const adj::PlacedTile& t = board.tiles()[size_t(ti)];
        const CellResult* c = o.cellAt(t.pos);
        if (!c) continue; // out of the picture
        // A tile that looks as it did in the last settled picture still shows its piece.
        if (!observer_.settledPicture().empty() &&
            !observer_.changedSinceSettled(bgr, latticeCorners(o, *c, params_.latticeTiles)))
            continue;
        const auto blobs = piecesOn(o, t, bgr, {});
        if (!sees(blobs, t, o, int(m.node) - t.firstNode, m.player,
                  m.kind == adj::MeepleKind::Wagon))
            out.warnings.push_back(
                Said("warn.not-shown")
                    .with("p", m.player + 1)
                    .with("piece", Said(std::string("piece.") + adj::meepleKindName(m.kind)))
                    .with("at", where(t.pos)));
    }
    for (const Placed& p : returned_) {
        const adj::PlacedTile* t = board.at(p.tile);
        if (!t || !o.cellAt(p.tile)) continue;
        if (sees(piecesOn(o, *t, bgr, {}), *t, o, p.feature, p.player) && colours_.known(p.player))
            out.warnings.push_back(
                Said("warn.still-shown").with("p", p.player + 1).with("at", where(p.tile)));
    }
}

std::optional<adj::Action> GameTracker::readPiece(const adj::State& s, const TurnObservation& o,
                                                  const cv::Mat& bgr, TrackedTurn& out) {
    const adj::PlacedTile& t = s.board().tiles().back();
    const int player = s.currentPlayer();
    std::vector<PieceBlob> blobs = piecesOn(o, t, bgr, observer_.settledPicture());
    // Once colours are known, a blob in nobody's colour is no player's piece; but it may be one
    // whose colour the light or the drawing under it changed: never a silent pass.
    bool anyKnown = false;
    for (int i = 0; i < colours_.players(); ++i) anyKnown |= colours_.known(i);
    bool stranger = false;
    if (anyKnown)
        blobs.erase(std::remove_if(blobs.begin(), blobs.end(),
                                   [&](const PieceBlob& b) {
                                       float d = 0;
                                       colours_.nearest(b.lab, &d);
                                       const bool far =
                                           d > 2.5f * params_.sameColour &&
                                           !(!colours_.known(player) && d > params_.minColourGap);
                                       stranger |= far;
                                       return far;
                                   }),
                    blobs.end());
    // The players' answers to a question about the piece: the tile read, then each piece.
    const adj::Action tile = out.actions.front();
    auto offer = [&](std::optional<adj::MeepleOption> m) {
        out.choices.push_back({tile, m ? adj::Action{adj::Action::Kind::Piece, -1, {}, *m}
                                       : adj::Action{adj::Action::Kind::Pass, -1, {}, {}}});
    };
    if (blobs.empty() && stranger) {
        out.problem = Said("piece.stranger").with("at", where(t.pos));
        offer(std::nullopt);
        return std::nullopt;
    }
    out.pieces = blobs;
    // If the players settle the turn, what they say the piece was.
    pendingSize_ =
        blobs.size() == 1 ? PieceSize{blobs[0].area, blobs[0].shown, blobs[0].across} : PieceSize{};
    if (blobs.empty()) {
        // A barn stands on a corner of the new tile, mostly on the three tiles around it.
        std::optional<adj::MeepleOption> barn;
        float clearest = 0;
        for (const adj::MeepleOption& m : s.legalMeeples())
            if (m.kind == adj::MeepleKind::Barn)
                if (const float share = barnRead(o, t, bgr, m.corner, player); share > clearest)
                    clearest = share, barn = m;
        if (barn) return adj::Action{adj::Action::Kind::Piece, -1, {}, *barn};
        return adj::Action{adj::Action::Kind::Pass, -1, {}, {}};
    }
    // More than one blob: at most one is the player's piece, the others a mark of the drawing
    // or a shadow the search took for one (or all are). The answers: a piece on the feature
    // under each blob, largest first, then none.
    if (blobs.size() > 1) {
        out.problem = Said("piece.several")
                          .with("n", int(blobs.size()))
                          .with("at", where(t.pos))
                          .with("p", player + 1);
        for (const adj::MeepleOption& m : optionsUnder(s, blobs, o.quarterTurn)) offer(m);
        offer(std::nullopt);
        return std::nullopt;
    }
    const PieceBlob& b = blobs.front();
    // A barn stands on a corner, mostly on the three tiles around it: the part on the new tile
    // is a blob near that corner, which alone would be read as a farmer there (bench games 9,
    // turn 56, both arts: the blob's middle 0.17 of a tile from the corner, the old tiles'
    // part 0.64 and 0.84 changed; a follower elsewhere on the tile changed none of it).
    for (const adj::MeepleOption& m : s.legalMeeples())
        if (m.kind == adj::MeepleKind::Barn) {
            const cv::Point2f off = toEngineTile(b.centre, o.quarterTurn) - cornerPoint(m.corner);
            if (off.dot(off) < 4 * params_.barnReach * params_.barnReach &&
                barnRead(o, t, bgr, m.corner, player) > 0)
                return adj::Action{adj::Action::Kind::Piece, -1, {}, m};
        }
    // Its colour: the player's, or learned as the player's when not known yet.
    float dOther = std::numeric_limits<float>::infinity();
    int other = -1;
    for (int i = 0; i < colours_.players(); ++i)
        if (i != player && colours_.distance(i, b.lab) < dOther)
            dOther = colours_.distance(i, b.lab), other = i;
    const float dMine = colours_.distance(player, b.lab);
    if (colours_.known(player) ? dOther < params_.otherColour * dMine && dMine > params_.sameColour
                               : dOther < params_.minColourGap) {
        out.problem = Said("piece.other-colour")
                          .with("at", where(t.pos))
                          .with("q", other + 1)
                          .with("p", player + 1);
        return std::nullopt;
    }
    // The legal option whose feature lies under its base (a farmer lying flat: its middle).
    const cv::Point2f at =
        standsAt(toEngineTile(b.base, o.quarterTurn), toEngineTile(b.centre, o.quarterTurn),
                 liesFlat(b, followersAcross(), params_.pieces), *t.kind, t.rotation);
    const std::vector<adj::MeepleOption> options = s.legalMeeples();
    auto sameSpot = [](const adj::MeepleOption& x, const adj::MeepleOption& y) {
        return x.feature == y.feature && x.corner == y.corner;
    };
    // How far the base lies from each option's feature, and from the spot on it where the
    // catalogue puts a piece (players put theirs about there).
    auto length = [](cv::Point2f v) { return std::sqrt(v.dot(v)); };
    std::vector<float> toFeature, toSpot;
    for (const adj::MeepleOption& m : options) {
        if (m.kind == adj::MeepleKind::Barn) {
            toFeature.push_back(length(cornerPoint(m.corner) - at));
            toSpot.push_back(toFeature.back());
        } else {
            const tiledb::PointF p = t.kind->featurePoint(m.feature, t.rotation);
            toFeature.push_back(distanceToFeature(*t.kind, t.rotation, m.feature, at));
            toSpot.push_back(length(cv::Point2f(p.x, p.y) - at));
        }
    }
    // The option whose feature is nearest (the first of the kinds that may stand there).
    std::optional<size_t> chosen;
    for (size_t i = 0; i < options.size(); ++i)
        if (!chosen || toFeature[i] < toFeature[*chosen] - 1e-4f) chosen = i;
    const float best = chosen ? toFeature[*chosen] : std::numeric_limits<float>::infinity();
    // A base on the border of two features (a follower at a road's edge, a monk at the
    // cloister's door): the base is known to a few hundredths of a tile. The feature whose piece
    // spot is clearly nearer is taken; otherwise it is the players' to say.
    if (chosen) {
        std::optional<size_t> nearest;
        bool ambiguous = false;
        for (size_t i = 0; i < options.size(); ++i)
            if (toFeature[i] < best + params_.featureMargin &&
                (!nearest || toSpot[i] < toSpot[*nearest]))
                nearest = i;
        for (size_t i = 0; i < options.size(); ++i)
            if (toFeature[i] < best + params_.featureMargin &&
                !sameSpot(options[i], options[*nearest])) {
                ambiguous = true;
                if (toSpot[*nearest] * params_.spotRatio > toSpot[i]) {
                    out.problem = Said("piece.two-features").with("at", where(t.pos));
                    for (size_t k = 0; k < options.size(); ++k)
                        if (toFeature[k] < best + params_.featureMargin) offer(options[k]);
                    return std::nullopt;
                }
            }
        if (ambiguous && !sameSpot(options[*nearest], options[*chosen])) chosen = nearest;
    }
    if (!chosen || toFeature[*chosen] > params_.featureSlack) {
        out.problem = Said("piece.nowhere").with("at", where(t.pos));
        return std::nullopt;
    }
    // The wagon option whose feature lies nearest the blob's middle, within `within` (tiles).
    auto wagonUnderMiddle = [&](float within) {
        const cv::Point2f middle = toEngineTile(b.centre, o.quarterTurn);
        std::optional<size_t> wagon;
        float nearest = within;
        for (size_t i = 0; i < options.size(); ++i)
            if (options[i].kind == adj::MeepleKind::Wagon)
                if (const float d =
                        distanceToFeature(*t.kind, t.rotation, options[i].feature, middle);
                    d < nearest - 1e-4f)
                    nearest = d, wagon = i;
        return wagon;
    };
    // A follower, the mayor or the wagon, when more than one may stand there: by size.
    std::optional<size_t> kind = pieceKind(options, *chosen, b);
    // A wagon is low and wide: the base found as a standing piece's may fall beside its road
    // or city, on a field where only a follower may lie, while its middle lies on the feature.
    // A piece clearly bigger than this camera's followers is the wagon there; one neither
    // clearly bigger nor clearly a follower's size is the players' to say.
    if (kind && options[*kind].kind == adj::MeepleKind::Follower &&
        std::none_of(options.begin(), options.end(), [&](const adj::MeepleOption& m) {
            return m.kind == adj::MeepleKind::Wagon && sameSpot(m, options[*kind]);
        })) {
        const std::optional<size_t> wagon = wagonUnderMiddle(params_.featureMargin + 1e-4f);
        const std::optional<PieceSize> ratio = sizeRatio(b);
        if (wagon && ratio && wagonSized(*ratio)) {
            kind = wagon;
        } else if (wagon && !(ratio && ratio->area <= params_.followerSized)) {
            out.problem = Said("piece.follower-or-wagon")
                              .with("p", player + 1)
                              .with("at", where(t.pos))
                              .with("on", featureName(*t.kind, options[*kind].feature, "on"))
                              .with("other", featureName(*t.kind, options[*wagon].feature, "on"));
            offer(options[*kind]);
            // A follower standing on the wagon's feature leans as the wagon does (procedural
            // game 2, turn 6, at a featureMargin of 0.05: a follower on U's road, its base found
            // on the field 0.055 of a tile from it).
            for (const adj::MeepleOption& m : options)
                if (m.kind == adj::MeepleKind::Follower && sameSpot(m, options[*wagon])) offer(m);
            offer(options[*wagon]);
            return std::nullopt;
        }
    }
    if (!kind) {
        std::vector<Said> kinds;
        for (const adj::MeepleOption& m : options)
            if (sameSpot(m, options[*chosen]))
                kinds.push_back(
                    Said(std::string("piece.") + adj::meepleKindName(m.kind) + ".which"));
        out.problem = Said("piece.which")
                          .with("p", player + 1)
                          .with("at", where(t.pos))
                          .with("kinds", alternatives(std::move(kinds)));
        for (const adj::MeepleOption& m : options)
            if (sameSpot(m, options[*chosen])) offer(m);
        return std::nullopt;
    }
    // A wagon is a low block: it hardly leans, so its feature is the one under its middle.
    if (options[*kind].kind == adj::MeepleKind::Wagon) {
        kind = wagonUnderMiddle(std::numeric_limits<float>::infinity());
        // The same picture: a wagon placed on a feature the tile completes, moved on to this one.
        const adj::MeepleOption here{options[*kind].feature, adj::MeepleKind::Wagon, -1,
                                     int(s.board().size()) - 1};
        for (const adj::MeepleOption& m : options) {
            if (m.kind != adj::MeepleKind::Wagon || m.feature == here.feature) continue;
            adj::State trial = s;
            if (!adj::apply(trial, adj::Action{adj::Action::Kind::Piece, -1, {}, m}).ok() ||
                trial.phase() != adj::Phase::Wagon)
                continue;
            const std::vector<adj::MeepleOption> moves = trial.legalWagonMoves();
            if (std::find(moves.begin(), moves.end(), here) == moves.end()) continue;
            out.problem = Said("piece.wagon-moved-on")
                              .with("p", player + 1)
                              .with("on", featureName(*t.kind, here.feature, "on"))
                              .with("at", where(t.pos))
                              .with("theOther", featureName(*t.kind, m.feature, "the"));
            offer(options[*kind]);
            offer(m);
            return std::nullopt;
        }
    }
    if (standingFollower(*t.kind, options[*kind]))
        followerSizes_.push_back({b.area, b.shown, b.across});
    // Learn from clear sightings only: a faint blob may be the drawing's own misfit.
    if (colours_.known(player) || b.residual >= params_.learnResidual)
        colours_.learn(player, b.lab);
    return adj::Action{adj::Action::Kind::Piece, -1, {}, options[*kind]};
}

std::optional<size_t> GameTracker::pieceKind(const std::vector<adj::MeepleOption>& options,
                                             size_t chosen, const PieceBlob& b) const {
    std::optional<size_t> follower, larger;
    int kinds = 0;
    bool mayor = false, wagon = false;
    for (size_t i = 0; i < options.size(); ++i) {
        if (options[i].feature != options[chosen].feature ||
            options[i].corner != options[chosen].corner)
            continue;
        ++kinds;
        (options[i].kind == adj::MeepleKind::Follower ? follower : larger) = i;
        mayor |= options[i].kind == adj::MeepleKind::Mayor;
        wagon |= options[i].kind == adj::MeepleKind::Wagon;
    }
    if (kinds == 1) return chosen;
    const std::optional<PieceSize> ratio = sizeRatio(b);
    if (!ratio) return std::nullopt;
    // The wagon shows by its area (its darker sides in it), the mayor by its colour's pixels.
    const bool followerArea =
                   ratio->area >= params_.partOfAPiece && ratio->area <= params_.followerSized,
               followerShown =
                   ratio->shown >= params_.shownPart && ratio->shown <= params_.shownFollower;
    if (follower && (!wagon || followerArea) && (!mayor || followerShown)) return follower;
    if (kinds - (follower ? 1 : 0) == 1 &&
        (mayor ? ratio->shown >= params_.shownMayor : wagonSized(*ratio)))
        return larger;
    return std::nullopt;
}

std::optional<GameTracker::PieceSize> GameTracker::sizeRatio(const PieceBlob& b) const {
    if (int(followerSizes_.size()) < params_.sizeSightings) return std::nullopt;
    auto median = [&](float PieceSize::*of) {
        std::vector<float> v;
        for (const PieceSize& s : followerSizes_) v.push_back(s.*of);
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        return std::max(1e-6f, v[v.size() / 2]);
    };
    return PieceSize{b.area / median(&PieceSize::area), b.shown / median(&PieceSize::shown)};
}

bool GameTracker::wagonSized(const PieceSize& r) const {
    return r.area >= params_.biggerThanFollower &&
           (r.shown >= params_.shownWagon || r.area >= params_.clearlyWagon);
}

float GameTracker::followersAcross() const {
    std::vector<float> across;
    for (const PieceSize& s : followerSizes_) across.push_back(s.across);
    return vision::followersAcross(std::move(across), params_.sizeSightings);
}

std::vector<adj::MeepleOption> GameTracker::wagonSeenAt(const adj::State& s,
                                                        const TurnObservation& o,
                                                        const cv::Mat& bgr, bool faint) const {
    std::vector<adj::MeepleOption> seen;
    const int owner = s.pendingWagons().front().player;
    for (const adj::MeepleOption& m : s.legalWagonMoves()) {
        const adj::PlacedTile& t = s.board().tiles()[size_t(m.tile)];
        // procedural game 8 turn 48: the wagon moved to A's cloister, its base 0.147 of a tile
        // off it (past featureSlack), its middle on it.
        if (sees(faint ? faintPiecesOn(o, t, bgr) : piecesOn(o, t, bgr, observer_.settledPicture()),
                 t, o, m.feature, owner, true))
            seen.push_back(m);
    }
    return seen;
}

std::optional<adj::MeepleOption>
GameTracker::wagonMovedOn(const adj::State& s, const TurnObservation& o, const cv::Mat& bgr) const {
    std::optional<adj::MeepleOption> found;
    int ways = 0;
    for (const adj::MeepleOption& m : s.legalMeeples()) {
        if (m.kind != adj::MeepleKind::Wagon) continue;
        adj::State trial = s;
        if (!adj::apply(trial, adj::Action{adj::Action::Kind::Piece, -1, {}, m}).ok() ||
            trial.phase() != adj::Phase::Wagon ||
            trial.pendingWagons().front().player != s.currentPlayer())
            continue;
        if (wagonSeenAt(trial, o, bgr).size() == 1) found = m, ++ways;
    }
    return ways == 1 ? found : std::nullopt;
}

std::vector<adj::MeepleOption> GameTracker::hiddenInColour(const adj::State& s,
                                                           const TurnObservation& o,
                                                           const cv::Mat& bgr) const {
    const int player = s.currentPlayer();
    const adj::PlacedTile& t = s.board().tiles().back();
    const CellResult* c = o.cellAt(t.pos);
    if (!c || !colours_.known(player)) return {};
    constexpr int n = 64;
    const cv::Mat tile = unwarpArea(bgr, latticeCorners(o, *c, params_.latticeTiles), n);
    std::vector<adj::MeepleOption> out;
    for (const adj::MeepleOption& m : s.legalMeeples()) {
        if (m.kind == adj::MeepleKind::Barn) continue;
        const tiledb::FeatureKind f = t.kind->features[size_t(m.feature)].kind;
        if (f != tiledb::FeatureKind::Cloister && f != tiledb::FeatureKind::Abbey) continue;
        // The spot as laid on the engine's board, in the picture's tile coordinates.
        const tiledb::PointF spot = t.kind->featurePoint(m.feature, t.rotation);
        const cv::Point2f p = toEngineTile({spot.x, spot.y}, 4 - o.quarterTurn);
        cv::Mat disc(n, n, CV_8U, cv::Scalar(0));
        cv::circle(disc, cv::Point(int(p.x * n), int(p.y * n)),
                   std::max(1, int(params_.spotRadius * n)), cv::Scalar(255), cv::FILLED);
        const float d = colours_.distance(player, meanLab(tile, disc));
        if (d < params_.hiddenColour) out.push_back(m);
    }
    return out;
}

float GameTracker::barnShare(const TurnObservation& o, const adj::PlacedTile& t, const cv::Mat& bgr,
                             int corner, int player, float cover, float colourReach) const {
    const CellResult* c = o.cellAt(t.pos);
    const cv::Mat& before = observer_.settledPicture();
    if (!c || before.empty() || before.size() != bgr.size()) return 0;
    // The corner, in the new tile's coordinates as drawn in the picture.
    const cv::Point2f q = toEngineTile(cornerPoint(corner), (4 - o.quarterTurn) & 3);
    // The square around the corner and a ring as wide around it, in the new tile's coordinates
    // as drawn in the picture.
    const float r = params_.barnReach, R = 2 * r;
    const std::array<cv::Point2f, 4> unit{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
    const cv::Mat toImage = cv::getPerspectiveTransform(
        unit.data(), latticeCorners(o, *c, params_.latticeTiles).data());
    std::vector<cv::Point2f> square{
        {q.x - R, q.y - R}, {q.x + R, q.y - R}, {q.x + R, q.y + R}, {q.x - R, q.y + R}},
        inImage;
    cv::perspectiveTransform(square, inImage, toImage);
    std::array<cv::Point2f, 4> area;
    std::copy(inImage.begin(), inImage.end(), area.begin());
    const int n = 48, lo = n / 4, hi = n - n / 4; // the square: [lo, hi) each way
    const cv::Mat now = unwarpArea(bgr, area, n), then = unwarpArea(before, area, n);
    // The three old tiles' part (the new tile was not there before). The light is matched on
    // the ring's part: the barn covers most of the square, and matched there it would explain
    // itself away (a green barn on a field read as a pass).
    cv::Mat old(n, n, CV_8U, cv::Scalar(0));
    std::array<std::vector<int>, 3> shifts;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const float tx = q.x - R + (x + 0.5f) * 2 * R / n,
                        ty = q.y - R + (y + 0.5f) * 2 * R / n;
            if (tx >= 0 && tx <= 1 && ty >= 0 && ty <= 1) continue;
            const bool inSquare = x >= lo && x < hi && y >= lo && y < hi;
            old.at<uchar>(y, x) = inSquare ? 255 : 0;
            if (!inSquare)
                for (int ch = 0; ch < 3; ++ch)
                    shifts[size_t(ch)].push_back(int(now.at<cv::Vec3b>(y, x)[ch]) -
                                                 then.at<cv::Vec3b>(y, x)[ch]);
        }
    cv::Scalar shift;
    for (int ch = 0; ch < 3; ++ch) {
        std::vector<int>& v = shifts[size_t(ch)];
        if (v.empty()) continue;
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        shift[ch] = v[v.size() / 2];
    }
    cv::Mat diff;
    cv::absdiff(now, then + shift, diff);
    cv::Mat changed(n, n, CV_8U, cv::Scalar(0));
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const cv::Vec3b d = diff.at<cv::Vec3b>(y, x);
            changed.at<uchar>(y, x) =
                old.at<uchar>(y, x) && d[0] + d[1] + d[2] > params_.barnChange;
        }
    const int count = cv::countNonZero(changed);
    const float share = float(count) / float(std::max(1, cv::countNonZero(old)));
    if (share < cover || count < 4) return 0;
    // Something new stands there: in the player's colour, or the colour is not known yet.
    const cv::Vec3f lab = meanLab(now, changed);
    if (colours_.known(player) && colours_.distance(player, lab) > colourReach) return 0;
    return share;
}

std::vector<adj::MeepleOption>
GameTracker::faintBarns(const adj::State& s, const TurnObservation& o, const cv::Mat& bgr) const {
    std::vector<adj::MeepleOption> out;
    const int player = s.currentPlayer();
    if (!colours_.known(player)) return out; // any change would do: shading, a hand's shadow
    for (const adj::MeepleOption& m : s.legalMeeples())
        if (m.kind == adj::MeepleKind::Barn &&
            barnShare(o, s.board().tiles().back(), bgr, m.corner, player, params_.faintBarn,
                      params_.sameColour) > 0)
            out.push_back(m);
    return out;
}

float GameTracker::rereadTile(const adj::State& before, TurnObservation& o, const cv::Mat& bgr,
                              float* correlation) const {
    // The classifier's readings of the new cell, as legal placements, weighed again by how
    // well each drawing explains the whole tile: a piece on the tile can tip the classifier
    // (a red piece on a field reads like a roof), hardly the median misfit. The classifier's
    // choice stands unless another drawing explains the tile clearly better (look-alikes such
    // as a city with or without a pennant differ in a few per cent of the tile: the classifier
    // tells those apart, the median cannot).
    const CellResult& c = o.recognition.cells[size_t(o.newCell)];
    const adj::Pos at = o.action->placement.pos;
    auto misfitOf = [&](int kind, int rotation, float* corr) {
        return drawingMisfit(
            bgr, c.corners,
            drawingsOf(refs_, before.kinds()[size_t(kind)]->id, drawnRotation(o, rotation)),
            fitFor(o, c, params_.pieces), corr);
    };
    const float chosen = misfitOf(o.action->tileKind, o.action->placement.rotation, correlation);
    float best = chosen;
    std::vector<Alternative> readings = c.alternatives;
    readings.push_back(c.reading());
    float top = 0;
    for (const Alternative& a : readings) top = std::max(top, a.score);
    std::vector<std::pair<int, int>> tried{{o.action->tileKind, o.action->placement.rotation}};
    for (const Alternative& a : readings) {
        const int kind = before.kindIndex(a.kind);
        const adj::Placement pl{at, std::uint8_t((a.lies() + o.quarterTurn) % 4)};
        // Readings the classifier rates far below its best are not worth a drawing's fit (each
        // costs milliseconds); nor is one already weighed.
        if (kind < 0 || a.score < top - params_.rereadSpan ||
            std::find(tried.begin(), tried.end(), std::pair(kind, int(pl.rotation))) !=
                tried.end() ||
            !placeable(before, kind, pl))
            continue;
        tried.push_back({kind, pl.rotation});
        float corr = 0;
        const float m = misfitOf(kind, pl.rotation, &corr);
        if (m < best && m < params_.clearlyBetter * chosen) {
            best = m;
            *correlation = corr;
            o.action = adj::Action{adj::Action::Kind::Tile, kind, pl, {}};
        }
    }
    return best;
}

std::vector<adj::Action> GameTracker::legalByDrawing(const adj::State& before,
                                                     const TurnObservation& o, const cv::Mat& bgr,
                                                     const std::vector<adj::Action>& given) const {
    const CellResult& c = o.recognition.cells[size_t(o.newCell)];
    const adj::Pos at = o.toEngine(c.cell);
    // Each legal placement on the cell: how badly its drawing explains the picture, and how
    // well the classifier matches it there.
    struct Fit {
        float misfit, score;
        adj::Action action;
    };
    std::vector<std::string> ids;
    for (const tiledb::TileKind* k : before.kinds()) ids.push_back(k->id);
    // Measured on the reading's own square and, when it lies a tenth of a tile or more off
    // it, on the lattice's cell, each placement at its best: a reading that found no kind may
    // have slid off the tile (newart game 7, turn 43). Each square costs an unshifted fit a
    // placement.
    std::vector<std::array<cv::Point2f, 4>> squares{c.corners};
    const std::array<cv::Point2f, 4> cell = o.recognition.cellSquare(o.toRecognised(at));
    if (cv::norm(centreOf(cell) - centreOf(c.corners)) > 0.1 * cv::norm(cell[1] - cell[0]))
        squares.push_back(cell);
    std::vector<std::vector<std::array<float, 4>>> scored(squares.size());
    for (size_t q = 0; q < squares.size(); ++q)
        scored[q] =
            observer_.recogniser().turnScoresAt(bgr, squares[q], ids, TileClassifier::Rim::Narrow);
    const PieceParams fit = fitFor(o, c, params_.pieces);
    std::vector<Fit> fits;
    std::vector<std::vector<cv::Mat>> drawings;
    for (int kind = 0; kind < int(before.kinds().size()); ++kind) {
        const tiledb::TileKind& k = *before.kinds()[size_t(kind)];
        for (const adj::Placement& pl : before.legalPlacements(kind))
            if (pl.pos == at && placeable(before, kind, pl)) {
                const int drawn = drawnRotation(o, pl.rotation);
                drawings.push_back(drawingsOf(refs_, k.id, drawn));
                const size_t look = size_t(drawn % std::max(1, int(k.distinctRotations)));
                Fit f{std::numeric_limits<float>::max(), -1,
                      adj::Action{adj::Action::Kind::Tile, kind, pl, {}}};
                for (size_t q = 0; q < squares.size(); ++q)
                    f.score = std::max(f.score, scored[q][size_t(kind)][look]);
                fits.push_back(f);
            }
    }
    // Every placement's drawings fitted unshifted, the best few with the shift search too:
    // more than are offered, as the search may reorder them.
    const std::vector<float> misfits =
        drawingMisfits(bgr, squares, drawings, fit, 3 * TurnObservation::kUnclearReadings);
    for (size_t i = 0; i < fits.size(); ++i) fits[i].misfit = misfits[i];
    // One answer per placement: rotations a kind's symmetry makes alike are one to the engine.
    std::vector<adj::Action> out;
    auto offer = [&](const adj::Action& a) {
        auto alike = [&](const adj::Action& b) {
            return b.tileKind == a.tileKind && sameLook(*before.kinds()[size_t(a.tileKind)],
                                                        a.placement.rotation, b.placement.rotation);
        };
        if (std::none_of(given.begin(), given.end(), alike) &&
            std::none_of(out.begin(), out.end(), alike))
            out.push_back(a);
    };
    // The drawings that explain the picture best, then the classifier's best match among the
    // legal placements: where a piece or the cell's place spoils the fit of the right drawing,
    // its pattern may still be matched (newart, a D read unclearly: 27th by misfit, 1st by the
    // classifier's score).
    std::stable_sort(fits.begin(), fits.end(),
                     [](const Fit& a, const Fit& b) { return a.misfit < b.misfit; });
    for (const Fit& f : fits)
        if (int(out.size()) < TurnObservation::kUnclearReadings) offer(f.action);
    const auto matched = std::max_element(
        fits.begin(), fits.end(), [](const Fit& a, const Fit& b) { return a.score < b.score; });
    if (matched != fits.end()) offer(matched->action);
    // The kind the classifier saw, at each of its legal turns here (best explained first): a
    // kind seen at a turn that may not lie there (newart game 1 with A&M, turn 4: V seen turned
    // 270°, laid turned 180°; every legal drawing misfit alike, 24-31, V turned 90° a little less
    // than V turned 180°, and neither was among the answers).
    if (const int seen = before.kindIndex(c.kind); seen >= 0)
        for (const Fit& f : fits)
            if (f.action.tileKind == seen) offer(f.action);
    return out;
}

float GameTracker::knownMisfit(const adj::State& before, const TurnObservation& o,
                               const cv::Mat& bgr, int shift) const {
    const adj::Pos at = o.action->placement.pos;
    // The known tiles lie on the lattice refitted through where each was measured: a small
    // shift search does (a quarter of the full search's fits; four neighbours with the full
    // search took 22 ms, most of a turn's time).
    PieceParams p = params_.pieces;
    p.searchShift = std::min(p.searchShift, shift);
    std::vector<float> misfits;
    for (const adj::Pos n : {adj::Pos{at.x, at.y + 1}, adj::Pos{at.x + 1, at.y},
                             adj::Pos{at.x, at.y - 1}, adj::Pos{at.x - 1, at.y}}) {
        const adj::PlacedTile* t = before.board().at(n);
        const CellResult* c = t ? o.cellAt(n) : nullptr;
        if (!c) continue;
        misfits.push_back(
            drawingMisfit(bgr, latticeCorners(o, *c, params_.latticeTiles),
                          drawingsOf(refs_, t->kind->id, drawnRotation(o, t->rotation)), p));
    }
    if (misfits.empty()) return 0;
    std::sort(misfits.begin(), misfits.end());
    return misfits[misfits.size() / 2];
}

std::string GameTracker::lookAlikeUnderPiece(const adj::State& before, const TurnObservation& o,
                                             const cv::Mat& bgr, float misfit,
                                             const std::vector<PieceBlob>& pieces) const {
    // Tiles that differ only in a small mark (a city with or without a pennant) have the same
    // sides; with a piece standing on the tile the mark may be hidden, or the piece taken for
    // one. Another kind with the same sides that may lie there and explains the picture about
    // as well is a question for the players, when a piece stands near where the two differ
    // (mayHideMark): a mark in plain view was read by the classifier.
    const adj::Placement& pl = o.action->placement;
    const tiledb::TileKind& chosen = *before.kinds()[size_t(o.action->tileKind)];
    const CellResult& c = o.recognition.cells[size_t(o.newCell)];
    // The classifier's own reading, clearly told from its look-alike, with the mark in plain
    // view: it stands.
    const bool readClearly = c.kind == chosen.id && c.confidence >= params_.plainMark;
    const std::vector<cv::Mat> mine = drawingsOf(refs_, chosen.id, drawnRotation(o, pl.rotation));
    for (int k = 0; k < int(before.kinds().size()); ++k) {
        const tiledb::TileKind& other = *before.kinds()[size_t(k)];
        if (k == o.action->tileKind || other.inSupply ||
            other.sideSignature[pl.rotation] != chosen.sideSignature[pl.rotation] ||
            !placeable(before, k, pl))
            continue;
        const std::vector<cv::Mat> drawn =
            drawingsOf(refs_, other.id, drawnRotation(o, pl.rotation));
        if (drawingMisfit(bgr, c.corners, drawn, fitFor(o, c, params_.pieces)) >=
            params_.lookAlike * misfit)
            continue;
        if (!readClearly || mine.empty() || drawn.empty()) return other.id;
        // A mark a piece may hide, unless the rest of the two drawings tells them apart.
        if (mayHideMark(mine[0], drawn[0], pieces) &&
            !markTold(bgr, o, mine[0], drawn[0], pieces, misfit))
            return other.id;
    }
    return "";
}

std::vector<adj::Action> GameTracker::cityAgainstTable(const adj::State& before,
                                                       const TurnObservation& o,
                                                       const cv::Mat& bgr) const {
    // A city side laid against the table, where the art draws cities near the table's colour
    // (our procedural tiles), can pass for the table: H, two caps, read as E, one (bench games
    // 1 and 9, procedural with Abbey & Mayor, on a lattice fitted to a few tiles). Another kind
    // with a city where the reading has a field, on sides facing no tile only, that may lie
    // there and explains the picture where the two differ at least as well, is a question for
    // the players. Where they differ, not the whole tile: a cap is a fifth of it, below what a
    // median misfit sees (a cloister's B and a city's N misfit alike).
    const adj::Placement& pl = o.action->placement;
    const tiledb::TileKind& chosen = *before.kinds()[size_t(o.action->tileKind)];
    const CellResult& c = o.recognition.cells[size_t(o.newCell)];
    const std::vector<cv::Mat> mine = drawingsOf(refs_, chosen.id, drawnRotation(o, pl.rotation));
    if (mine.empty()) return {};
    std::vector<adj::Action> candidates;
    std::vector<cv::Mat> theirs; // each candidate's drawing as it would lie
    for (int k = 0; k < int(before.kinds().size()); ++k) {
        const tiledb::TileKind& other = *before.kinds()[size_t(k)];
        if (k == o.action->tileKind || other.inSupply) continue;
        for (int r = 0; r < 4; ++r) {
            bool city = false, rest = true;
            for (int side = 0; side < 4 && rest; ++side) {
                const tiledb::Terrain a = chosen.sideTerrain(side, pl.rotation),
                                      b = other.sideTerrain(side, r);
                if (a == b) continue;
                city = a == tiledb::Terrain::Field && b == tiledb::Terrain::City &&
                       !before.board().at(adj::neighbour(pl.pos, side));
                rest = city;
            }
            const adj::Placement there{pl.pos, std::uint8_t(r)};
            if (!city || !rest || !placeable(before, k, there)) continue;
            const std::vector<cv::Mat> drawn = drawingsOf(refs_, other.id, drawnRotation(o, r));
            if (drawn.empty()) continue;
            candidates.push_back(adj::Action{adj::Action::Kind::Tile, k, there, {}});
            theirs.push_back(drawn[0]);
        }
    }
    if (candidates.empty()) return {};
    const auto misfits =
        misfitsWhereDrawingsDiffer(bgr, c.corners, mine[0], theirs, fitFor(o, c, params_.pieces));
    std::vector<std::pair<float, adj::Action>> found; // by how well each explains the picture
    for (size_t i = 0; i < candidates.size(); ++i)
        if (const auto& m = misfits[i]; m && m->second < params_.cityAgainstTable * m->first)
            found.push_back({m->second, candidates[i]});
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<adj::Action> out;
    for (const auto& [m, a] : found) out.push_back(a);
    return out;
}

namespace {

// After the tile (phase Meeple): the pieces that, placed on the tile just placed in `s`, are scored
// and taken back at once.
std::vector<adj::MeepleOption> scoredAtOnce(const adj::State& s) {
    std::vector<adj::MeepleOption> out;
    const adj::PlacedTile& t = s.board().tiles().back();
    for (const adj::MeepleOption& m : s.legalMeeples()) {
        if (m.kind == adj::MeepleKind::Barn) continue;
        adj::State trial = s;
        if (!adj::apply(trial, adj::Action{adj::Action::Kind::Piece, -1, {}, m}).ok()) continue;
        const auto node = std::uint16_t(t.firstNode + m.feature);
        const bool stays = std::any_of(trial.meeples().begin(), trial.meeples().end(),
                                       [&](const adj::Meeple& k) { return k.node == node; });
        if (!stays) out.push_back(m);
    }
    return out;
}

} // namespace

TrackedTurn GameTracker::observe(const adj::State& before, const cv::Mat& bgr) {
    // The last picture showed a turn whose wagon had not moved on yet: this one finishes it.
    if (std::optional<Unfinished> u = std::exchange(unfinished_, std::nullopt);
        u && u->state.board().size() == before.board().size() + 1 &&
        u->player == before.currentPlayer())
        return finishTurn(std::move(*u), bgr);
    coloursBefore_ = colours_;
    followerSizesBefore_ = followerSizes_;
    pendingSize_ = {};
    const std::vector<Placed> returnedBefore = returned_;
    Said doubt;
    std::vector<adj::Action> otherTiles;
    TrackedTurn out = readTurn(before, bgr, doubt, otherTiles);
    if (doubt.empty() || out.actions.empty()) return out;
    // The tile read is in doubt: the turn as the camera read it is an answer, never taken
    // unasked (nothing is learned from it, the picture is not settled).
    returned_ = returnedBefore;
    colours_ = coloursBefore_;
    followerSizes_ = followerSizesBefore_;
    pendingSize_ = {};
    out.certain = 0;
    out.warnings.clear();
    if (out.status == TrackedTurn::Status::Turn) {
        out.status = TrackedTurn::Status::Discrepancy;
        out.problem = Said("tile.as-read").with("doubt", doubt);
        out.choices = {out.actions};
    } else {
        out.problem = Said("joined").with("a", doubt).with("b", out.problem);
    }
    for (const adj::Action& other : otherTiles)
        if (adj::State trial = before; adj::apply(trial, other).ok())
            out.choices.push_back({other});
    // A drawing in doubt may be another tile's: the legal placements whose drawings explain the
    // picture best are answers too (procedural game 4, turn 35: read as M8, an R played). The
    // tiles a city by the table may hide are answered above.
    if (doubt.key != "tile.city-by-table" && out.tile.newCell >= 0) {
        std::vector<adj::Action> given = otherTiles;
        given.push_back(out.actions.front());
        for (const adj::Action& a : legalByDrawing(before, out.tile, bgr, given))
            out.choices.push_back({a});
    }
    return out;
}

TrackedTurn GameTracker::readTurn(const adj::State& before, const cv::Mat& bgr, Said& doubt,
                                  std::vector<adj::Action>& otherTiles) {
    TrackedTurn out;
    out.tile = observer_.observe(before, bgr);
    const TurnObservation& o = out.tile;
    // A hand (or anything unlike both tiles and table) over the board: wait for a clear view
    // rather than raise an alert for every picture taken while someone reaches over.
    const auto covered =
        std::count_if(o.recognition.cells.begin(), o.recognition.cells.end(),
                      [](const CellResult& c) { return c.status == CellStatus::Occluded; });
    if (covered > 0) {
        out.status = TrackedTurn::Status::NoChange;
        out.problem = Said("board.covered", int(covered));
        return out;
    }
    if (o.status == TurnObservation::Status::NoChange) return out;
    if (o.status == TurnObservation::Status::Discrepancy) {
        out.status = TrackedTurn::Status::Discrepancy;
        out.problem = o.problem;
        for (const adj::Action& a : o.unclearReadings) out.choices.push_back({a});
        // A new tile read unclearly, or only as illegal placements: the players are asked which
        // tile it is; the placements its drawing explains best are answers too.
        if (o.newCell >= 0)
            for (const adj::Action& a : legalByDrawing(before, o, bgr, o.unclearReadings)) {
                if (out.problem.key == "tile.illegal") out.problem.key = "tile.illegal-which";
                out.choices.push_back({a});
            }
        return out;
    }
    // With the camera where it was, the new tile's cell must have changed since the last
    // picture a turn was read from, all of it (a tile covers its cell): a cell, or a strip
    // along one of its sides, that did not is table or shadow read as a tile, a hand beside it,
    // or a known tile a board read around a hand put on the wrong cell. Nothing new is seen:
    // the next picture is awaited, with no alert.
    // The reading's own square may lie a third of a tile off the tile (a piece, a road's
    // edge pull it) and the lattice's cell a little off: a tile laid shows on either one
    // changed all over (procedural game 6, turn 11: the reading's square over the gap to the
    // tile above, its strip there as it was, the lattice's cell changed all over).
    auto asBefore = [&](const std::array<cv::Point2f, 4>& area) {
        return areaSimilarity(bgr, observer_.settledPicture(), area);
    };
    auto unchangedIn = [&](const std::array<cv::Point2f, 4>& cell) {
        if (asBefore(cell) > params_.sameAsLast) return true;
        for (int side = 0; side < 4; ++side)
            if (asBefore(sideOf(cell, side)) > params_.sideAsLast) return true;
        return false;
    };
    const bool unchanged =
        unchangedIn(o.recognition.cells[size_t(o.newCell)].corners) &&
        unchangedIn(o.recognition.cellSquare(o.toRecognised(o.action->placement.pos)));
    if (unchanged) {
        out.status = TrackedTurn::Status::NoChange;
        out.problem = Said("tile.not-laid").with("at", where(o.action->placement.pos));
        return out;
    }
    out.misfit = rereadTile(before, out.tile, bgr, &out.correlation);
    // (On the incremental path the cell changed since the settled picture and shows a tile's
    // colours, not a hand's or the table's: a quiet tile, a field with a cloister under its
    // monk, correlates weakly with its drawing and is no less a tile.)
    // Such a tile, and one whose drawing leaves too much unexplained (below), is in doubt: the
    // turn is read on, and asked about with that reading as its answer (see observe).
    if (!o.incremental && out.correlation < params_.minCorrelation)
        doubt = Said("tile.unclear-drawing")
                    .with("at", where(o.action->placement.pos))
                    .with("read", adj::actionText(before, *o.action));
    // Art drawn in fine detail, blur or a low camera leave more of a right drawing unexplained:
    // the misfit is judged against the misfits of the tiles beside it, as the game has them.
    // Neighbours that misfit far more than that on the quick shift search may lie a few pixels
    // off the remembered lattice near the new tile: they are fitted again with the full search
    // (newart: 12 of 26 such refusals were neighbours at 16-26 measured 8-14 so, every one read
    // right). Still past maxKnownMisfit, they are misplaced: the lattice drifted.
    auto explainedAsNeighbours = [&] {
        float known = knownMisfit(before, o, bgr);
        if (known > params_.maxKnownMisfit) known = knownMisfit(before, o, bgr, params_.knownShift);
        return known <= params_.maxKnownMisfit && out.misfit <= params_.relativeMisfit * known;
    };
    // (Not judged when the tile is in doubt already: that is the full path, with no lattice to
    // relocate.)
    if (doubt.empty() && out.misfit > params_.maxMisfit && !explainedAsNeighbours()) {
        if (o.incremental) observer_.relocate(); // the remembered lattice may have drifted
        doubt = Said("tile.unexplained")
                    .with("at", where(o.action->placement.pos))
                    .with("read", adj::actionText(before, *o.action));
    }
    if (params_.cityAgainstTable > 0) {
        otherTiles = cityAgainstTable(before, o, bgr);
        if (!otherTiles.empty() && doubt.empty())
            doubt = Said("tile.city-by-table")
                        .with("at", where(o.action->placement.pos))
                        .with("a", before.kinds()[size_t(o.action->tileKind)]->id)
                        .with("b", before.kinds()[size_t(otherTiles[0].tileKind)]->id);
    }
    // A full reading that confirms little of the board (the known tiles it reads as the game
    // has them) may have put its cells off the tiles, the new tile's with them: after a knock
    // on a board of a few tiles (the A&M bench's procedural game 9, turn 6: three of six
    // confirmed, an H read as E on a lattice a third of a tile off).
    if (!o.incremental && doubt.empty() &&
        o.agreeing < params_.confirmedShare * before.board().size() - 1e-9)
        doubt = Said("tile.board-unconfirmed", before.board().size())
                    .with("at", where(o.action->placement.pos))
                    .with("read", adj::actionText(before, *o.action))
                    .with("seen", o.agreeing);
    foot_ = cameraOverBoard(o.recognition.boardToImage, {o.recognition.width, o.recognition.height})
                .foot;
    checkBoard(before, o, bgr, out);
    adj::State s = before;
    if (!adj::apply(s, *o.action).ok()) {
        out.status = TrackedTurn::Status::Discrepancy;
        out.problem = Said("tile.engine-refuses").with("read", adj::actionText(before, *o.action));
        return out;
    }
    out.actions.push_back(*o.action);
    const std::vector<adj::Meeple> onBoard = s.meeples();
    const int newTile = s.board().size() - 1;
    if (s.phase() == adj::Phase::Meeple) {
        std::optional<adj::Action> piece = readPiece(s, o, bgr, out);
        if (!piece) { // a question about the piece: the tile stands, unless a piece on it
                      // may hide a pennant (then the other tile is an answer too)
            out.status = TrackedTurn::Status::Discrepancy;
            out.certain = out.actions.size();
            if (const std::string twin =
                    lookAlikeUnderPiece(before, o, bgr, out.misfit, out.pieces);
                !twin.empty()) {
                out.certain = 0;
                out.problem =
                    Said("joined")
                        .with("a", Said("tile.pennant-twin")
                                       .with("at", where(o.action->placement.pos))
                                       .with("a", before.kinds()[size_t(o.action->tileKind)]->id)
                                       .with("b", twin))
                        .with("b", out.problem);
                offerLookAlike(before, *o.action, twin, out);
            }
            return out;
        }
        // Nothing on the new tile, but the wagon placed on a feature the tile completes moves on
        // after scoring: the picture shows it where it went, when it is the one way it can.
        if (piece->kind == adj::Action::Kind::Pass)
            if (const std::optional<adj::MeepleOption> w = wagonMovedOn(s, o, bgr))
                piece = adj::Action{adj::Action::Kind::Piece, -1, {}, *w};
        // A pass read that may not be one: the tile stands, and the players say (the pass, or
        // one of `options`, is the answer).
        const adj::PlacedTile& t = s.board().tiles().back();
        const int player = s.currentPlayer() + 1;
        auto askAboutPass = [&](Said problem, const std::vector<adj::MeepleOption>& options) {
            out.status = TrackedTurn::Status::Discrepancy;
            out.certain = out.actions.size();
            out.problem = std::move(problem);
            out.choices.push_back({*o.action, *piece});
            for (const adj::MeepleOption& m : options)
                out.choices.push_back(
                    {*o.action, adj::Action{adj::Action::Kind::Piece, -1, {}, m}});
            return out;
        };
        // Nothing seen, but a corner changed a little in the player's colour: a barn of a
        // colour near the field's. Offered with any question about the pass, asked about alone
        // when there is none.
        const std::vector<adj::MeepleOption> barns = piece->kind == adj::Action::Kind::Pass
                                                         ? faintBarns(s, o, bgr)
                                                         : std::vector<adj::MeepleOption>{};
        auto andBarns = [&](std::vector<adj::MeepleOption> options) {
            options.insert(options.end(), barns.begin(), barns.end());
            return options;
        };
        // Nothing seen on a tile whose drawing leaves more unexplained than most bare tiles' (or
        // read only because its neighbours misfit alike): a piece the search missed, a farmer
        // lying on a field of its colour, may be what is left. The search's cuts scale with that
        // misfit, so it is run again with lower ones (`faint`); only what that finds is
        // asked about (fine-drawn art misfits all over, a hidden piece in one place).
        std::vector<PieceBlob> faint;
        if (piece->kind == adj::Action::Kind::Pass && out.misfit > params_.faint.from)
            faint = faintPiecesOn(o, t, bgr);
        const std::vector<adj::MeepleOption> underFaint =
            faint.empty() ? std::vector<adj::MeepleOption>{}
                          : optionsUnder(s, faint, o.quarterTurn);
        // Nothing on the new tile, but a piece placed on a feature the tile completes is scored
        // and taken back at once: the settled picture cannot show it. A faint piece found too
        // is an answer (newart game 3 turn 9: a farmer on W, whose road W completes).
        if (piece->kind == adj::Action::Kind::Pass)
            if (std::vector<adj::MeepleOption> scored = scoredAtOnce(s); !scored.empty()) {
                const Said problem = Said("piece.scored-at-once")
                                         .with("at", where(t.pos))
                                         .with("a", featureName(*t.kind, scored[0].feature, "a"))
                                         .with("p", player);
                for (const adj::MeepleOption& m : underFaint)
                    if (std::find(scored.begin(), scored.end(), m) == scored.end())
                        scored.push_back(m);
                return askAboutPass(problem, andBarns(std::move(scored)));
            }
        // The answers: the pass, and a piece on the feature under each faint blob.
        if (!faint.empty())
            return askAboutPass(Said("piece.faint").with("at", where(t.pos)).with("p", player),
                                andBarns(underFaint));
        // Nothing seen, but a monk would not show on the cloister's building.
        if (piece->kind == adj::Action::Kind::Pass)
            if (const std::vector<adj::MeepleOption> hidden = hiddenInColour(s, o, bgr);
                !hidden.empty())
                return askAboutPass(Said("piece.hidden")
                                        .with("at", where(t.pos))
                                        .with("the", featureName(*t.kind, hidden[0].feature, "the"))
                                        .with("p", player),
                                    andBarns(hidden));
        if (!barns.empty())
            return askAboutPass(Said("piece.barn-faint").with("at", where(t.pos)).with("p", player),
                                barns);
        if (piece->kind == adj::Action::Kind::Piece) {
            if (const std::string twin =
                    lookAlikeUnderPiece(before, o, bgr, out.misfit, out.pieces);
                !twin.empty()) {
                out.status = TrackedTurn::Status::Discrepancy;
                out.problem = Said("piece.pennant-hidden")
                                  .with("at", where(o.action->placement.pos))
                                  .with("a", before.kinds()[size_t(o.action->tileKind)]->id)
                                  .with("b", twin);
                // As read, or the other tile (its piece then chosen by the players).
                out.choices.push_back({*o.action, *piece});
                offerLookAlike(before, *o.action, twin, out);
                return out;
            }
            // A quiet tile (a field, a cloister) correlates weakly with its drawing, and the
            // drawing's own misfit there can look like a piece: the players say.
            if (out.correlation < params_.quietTile) {
                out.status = TrackedTurn::Status::Discrepancy;
                out.certain = out.actions.size();
                out.problem = Said("tile.quiet").with("at", where(o.action->placement.pos));
                out.choices.push_back({*o.action, *piece});
                out.choices.push_back({*o.action, {adj::Action::Kind::Pass, -1, {}, {}}});
                return out;
            }
        }
        const adj::State placed = s;
        if (!adj::apply(s, *piece).ok()) {
            out.status = TrackedTurn::Status::Discrepancy;
            out.problem =
                Said("piece.engine-refuses").with("read", adj::actionText(placed, *piece));
            return out;
        }
        out.actions.push_back(*piece);
    }
    return finishTurn(
        {std::move(out), std::move(s), onBoard, newTile, before.currentPlayer(), doubt.empty()},
        bgr);
}

TrackedTurn GameTracker::finishTurn(Unfinished u, const cv::Mat& bgr) {
    TrackedTurn& out = u.out;
    adj::State& s = u.state;
    const TurnObservation& o = out.tile;
    // A question about the wagon's move: each answer is the turn read so far and one of `last`.
    auto ask = [&](Said problem, const std::vector<adj::Action>& last) {
        out.status = TrackedTurn::Status::Discrepancy;
        out.certain = out.actions.size();
        out.problem = std::move(problem);
        for (const adj::Action& a : last) {
            out.choices.push_back(out.actions);
            out.choices.back().push_back(a);
        }
        return out;
    };
    auto moves = [](const std::vector<adj::MeepleOption>& to) {
        std::vector<adj::Action> actions;
        for (const adj::MeepleOption& m : to)
            actions.push_back({adj::Action::Kind::WagonMove, -1, {}, m});
        return actions;
    };
    // A wagon whose feature was scored moves on to a feature nearby or goes back to its owner:
    // the picture shows where it went.
    while (s.phase() == adj::Phase::Wagon) {
        const int owner = s.pendingWagons().front().player;
        std::vector<adj::MeepleOption> seen = wagonSeenAt(s, o, bgr);
        const bool mayMove = !s.legalWagonMoves().empty();
        if (seen.empty() && mayMove && wagonStillThere(u, bgr)) {
            const Said unmoved = Said("piece.wagon-unmoved").with("p", owner + 1);
            if (u.tileSure && !u.waited) { // the bench's game 18, turn 32, in both arts
                u.waited = true;
                TrackedTurn wait;
                wait.tile = out.tile;
                wait.problem = unmoved;
                unfinished_ = std::move(u);
                return wait;
            }
            std::vector<adj::Action> answers = moves(s.legalWagonMoves());
            answers.push_back({adj::Action::Kind::WagonStays, -1, {}, {}});
            return ask(unmoved, answers);
        }
        // Seen nowhere: looked for with the faint search's cuts before "it went back" (the
        // bench's game 19, turn 37, procedural: a magenta wagon on a white road, no core of it
        // departing enough from the road's drawing).
        if (seen.empty() && mayMove) seen = wagonSeenAt(s, o, bgr, true);
        if (seen.size() > 1)
            return ask(Said("piece.wagon-where").with("p", owner + 1).with("n", int(seen.size())),
                       moves(seen));
        const adj::Action a = seen.empty()
                                  ? adj::Action{adj::Action::Kind::WagonStays, -1, {}, {}}
                                  : adj::Action{adj::Action::Kind::WagonMove, -1, {}, seen.front()};
        if (seen.empty() && mayMove)
            out.warnings.push_back(Said("warn.wagon-gone").with("p", owner + 1));
        if (!adj::apply(s, a).ok()) break;
        out.actions.push_back(a);
    }
    // Pieces this turn's scoring sent back (the new one too, when it scored at once): the
    // next picture must not show them.
    returned_.clear();
    std::vector<adj::Meeple> all = u.onBoard;
    if (out.actions.size() > 1 && out.actions[1].kind == adj::Action::Kind::Piece) {
        const adj::MeepleOption& m = out.actions[1].piece;
        if (m.kind != adj::MeepleKind::Barn)
            all.push_back(
                {std::uint16_t(s.board().tiles()[size_t(u.newTile)].firstNode + m.feature),
                 std::uint8_t(u.player), m.kind});
    }
    for (const adj::Meeple& m : all) {
        const bool kept = std::any_of(s.meeples().begin(), s.meeples().end(), [&](const auto& k) {
            return k.node == m.node && k.player == m.player && k.kind == m.kind;
        });
        const int ti = s.board().tileOfNode(m.node);
        if (!kept && ti >= 0 && m.kind != adj::MeepleKind::Barn) {
            const adj::PlacedTile& t = s.board().tiles()[size_t(ti)];
            returned_.push_back({t.pos, int(m.node) - t.firstNode, int(m.player)});
        }
    }
    out.status = TrackedTurn::Status::Turn;
    if (u.tileSure) observer_.settle(bgr, s);
    return out;
}

bool GameTracker::wagonStillThere(const Unfinished& u, const cv::Mat& bgr) const {
    const adj::State& s = u.state;
    const TurnObservation& o = u.out.tile;
    const adj::PendingWagon& w = s.pendingWagons().front();
    const adj::PlacedTile& t = s.board().tiles()[w.fromTile];
    for (const adj::Meeple& m : u.onBoard)
        if (m.kind == adj::MeepleKind::Wagon && m.player == w.player &&
            s.board().tileOfNode(m.node) == int(w.fromTile))
            return sees(piecesOn(o, t, bgr, {}), t, o, int(m.node) - t.firstNode, w.player, true);
    return false;
}

} // namespace vision
