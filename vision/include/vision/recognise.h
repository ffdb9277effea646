// Board recognition from one image: lattice (lattice.h) -> the hypothesis whose cells look
// most like tiles -> every cell classified (classifier.h) -> joint decoding (neighbouring
// edges must agree, counts stay within the box) -> the board in our notation, with a
// confidence and image corners per cell. Cells the camera cannot vouch for are reported as
// uncertain or occluded, never guessed silently.
#pragma once

#include "vision/classifier.h"
#include "vision/lattice.h"
#include "vision/reference_set.h"
#include "vision/said.h"

#include "adjudicator/state.h"

#include <opencv2/core.hpp>

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace vision {

// The lattice of one picture, reusable for the next picture from the same camera: the image ->
// grid transform and the grid cells the tiles span (grid y grows down; cell (i, j) is board cell
// (i, -j)). Empty unless i1 >= i0.
struct GridHint {
    cv::Matx33d imageToGrid = cv::Matx33d::eye();
    int i0 = 0, i1 = -1, j0 = 0, j1 = -1;
    bool valid() const { return i1 >= i0 && j1 >= j0; }
};

struct RecogniseParams {
    LatticeParams lattice;
    // More than this share of at least retryCells cells read as tiles uncertain: read again
    // with the lattice's segments found on a copy retryWidth wide (0: never), keeping the
    // reading with more certain tiles and fewer uncertain. (Small boards, read from their
    // tiles' squares, are left out: a second reading there added tiles of table.)
    float retryUncertain = 0.15f;
    int retryCells = 12;
    int retryWidth = 768;
    // A fixed camera's lattice from an earlier picture: the lattice search is skipped and the
    // cells of that span plus a ring around it are read (a board of one tile has too few
    // lines to be found afresh). The caller checks the result and searches again if it moved.
    GridHint grid;
    int gridRing = 1;        // rings of cells read around the hint's span
    int hypothesisReach = 3; // a lattice hypothesis is judged on the cells this far from the middle
    int hypothesisCells = 6; // cells (the best coarse matches) slid to rank lattice hypotheses
    // The best of the usual hypotheses scoring at least these (slid and coarse means) is taken
    // without judging the rarer ones.
    float sureHypothesisSlid = 0.9f, sureHypothesisCoarse = 0.7f;
    // The best hypothesis shows tiles if its coarse mean reaches tileScore or its slid mean
    // this (else tile squares are looked for instead).
    float slidShowsTiles = 0.8f;
    // The rim of each cell the classifier leaves out (classifier.h): wide for a board read
    // from scratch, where the neighbours' edges settle what only the rim shows. The turn
    // observer, which reads a known board's cells one by one, asks for the narrow one.
    TileClassifier::Rim rim = TileClassifier::Rim::Wide;
    float tileScore = 0.45f; // below: not a recognisable tile (table, hand, or too damaged)
    float minMargin = 0.03f; // best minus the runner-up below this: uncertain
    float minConfidence = 0.25f;
    // A neighbour's side rules readings out only where it matches its first choice this well
    // and no reading about as likely has another terrain there.
    float clearSide = 0.75f;
    // Decoding goes most clearly read first, so a weak reading with a clear margin (the table
    // in a board's corner read as a city) can leave a clearly read neighbour no reading. A cell
    // left so whose first choice reads at least clearSide and displaceBy better than each
    // neighbour it disagrees with takes it; those are decided again after it.
    float displaceBy = 0.12f;
    // ... and a cell whose first choice has no copy left takes the copy from the cell holding
    // it with the weakest reading, if that reads displaceBy worse: a copy spent on a misread
    // (autumn scene 152: an M1 read as the box's one C at 0.79, a silent error, and the C
    // beside it, read at 0.92, left uncertain; now the M1 is uncertain and the C read).
    bool displaceForCopy = true;
    // A cell read as a look-alike only because its first choice has no copy left is uncertain
    // (a copy spent by a misread elsewhere is no evidence), unless it is clearly a tile and
    // every copy went to a clear reading of that kind: then the count decides. Likewise a
    // reading about as likely as a clear tile's first choice whose every copy went so does
    // not make that tile uncertain (false: the counts never decide).
    bool clearCopies = true;
    // Pennant twins on tiles smaller than TileClassifier::kOwnFootprintBelow are judged against
    // photos of both drawings simulated at the cell's own footprint, foreshortened as the
    // camera sees it (false: at the sizes a big board shows, 36 and 48 px, unforeshortened).
    bool ownFootprint = true;
    // A cell whose colours are barely more the tiles' than the table's (tileLlr below this)
    // and whose square shows no outline towards the table is decoded after the others, however
    // well it matches: the table beside a tile's field edge reads as a city with one field side
    // (procedural scene 103: seven cells of table read R at 0.79-0.90, whose copies and edges
    // the tiles beside them needed; with the rule they are left without a reading).
    float tableHueLlr = 0.5f;
    // A cell still without a reading whose neighbours show it this many clear sides (clearSide)
    // takes the one candidate that fits them, if only one does (scoring at least tileScore): a
    // quiet tile (a city on all sides) correlates poorly with its own drawing and can rank below
    // a look-alike with a field side.
    int clearSidesToFit = 3;
    // A cell amid four tiles that neither its colours nor its match called a tile, with at least
    // clearSidesToFit of their sides clear, is a tile if a reading of at least holeFit fits
    // every one of them (a city or field of the table's colours framed by the board).
    float holeFit = 0.6f;
    // A cell beside two or three tiles (a bay of the board) that nothing else called a tile is
    // one if a reading of at least holeFit, its contrast fitting (photometric at most
    // bayPhotometric), agrees with every clear side beside it (one at least) and its square is
    // outlined at least bayOutline towards the table (outlineStrength; 0: no such rule).
    float bayPhotometric = 0.3f, bayOutline = 2.5f;
    // A cell beside the board matching some kind (outlineScore) with cells beside it that match
    // a kind as clearly as the table-ceiling rule wants but touch no tile: an island of tiles
    // and its link to the board, all tiles (false: no such rule).
    bool islandLinks = true;
    // A reading below this with at most one tile beside it is uncertain: at a steep board's far
    // edge the lattice drifts further than the sliding match reaches, and the cell reads part
    // of its tile and the table as another kind with a clear margin.
    float rimWeak = 0.62f;
    // The best candidate's colour mismatch (Candidate::photometric) above this and colours
    // less than this more tile-like than table-like (log-likelihood ratio per pixel): the
    // table (whose grain can correlate with a quiet tile of its colour), not a tile.
    float maxPhotometric = 0.5f, tileColourLlr = 1.0f;
    // A cell matching a template at least sureTile with a contrast that fits it (photometric
    // at most surePhotometric) is a tile even when its colours are the table's, unless they
    // are more the table's than sureLlr (per pixel): read with the wide rim, table beside the
    // board with a tile's shadow along one side matched a city with a field there at 0.86.
    float sureTile = 0.85f, surePhotometric = 0.45f, sureLlr = 0.5f;
    float nearSureTile = 0.80f, nearSurePhotometric = 0.15f; // or a little less, fitting closely
    // A cell the colours leave out that matches a kind at least outlineScore and whose square
    // is outlined (outlineStrength: its weakest side towards the table steps at least minOutline
    // times the steps inside it) next to one to three tiles is reported uncertain, not left out.
    float outlineScore = 0.5f, minOutline = 8.0f;
    // Such a cell matching a kind at least outlinedTile is a tile (decoded as any other).
    float outlinedTile = 0.7f;
    // Or matching a kind at least outlinedTile and aboveTable more than any cell away from the
    // board does (when at least tableCells such cells are read), beside a tile. Cells away from
    // the board matching more than aboveTable above the best of the table's cells but the top
    // (1 - tableBulk) are tiles left out, not the table, and do not count (1: all count).
    float aboveTable = 0.16f;
    int tableCells = 8;
    float tableBulk = 0.9f;
    // Or, beside a tile and matching a kind at least outlineScore, its mean colour (B, G, R
    // summed absolute differences, 0..765) at least offTable from the nearest cell away from
    // the board: the same hue as the table (which the colour models judge) but not its shade.
    float offTable = 40;
    // Small boards, when the lattice search finds no board: tile quads (findTileQuads) whose
    // cells match a template at least squareScore with a plausible contrast (photometric at
    // most 0.45, as the refit's anchors) give the grid. squareVerify quads, best coarse match
    // first, are classified in full; other verified quads whose corners lie within
    // squareMerge (tile units) of the best one's grid points join its homography. The cells of
    // those tiles plus squareRing rings are read: two rings leave table cells away from the
    // tiles for the colour models.
    float squareScore = 0.7f;
    // A board of at most squaresBelow tiles that the lattice read with a cell in doubt (a
    // reading uncertain or searched for) is read from its squares too, keeping the reading
    // with more certain tiles and no more uncertain (or as many and fewer uncertain): the
    // vanishing points of a few big tiles are noisy, which the squares' grid, refitted ring by
    // ring on the tiles read, is not. squaresOnly: skip the lattice.
    int squaresBelow = 20;
    // From this many tiles up, one doubt is not worth that second reading: over the bench's 800
    // scenes of 10-84 tiles it never changed a reading (procedural scene 61, 17 tiles: 181 ->
    // 66 ms), while on boards of 1-8 tiles it settled one tile of 1520 (newart, --small 9).
    int oneDoubtBelow = 10;
    // The colour models learn the table from cells that match no tile. Where every cell does (a
    // table of a city's tan matching full cities at 0.7 and more), there is no table to learn,
    // and each cell's colours are taken for a tile's (tileLlr 1): right for a board filling the
    // picture. Not on a grid from a few tiles' squares, whose rings of cells around them are
    // mostly table: there the colours say nothing (squaresNoTableLlr). Procedural small scene
    // 50 (one D on such a table) read four tiles of table at 0.66-0.75 and 20 cells uncertain.
    float squaresNoTableLlr = 0.0f;
    bool squaresOnly = false;
    // No lattice hypothesis shows tiles at lattice.workWidth: the lattice is searched once
    // more on a copy widerWidth wide (0: never) before the squares are read. At 960 the sides
    // of tiles of 33 px at 45 degrees may be too short for a lattice (sweep scene 115 of 200:
    // read from squares ring by ring in 312 ms, now at once in 121, the same reading). Only
    // for a picture of at least widerSegments segments: on small boards (7-62 segments) the
    // wider lattice read 11 of bench_vision's --small boards better and 4 worse, with table
    // cells read as tiles. latticeOnly: that search's reading, which returns an error rather
    // than read squares.
    int widerWidth = 1152;
    int widerSegments = 80;
    bool latticeOnly = false;
    // No square verified on the lattice's segments: the wider copy's are tried, then those of
    // a copy squaresWidth wide (0: never). A lone tile of 70 px has four sides that LSD at 960
    // often breaks or misses (bench_vision --small: 15-50% of 1-tile boards unread by art
    // without this, 0-23% with it).
    int squaresWidth = 1920;
    // Still none: a tile's sides may be too faint in grey at every scale (blurred, its field of
    // the table's grey level). The sides of what stands out from the table in colour on a copy
    // outlineWidth wide (lattice.h's outlineSegments; 0: never). bench_vision --small: 37 of
    // 800 boards unread without it, 3 with it.
    int outlineWidth = 960;
    // Those squares' largest error from squares under a camera (LatticeParams::maxSquareError,
    // 0.2 elsewhere): a blurred region's outline is less square than LSD's segments (autumn
    // scene 55, a lone tile at 45 degrees: 0.27-0.33). The classifier still verifies them: at
    // 0.3, 3 more small boards of 800 read, none worse.
    float outlineSquareError = 0.3f;
    // A square's cells are at least this side (pixels, root of the area): the finer copies
    // give squares of a tile's drawing (a cloister, a city's corner) that match as tiles.
    float minSquareSide = 26;
    // A verified tile lies where its quad says (the sliding match's shift at most this, tile
    // units): a quad split into thinner cells than tiles reads one tile in each, shifted.
    float squareShift = 0.08f;
    int squareVerify = 24;
    double squareMerge = 0.2;
    int squareRing = 2;
    // A board found by its squares is read again on the refitted grid, up to this many times,
    // while that finds more tiles (a board whose lines gave no lattice).
    int squareGrow = 12;
    // ... on a grid refitted to every tile the last reading read (false: to the clear matches of
    // its first pass alone, which on a steep board of weakly matching art lay at one end).
    bool growOnTilesRead = true;
    // Refit (stage 3) with fewer than 8 well-matched tiles: an affine correction from at least
    // this many (a homography needs more than a small board has).
    int refitMinTiles = 2;
    int refitRounds = 3;      // refits, each reading again the cells beside found tiles it moved
    double refitMoved = 0.04; // share of a tile a cell's centre must move to be read again
    // readCell: a reading below this at the expected place is searched for around it; in
    // recognise, a cell in tile colours reading below tileScore. The search: shifts of
    // searchShift (tile units) and sizes searchScale larger and smaller.
    float searchBelow = 0.8f;
    double searchShift = 0.2, searchScale = 1.15;
    float searchFound = 0.7f; // recognise: a searched-for reading kept only from this score
    // recognise: places every half searchShift, ranked by the sliding match of the best few
    // coarse templates (false: every searchShift, ranked by the coarse match, as readCell).
    // Its reading is kept from searchSlidFound: the best of 75 places, not 27, is more often a
    // wrong kind reading fairly (a board of 8 autumn tiles: a tile read wrongly at 0.74).
    bool searchSlid = true;
    float searchSlidFound = 0.8f;
    float searchGain = 0.03f; // readCell: ... and only when it reads this much better
    int players = 2;          // for the notation only
    // A board holding every tile of the box (a finished game), nothing covered, and at most
    // eliminationCells cells uncertain: those cells hold exactly the copies the others left.
    // Each is settled by the assignment of those copies whose sides all meet and whose summed
    // matches are best, when every assignment reading it otherwise sums at least
    // eliminationMargin less (0 cells: no such rule).
    int eliminationCells = 8;
    float eliminationMargin = 0.1f;
    // Short of that premise, with at most countsCells cells uncertain: each is read among its
    // own readings within countsWindow of its best one that a copy left (by the certain
    // cells) and the certain sides allow, by the same assignment and margin (0: no such rule).
    int countsCells = 12;
    float countsWindow = 0.15f;
};

enum class CellStatus { Tile, Uncertain, Occluded };
const char* cellStatusName(CellStatus s);

struct Alternative {
    std::string kind;
    int rotation = 0;
    float score = 0;
    int drawn = -1; // Candidate::drawn; -1: not known
    // The quarter turns of the tile as it lies: the drawing's own when known.
    int lies() const { return drawn >= 0 ? drawn : rotation; }
};

struct CellResult {
    adj::Pos cell; // board cell (x east, y north)
    CellStatus status = CellStatus::Tile;
    std::string kind;                      // Tile, Uncertain: the decoder's choice
    int rotation = 0;                      // modulo the kind's symmetry
    int drawn = -1;                        // the drawing's own turns (Candidate); -1: not read
    float score = 0, confidence = 0;       // 0..1
    float photometric = 0;                 // the best candidate's colour mismatch (classifier.h)
    std::array<cv::Point2f, 4> corners{};  // image corners NW NE SE SW (refined per tile)
    std::vector<Alternative> alternatives; // the classifier's best guesses, best first
    std::vector<std::string> sameLook;     // other kinds drawn exactly alike in this art
    Said note; // why a cell is uncertain; for a tile read by elimination, that
    Alternative reading() const { return {kind, rotation, score, drawn}; } // the chosen one
};

struct Recognition {
    std::string error; // "" when a board was found
    int width = 0, height = 0;
    std::vector<CellResult> cells;
    cv::Matx33d boardToImage;        // board plane (tile units, y north) -> pixels
    std::string notation;            // carc1, when every tile is certain and the board is legal
    std::string notationProblem;     // why there is no notation
    std::vector<cv::Vec4f> segments; // for the debug image: lattice evidence
    std::vector<int> family;
    double millis = 0;
    std::vector<std::pair<std::string, double>> stageMillis; // where the time went
    GridHint grid; // the lattice used, after the refit: a hint for the next picture
    // Cells read only at a place searched around them (RecogniseParams::searchShift).
    int searched = 0;
    // The grid came from the squares of what stands out from the table (outlineWidth): their
    // corners lie a few pixels rougher (bench_vision --small: 6-7 px, not 2-3).
    bool gridFromOutline = false;
    bool ok() const { return error.empty(); }
    // Board cell `cell`'s square on boardToImage (NW NE SE SW): where the lattice puts it.
    std::array<cv::Point2f, 4> cellSquare(adj::Pos cell) const;
    int count(CellStatus status) const;
    int tiles() const { return count(CellStatus::Tile); }
    std::string json() const; // schema carcassonne-recognition/1
};

// The tile sets a game uses (its base set and expansions), for enrolment.
std::vector<const tiledb::TileSet*> gameSets(const adj::GameConfig& game);

// How clearly a cell's square is outlined, as a tile lying on the table is (its cardboard edge,
// a shadow, a gap to its neighbours) and a bare stretch of table is not: per side, the median
// along it of the step across it (the strongest within a few pixels, hand-laid tiles lie off
// their cells), over the same measure inside the cell; the weakest of the sides in `sides`
// (bit k: side k, N E S W). `detail`: the cell at TileClassifier::kDetailPatch (the cell at
// kDetail, kDetailMargin around it), north up.
float outlineStrength(const cv::Mat& detail, unsigned sides);

class Recogniser {
public:
    // `sets`: the game's sets (e.g. "base+abbey-mayor"); kinds the references lack are not
    // recognised (and said so by missingKinds()).
    Recogniser(const ReferenceSet& refs, const adj::GameConfig& game);

    const TileClassifier& classifier() const { return classifier_; }
    std::vector<std::string> missingKinds() const;
    Recognition recognise(const cv::Mat& bgr, const RecogniseParams& params = {}) const;
    // One cell of a known lattice read on its own (a fixed camera's next tile): classified as
    // recognise() classifies each cell, without the colour models and the joint decoding of a
    // whole board. Status Tile (a tile's score and a clear margin over the next reading) or
    // Uncertain (status Uncertain with an empty kind: nothing tile-like). `offset`: where the
    // tile is expected off the cell (grid units; e.g. where its neighbours lie off theirs).
    CellResult readCell(const cv::Mat& bgr, const cv::Matx33d& imageToGrid, int i, int j,
                        cv::Point2d offset = {}, const RecogniseParams& params = {}) const;
    // How well each turn of each of `kinds` (ids; quarter turns clockwise as the classifier
    // counts them, up to the kind's distinct turns) matches the square within `corners` (NW NE
    // SE SW, north up): the fine match's score, -2 where a kind has no template or the square
    // lies off the picture. For ranking placements the classifier's own few readings left out.
    std::vector<std::array<float, 4>> turnScoresAt(const cv::Mat& bgr,
                                                   const std::array<cv::Point2f, 4>& corners,
                                                   const std::vector<std::string>& kinds,
                                                   TileClassifier::Rim rim) const;
    // The picture with the grid, each cell's id and rotation, and uncertain cells marked.
    static cv::Mat debugImage(const cv::Mat& bgr, const Recognition& r);

private:
    // One reading; `squaresRead`: when the grid came from the tiles' squares (stage 1b), the
    // cells read on it.
    Recognition recogniseOnce(const cv::Mat& bgr, const RecogniseParams& p,
                              GridHint& squaresRead) const;
    // RecogniseParams::eliminationCells and countsCells (elimination.cpp). `turnScores(r,
    // kind)`: how result r's cell matches each turn of the classifier's kind
    // (TileClassifier::turnScores).
    using TurnScores = std::function<std::array<float, 4>(size_t r, int kind)>;
    // `byCounts(r)`: whether uncertain result r may be settled by the box's counts short of
    // a full box (a tile the decoding did not doubt, RecogniseParams::countsCells).
    void settleByElimination(Recognition& out, const TurnScores& turnScores,
                             const std::function<bool(size_t r)>& byCounts,
                             const RecogniseParams& p) const;
    adj::GameConfig game_;
    std::shared_ptr<const adj::TileSetup> setup_;
    TileClassifier classifier_;
};

} // namespace vision
