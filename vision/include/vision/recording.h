// A whole game as a fixed camera would record it: a seeded game played turn by turn, each
// turn's settled picture rendered by the scene generator (tiles and pieces, the camera fixed
// over the table, bumped once if asked), with pictures of a hand over the table in between.
// Its truth is the game's turns: the tracker's tests, `carcassonne vision record|track` and the
// bundled sample game use it.
#pragma once

#include "vision/scene.h"

#include "adjudicator/actions.h"

#include <optional>
#include <string>
#include <vector>

namespace vision {

struct RecordedTurn {
    adj::State before;                // the state waiting for the turn's tile
    std::vector<adj::Action> actions; // what was played: the tile, its piece or a pass, ...
    std::string text;                 // the same, as a turn's text (actions.h)
};

struct RecordingParams {
    SceneParams camera;     // fixed over the final board unless lookAt/tilesAcross are set
    int bumpAfterTurn = -1; // the camera is knocked after this turn (-1: never)
    bool hands = true;      // a picture with a hand over the table before each turn's picture
    // A picture of the turn's piece on its new tile before the turn is scored, when scoring
    // takes it back at once (players put it down, count, then lift it): without it the
    // settled picture cannot show where it stood.
    bool placedPieces = true;
    int maxTiles = 0; // stop after this many tiles (0: the whole game)
};

// One picture of a turn: its file name's suffix (turn-NNN-SUFFIX.jpg, in the order taken: "a" a
// hand over the table, "ap" the piece put down before scoring, "b" the settled table) and the
// picture, with the truth of the tiles in it.
struct RecordedPicture {
    std::string suffix;
    cv::Mat image;
    std::vector<TileTruth> tiles;
};

struct Recording {
    adj::GameConfig game;
    std::vector<RecordedTurn> turns;
    std::optional<adj::State> final; // after the last turn, before the final scoring
    // The pictures of turn i: a hand (if any), the piece before scoring (if any), then the
    // settled picture after the turn.
    std::vector<RecordedPicture> pictures(size_t turn) const;
    // Before the first turn, each player shows the camera their colour: a follower of `player`
    // on each of the start tile's features but its fields (calibration-N.jpg, N = player + 1);
    // player -1: the start tile alone, the picture they are compared with (calibration-0.jpg).
    cv::Mat calibrationPicture(int player) const;
    RecordingParams params;
    TileFaceSource faces;
    SceneParams cameraFor(size_t turn) const; // the camera for turn i's pictures
};

// A seeded random game (adj::playRandomGame) as a recording (pictures are drawn on demand).
Recording recordGame(const adj::GameConfig& game, std::uint64_t seed,
                     const RecordingParams& params = {}, const TileFaceSource& faces = {});

// The first `turns` turns of `rec` alone, as its camera sees them: framed for the whole game's
// board (tiles as small) and knocked where it was. A sample of early turns at a whole game's
// scale, for benches and tests.
Recording firstTurns(Recording rec, size_t turns);

// A game given as its actions (in order, as actions.h applies them; a final End is left out) as
// a recording; nullopt with *error when an action is refused. maxTiles counts tiles on the board.
std::optional<Recording> recordActions(const adj::GameConfig& game,
                                       const std::vector<adj::Action>& actions,
                                       const RecordingParams& params = {},
                                       const TileFaceSource& faces = {},
                                       std::string* error = nullptr);

// Writes every picture as DIR/turn-NNN-SUFFIX.jpg (see RecordedPicture), each player's
// calibration picture as DIR/calibration-N.jpg and the game's turns as DIR/recording.txt;
// false with *error on failure.
bool writeRecording(const Recording& r, const std::string& dir, std::string* error);

// The table before the first turn (`start`: the start tile alone) from camera `p`, with a
// follower of `player` on each of the start tile's features but its fields (-1: none), as the
// players show the camera their colours.
cv::Mat calibrationPicture(const adj::State& start, SceneParams p, const TileFaceSource& faces,
                           int player);

// A video of the recording, DIR/game.avi (Motion JPEG): each picture held for `hold` frames,
// `fade` frames blending into it from the one before (the motion a StableFrameGate waits
// out); DIR/recording.txt lists the turns and, for each picture, the frames it is held on.
struct VideoParams {
    int fps = 10, hold = 5, fade = 2;
};
bool writeRecordingVideo(const Recording& r, const std::string& dir, std::string* error,
                         const VideoParams& v = {});

// DIR/recording.txt read back: the game (set, players, expansions), each turn's text and, for
// a video, which picture each frame holds.
struct RecordingList {
    struct Held {
        std::string picture; // turn-NNN-SUFFIX, as the pictures' file names
        int first = 0, last = 0;
    };
    adj::GameConfig game;
    std::vector<std::string> turns;
    std::vector<Held> frames;
    // The picture video frame `frame` holds ("" between pictures, or when none is listed).
    std::string pictureAt(int frame) const;
};
// nullopt with *error ("FILE:LINE: what") when the file is missing or malformed.
std::optional<RecordingList> readRecordingList(const std::string& file, std::string* error);

} // namespace vision
