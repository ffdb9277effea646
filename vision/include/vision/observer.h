// Following a game from the camera, one turn at a time: given what the engine knows (the state
// before the turn) and a picture taken after it, what tile was placed where. The picture's
// board is recognised (recognise.h) and laid over the engine's board (the quarter turn and
// offset on which most known tiles agree); the one recognised tile on a free cell is the new
// one, read as the legal placement its classifier scores best. Anything else (no new tile, two,
// a known tile changed, an illegal or unreadable tile) is a discrepancy that says what was
// expected and what was seen: the caller decides, nothing is guessed silently. With a settled
// picture to compare with, only what changed is read (TurnObserver::observe).
#pragma once

#include "vision/pieces.h"
#include "vision/recognise.h"
#include "vision/said.h"

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vision {

struct TurnObservation {
    enum class Status {
        NewTile,     // `action` holds the tile placed (kind, cell, rotation)
        NoChange,    // no new tile seen (a hand over the board, or the turn is not played yet)
        Discrepancy, // the picture contradicts the engine or cannot be read: see `problem`
    };
    Status status = Status::NoChange;
    std::optional<adj::Action> action;
    float confidence = 0; // the new tile's: its score's margin over the next legal reading
    Said problem;         // for people: what was expected and what was seen
    int agreeing = 0;     // known tiles the picture confirms
    int disagreeing = 0;  // known tiles the picture reads otherwise (with certainty)
    Recognition recognition;
    // How the picture lies over the table: recognised cell c is engine cell
    // turn(c, quarterTurn) + offset (a recognised tile's rotation gains quarterTurn).
    int quarterTurn = 0;
    adj::Pos offset;
    // NewTile: the recognised cell (index into recognition.cells) it lies on; a Discrepancy
    // over the one new cell read (no legal placement, or unclearly): that cell.
    int newCell = -1;
    // A Discrepancy over a new tile read unclearly: its legal readings, best first (at most
    // kUnclearReadings), for the players to choose from.
    std::vector<adj::Action> unclearReadings;
    static constexpr int kUnclearReadings = 3;
    // Read on the incremental path: `recognition` holds the known tiles (as the engine has
    // them, on the remembered lattice) and the cells that changed, read one by one.
    bool incremental = false;
    adj::Pos toEngine(adj::Pos recognised) const;
    adj::Pos toRecognised(adj::Pos engine) const; // toEngine's inverse
    // The recognised cell showing an engine cell, or nullptr.
    const CellResult* cellAt(adj::Pos engine) const;
};

// Whether rotations `a` and `b` of kind `k` look alike (its symmetry; one placement to the
// engine).
bool sameLook(const tiledb::TileKind& k, int a, int b);

// Whether the player to move may lay a tile of `kind` so: a copy is left in the box (the
// abbey: in the player's supply) and the placement is legal on the board.
bool placeable(const adj::State& s, int kind, const adj::Placement& pl);

struct ObserverParams {
    // A cell whose pattern correlates less than this with the last settled picture's
    // (compareAreas) has changed: a tile laid, a hand, a piece taken away.
    float changed = 0.6f;
    // ... unless it differs by less than this (RMS, 0..255): a quiet area (a field) has too
    // little pattern for the correlation to mean anything.
    float minDifference = 10;
    // A changed cell's colours: more a tile's than the table's by this much (mean log
    // likelihood per pixel) is read as a tile. Down to `tableLike`, a tile of the table's colours
    // (a city on a wooden table) must read clearly: a score of at least `strongScore` (a wooden
    // table whose light changed reads as a city tile at up to 0.86), or read this much better
    // than the same place in the last settled picture (`newlyExplained`: a tile was laid there;
    // a table whose light changed reads about as it did).
    float tableLike = -1.5f, strongScore = 0.9f, newlyExplained = 0.2f;
    // ... or by `aloneExplained` when nothing else in the picture changed: a hand or its
    // shadow reaches beyond one cell, a tile just laid changes that cell alone. (Procedural
    // cities read 0.08-0.13 better than the table under them did; the table under a hand's
    // shadow up to 0.27.)
    float aloneExplained = 0.0f;
    // A new tile read short of strongScore is taken only from a picture in which nothing else
    // changed since the settled one: not beyond the cells read and the tiles whose pieces
    // scoring may take away. A hand still over the table may pass for a tile where it covers a
    // free cell (its skin in a city's colours, read at 0.82); the next, settled picture is read
    // instead. A clear reading stands whatever else changed (photos whose light and tiles
    // shift a little from one to the next read new tiles at 0.93-0.97). false: read at once.
    bool stillElsewhere = true;
    // Colours this much more a tile's than the table's show a tile whatever the classifier
    // reads (a piece on it may hide what tells its kind): the players are asked which it is
    // rather than the turn passing unseen. So do colours as likely a tile's as the tiles in
    // the picture are and less the table's than every free cell (the colour models' floors).
    float sureTile = 2.0f;
    // The colour test stands in for the recogniser's contrast test (a piece on a cloister
    // raises a tile's colour mismatch): this much mismatch is allowed.
    float maxPhotometric = 0.75f;
    // A full reading replaces the remembered lattice when the tiles it reads as the game has
    // them are this share of the board (a hand over part of it leaves a few in sight, which
    // align wrongly). After a knock (the incremental path gave up on a picture it could
    // compare) the remembered lattice lies off the board for certain: a lesser share does.
    double clearView = 0.8, knockedView = 2.0 / 3;
    // The lattice refitted through the tiles read is kept when their median corner lies this
    // close (share of a tile) to where it was measured (hand-laid tiles lie up to 0.04 off).
    double refitMedian = 0.1;
    // ... and, refitted through two or three tiles, when every corner lies this close (a wild
    // fit of few tiles has the median right and a far corner tiles off).
    double refitWorst = 0.5;
    // A turn settled without a picture read on the lattice: the lattice is checked on this many
    // of the last tiles (TurnObserver::knownTilesMoved).
    int movedTiles = 12;
    // Tiles the players entered by hand are measured where they lie and join the refit
    // (TurnObserver::measureEntered); false: only tiles the camera read do.
    bool measureEntered = true;
    // A tile's square in the refit is measured from its outline this far (share of a side)
    // around where it was read (squareFromOutline); 0: its square as read. Off for now: the
    // lattice lies nearer the tiles (A&M bench, turns 11-: median 0.046 -> 0.041 of a tile),
    // but the A&M games bench read procedural 115 turns, 0 wrong -> 121, 2 wrong at 0.12 (116,
    // 3 wrong at 0.08) and newart 112, 0 wrong -> 107, 1 wrong (105, 0 wrong). City sides in
    // the table's colour measure their wall, not the tile's edge.
    float outlineReach = 0;
    // A knock the full recognition gives no clear view of: the camera's move, the homography
    // taking the settled picture onto the new one (the table is one plane), from ORB corners
    // matched both ways and RANSAC. The remembered view follows it and the incremental path
    // reads on (bench, newart with Abbey & Mayor, 3 players, knocked after turn 1: the full
    // recognition fitted the three tiles' lattice a quarter tile off; turns 3-8 went unseen).
    // Off for now: the followed lattice is less exact than a clear full recognition's, and
    // the bench gains and loses by game (vision/README.md, "A knock the full recognition
    // cannot place").
    struct Follow {
        bool on = false;
        int features = 1000; // the strongest corners kept per picture
        int fastThreshold =
            7;              // ORB's corner contrast: the board is small early on, the table plain
        int inliers = 40;   // matches agreeing with the move, at least
        double reach = 2.0; // RANSAC's reach, pixels
        double minMove = 0.06; // a tile corner moving less (share of a side) is no move: a hand
    } follow;
};

class TurnObserver {
public:
    TurnObserver(const ReferenceSet& refs, const adj::GameConfig& game, ObserverParams params = {});
    // Remembers the lattice of the last picture it could read: the camera is fixed, so the next
    // picture is read on it first (small boards cannot be found afresh), and searched afresh
    // only when that reading fails or contradicts the game (the camera moved).
    //
    // After a settled picture (settle()), the next one is compared with it cell by cell: while
    // the known tiles look as they did, only the free cells beside the board that changed are
    // read (the incremental path: about 5 ms). A few known tiles that changed and no longer
    // read as themselves are covered (a hand: NoChange, the cells Occluded); most of the picture
    // or most known tiles changed (the camera knocked) send it through the full recognition.
    TurnObservation observe(const adj::State& before, const cv::Mat& bgr);
    // The picture shows the board as `shown` has it (a turn was read from it, or the players
    // entered what it shows): the reference for the next picture's changes.
    void settle(const cv::Mat& bgr, const adj::State& shown);
    const cv::Mat& settledPicture() const { return settled_; }
    const Recogniser& recogniser() const { return recogniser_; }
    // Whether the area within `corners` changed since the settled picture (true without one).
    bool changedSinceSettled(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners) const;
    // Whether the area within `corners` shows the settled picture's pattern again (the table's
    // grain, a drawing): what lies there was there before. A quiet area laid over a quiet one
    // (a field on a smooth table) changed, though hardly in colour.
    bool patternAsSettled(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners) const;
    // The same, given this picture's area already unwarped (kAreaSide a side, unwarpArea).
    bool areaChangedSinceSettled(const cv::Mat& area,
                                 const std::array<cv::Point2f, 4>& corners) const;
    static constexpr int kAreaSide = 32;
    void forgetLattice() {
        lattice_ = {}, settled_ = cv::Mat(), laid_.clear(), settledCorners_.clear();
    }
    // The incremental path's reading could not be confirmed (its drawing misfits): the next
    // picture goes through the full recognition, which finds the board and lattice afresh.
    // wrongView: the remembered lattice is wrong, not just unsure: it is not tried first, and
    // the next few pictures (a hand may cover the next) are read afresh until one is clear.
    void relocate(bool wrongView = false) {
        relocate_ = std::max(relocate_, wrongView ? 3 : 1);
        wrongView_ = wrongView_ || wrongView;
    }
    // Whether the remembered view missed tiles the players entered by hand: `bgr` (showing
    // `after`) looks as the settled picture did where one of them lies, or it lies outside the
    // picture. Then the view is wrong (a lattice fitted on two or three tiles, say).
    bool missed(const cv::Mat& bgr, const adj::State& after) const;

private:
    // How the observer reads cells: with the classifier's narrow rim (classifier.h), where a
    // mark near the edge (a cloister's road stub) decides between the legal placements, and
    // the tile's measured place feeds the lattice refit. (With the wide rim the tracker's
    // test games lost turns and read some wrongly; in its full recognitions alone, the monk
    // test's game read 21 turns, not 28, and one wrongly.)
    static RecogniseParams cellParams() {
        RecogniseParams p;
        p.rim = TileClassifier::Rim::Narrow;
        // The squares' grid extrapolates worse than the lattice to the far cells a turn's
        // changes are read on, so the observer keeps the lattice even on small boards.
        p.squaresBelow = 0;
        // The engine knows what lies where: a doubt the full recognition leaves on a new tile
        // is the legal placements' and the players' to settle, not the box's counts (with
        // them, the knocked-lattice test's game read 27 turns of 39, not 30, two wrongly).
        p.countsCells = 0;
        return p;
    }
    TurnObservation read(const adj::State& before, const cv::Mat& bgr, const GridHint& hint) const;
    bool cameraMoved(const cv::Mat& bgr) const; // since the settled picture
    // The homography taking the settled picture onto `bgr`, when the camera moved and enough
    // of the two pictures agrees on how (ObserverParams::follow); else nullopt.
    std::optional<cv::Matx33d> cameraMove(const cv::Mat& bgr) const;
    // The remembered view (lattice, measured tiles, settled picture) carried through `move`.
    void follow(const cv::Matx33d& move);
    // readChanges on the view moved as the camera moved (cameraMove, follow); nullopt, and
    // the view as it was, when the camera did not move or the picture does not read so.
    std::optional<TurnObservation> readFollowing(const adj::State& before, const cv::Mat& bgr);
    // Whether nothing changed since the settled picture but near the cells within `cells`
    // (each one's corners).
    bool changedOnlyNear(const cv::Mat& bgr,
                         const std::vector<std::array<cv::Point2f, 4>>& cells) const;
    // Whether most of the last tiles the settled picture showed (of `shown`'s) changed on their
    // cells in `bgr`: the camera moved under the lattice.
    bool knownTilesMoved(const cv::Mat& bgr, const adj::State& shown) const;
    // A remembered lattice and a settled picture of this picture's size and type to compare with.
    bool comparable(const cv::Mat& bgr) const;
    // A recognised cell's picture corners (NW NE SE SW) on the lattice, if it lies wholly in a
    // picture of `size`; an engine position's recognised cell.
    bool cellCorners(adj::Pos cell, const cv::Size& size, std::array<cv::Point2f, 4>& out) const;
    adj::Pos recognisedCell(adj::Pos engine) const;
    // The incremental path; nullopt when the picture needs the full recognition.
    std::optional<TurnObservation> readChanges(const adj::State& before, const cv::Mat& bgr) const;
    // Recognised cell `rc`, changed since the settled picture in the table's colours, read as
    // a tile when its square is outlined towards the table (outlineStrength, minOutline) and
    // nothing else in the picture changed: a city tile on a table of its colours, which the
    // classifier reads no better than the table. Always Uncertain, however clearly it reads:
    // the players say which tile it is. `p`: the incremental path's cell parameters.
    std::optional<CellResult> outlinedInTableColours(const adj::State& before, const cv::Mat& bgr,
                                                     adj::Pos rc, const TurnObservation& o,
                                                     const RecogniseParams& p) const;
    Recogniser recogniser_;
    ObserverParams params_;
    GridHint lattice_;
    int quarterTurn_ = 0; // how lattice_ lies over the engine's board (TurnObservation's)
    adj::Pos offset_;
    // Where each tile read on the lattice lies in the picture (its corners NW NE SE SW), by
    // grid cell: the lattice is refitted through them as the board grows (a lattice found on a
    // few tiles drifts by a sixth of a tile a few cells away from them).
    using Square = std::array<cv::Point2f, 4>;
    void refit();
    // Where a tile on grid cell (i, j) is expected off its cell (grid units).
    cv::Point2d expectedOffset(int i, int j) const;
    // Measures the tiles `shown` has from index `from` on that no reading placed (laid_).
    // again: those already measured too (after the view followed a move).
    void measureEntered(const cv::Mat& bgr, const adj::State& shown, int from, bool again = false);
    // A tile read (or measured) at `read` on grid cell `cell` joins the refit.
    void lay(std::pair<int, int> cell, const cv::Mat& bgr, const Square& read);
    std::map<std::pair<int, int>, Square> laid_;
    std::optional<std::pair<std::pair<int, int>, Square>> pending_; // the last new tile's
    cv::Mat settled_; // the last settled picture, and how many tiles it shows
    int settledTiles_ = 0;
    // The settled picture's ORB corners and descriptors (cameraMove), found when first needed.
    mutable std::vector<cv::KeyPoint> settledCorners_;
    mutable cv::Mat settledDescriptors_;
    int relocate_ = 0; // pictures still to read afresh
    bool wrongView_ = false;
    // A picture since the settled one was read on the lattice, or the lattice was found (or
    // followed) on one.
    bool viewSinceSettled_ = false;
};

} // namespace vision
