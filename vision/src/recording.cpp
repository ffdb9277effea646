#include "vision/recording.h"

#include "adjudicator/random_game.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace vision {

namespace {

// Adds one action to the recording's turns: a turn begins with its tile (a discarded tile that
// fits nowhere goes with the turn that follows it); the final scoring is no one's turn.
void addAction(Recording& r, adj::State& replay, const adj::Action& a) {
    if (a.kind == adj::Action::Kind::End) return;
    const bool starts = a.kind == adj::Action::Kind::Tile || a.kind == adj::Action::Kind::Discard;
    if (starts &&
        (r.turns.empty() || r.turns.back().actions.back().kind != adj::Action::Kind::Discard))
        r.turns.push_back({replay, {}, ""});
    RecordedTurn& t = r.turns.back();
    t.text += (t.text.empty() ? "" : " ") + adj::actionText(replay, a);
    t.actions.push_back(a);
    adj::apply(replay, a);
}

Recording emptyRecording(const adj::GameConfig& game, const RecordingParams& params,
                         const TileFaceSource& faces) {
    Recording r;
    r.game = game;
    r.params = params;
    r.faces = faces;
    return r;
}

} // namespace

Recording recordGame(const adj::GameConfig& game, std::uint64_t seed, const RecordingParams& params,
                     const TileFaceSource& faces) {
    Recording r = emptyRecording(game, params, faces);
    adj::State replay = *adj::State::create(game);
    adj::RandomGameOptions o;
    o.maxTiles = params.maxTiles;
    o.onStep = [&](const adj::State&, const adj::RandomStep& step) { addAction(r, replay, step); };
    adj::playRandomGame(game, seed, o);
    r.final = replay;
    return r;
}

std::optional<Recording> recordActions(const adj::GameConfig& game,
                                       const std::vector<adj::Action>& actions,
                                       const RecordingParams& params, const TileFaceSource& faces,
                                       std::string* error) {
    Recording r = emptyRecording(game, params, faces);
    auto created = adj::State::create(game, error);
    if (!created) return std::nullopt;
    adj::State replay = *created;
    for (size_t i = 0; i < actions.size(); ++i) {
        if (params.maxTiles > 0 && replay.board().size() >= params.maxTiles &&
            actions[i].kind == adj::Action::Kind::Tile)
            break;
        adj::State probe = replay;
        if (const adj::Outcome out = adj::apply(probe, actions[i]); !out.ok()) {
            if (error)
                *error = "action " + std::to_string(i + 1) +
                         " is refused: " + adj::violationKindName(out.violation->kind);
            return std::nullopt;
        }
        addAction(r, replay, actions[i]);
    }
    r.final = replay;
    return r;
}

SceneParams Recording::cameraFor(size_t turn) const {
    SceneParams p = params.camera;
    auto bump = [](SceneParams& q) { // the knock: the camera aims and turns a little aside
        q.lookAt += cv::Point2d(0.6, -0.4);
        q.yawDeg += 7;
    };
    if (p.tilesAcross <= 0) { // over the whole final board, tiles as large as it allows
        const adj::Bounds b = final->board().extent();
        const double w = b.maxX - b.minX + 1, h = b.maxY - b.minY + 1;
        p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
        const double aspect = double(p.width) / p.height;
        p.tilesAcross = std::max({h + 1.5, (w + 1.5) / aspect, 6.0}) *
                        (1 + 0.5 * std::sin(p.tiltDeg * 3.14159265358979 / 180));
        // A long board turned by the camera's yaw may still reach out of the picture (before or
        // after the knock): the camera rises until every tile lies a quarter tile inside it.
        auto inView = [&](const SceneParams& q) {
            const SceneCamera cam = sceneCamera(q, b);
            const double margin = 0.25 * std::min(q.width, q.height) / q.tilesAcross;
            for (const adj::PlacedTile& t : final->board().tiles())
                for (const auto& [dx, dy] : {std::pair{0, 0}, {1, 0}, {0, 1}, {1, 1}}) {
                    const cv::Point2f c = cam.project(t.pos.x + dx, t.pos.y + dy);
                    if (c.x < margin || c.y < margin || c.x > q.width - margin ||
                        c.y > q.height - margin)
                        return false;
                }
            return true;
        };
        for (int grow = 0; grow < 40; ++grow) {
            SceneParams knocked = p;
            bump(knocked);
            if (inView(p) && (params.bumpAfterTurn < 0 || inView(knocked))) break;
            p.tilesAcross *= 1.05;
        }
    }
    if (params.bumpAfterTurn >= 0 && int(turn) > params.bumpAfterTurn) bump(p);
    return p;
}

Recording firstTurns(Recording rec, size_t turns) {
    if (turns >= rec.turns.size()) return rec;
    const SceneParams whole = rec.cameraFor(0); // never knocked yet
    rec.params.camera.lookAt = whole.lookAt;
    rec.params.camera.tilesAcross = whole.tilesAcross;
    rec.final = rec.turns[turns].before; // the board after the last turn kept
    rec.turns.erase(rec.turns.begin() + long(turns), rec.turns.end());
    return rec;
}

std::vector<RecordedPicture> Recording::pictures(size_t turn) const {
    std::vector<RecordedPicture> out;
    const adj::State& after = turn + 1 < turns.size() ? turns[turn + 1].before : *final;
    SceneParams p = cameraFor(turn);
    p.pieces = true;
    if (params.hands) { // the player reaching over the table with the tile
        // The same table, tiles and pieces (the same seed) with a hand over them: where the
        // hand reaches varies with the turn (the generator draws it after the tiles).
        SceneParams hand = p;
        hand.occluder = true;
        Scene scene = renderScene(turns[turn].before, hand, faces);
        out.push_back({"a", scene.image, std::move(scene.tiles)});
    }
    if (params.placedPieces) {
        // The tile placed and its piece put down, the turn not scored yet: drawn when the
        // scoring sends the piece back (a barn stays; a wagon's move comes later).
        adj::State placed = turns[turn].before;
        const std::vector<adj::Action>& acts = turns[turn].actions;
        size_t k = 0;
        while (k < acts.size() && acts[k].kind != adj::Action::Kind::Tile)
            adj::apply(placed, acts[k++]); // a discard before it
        if (k + 1 < acts.size() && acts[k + 1].kind == adj::Action::Kind::Piece &&
            acts[k + 1].piece.kind != adj::MeepleKind::Barn) {
            const adj::PlayerId player = placed.currentPlayer();
            const adj::MeepleKind kind = acts[k + 1].piece.kind;
            adj::apply(placed, acts[k]);
            const int supply = placed.supply(player, kind);
            const adj::State& scored = turn + 1 < turns.size() ? turns[turn + 1].before : *final;
            if (scored.supply(player, kind) == supply) { // back in the supply at once
                const adj::PlacedTile& t = placed.board().tiles().back();
                const adj::Meeple piece{adj::NodeId(t.firstNode + acts[k + 1].piece.feature),
                                        std::uint8_t(player), kind, 0};
                Scene scene = renderScene(placed, p, faces, {piece});
                out.push_back({"ap", scene.image, std::move(scene.tiles)});
            }
        }
    }
    Scene scene = renderScene(after, p, faces);
    out.push_back({"b", scene.image, std::move(scene.tiles)});
    return out;
}

cv::Mat Recording::calibrationPicture(int player) const {
    return vision::calibrationPicture(turns.front().before, cameraFor(0), faces, player);
}

cv::Mat calibrationPicture(const adj::State& start, SceneParams p, const TileFaceSource& faces,
                           int player) {
    p.pieces = true;
    const adj::PlacedTile& t = start.board().tiles().front();
    std::vector<adj::Meeple> shown;
    for (size_t f = 0; f < t.kind->features.size() && player >= 0; ++f)
        if (t.kind->features[f].kind != tiledb::FeatureKind::Field)
            shown.push_back(
                {adj::NodeId(t.firstNode + f), std::uint8_t(player), adj::MeepleKind::Follower, 0});
    return renderScene(start, p, faces, shown).image;
}

namespace {

bool makeFolder(const std::string& dir, std::string* error) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) *error = dir + ": cannot create the folder: " + ec.message();
    return !ec;
}

// DIR/recording.txt: the game, its turns, then `more` (lines).
bool writeList(const Recording& r, const std::string& dir, const std::string& more,
               std::string* error) {
    std::ofstream list(dir + "/recording.txt");
    list << "carcassonne-recording 1\nset " << r.game.baseSet << "\nplayers " << r.game.players
         << "\n";
    for (const std::string& e : r.game.expansions) list << "expansion " << e << "\n";
    for (const RecordedTurn& t : r.turns) list << "turn " << t.text << "\n";
    list << more;
    if (!list) *error = dir + "/recording.txt: cannot write";
    return bool(list);
}

bool writePicture(const std::string& file, const cv::Mat& image, std::string* error) {
    if (cv::imwrite(file, image, {cv::IMWRITE_JPEG_QUALITY, 90})) return true;
    *error = file + ": cannot write the picture";
    return false;
}

std::string pictureName(size_t turn, const std::string& suffix) {
    char name[64];
    std::snprintf(name, sizeof name, "turn-%03zu-%s", turn + 1, suffix.c_str());
    return name;
}

} // namespace

bool writeRecording(const Recording& r, const std::string& dir, std::string* error) {
    if (!makeFolder(dir, error)) return false;
    for (int p = -1; p < r.game.players && !r.turns.empty(); ++p)
        if (!writePicture(dir + "/calibration-" + std::to_string(p + 1) + ".jpg",
                          r.calibrationPicture(p), error))
            return false;
    for (size_t i = 0; i < r.turns.size(); ++i)
        for (const RecordedPicture& pic : r.pictures(i))
            if (!writePicture(dir + "/" + pictureName(i, pic.suffix) + ".jpg", pic.image, error))
                return false;
    return writeList(r, dir, "", error);
}

bool writeRecordingVideo(const Recording& r, const std::string& dir, std::string* error,
                         const VideoParams& v) {
    if (!makeFolder(dir, error)) return false;
    const std::string file = dir + "/game.avi";
    cv::VideoWriter video(file, cv::CAP_OPENCV_MJPEG, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'),
                          v.fps, cv::Size(r.params.camera.width, r.params.camera.height));
    if (!video.isOpened()) {
        *error = file + ": cannot write a Motion JPEG video here";
        return false;
    }
    video.set(cv::VIDEOWRITER_PROP_QUALITY, 90);
    std::string held;
    cv::Mat before;
    int frame = 0;
    for (size_t i = 0; i < r.turns.size(); ++i)
        for (const RecordedPicture& pic : r.pictures(i)) {
            for (int f = 1; f <= v.fade && !before.empty(); ++f, ++frame) {
                cv::Mat blend;
                const double a = double(f) / (v.fade + 1);
                cv::addWeighted(before, 1 - a, pic.image, a, 0, blend);
                video.write(blend);
            }
            held += "frames " + pictureName(i, pic.suffix) + " " + std::to_string(frame) + " " +
                    std::to_string(frame + v.hold - 1) + "\n";
            for (int h = 0; h < v.hold; ++h, ++frame) video.write(pic.image);
            before = pic.image;
        }
    video.release();
    return writeList(r, dir, held, error);
}

std::string RecordingList::pictureAt(int frame) const {
    for (const Held& h : frames)
        if (frame >= h.first && frame <= h.last) return h.picture;
    return {};
}

std::optional<RecordingList> readRecordingList(const std::string& file, std::string* error) {
    std::ifstream in(file);
    if (!in) {
        *error = file + ": cannot be read";
        return std::nullopt;
    }
    std::string line, set = "base";
    std::vector<std::string> expansions;
    int players = 2, n = 0;
    RecordingList out;
    auto fail = [&](const std::string& what) {
        *error = file + ":" + std::to_string(n) + ": " + what;
        return std::nullopt;
    };
    while (std::getline(in, line)) {
        ++n;
        if (n == 1) {
            if (line != "carcassonne-recording 1") return fail("not a recording list");
            continue;
        }
        const auto space = line.find(' ');
        const std::string key = line.substr(0, space);
        const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "set")
            set = value;
        else if (key == "players") {
            players = std::atoi(value.c_str());
            if (players < 2 || players > adj::kMaxPlayers) return fail("players must be 2 to 6");
        } else if (key == "expansion")
            expansions.push_back(value);
        else if (key == "turn")
            out.turns.push_back(value);
        else if (key == "frames") { // a video's picture: NAME FIRST LAST
            RecordingList::Held h;
            std::istringstream fields(value);
            if (!(fields >> h.picture >> h.first >> h.last) || h.last < h.first || h.first < 0)
                return fail("frames needs a picture's name and its first and last frame");
            out.frames.push_back(h);
        } else if (!line.empty())
            return fail("unknown line '" + key + "'");
    }
    if (n == 0) return fail("empty file");
    out.game = adj::GameConfig::forSet(set, players, expansions);
    std::string why;
    if (!adj::State::create(out.game, &why)) return fail(why);
    return out;
}

} // namespace vision
