// `carcassonne play [--recording DIR] [--actions] [--delay MS] [--lang en|ro|nl] [--db FILE]
// [--quiet]`: the main job without a window. With no camera attached it follows the bundled
// sample game's recording (drawn by the build, sample_game.h) through the camera pipeline: each
// picture read by vision's GameTracker, each turn the camera read played, a turn it could not
// read (or read otherwise than played) entered by hand as the recording lists it, and said so.
// The same GameSession as the window scores it: each turn, the engine's events with their
// explanations, a progress bar, the final scoring and the winner. The game is stored in the
// history like any other. --actions plays the sample's action list instead of its pictures.
#include "cli_commands.h"
#include "game_session.h"
#include "recording_follower.h"
#include "sample_game.h"

#include "adjudicator/render.h"
#include "vision/evaluate.h"
#include "vision/image_io.h"
#include "vision/reference_set.h"
#include "vision/said.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <unistd.h>

namespace carc::cli {

namespace {

void progressBar(size_t done, size_t total, bool tty) {
    const int width = 30, filled = total ? int(width * done / total) : width;
    std::printf("%s[%s%s] %3d%%%s", tty ? "\r\033[K" : "", std::string(size_t(filled), '#').c_str(),
                std::string(size_t(width - filled), '.').c_str(),
                total ? int(100 * done / total) : 100, tty ? "" : "\n");
    std::fflush(stdout);
}

int usage() {
    std::fprintf(stderr,
                 "usage: carcassonne play [--recording DIR] [--actions] [--delay MS] "
                 "[--lang en|ro|nl] [--db FILE] [--quiet]\n"
                 "  --recording DIR: a recording made by `carcassonne vision record` (default: "
                 "the sample game's, drawn by the build)\n"
                 "  --actions: the sample game's action list, without the camera\n");
    return 2;
}

} // namespace

int play(const std::vector<std::string>& args) {
    int delayMs = 0;
    bool quiet = false, actionsOnly = false;
    std::string db, recording = sampleRecordingFolder();
    bool chosen = false; // --recording given: it must be there
    adj::kb::Lang lang = adj::kb::Lang::En;
    for (size_t i = 0; i < args.size(); ++i) {
        const bool value = i + 1 < args.size();
        if (args[i] == "--delay" && value)
            delayMs = std::atoi(args[++i].c_str());
        else if (args[i] == "--db" && value)
            db = args[++i];
        else if (args[i] == "--recording" && value)
            recording = args[++i], chosen = true;
        else if (args[i] == "--actions")
            actionsOnly = true;
        else if (args[i] == "--quiet")
            quiet = true;
        else if (args[i] == "--lang" && value && adj::kb::langFromCode(args[i + 1]))
            lang = *adj::kb::langFromCode(args[++i]);
        else
            return usage();
    }
    const SampleGame& sample = sampleGame();
    // The recording's list says which game it is; the sample's has the sample's players.
    std::optional<vision::RecordingList> list;
    std::string error;
    const std::string listFile = recording + "/recording.txt";
    if (!actionsOnly) {
        if (chosen && !std::filesystem::exists(listFile)) {
            std::fprintf(stderr,
                         "carcassonne play: %s: no recording list (made by `carcassonne "
                         "vision record`)\n",
                         listFile.c_str());
            return 1;
        }
        if (!std::filesystem::exists(listFile)) {
            std::printf("The sample game's recording is missing (%s): playing its action list "
                        "without the camera.\n",
                        listFile.c_str());
        } else if (!(list = vision::readRecordingList(listFile, &error))) {
            std::fprintf(stderr, "carcassonne play: %s\n", error.c_str());
            return 1;
        }
    }
    const bool isSample = !list || isSampleGame(list->game);
    const adj::GameConfig config = list ? list->game : sample.config;
    std::vector<history::PlayerInfo> players = sample.players;
    if (!isSample) {
        static const char* colours[] = {"red", "blue", "green", "yellow", "black", "pink"};
        static const char* names[] = {"Red", "Blue", "Green", "Yellow", "Black", "Pink"};
        players.clear();
        for (int p = 0; p < config.players; ++p) players.push_back({names[p], colours[p]});
    }
    std::unique_ptr<history::Store> store;
    std::unique_ptr<GameSession> game;
    try {
        store = history::Store::open(db.empty() ? history::Store::defaultPath() : db);
        game = GameSession::start(*store, config, players, &error, list ? "camera" : "sample");
    } catch (const history::StoreError& e) {
        error = e.what();
    }
    if (!game) {
        std::fprintf(stderr, "carcassonne play: %s\n", error.c_str());
        return 1;
    }
    const bool tty = ::isatty(STDOUT_FILENO) && !quiet;
    if (isSample)
        std::printf("No camera attached: playing the bundled sample game (base game with Abbey & "
                    "Mayor; %s, %s and %s)%s.\n",
                    sample.players[0].name.c_str(), sample.players[1].name.c_str(),
                    sample.players[2].name.c_str(),
                    list ? ", as the camera recorded it" : ", from its action list");
    else
        std::printf("Following the recording in %s.\n", recording.c_str());
    const std::vector<std::string> names = game->names();
    size_t printedTurns = 0;
    bool finalHeader = false;
    auto printFinishedTurns = [&](bool all) {
        const auto& log = game->log();
        // A turn is printed once it is complete (the next one started), or at the very end.
        for (; printedTurns < log.size() && (all || printedTurns + 1 < log.size());
             ++printedTurns) {
            const TurnLogEntry& e = log[printedTurns];
            if (tty) std::printf("\r\033[K");
            if (e.player >= 0)
                std::printf("%3d. %-6s %s%s\n", e.seq, names[size_t(e.player)].c_str(),
                            e.actions.c_str(),
                            e.note.empty() ? "" : ("   (" + e.note + ")").c_str());
            for (const adj::ScoreEvent& ev : e.events) {
                // The last tile's turn (or the players' "end") also scores the end of the game.
                if (ev.when == adj::ScoreEvent::When::EndOfGame && !finalHeader)
                    finalHeader = true, std::printf("Final scoring:\n");
                std::printf("      %s\n", adj::kb::render(ev, lang, names, config.baseSet).c_str());
            }
        }
    };
    // One action through the session; false (after saying why) when it is refused.
    auto playOne = [&](const adj::Action& a, const std::string& thumbnail) {
        std::string alert;
        try {
            if (game->play(a, lang, &alert, thumbnail)) return true;
            std::fprintf(stderr, "\ncarcassonne play: %s refused: %s\n",
                         adj::actionText(game->state(), a).c_str(), alert.c_str());
        } catch (const history::StoreError& e) {
            std::fprintf(stderr, "\ncarcassonne play: %s\n", e.what());
        }
        return false;
    };
    auto step = [&](size_t done, size_t total) {
        if (!quiet) printFinishedTurns(false);
        if (tty || (!quiet && done % (total / 10 + 1) == 0)) progressBar(done, total, tty);
        if (delayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    };

    if (!list) {
        for (size_t i = 0; i < sample.actions.size(); ++i) {
            if (!playOne(sample.actions[i], {})) return 1;
            step(i + 1, sample.actions.size());
        }
    } else {
        const std::vector<std::string> pictures = vision::picturesIn(recording);
        const std::optional<vision::ReferenceSet> refs =
            vision::loadReferences("", vision::gameSets(config), &error);
        if (!refs) {
            std::fprintf(stderr, "carcassonne play: cannot learn the tiles' look: %s\n",
                         error.c_str());
            return 1;
        }
        vision::GameTracker tracker(*refs, config);
        RecordingFollower follower(*list);
        int counts[4] = {0, 0, 0,
                         0}; // RecordingFollower::How: camera, corrected, answered, by hand
        std::vector<double> millis;
        // The players' colours first, from the calibration pictures (calibration-N.jpg).
        for (const vision::Said& line : vision::calibrateFrom(tracker, pictures))
            if (!quiet) std::printf("%s%s\n", tty ? "\r\033[K" : "", line.in(lang).c_str());
        for (size_t i = 0; i < pictures.size(); ++i) {
            const std::string name = std::filesystem::path(pictures[i]).filename().string();
            if (game->state().terminal() || follower.finished()) break;
            if (!follower.wants(name) || vision::calibrationPlayer(name) >= -1) continue;
            const vision::ImageResult img = vision::readImage(pictures[i]);
            if (!img.ok()) { // said, and passed over: the players enter the turn by hand
                std::fprintf(stderr, "\n%s\n", img.error.c_str());
                continue;
            }
            const auto start = std::chrono::steady_clock::now();
            const vision::TrackedTurn t = tracker.observe(game->state(), img.image);
            millis.push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
            bool settles = false;
            const std::string thumbnail = vision::thumbnailJpeg(img.image);
            for (const RecordingFollower::Turn& turn :
                 follower.next(game->state(), name, t, &settles)) {
                for (size_t k = 0; k < turn.actions.size(); ++k)
                    if (!playOne(turn.actions[k], k == 0 ? thumbnail : std::string())) return 1;
                ++counts[int(turn.how)];
                using How = RecordingFollower::How;
                const vision::Said said =
                    turn.how == How::Camera ? vision::Said("settled.camera")
                    : turn.how == How::Corrected
                        ? vision::Said("settled.corrected").with("seen", turn.seen)
                    : turn.how == How::Answered
                        ? vision::Said("settled.answered").with("problem", t.problem)
                    : t.problem.empty()
                        ? vision::Said("settled.unseen")
                        : vision::Said("settled.by-hand").with("problem", t.problem);
                game->noteLastTurn(vision::Said(said).with("photo", name).in(lang));
            }
            if (settles) tracker.resolved(img.image, game->state());
            step(i + 1, pictures.size());
        }
        for (const RecordingFollower::Turn& turn : follower.rest(game->state())) {
            for (const adj::Action& a : turn.actions)
                if (!playOne(a, {})) return 1;
            ++counts[int(turn.how)];
            game->noteLastTurn(vision::Said("settled.no-picture").in(lang));
        }
        std::string alert;
        if (!game->state().terminal() && !game->endGame(lang, &alert)) {
            std::fprintf(stderr, "\ncarcassonne play: the final scoring is refused: %s\n",
                         alert.c_str());
            return 1;
        }
        if (!quiet) printFinishedTurns(true);
        std::printf("%s%zu pictures: %d turns read by the camera, %d entered by hand, %d "
                    "corrected, %d answered with one of the camera's choices; a picture read in "
                    "%.0f ms (median), %.0f ms (95%%)\n",
                    tty ? "\r\033[K" : "", pictures.size(), counts[0], counts[3], counts[1],
                    counts[2], vision::percentile(millis, 0.5), vision::percentile(millis, 0.95));
    }
    if (!quiet) printFinishedTurns(true);
    printFinalScores(game->state(), names, !quiet, lang);
    if (isSample) {
        bool same = true;
        for (int p = 0; p < config.players; ++p)
            same = same && game->state().score(p) == sample.finalScores[size_t(p)];
        std::printf("%s\n", same ? "The same scores as the sample game as it was played."
                                 : "NOT the scores of the sample game as it was played!");
        if (!same) return 1;
    }
    std::printf("Stored as game %lld in %s\n", static_cast<long long>(game->gameId()),
                store->path().c_str());
    return 0;
}

} // namespace carc::cli
