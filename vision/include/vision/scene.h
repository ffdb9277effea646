// The scene generator: renders a board position as a photo-like image whose truth is known
// (each tile's kind, rotation, cell and image corners). Tests and benchmarks of the camera
// pipeline use it, and so does the bundled sample game.
#pragma once

#include "vision/reference_set.h"

#include "adjudicator/state.h"

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vision {

// Every tunable of a scene, with its default (cf. OpenCV's DetectorParameters).
struct SceneParams {
    int width = 1920, height = 1080;
    double tiltDeg = 0; // camera tilt from straight down (0..45)
    double yawDeg = 0;  // rotation of the board in the picture
    double fill = 0.75; // share of the picture's shorter side the board spans
    // A fixed camera instead of one that frames the board: it looks at this board point (tile
    // units, y north) and the picture's shorter side spans `tilesAcross` tiles. Used when > 0.
    double tilesAcross = 0;
    cv::Point2d lookAt{0.5, 0.5};
    double jitter = 0.04;       // tile offsets, as a share of a tile (hand-laid)
    double twistDeg = 3;        // tile twists
    double gap = 0.015;         // gap between tiles, share of a tile
    double cornerRadius = 0.04; // rounded tile corners, share of a tile
    double light = 0.35;        // strength of the lighting gradient
    double colourCast = 0.08;   // strength of a random colour cast
    double noise = 4;           // sensor noise (standard deviation, 0..255 scale)
    double blur = 0.8;          // Gaussian blur sigma in pixels
    int jpegQuality = 88;       // 0: no JPEG round trip
    bool occluder = false;      // a hand-like blob over part of the board
    bool pieces = false;        // draw the state's pieces (followers, farmers, mayor, wagon, barn)
    // Player colours (BGR), by seat: the base game's, then more for 6 players.
    std::vector<cv::Vec3b> playerColours = {{40, 40, 200},  {200, 90, 30}, {50, 150, 40},
                                            {40, 210, 230}, {35, 35, 35},  {180, 110, 230}};
    std::uint64_t seed = 1;
};

struct TileTruth {
    std::string kind;                     // tile id in the catalogue
    int rotation = 0;                     // quarter turns clockwise
    adj::Pos cell;                        // board cell (x east, y north)
    std::array<cv::Point2f, 4> corners{}; // image corners: NW, NE, SE, SW of the tile as laid
};

// A piece as drawn: who owns it, what it is, the feature it stands on, and where its base (on
// the board, where it touches the tile) and its top appear in the picture. Under perspective a
// standing piece leans away from the camera: its top is not above its base in the picture.
struct PieceTruth {
    int player = 0;
    std::string kind;   // follower, mayor, wagon, barn (adj::meepleKindName)
    bool lying = false; // a farmer lies down
    adj::Pos cell;      // the tile it is on
    int feature = -1;   // the feature's index on that tile (a barn: the field at its corner)
    cv::Point2f base, top;
};

struct Scene {
    cv::Mat image; // BGR
    std::vector<TileTruth> tiles;
    std::vector<PieceTruth> pieces;
    cv::Matx33d boardToImage; // homography from board coordinates (tile units, y north)
    std::string truthJson() const;
};

// The generator's pinhole camera over a board of `extent` (tile units) framed by `params`:
// looking at the board's middle from above (or at params.lookAt, a fixed camera), tilted about
// the picture's x axis and turned about its view axis.
struct SceneCamera {
    double cx = 0, cy = 0; // the board point it looks at (tile units, y north)
    double f = 0, dist = 0, tilt = 0, yaw = 0;
    int width = 0, height = 0;
    // Where board point (x, y) at height h above the board (tile units) appears in the picture.
    cv::Point2f project(double x, double y, double h = 0) const;
};
SceneCamera sceneCamera(const SceneParams& params, const adj::Bounds& extent);

// Draws one tile face (kind, rotation, size in pixels); the default draws our procedural art.
using TileFaceSource = std::function<cv::Mat(const tiledb::TileKind&, int rotation, int size)>;

// Faces from pictures of each kind at rotation 0 (an art folder, see loadArtFolder); kinds
// without a picture fall back to our procedural faces.
TileFaceSource facesFromImages(const std::vector<ReferenceImage>& images);

// extraPieces: drawn with the state's (when params.pieces), e.g. a piece put on the tile just
// placed that the engine has not placed yet (a recording's picture before a turn is scored).
Scene renderScene(const adj::State& state, const SceneParams& params,
                  const TileFaceSource& faces = {},
                  const std::vector<adj::Meeple>& extraPieces = {});

} // namespace vision
