// Following a whole game from a fixed camera: one settled picture after each turn -> that
// turn's actions (the tile, then its piece or none), checked against what the engine knows.
//
// The tile comes from the TurnObserver (observer.h). The piece is looked for on the new tile
// only (pieces.h): nothing there is a pass, one piece is put on the legal option whose feature
// lies under its base (a farmer lying flat: its middle, see standsAt), and its colour must be
// the player's whose turn it is (learned from that player's first piece when no calibration was
// given). Pieces already on the board are checked too: one the engine keeps that the picture lacks,
// or one the engine scored and sent back that the picture still shows, is a warning. Anything the
// picture cannot settle is a discrepancy for the players to resolve: the tracker never guesses and
// never rewrites what was played.
#pragma once

#include "vision/observer.h"
#include "vision/pieces.h"

#include <string>
#include <vector>

namespace vision {

struct TrackedTurn {
    enum class Status {
        Turn,        // `actions` holds the turn: the tile, then the piece or a pass
        NoChange,    // nothing new (a hand over the board, or the turn is not played yet)
        Discrepancy, // the picture contradicts the engine or cannot be read: see `problem`
    };
    Status status = Status::NoChange;
    std::vector<adj::Action> actions;
    Said problem; // Discrepancy: what was expected and what was seen
    // Discrepancy: how many of `actions` were read for sure (the tile, when only its piece or
    // a wagon's move is in question); the players enter the rest of the turn.
    size_t certain = 0;
    // Discrepancy: the answers the question allows, each the turn as the camera would then
    // have read it (which piece, which of two look-alike tiles, no piece or one scored at
    // once...), from its tile on; the players pick one or enter the turn by hand. The players
    // enter what an answer leaves open (a look-alike tile's piece, a wagon's move).
    std::vector<std::vector<adj::Action>> choices;
    std::vector<Said> warnings;    // Turn: pieces on the board that disagree with the game
    TurnObservation tile;          // the tile's observation (recognition, alignment)
    std::vector<PieceBlob> pieces; // what stands on the new tile
    float misfit = 0;      // how badly the new tile's drawing explains its picture (0..255 scale)
    float correlation = 0; // how well its picture correlates with that drawing (-1..1)
};

struct TrackerParams {
    ObserverParams observer;
    PieceParams pieces;
    float sameColour = 22;    // a piece this close to a player's colour (L*a*b*) is theirs
    float otherColour = 0.6f; // another player's colour this much nearer: not the player's
    float minColourGap = 12;  // two players' learned colours must differ by this much
    // The next feature as near as this (tiles) more: ambiguous. Over the 20 whole A&M bench
    // games, 0.05 -> 0.06 read one lying farmer on a city (procedural game 9, turn 49) as a
    // question instead of wrongly and one follower by its spot; 0.07 left 3 more turns asked.
    float featureMargin = 0.06f;
    float spotRatio = 2; // where two meet, the one whose piece spot is this many times nearer
    float featureSlack = 0.12f;   // a base this far (tiles) outside every legal feature: unreadable
    float maxMisfit = 8;          // the new tile's drawing explains it worse: in doubt (asked)
    float relativeMisfit = 2;     // ... unless within this many times its neighbours' misfit,
    float maxKnownMisfit = 16;    // when theirs is at most this (more: the lattice drifted)
    int knownShift = 4;           // past it, they are fitted again at shifts up to this (px)
    float minCorrelation = 0.85f; // the new tile's picture and drawing correlate less: in doubt
    float clearlyBetter = 0.8f;   // another drawing misfitting below this share of the read one's
    float rereadSpan = 0.2f; // readings scored this much below the classifier's best: not weighed
    // A kind with a city where the new tile reads a field against the table, explaining the
    // picture where the two differ better than this share of the read one's misfit there, makes
    // the tile a question (GameTracker::cityAgainstTable); 0: never asked.
    float cityAgainstTable = 1;
    // A full recognition that reads fewer of the known tiles as the game has them than this
    // share of the board (a knocked view's, ObserverParams::knockedView) may have put its
    // cells off the tiles: its new tile is a question; 0: never asked.
    double confirmedShare = 2.0 / 3;
    float lookAlike = 1.3f; // a same-sided kind within this share of the misfit: ambiguous,
    float plainMark = 0.5f; // unless read this confidently with its mark in plain view
    // ... or unless read confidently and explaining the picture where the two drawings differ
    // (pieces left out) below this share of the other's misfit there: drawings that differ
    // beyond the mark (each drawn by its own hand, as in newart) are told apart by the rest.
    // Over the 20 whole A&M games the right readings asked about gave 0.09-0.63, a wrong one
    // (I read as N, procedural) 0.62: right 1329 -> 1339 turns, wrong 5 (GameTracker::markTold).
    float markTold = 0.5f;
    // ... and below this many times the tile's median misfit (the read drawing explains where
    // the two differ about as well as the rest): right readings gave 1.3-3.1, a U read as M10
    // (its road's far half taken for field) 10.3.
    float markMisfit = 4;
    // A full recognition's lattice places each tile once it was fitted to this many tiles read;
    // on fewer, each tile's own refined corners (see latticeCorners in tracker.cpp). The early
    // turns of 60 bench games, read on the full path (`bench_tracking --games 60 --turns 4`,
    // 240 turns each): procedural right/wrong/by hand 154/5/86 -> 156/2/84 (of three followers
    // read as passes one is read, two asked about), newart 118/4/122 -> 121/4/119.
    int latticeTiles = 4;
    float sameAsLast = 0.7f;  // the new tile's cell as alike as this to the last picture: not new
    float sideAsLast = 0.6f;  // ... or a strip along one of its sides as alike as this
    float learnResidual = 60; // a player's colour is learned from a blob this clear
    ShownParams shown;        // calibration: the pieces a player shows the camera
    // A tile read with nothing seen on it whose misfit is past `from` is asked about only when
    // the piece search run again with its cuts scaled by these finds something: the cuts grow
    // with the misfit, which fine-drawn art raises all over the tile, a hidden piece in one
    // place. Bench (newart, 5 games), tiles read past maxMisfit: 63 such questions, 3 of them
    // pieces; with these, 3 asked, those 3. The floors and colour reach catch a red mayor on
    // red roofs and a yellow farmer on a green field (newart with Abbey & Mayor) that the
    // factors alone passed. `from` was maxMisfit (8); at 5 the 20 whole A&M games read 2 fewer
    // turns wrong (a green farmer on a green field, misfit 7.0; a red follower on red roofs,
    // 5.5: both now asked, offered) and lose no right one; at 4 a right pass is asked.
    struct FaintSearch {
        float factors = 0.5f; // PieceParams::noiseFactor and seedFactor
        float floors = 0.7f;  // ... minResidual and seedResidual
        float area = 0.5f;    // ... minArea
        float near = 2;       // ... nearColour
        float from = 5;       // run on a pass whose tile misfits more than this
    } faint;
    // A piece read on a new tile whose picture correlates less than this with its drawing (a
    // quiet field or cloister) may be the drawing's own misfit: asked (bench: 2 of 5 wrong).
    float quietTile = 0.4f;
    // A follower, the mayor and the wagon may often stand on one feature; the camera tells them
    // by size against this game's standing followers (their medians, once it has seen
    // `sizeSightings`), by two measures of the piece (PieceBlob): `area`, which holds the
    // wagon's darker sides, and `shown`, the pixels in the player's colour (the mayor is the
    // follower's shape, larger). A follower: where the wagon may stand, its area from
    // `partOfAPiece` (smaller: maybe a piece half seen) up to `followerSized` times the
    // followers'; where the mayor may stand, shown from `shownPart` to `shownFollower` times
    // theirs. The one larger piece possible: the wagon from `biggerThanFollower` times the
    // followers' area, the mayor from `shownMayor` times their shown size. Between, or with
    // two larger pieces possible, the players say. (Shown alone telling a follower from the
    // wagon read the wagon of bench game 6, turn 23, procedural, as a follower: its roof alone
    // is in the player's colour.)
    // Measured over bench games 0-9 with A&M (newart, `bench_tracking --games 10
    // --abbey-mayor`, tiles 41-65 px a side), every standing piece on a turn's new tile against
    // its game's followers: by area, followers 0.20-2.31 (5th-95th percentile 0.39-1.66),
    // mayors from 0.21 (5th 0.53), wagons from 0.58 (0.62); shown, followers 0.42-2.15
    // (0.62-1.63), mayors from 0.93 (0.97), wagons from 0.95 (1.04). By area alone a follower
    // was taken up to 1.0 (at 1.15 wagons were read as followers unasked) and the wagon from
    // 1.7 (at 1.6 a follower at 1.63 was read as the wagon), and the mayor was never told on
    // tiles under 72 px (mayors at 0.81 and 1.13 were taken for followers).
    // The wagon by area wants its shown size from `shownWagon` too, unless its area is past
    // `clearlyWagon`: over games 10-19 (both arts, never tuned on) 15 of 228 standing
    // followers had an area of 1.68-2.16 (two read as the wagon), their shown sizes all under
    // 1.6 (all but one under 1.3); the wagons read by area showed 1.10-2.78.
    int sizeSightings = 3;
    float partOfAPiece = 0.7f;
    float followerSized = 1.0f;
    float biggerThanFollower = 1.7f;
    float shownWagon = 1.6f;
    float clearlyWagon = 2.4f;
    float shownPart = 0.6f;
    float shownFollower = 0.9f;
    float shownMayor = 2.3f;
    // A barn: on a corner of the new tile, within `barnReach` (tiles) of it on the three tiles
    // that were there before, `barnCover` of the picture changed by `barnChange` (summed over
    // B, G, R) since the last turn, in the player's colour. Over 10 bench games with A&M in
    // both arts barns changed 0.53-0.89 of it; field shading on a pass changed 0.20 (read as a
    // barn at 0.18), so 0.35.
    float barnReach = 0.14f;
    float barnCover = 0.35f;
    int barnChange = 90;
    // Nothing seen on the new tile, and no barn read: a corner that changed `faintBarn` of it
    // (below barnCover) in the player's known colour, within sameColour, makes the pass a
    // question, the barn there an answer. A barn of a colour near the field's changes less (a
    // yellow barn on newart's yellow-green fields, 0.345, colour 5 off); passes changed up to
    // 0.35 too, but those in the player's colour were 40 or more off (20 whole A&M games).
    float faintBarn = 0.25f;
    // Nothing seen on the new tile, but the picture at a legal cloister's spot (a disc of
    // `spotRadius` tiles on its building) lies within `hiddenColour` of the player's colour: a
    // monk there would not show against the building (a red monk on a red roof). The players
    // say. A piece on a field or a city of a near colour still shows by its outline and shade
    // (bench games: 12 such questions on fields and cities, 1 of them a piece).
    float hiddenColour = 30;
    float spotRadius = 0.06f;
};

struct Calibration {
    bool ok = false;
    cv::Vec3f lab;  // the colour learned (L*a*b*)
    int pieces = 0; // how many pieces it was learned from
    Said problem;   // !ok: what is wrong with the picture, for people
};

// Calibration from two pictures taken before the first turn, the camera where it will stay:
// `bare`, the table without pieces, and `shown`, with a few of `player`'s pieces put in view
// (on the start tile, say). Refused when the pieces differ in colour, or look like another
// player's in `known` (the colours calibrated so far).
Calibration calibrateColour(const cv::Mat& bare, const cv::Mat& shown, int player,
                            const PlayerColours& known, const TrackerParams& params = {});

// Calibration pictures among a folder's photos: calibration-0.* shows the table before the first
// turn, calibration-N.* the same with a few of player N's pieces added. The player a file name
// shows (0-based), -1 for calibration-0, -2 for a name that is not a calibration picture's.
int calibrationPlayer(const std::string& fileName);

class GameTracker;
// Calibrates `tracker` from the calibration pictures among `pictures` (paths; others are passed
// over): for people, a line for each picture of a player's pieces, and for a missing or
// unreadable picture without pieces.
std::vector<Said> calibrateFrom(GameTracker& tracker, const std::vector<std::string>& pictures);

class GameTracker {
public:
    GameTracker(const ReferenceSet& refs, const adj::GameConfig& game, TrackerParams params = {});

    // `before`: the engine's state waiting for this turn's tile. The caller applies the
    // actions of a Turn (and asks the players about anything else).
    TrackedTurn observe(const adj::State& before, const cv::Mat& bgr);

    // The players settled a discrepancy: `picture` shows the board as `after` has it (the turn
    // they entered by hand); the next picture is compared with it.
    void resolved(const cv::Mat& picture, const adj::State& after);

    // Calibration: the colour of a player's pieces (e.g. from a picture of them); without it,
    // a player's colour is learned from the first piece the player places.
    void setPlayerColour(int player, const cv::Vec3f& lab);
    // calibrateColour: the colour becomes the player's when it is accepted; neither picture is a
    // turn.
    Calibration calibrate(const cv::Mat& bare, const cv::Mat& shown, int player);
    const PlayerColours& colours() const { return colours_; }

private:
    struct Placed { // a piece the engine sent back: it must leave the board
        adj::Pos tile;
        int feature, player;
    };
    std::optional<cv::Point2f> footIn(const TurnObservation& o, const CellResult& c) const;
    std::vector<PieceBlob> piecesOn(const TurnObservation& o, const adj::PlacedTile& t,
                                    const cv::Mat& bgr, const cv::Mat& previous) const;
    // piecesOn's search with its cuts lowered (TrackerParams::faint), the settled picture
    // as the earlier one.
    std::vector<PieceBlob> faintPiecesOn(const TurnObservation& o, const adj::PlacedTile& t,
                                         const cv::Mat& bgr) const;
    // The follower option for the tile just placed in `s` whose feature lies under the blob's
    // base (within featureSlack), if any.
    std::optional<adj::MeepleOption> optionUnder(const adj::State& s, const PieceBlob& b,
                                                 int quarterTurn) const;
    // optionUnder of each blob, each feature once, in the blobs' order, each followed by the
    // mayor and the wagon on the same feature where the player may place them.
    std::vector<adj::MeepleOption>
    optionsUnder(const adj::State& s, const std::vector<PieceBlob>& blobs, int quarterTurn) const;
    // observe's reading; `doubt` says why the tile read is in doubt (empty: it is not).
    // `otherTiles`: other readings of the tile the players are offered too (cityAgainstTable).
    TrackedTurn readTurn(const adj::State& before, const cv::Mat& bgr, Said& doubt,
                         std::vector<adj::Action>& otherTiles);
    // A turn read up to its scoring's wagon moves: `state` is the engine after `out.actions`.
    struct Unfinished {
        TrackedTurn out;
        adj::State state;
        std::vector<adj::Meeple> onBoard; // after the tile, before the piece and the scoring
        int newTile = -1;
        adj::PlayerId player = 0; // whose turn it is
        bool tileSure = true;     // the tile's reading is not in doubt (observe asks otherwise)
        bool waited = false;      // read on an earlier picture already
    };
    // The turn's wagon moves, read on `bgr`, and what the scoring sent back; a sure tile's
    // picture settles. A wagon seen still where its feature was scored (the players had not
    // tidied up after the scoring yet) is waited for once on a sure tile: the turn is kept in
    // `unfinished_` and the next picture finishes it; else the players say where it went.
    TrackedTurn finishTurn(Unfinished u, const cv::Mat& bgr);
    // Whether the pending wagon of `u.state` still shows where it stood before its feature
    // scored.
    bool wagonStillThere(const Unfinished& u, const cv::Mat& bgr) const;
    // The median misfit of the tiles beside the new one against their known drawings, in this
    // picture: how well this art, light and camera let a right drawing explain a tile (0: none).
    // Each drawing is fitted at shifts up to `shift` pixels (at most the pieces' search).
    float knownMisfit(const adj::State& before, const TurnObservation& o, const cv::Mat& bgr,
                      int shift = 2) const;
    // Another kind that may lie where the new tile lies, with the same sides, explaining the
    // picture about as well (a pennant hidden by the piece, or the piece taken for one): its id.
    std::string lookAlikeUnderPiece(const adj::State& before, const TurnObservation& o,
                                    const cv::Mat& bgr, float misfit,
                                    const std::vector<PieceBlob>& pieces) const;
    // Whether the picture of the new tile tells drawing `a` (as read, misfitting the tile by
    // `misfit`) from its look-alike `b` where the two differ, with `pieces` on it: a's misfit
    // there below markTold of b's and markMisfit times `misfit`.
    bool markTold(const cv::Mat& bgr, const TurnObservation& o, const cv::Mat& a, const cv::Mat& b,
                  const std::vector<PieceBlob>& pieces, float misfit) const;
    // Another kind with a city where the new tile reads a field, on sides facing no tile,
    // explaining the picture where the two differ about as well (a city in the table's colour
    // passing for the table): those tiles' actions, the likeliest first.
    std::vector<adj::Action> cityAgainstTable(const adj::State& before, const TurnObservation& o,
                                              const cv::Mat& bgr) const;
    // The new tile read unclearly or as no legal placement (TurnObservation::newCell on a
    // Discrepancy): the legal placements on its cell other than those `given` (and their
    // rotations alike), the one its drawing explains best first, at most
    // TurnObservation::kUnclearReadings; then the one the classifier matches best
    // (Recogniser::turnScoresAt), if not among them; then the kind the cell was seen as, at
    // each of its legal turns there.
    std::vector<adj::Action> legalByDrawing(const adj::State& before, const TurnObservation& o,
                                            const cv::Mat& bgr,
                                            const std::vector<adj::Action>& given) const;
    // The new tile's reading weighed again by drawingMisfit; its misfit, and in *correlation
    // how its picture correlates with the drawing.
    float rereadTile(const adj::State& before, TurnObservation& o, const cv::Mat& bgr,
                     float* correlation) const;
    // Is a piece of `player` standing on feature `feature` of tile `t`? A wagon (a low block
    // that hardly leans) stands there by its middle too, not by its base alone.
    bool sees(const std::vector<PieceBlob>& blobs, const adj::PlacedTile& t,
              const TurnObservation& o, int feature, int player, bool wagon = false) const;
    void checkBoard(const adj::State& before, const TurnObservation& o, const cv::Mat& bgr,
                    TrackedTurn& out) const;
    // The piece action for the tile just placed in `s` (phase Meeple), or a problem.
    std::optional<adj::Action> readPiece(const adj::State& s, const TurnObservation& o,
                                         const cv::Mat& bgr, TrackedTurn& out);

    // In phase Wagon: the moves whose target shows the pending wagon's owner's piece (`faint`:
    // found by faintPiecesOn).
    std::vector<adj::MeepleOption> wagonSeenAt(const adj::State& s, const TurnObservation& o,
                                               const cv::Mat& bgr, bool faint = false) const;
    // Nothing stands on the new tile: the wagon placed on a feature the tile completes (so
    // scored and moved on at once), when exactly one such placement and move shows.
    std::optional<adj::MeepleOption> wagonMovedOn(const adj::State& s, const TurnObservation& o,
                                                  const cv::Mat& bgr) const;
    // How much of the area around corner `corner` of the new tile `t` looks like a barn of
    // `player` standing there (see TrackerParams::barnReach): at least `cover` of it changed,
    // in a colour within `colourReach` of the player's (any colour while theirs is not known);
    // 0: no barn.
    float barnShare(const TurnObservation& o, const adj::PlacedTile& t, const cv::Mat& bgr,
                    int corner, int player, float cover, float colourReach) const;
    // A barn read without asking: barnCover of the area changed, in a colour within 2.5 times
    // sameColour of the player's, the reach beyond which a blob is no player's piece (barns
    // read over 20 whole A&M games were 5-33 off).
    float barnRead(const TurnObservation& o, const adj::PlacedTile& t, const cv::Mat& bgr,
                   int corner, int player) const {
        return barnShare(o, t, bgr, corner, player, params_.barnCover, 2.5f * params_.sameColour);
    }
    // Nothing read on the new tile (in `s`, phase Meeple): the legal barns whose corner shows
    // a faint one (TrackerParams::faintBarn).
    std::vector<adj::MeepleOption> faintBarns(const adj::State& s, const TurnObservation& o,
                                              const cv::Mat& bgr) const;
    // Nothing stands on the new tile: the legal options (in `s`, phase Meeple) on a cloister
    // whose building shows the current player's colour, where a monk of that colour is not seen
    // against it (TrackerParams::hiddenColour).
    std::vector<adj::MeepleOption> hiddenInColour(const adj::State& s, const TurnObservation& o,
                                                  const cv::Mat& bgr) const;
    // Which of the options on the spot of options[chosen] the piece `b` is, when the camera can
    // tell (see TrackerParams::followerSized); nullopt: the players say.
    std::optional<size_t> pieceKind(const std::vector<adj::MeepleOption>& options, size_t chosen,
                                    const PieceBlob& b) const;
    struct PieceSize {
        float area = 0, shown = 0, across = 0; // PieceBlob's
    };
    // A piece's size over this camera's followers' (their medians), once enough were seen
    // (`across` is left 0).
    std::optional<PieceSize> sizeRatio(const PieceBlob& b) const;
    // A piece of this size (sizeRatio) is the wagon where a follower could stand too.
    bool wagonSized(const PieceSize& r) const;
    // The width of this camera's followers across their lean (vision::followersAcross).
    float followersAcross() const;

    ReferenceSet refs_;
    TrackerParams params_;
    TurnObserver observer_;
    PlayerColours colours_;
    // The colours before the last picture was read: a reading the players overruled (they
    // entered the turn by hand) teaches nothing, or a false blob would stand for a player's
    // colour and their real pieces be "in no player's colour" from then on.
    PlayerColours coloursBefore_;
    // The sizes of standing followers seen (the piece read where only a follower could stand,
    // or the players' answer): how big a follower looks from this camera.
    std::vector<PieceSize> followerSizes_, followerSizesBefore_;
    PieceSize pendingSize_;        // the one piece seen on the new tile of the last picture
    std::vector<Placed> returned_; // sent back by the last turn's scoring
    cv::Point2d foot_;             // the board point under the camera, for the picture being read
    // The turn the last picture showed before its wagon moved on (finishTurn).
    std::optional<Unfinished> unfinished_;
};

// Tile coordinates (0..1, y south) as a recognised cell's corners face -> as the engine's
// board faces (the picture's board turned `quarterTurn` quarter turns clockwise).
cv::Point2f toEngineTile(cv::Point2f p, int quarterTurn);

// Whether one of `pieces` (blobs in the tile's coordinates as drawn) may cover where drawings
// `a` and `b` of a kind and its look-alike, turned as the tile lies, differ (a pennant). A
// mark in plain view was read by the classifier; no question about it is needed.
bool mayHideMark(const cv::Mat& a, const cv::Mat& b, const std::vector<PieceBlob>& pieces);
// How far from a blob's centre (tile sides) the piece may cover the tile: a disc of its area,
// widened for its outline and lean.
float pieceReach(const PieceBlob& p);

} // namespace vision
