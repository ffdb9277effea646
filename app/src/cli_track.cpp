// `carcassonne vision record|track`: a whole game through the camera pipeline.
// record renders a seeded game as a fixed camera's pictures (vision/recording.h); track follows
// a folder of pictures turn by turn with the GameTracker and the engine: each turn read, the
// engine's events with their explanations, discrepancies and warnings, the final scores.
#include "cli_commands.h"
#include "recording_follower.h"
#include "sample_game.h"
#include "tile_set_library.h"

#include "adjudicator/actions.h"
#include "adjudicator/render.h"
#include "vision/evaluate.h"
#include "vision/frames.h"
#include "vision/image_io.h"
#include "vision/recording.h"
#include "vision/tracker.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace carc::cli {

namespace {

const char* kColourNames[] = {"Red", "Blue", "Green", "Yellow", "Black", "Pink"};

int usageRecord() {
    std::fprintf(stderr,
                 "usage: carcassonne vision record --out DIR [--seed S] [--players N] "
                 "[--abbey-mayor] [--tiles N] [--tilt DEG] [--yaw DEG] [--bump TURN] "
                 "[--no-hands] [--art FOLDER] [--sample] [--video]\n"
                 "  --sample: the bundled sample game (what `carcassonne play` follows, with "
                 "Abbey & Mayor) instead of a seeded random game\n"
                 "  --art FOLDER: tile faces from one picture per tile kind (track it with "
                 "--refs from `vision enrol --from FOLDER`); without it, our procedural art\n"
                 "  --video: DIR/game.avi (Motion JPEG) instead of a picture per file\n");
    return 2;
}

int usageTrack() {
    std::fprintf(stderr,
                 "usage: carcassonne vision track FOLDER|VIDEO [--set S] [--abbey-mayor] "
                 "[--players N] [--refs F.refs] [--lang en|ro|nl] [--json]\n"
                 "  FOLDER: pictures in name order, one or more per turn; VIDEO: a video file, "
                 "read where the picture holds still; a recording made by `vision record` also "
                 "lists its turns, entered by hand when the camera cannot read one\n");
    return 2;
}

std::string jsonEscape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\';
        if (c == '\n') {
            o += "\\n";
            continue;
        }
        o += c;
    }
    return o;
}

} // namespace

int visionRecord(const std::vector<std::string>& args) {
    std::string out, art;
    std::uint64_t seed = 2026;
    int players = 3;
    bool sample = false, video = false, abbeyMayor = false;
    vision::RecordingParams p;
    p.camera.tiltDeg = 20;
    p.camera.yawDeg = 30;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool value = i + 1 < args.size();
        if (a == "--out" && value)
            out = args[++i];
        else if (a == "--seed" && value)
            seed = std::strtoull(args[++i].c_str(), nullptr, 10);
        else if (a == "--players" && value)
            players = std::atoi(args[++i].c_str());
        else if (a == "--tiles" && value)
            p.maxTiles = std::atoi(args[++i].c_str());
        else if (a == "--tilt" && value)
            p.camera.tiltDeg = std::atof(args[++i].c_str());
        else if (a == "--yaw" && value)
            p.camera.yawDeg = std::atof(args[++i].c_str());
        else if (a == "--bump" && value)
            p.bumpAfterTurn = std::atoi(args[++i].c_str());
        else if (a == "--no-hands")
            p.hands = false;
        else if (a == "--abbey-mayor")
            abbeyMayor = true;
        else if (a == "--art" && value)
            art = args[++i];
        else if (a == "--sample")
            sample = true;
        else if (a == "--video")
            video = true;
        else
            return usageRecord();
    }
    if (out.empty() || players < 2 || players > adj::kMaxPlayers || p.camera.tiltDeg < 0 ||
        p.camera.tiltDeg > 45)
        return usageRecord();
    p.camera.seed = seed;
    std::string error;
    vision::TileFaceSource faces;
    if (!art.empty()) {
        const std::optional<vision::TileFaceSource> f = carc::artFaces(art, &error);
        if (!f) {
            std::fprintf(stderr, "carcassonne vision record: %s\n", error.c_str());
            return 1;
        }
        faces = *f;
    }
    const std::optional<vision::Recording> rec =
        sample ? vision::recordActions(sampleGame().config, sampleGame().actions, p, faces, &error)
               : vision::recordGame(
                     adj::GameConfig::forSet("base", players,
                                             abbeyMayor ? std::vector<std::string>{"abbey-mayor"}
                                                        : std::vector<std::string>{}),
                     seed, p, faces);
    if (!rec || !(video ? vision::writeRecordingVideo(*rec, out, &error)
                        : vision::writeRecording(*rec, out, &error))) {
        std::fprintf(stderr, "carcassonne vision record: %s\n", error.c_str());
        return 1;
    }
    if (sample)
        std::printf("%s: the sample game, %zu turns, %s\n", out.c_str(), rec->turns.size(),
                    p.hands ? "a hand over the table before each turn" : "one picture a turn");
    else
        std::printf("%s: %zu turns of a %d-player game (seed %llu), %s\n", out.c_str(),
                    rec->turns.size(), players, static_cast<unsigned long long>(seed),
                    p.hands ? "a hand over the table before each turn" : "one picture a turn");
    return 0;
}

int visionTrack(const std::vector<std::string>& args) {
    std::string folder, refsSource, set;
    bool abbeyMayor = false, json = false;
    int players = 0;
    adj::kb::Lang lang = adj::kb::Lang::En;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool value = i + 1 < args.size();
        if (a == "--set" && value)
            set = args[++i];
        else if (a == "--abbey-mayor")
            abbeyMayor = true;
        else if (a == "--players" && value)
            players = std::atoi(args[++i].c_str());
        else if (a == "--refs" && value)
            refsSource = args[++i];
        else if (a == "--json")
            json = true;
        else if (a == "--lang" && value && adj::kb::langFromCode(args[i + 1]))
            lang = *adj::kb::langFromCode(args[++i]);
        else if (folder.empty() && a.rfind("--", 0) != 0)
            folder = a;
        else
            return usageTrack();
    }
    if (folder.empty()) return usageTrack();
    namespace fs = std::filesystem;
    std::error_code ec;
    // A video file: its stable frames are read (its recording list, if any, lies beside it).
    std::string video;
    if (fs::is_regular_file(folder, ec)) {
        video = folder;
        folder = fs::path(folder).parent_path().string();
        if (folder.empty()) folder = ".";
    } else if (!fs::is_directory(folder, ec)) {
        std::fprintf(stderr,
                     "carcassonne vision track: %s: neither a folder of pictures nor a video\n",
                     folder.c_str());
        return 1;
    }
    // The game: from the recording's list when there is one, else from the options.
    std::optional<vision::RecordingList> list;
    if (fs::exists(folder + "/recording.txt")) {
        std::string error;
        list = vision::readRecordingList(folder + "/recording.txt", &error);
        if (!list) {
            std::fprintf(stderr, "carcassonne vision track: %s\n", error.c_str());
            return 1;
        }
    }
    adj::GameConfig game = list ? list->game : adj::GameConfig::forSet("base", 2);
    if (!set.empty() || abbeyMayor || players > 0)
        game = adj::GameConfig::forSet(
            set.empty() ? game.baseSet : set, players > 0 ? players : game.players,
            abbeyMayor ? std::vector<std::string>{"abbey-mayor"} : game.expansions);
    std::string error;
    auto created = adj::State::create(game, &error);
    if (!created) {
        std::fprintf(stderr, "carcassonne vision track: %s\n", error.c_str());
        return 1;
    }
    adj::State s = *created;
    const auto refs =
        vision::loadReferences(carc::tileSetSource(carc::defaultTileSetFolder(), refsSource),
                               vision::gameSets(game), &error);
    if (!refs) {
        std::fprintf(stderr, "carcassonne vision track: %s\n", error.c_str());
        return 1;
    }
    const std::vector<std::string> pictures =
        video.empty() ? vision::picturesIn(folder) : std::vector<std::string>{};
    if (pictures.empty() && video.empty()) {
        std::fprintf(stderr, "carcassonne vision track: %s: no pictures (.jpg, .png, .bmp)\n",
                     folder.c_str());
        return 1;
    }
    std::vector<std::string> names;
    for (int p = 0; p < game.players; ++p) names.emplace_back(kColourNames[p]);

    vision::GameTracker tracker(*refs, game);
    RecordingFollower follower(list ? *list : vision::RecordingList{game, {}, {}});
    int read = 0, byHand = 0, corrected = 0, answered = 0, turnsPlayed = 0;
    std::string jsonTurns;
    auto applyTurn = [&](const std::vector<adj::Action>& actions, const std::string& how,
                         const std::string& picture) {
        std::string text;
        std::vector<std::string> events;
        const adj::PlayerId player = s.currentPlayer();
        for (const adj::Action& a : actions) {
            text += (text.empty() ? "" : " ") + adj::actionText(s, a);
            for (const adj::ScoreEvent& e : adj::apply(s, a).events)
                events.push_back(adj::kb::render(e, lang, names, game.baseSet));
        }
        const int turn = ++turnsPlayed;
        if (json) {
            jsonTurns += std::string(jsonTurns.empty() ? "" : ",\n") +
                         "    {\"turn\": " + std::to_string(turn) + ", \"picture\": \"" +
                         jsonEscape(picture) + "\", \"player\": \"" + names[size_t(player)] +
                         "\", \"read\": \"" + how + "\", \"actions\": \"" + jsonEscape(text) +
                         "\", \"events\": [";
            for (size_t k = 0; k < events.size(); ++k)
                jsonTurns += std::string(k ? ", " : "") + "\"" + jsonEscape(events[k]) + "\"";
            jsonTurns += "]}";
            return;
        }
        std::printf("turn %d (%s, %s): %s\n", turn, names[size_t(player)].c_str(), how.c_str(),
                    text.c_str());
        for (const std::string& e : events) std::printf("    %s\n", e.c_str());
    };
    // One picture (a photo, or a video's stable frame) read and played; `name` says which
    // turn a recording's picture shows.
    auto follow = [&](const std::string& name, const cv::Mat& image) {
        if (!follower.wants(name)) return;
        const vision::TrackedTurn t = tracker.observe(s, image);
        if (!json) {
            for (const vision::Said& w : t.warnings)
                std::printf("  %s: warning: %s\n", name.c_str(), w.in(lang).c_str());
            if (t.status == vision::TrackedTurn::Status::Discrepancy)
                std::printf("  %s: %s\n", name.c_str(), t.problem.in(lang).c_str());
        }
        bool settles = false;
        for (const RecordingFollower::Turn& turn : follower.next(s, name, t, &settles)) {
            if (turn.how == RecordingFollower::How::Corrected && !json)
                std::printf("  %s: the camera read %s\n", name.c_str(), turn.seen.c_str());
            read += turn.how == RecordingFollower::How::Camera;
            corrected += turn.how == RecordingFollower::How::Corrected;
            answered += turn.how == RecordingFollower::How::Answered;
            byHand += turn.how == RecordingFollower::How::ByHand;
            applyTurn(turn.actions, howName(turn.how), name);
        }
        if (settles) tracker.resolved(image, s);
    };
    // The players' colours first, from the calibration pictures (calibration-N.jpg).
    std::vector<std::string> calibration;
    for (const vision::Said& line : vision::calibrateFrom(tracker, pictures))
        calibration.push_back(line.in(lang));
    for (const std::string& line : calibration)
        if (!json) std::printf("  %s\n", line.c_str());
    int seen = 0; // pictures, or a video's frames
    for (const std::string& picture : pictures) {
        if (s.terminal() || follower.finished()) break;
        if (vision::calibrationPlayer(picture) >= -1) continue;
        ++seen;
        const vision::ImageResult img = vision::readImage(picture);
        if (!img.ok()) {
            std::fprintf(stderr, "%s\n", img.error.c_str());
            continue;
        }
        follow(fs::path(picture).filename().string(), img.image);
    }
    int stable = 0;
    if (!video.empty()) {
        vision::StableFrameGate gate;
        const bool opened = vision::readVideo(
            video,
            [&](int frame, const cv::Mat& image) {
                seen = frame + 1;
                if (!gate.push(image)) return true;
                ++stable;
                follow(list ? list->pictureAt(frame) : "frame " + std::to_string(frame), image);
                return !s.terminal() && !follower.finished();
            },
            &error);
        if (!opened) {
            std::fprintf(stderr, "carcassonne vision track: %s\n", error.c_str());
            return 1;
        }
    }
    for (const RecordingFollower::Turn& turn : follower.rest(s)) { // no picture of them
        ++byHand;
        applyTurn(turn.actions, "by hand, no picture", "");
    }
    const adj::Outcome final = s.endGame();
    if (json) {
        std::printf("{\n  \"schema\": \"carcassonne-track/1\",\n  \"turns\": [\n%s\n  ],\n"
                    "  \"read\": %d, \"byHand\": %d, \"corrected\": %d, \"answered\": %d,\n"
                    "  \"scores\": {",
                    jsonTurns.c_str(), read, byHand, corrected, answered);
        for (int p = 0; p < game.players; ++p)
            std::printf("%s\"%s\": %d", p ? ", " : "", names[size_t(p)].c_str(), s.score(p));
        std::printf("},\n  \"calibration\": [");
        for (size_t k = 0; k < calibration.size(); ++k)
            std::printf("%s\"%s\"", k ? ", " : "", jsonEscape(calibration[k]).c_str());
        std::printf("]\n}\n");
        return 0;
    }
    std::printf("\nFinal scoring:\n");
    for (const adj::ScoreEvent& e : final.events)
        std::printf("    %s\n", adj::kb::render(e, lang, names, game.baseSet).c_str());
    if (video.empty())
        std::printf("\n%d pictures: ", seen);
    else
        std::printf("\n%d video frames, %d stable ones read: ", seen, stable);
    std::printf("%d turns read by the camera, %d entered by hand, %d corrected, %d answered with "
                "one of the camera's choices\n",
                read, byHand, corrected, answered);
    printFinalScores(s, names, false, lang);
    if (list) { // the recorded game played as listed, for comparison
        adj::State played = *adj::State::create(game);
        for (const std::string& turn : list->turns)
            for (const adj::Action& a : parseTurn(played, turn)) adj::apply(played, a);
        played.endGame();
        std::printf("The recording as played:");
        for (int p = 0; p < game.players; ++p)
            std::printf(" %s %d%s", names[size_t(p)].c_str(), played.score(p),
                        p + 1 < game.players ? "," : "\n");
    }
    return 0;
}

} // namespace carc::cli
