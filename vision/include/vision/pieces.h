// Pieces on a tile (followers, farmers, mayors, wagons, barns): found where the picture departs
// from the tile's own drawing, told apart by colour, and put on the feature under their base.
//
// A tile's picture is unwarped to its reference drawing's size, the drawing is fitted to it
// (gain and offset per channel: the picture's light), and what the fit cannot explain, in blobs
// of a piece's size, is a piece. Its base (where it touches the tile) is the blob's end nearest
// the point under the camera: a standing piece leans away from that point in the picture, so
// its top, its centre and its head are not where it stands; a piece lying flat (told by its
// width across that lean) lies where its middle is. Colours are never written in the
// code: each player's colour is learned per game from that player's own pieces (PlayerColours).
#pragma once

#include "vision/reference_set.h"

#include "tiledb/tile.h"

#include <opencv2/core.hpp>

#include <array>
#include <optional>
#include <vector>

namespace vision {

// Where the camera stands over the board, from the board's homography alone (a pinhole camera
// with square pixels and its principal point at the picture's centre; the focal length is
// solved from the homography, so it need not be known).
struct CameraOverBoard {
    cv::Point2d foot;   // the board point under the camera (board units: tiles, y north)
    double height = 0;  // the camera's height over the board, in tiles
    bool known = false; // false: the homography says too little (straight down, see below)
};
// `boardToImage`: board (tiles, y north) -> pixels. Looking straight down, the focal length
// cannot be solved; the foot is then the board point at the picture's centre, height unknown.
CameraOverBoard cameraOverBoard(const cv::Matx33d& boardToImage, cv::Size image);

struct PieceParams {
    int size = ReferenceSet::kSize; // the tile unwarped to this many pixels a side
    int searchShift = 4; // the drawing is fitted at shifts up to this many pixels each way
    int tolerance = 3;   // a pixel is explained by the drawing within this many pixels of it
    double blur = 1.2;   // both sides softened alike (photo blur, hand-laid shifts)
    int rim = 5; // pixels left out at each side (edges, gaps, shadows, a neighbour laid over it)
    // Sides (N E S W of the tile's picture corners) with no tile beyond them, only the table:
    // no neighbour's edge or shadow falls over them, so only `openRim` pixels are left out
    // there. A piece standing on a feature along such an edge (a follower on E's thin city
    // cap) leans into the rim and was lost in it (newart game 10, turn 11).
    std::array<bool, 4> open{};
    int openRim = 2;
    float minResidual = 28;   // colour distance (0..255 scale) a piece's pixels differ by at least
    float noiseFactor = 4;    // ... and this many times the tile's own typical misfit
    float seedResidual = 55;  // a piece's core departs by at least this much
    float seedFactor = 7;     // ... and this many times the tile's typical misfit
    float minArea = 0.004f;   // share of the tile: smaller blobs are grain or art misfit
    float maxArea = 0.25f;    // larger: a hand, a misread tile, not a piece
    float wholePiece = 0.01f; // a blob this large is a whole piece, not a sliver of one
    // The drawing is fitted to the picture's light, a gain and offset per channel; in the search
    // for pieces no channel's gain may fall below this share of the largest channel's (see
    // fitAt; drawingMisfit leaves it out).
    double minGainShare = 0.5;
    // A blob smaller than `cornerArea`, fainter than `seedResidual`, in no player's colour
    // (within `joinColour`) and with its middle within `cornerReach` of a corner (in x and y) is
    // the table or shade showing where four tiles meet.
    float cornerReach = 0.25f;
    float cornerArea = 0.013f;
    // Bands along an edge (a neighbour's shadow or overlap) reach this many pixels inside the
    // rim at most; deeper, a row that misfits all along is the tile's own (a city along the
    // edge drawn a shade off), and a piece on it must stay.
    int maxBand = 6;
    int bandFringe = 2;       // see nearColour
    float maxEdgeRun = 0.45f; // a blob along the tile's edge longer than this is a neighbour's edge
    float baseShare = 0.3f;   // the base: the blob's pixels in this share of it nearest the foot
    // A pixel within `nearColour` (L*a*b*, lightness at half weight) of a player's known colour
    // is a piece's when it departs from the drawing by `colourCut` of the usual cut: a red piece
    // on red roofs departs little, but it is red. In a band (as found with that lower cut) and
    // `bandFringe` pixels beside it, only pixels departing as a piece's core does.
    float nearColour = 9;
    float colourCut = 0.65f;
    // Blobs whose middles lie within `joinReach` (share of the tile) of each other and whose
    // colours differ by less than `joinColour` (as nearColour) are parts of one piece.
    float joinReach = 0.2f;
    float joinColour = 12;
    float sameAsBefore = 30; // summed channel difference below which a blob was there before
    // A piece's size (PieceBlob::shown): the picture's own pixels, at the camera's resolution,
    // within `shownColour` (as nearColour) of the blob's colour and within `shownReach` pixels
    // (of `size`) of the blob. See shownShare.
    float shownColour = 16;
    int shownReach = 3;
    // A piece at least this many times as wide across the lean (PieceBlob::across) as this
    // camera's standing followers lies flat (see liesFlat).
    float lyingAcross = 1.5f;
};

// One blob that is no part of the tile's drawing.
struct PieceBlob {
    cv::Point2f base;        // where it stands, tile coordinates as drawn (0..1, y south)
    cv::Point2f centre;      // its centre in the same coordinates
    cv::Point2f baseInImage; // the base in the picture
    float area = 0;          // share of the tile it covers
    // Share of the tile whose picture pixels show the piece's colour near the blob: its size,
    // steadier than `area` (no unwarping, no opening and closing of the mask).
    float shown = 0;
    float residual = 0; // its mean departure from the drawing (0..255 scale)
    cv::Vec3f lab;      // its colour, CIE L*a*b* (L 0..100)
    // Its width (share of the tile) across the line from the point under the camera, along
    // which a standing piece leans; 0 when that point is not known or too near (see liesFlat).
    float across = 0;
};

// The blobs on the tile whose picture corners (NW NE SE SW of the tile as the drawing faces)
// are `corners`, compared with `drawings` (reference images of its kind turned as it lies,
// the best-fitting one is used). `footInTile`: the point under the camera, in the same tile
// coordinates (nullopt: take each blob's centre as its base). `previous`: an earlier picture
// from the same camera; blobs that look the same there were there before (a neighbour's
// piece leaning over the tile) and are left out. `colours`: the players' colours known so far
// (L*a*b*; see nearColour). Largest blob first.
std::vector<PieceBlob> findPieces(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                                  const std::vector<cv::Mat>& drawings,
                                  std::optional<cv::Point2f> footInTile,
                                  const PieceParams& params = {}, const cv::Mat& previous = {},
                                  const std::vector<cv::Vec3f>& colours = {});

// How badly the best of `drawings` explains the tile's picture: the median colour distance
// (0..255 scale) after fitting it to the light. Robust to pieces on the tile (they cover a few
// per cent of it), so it tells which drawing a tile with a piece on it shows. *correlation (if
// given): of the picture with that drawing (-1..1); a flat patch (a hand, a shadow) is
// "explained" by any drawing seen with no contrast, but does not correlate with it.
float drawingMisfit(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                    const std::vector<cv::Mat>& drawings, const PieceParams& params = {},
                    float* correlation = nullptr);

// drawingMisfit for each of many sets of drawings (the legal placements of a tile read
// unclearly) on the best of `squares` (where one tile may lie), for less than a call a set:
// each set is fitted where each square puts it, and the `searched` best of those again with
// the shift search on their better square (their misfit as drawingMisfit's).
std::vector<float> drawingMisfits(const cv::Mat& bgr,
                                  const std::vector<std::array<cv::Point2f, 4>>& squares,
                                  const std::vector<std::vector<cv::Mat>>& sets,
                                  const PieceParams& params, size_t searched);

// Where two drawings (the same size and turn) differ by a terrain's colours or a mark, not by
// grain: an n x n mask (CV_8U, 255 there), both resized to n first.
cv::Mat drawingsDiffer(const cv::Mat& a, const cv::Mat& b, int n);

// How badly drawing `a` and each of `others` (each the first of its kind's, turned as the tile
// lies) explain the tile's picture where the two differ (a city cap one has and the other not):
// the mean colour distance over those pixels, each drawing fitted to the light on its own. One
// pair (a's, the other's) per other; nullopt when they differ in too few pixels to tell, or
// for an empty drawing. Pixels within `keepOut` (discs: centre in tile coordinates as drawn,
// radius in tile sides) are left out: where pieces stand, neither drawing shows.
struct Disc {
    cv::Point2f centre;
    float radius = 0;
};
std::vector<std::optional<std::pair<float, float>>>
misfitsWhereDrawingsDiffer(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners,
                           const cv::Mat& a, const std::vector<cv::Mat>& others,
                           const PieceParams& params = {}, const std::vector<Disc>& keepOut = {});

// The reference drawings of a kind, turned `rotation` quarter turns clockwise.
std::vector<cv::Mat> drawingsOf(const ReferenceSet& refs, const std::string& kind, int rotation);

// A board point in a tile's coordinates (0..1, y south, as the tile's picture corners face):
// through the picture, so it works for any tile the homographies describe.
std::optional<cv::Point2f> boardPointInTile(const cv::Matx33d& boardToImage, cv::Point2d board,
                                            const std::array<cv::Point2f, 4>& corners);

// How far (tile units) a point in tile coordinates (as laid on the board, y south) lies from a
// feature of a tile placed with `rotation`: 0 inside it.
float distanceToFeature(const tiledb::TileKind& kind, int rotation, int feature, cv::Point2f point);

// Whether a piece lies flat (a farmer): wider across the line from the camera's foot than this
// camera's standing followers ever are (`followersAcross`: the median of theirs, 0 unknown). A
// standing piece is seen long along that line, where it leans, and narrow across it; a lying
// one keeps its width across. One lying along that line is as narrow as a standing one and is
// not told (false).
bool liesFlat(const PieceBlob& b, float followersAcross, const PieceParams& params = {});
// That width from the `across` of standing followers seen by one camera: the median of those
// known (> 0), or 0 with fewer than `least` of them.
float followersAcross(std::vector<float> across, int least = 3);

// Where a piece stands on a tile placed with `rotation` (tile coordinates as laid, `base` and
// `middle` the blob's turned alike): its base, but a piece lying flat whose middle lies on a
// field lies there (its near end may reach the road or city beside the field).
cv::Point2f standsAt(cv::Point2f base, cv::Point2f middle, bool flat, const tiledb::TileKind& kind,
                     int rotation);

// How alike the area within `corners` looks in two pictures from the same camera, on the area
// unwarped to `size` pixels. `correlation`: of its pattern (per channel, averaged; -1..1; each
// channel less its mean and linear gradient), so a change of light does not count: where nothing
// was laid the grain of the table or the drawing of a tile comes back (near 1), a tile laid on the
// table does not (near 0). A quiet area (a field) has little pattern to correlate: `difference`,
// the RMS difference of the two (0..255, each channel's mean matched), says whether it changed at
// all.
struct AreaComparison {
    float correlation = 0, difference = 255;
};
AreaComparison compareAreas(const cv::Mat& a, const cv::Mat& b,
                            const std::array<cv::Point2f, 4>& corners, int size = 32);
// The same of two areas already unwarped alike (square, 3 channels): a caller that also needs
// the area's picture unwarps it once.
AreaComparison compareUnwarped(const cv::Mat& a, const cv::Mat& b);
inline float areaSimilarity(const cv::Mat& a, const cv::Mat& b,
                            const std::array<cv::Point2f, 4>& corners, int size = 32) {
    return compareAreas(a, b, corners, size).correlation;
}

// The area within `corners` (NW NE SE SW) unwarped to n x n pixels.
cv::Mat unwarpArea(const cv::Mat& bgr, const std::array<cv::Point2f, 4>& corners, int n);
// The picture corners (NW NE SE SW) of `part` (in the area's coordinates, 0..1, y south) of
// the area within `corners`.
std::array<cv::Point2f, 4> partOf(const std::array<cv::Point2f, 4>& corners, cv::Rect2f part);
// A strip along side `side` (N E S W) of the area within `corners`, inside a tile's rim: a
// tile laid covers its whole cell, so each strip of a new tile's cell changed.
std::array<cv::Point2f, 4> sideOf(const std::array<cv::Point2f, 4>& corners, int side);
// The mean of a quad's four corners.
cv::Point2f centreOf(const std::array<cv::Point2f, 4>& corners);

// Each player's colour, learned per game from the player's pieces. Distances are in L*a*b*
// with lightness counted at half weight (light falls unevenly over a table).
class PlayerColours {
public:
    explicit PlayerColours(int players = 0) : mean_(size_t(players)), samples_(size_t(players)) {}
    int players() const { return int(mean_.size()); }
    bool known(int player) const { return samples_.at(size_t(player)) > 0; }
    void learn(int player, const cv::Vec3f& lab);
    void set(int player, const cv::Vec3f& lab); // forgets what was learned for the player
    float distance(int player, const cv::Vec3f& lab) const; // infinity while unknown
    // The known player nearest the colour, or -1 when none is known.
    int nearest(const cv::Vec3f& lab, float* distance = nullptr) const;
    cv::Vec3f colour(int player) const { return mean_.at(size_t(player)); }
    std::vector<cv::Vec3f> knownColours() const; // of the players known, for findPieces
    bool allKnown() const;

private:
    std::vector<cv::Vec3f> mean_;
    std::vector<int> samples_;
};

// Calibration: what was put in view between two pictures from the same camera, `bare` without
// it and `shown` with it (a player's pieces on the table): blobs of changed pixels, light
// matched, each with its colour. Art-blind: no tile needs to be recognised.
struct ShownBlob {
    cv::Rect box; // in the picture
    int pixels = 0;
    cv::Vec3f lab; // its colour (L*a*b*), from its core (its rim blends with the table)
};
struct ShownParams {
    int change = 75; // summed channel difference (0..765) of a changed pixel
    // Share of the picture: smaller blobs are noise. A follower on a start tile of 45 px (a
    // camera framed for a large board, 45 degrees of tilt) is about 40 px of 1920x1080, fewer
    // once opened; 0.00002 lost some.
    double minArea = 0.00001;
    double maxArea = 0.02; // larger: a hand or a moved object, not a piece
};
// *large: how many changed areas were too large for a piece.
std::vector<ShownBlob> piecesShown(const cv::Mat& bare, const cv::Mat& shown,
                                   const ShownParams& params = {}, int* large = nullptr);

// The mean L*a*b* colour of some pixels of a BGR picture (the pixels where mask != 0).
cv::Vec3f meanLab(const cv::Mat& bgr, const cv::Mat& mask);

} // namespace vision
