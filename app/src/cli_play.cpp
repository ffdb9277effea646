// `carcassonne play [--delay MS] [--lang en|ro|nl] [--db FILE] [--quiet]`: the main job without a
// window. With no camera attached it plays the bundled sample game (sample_game.h) through the
// same GameSession as the window: each turn as the table reported it, the engine's score events
// with their explanations, a progress bar, the final scoring and the winner. The game is stored
// in the history like any other.
#include "cli_commands.h"
#include "game_session.h"
#include "sample_game.h"

#include "adjudicator/render.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
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
} // namespace

int play(const std::vector<std::string>& args) {
    int delayMs = 0;
    bool quiet = false;
    std::string db;
    adj::kb::Lang lang = adj::kb::Lang::En;
    for (size_t i = 0; i < args.size(); ++i) {
        const bool value = i + 1 < args.size();
        if (args[i] == "--delay" && value)
            delayMs = std::atoi(args[++i].c_str());
        else if (args[i] == "--db" && value)
            db = args[++i];
        else if (args[i] == "--quiet")
            quiet = true;
        else if (args[i] == "--lang" && value && adj::kb::langFromCode(args[i + 1]))
            lang = *adj::kb::langFromCode(args[++i]);
        else {
            std::fprintf(stderr, "usage: carcassonne play [--delay MS] [--lang en|ro|nl] "
                                 "[--db FILE] [--quiet]\n");
            return 2;
        }
    }
    const SampleGame& sample = sampleGame();
    std::unique_ptr<history::Store> store;
    std::unique_ptr<GameSession> game;
    std::string error;
    try {
        store = history::Store::open(db.empty() ? history::Store::defaultPath() : db);
        game = GameSession::start(*store, sample.config, sample.players, &error, "sample");
    } catch (const history::StoreError& e) {
        error = e.what();
    }
    if (!game) {
        std::fprintf(stderr, "carcassonne play: %s\n", error.c_str());
        return 1;
    }
    const bool tty = ::isatty(STDOUT_FILENO) && !quiet;
    std::printf("No camera attached: playing the bundled sample game (base game with Abbey & "
                "Mayor; %s, %s and %s).\n",
                sample.players[0].name.c_str(), sample.players[1].name.c_str(),
                sample.players[2].name.c_str());
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
                std::printf("%3d. %-6s %s\n", e.seq, names[size_t(e.player)].c_str(),
                            e.actions.c_str());
            for (const adj::ScoreEvent& ev : e.events) {
                // The last tile's turn (or the players' "end") also scores the end of the game.
                if (ev.when == adj::ScoreEvent::When::EndOfGame && !finalHeader)
                    finalHeader = true, std::printf("Final scoring:\n");
                std::printf("      %s\n",
                            adj::kb::render(ev, lang, names, sample.config.baseSet).c_str());
            }
        }
    };
    for (size_t i = 0; i < sample.actions.size(); ++i) {
        std::string alert;
        try {
            if (!game->play(sample.actions[i], lang, &alert)) {
                std::fprintf(stderr, "\ncarcassonne play: action %zu refused: %s\n", i + 1,
                             alert.c_str());
                return 1;
            }
        } catch (const history::StoreError& e) {
            std::fprintf(stderr, "\ncarcassonne play: %s\n", e.what());
            return 1;
        }
        if (!quiet) printFinishedTurns(false);
        if (tty || (!quiet && i % (sample.actions.size() / 10 + 1) == 0))
            progressBar(i + 1, sample.actions.size(), tty);
        if (delayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    }
    if (!quiet) printFinishedTurns(true);
    printFinalScores(game->state(), names, !quiet);
    std::printf("Stored as game %lld in %s\n", static_cast<long long>(game->gameId()),
                store->path().c_str());
    return 0;
}

} // namespace carc::cli
