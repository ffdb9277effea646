// `carcassonne simulate [--set base|winter|demo] [--abbey-mayor] [--players N] [--seed S]
//  [--lang en|ro|nl] [--quiet] [--record] [--db FILE]`: plays a seeded game with random legal moves
//  and narrates it:
// every tile and piece, every score with its explanation, the board and the final scores.
// --record stores it in the game history, turn by turn as it is played.
#include "cli_commands.h"
#include "game_recorder.h"

#include "adjudicator/random_game.h"
#include "adjudicator/render.h"

#include <cstdio>
#include <cstdlib>

namespace carc::cli {

namespace {
const char* kNames[] = {"Red", "Blue", "Green", "Yellow", "Black", "Grey"};
} // namespace

void printFinalScores(const adj::State& s, const std::vector<std::string>& names, bool withBoard,
                      adj::kb::Lang lang) {
    if (withBoard) std::printf("\n%s", s.drawAscii().c_str());
    std::vector<int> scores;
    for (int p = 0; p < s.config().players; ++p) scores.push_back(s.score(p));
    const auto leaders = s.leaders();
    std::printf(
        "\n%s\n",
        adj::kb::renderResult(scores, {leaders.begin(), leaders.end()}, lang, names).c_str());
}

int simulate(const std::vector<std::string>& args) {
    std::string set = "base";
    bool abbeyMayor = false, quiet = false, record = false;
    std::string db;
    int players = 3;
    std::uint64_t seed = 2026;
    adj::kb::Lang lang = adj::kb::Lang::En;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool value = i + 1 < args.size();
        if (a == "--set" && value)
            set = args[++i];
        else if (a == "--abbey-mayor")
            abbeyMayor = true;
        else if (a == "--quiet")
            quiet = true;
        else if (a == "--record")
            record = true;
        else if (a == "--db" && value)
            db = args[++i], record = true;
        else if (a == "--players" && value)
            players = std::atoi(args[++i].c_str());
        else if (a == "--seed" && value)
            seed = std::strtoull(args[++i].c_str(), nullptr, 10);
        else if (a == "--lang" && value && adj::kb::langFromCode(args[i + 1]))
            lang = *adj::kb::langFromCode(args[++i]);
        else {
            std::fprintf(stderr,
                         "usage: carcassonne simulate [--set base|winter|demo] [--abbey-mayor] "
                         "[--players 2-6] [--seed N] [--lang en|ro|nl] [--quiet] [--record] "
                         "[--db FILE]\n");
            return 2;
        }
    }
    if (players < 2 || players > 6) {
        std::fprintf(stderr, "carcassonne simulate: --players must be 2 to 6\n");
        return 2;
    }
    adj::GameConfig cfg = adj::GameConfig::forSet(set, players);
    if (abbeyMayor) cfg = adj::GameConfig::forSet(set, players, {"abbey-mayor"});
    std::string error;
    std::optional<adj::State> start = adj::State::create(cfg, &error);
    if (!start) {
        std::fprintf(stderr, "carcassonne simulate: %s\n", error.c_str());
        return 1;
    }
    const std::vector<std::string> names(kNames, kNames + players);
    std::unique_ptr<history::Store> store;
    std::unique_ptr<history::GameRecorder> recorder;
    if (record) {
        try {
            store = history::Store::open(db.empty() ? history::Store::defaultPath() : db);
            history::GameInfo info;
            info.source = "simulate";
            info.note = "seed " + std::to_string(seed);
            for (const std::string& n : names) info.players.push_back({n, n});
            recorder = std::make_unique<history::GameRecorder>(*store, *start, info);
        } catch (const history::StoreError& e) {
            std::fprintf(stderr, "carcassonne simulate: %s\n", e.what());
            return 1;
        }
    }
    std::printf("A %s game%s, %d players, seed %llu: random legal moves.\n", set.c_str(),
                abbeyMayor ? " with Abbey & Mayor" : "", players,
                static_cast<unsigned long long>(seed));
    adj::RandomGameOptions options;
    int turn = 0;
    options.onStep = [&](const adj::State& s, const adj::RandomStep& step) {
        using K = adj::RandomStep::Kind;
        if (recorder) recorder->apply(step); // throws StoreError: the game stops there
        if (!quiet) {
            if (step.kind == K::Tile) {
                const auto& k = *s.kinds()[size_t(step.tileKind)];
                std::printf("%3d. %-6s %-3s at (%d,%d), turned %d°", ++turn,
                            names[size_t(step.player)].c_str(), k.id.c_str(), step.placement.pos.x,
                            step.placement.pos.y, 90 * step.placement.rotation);
            } else if (step.kind == K::Piece) {
                const auto& t = s.board().tiles().back();
                std::printf(
                    ", %s on the %s\n", adj::meepleKindName(step.piece.kind),
                    tiledb::featureKindName(t.kind->features[size_t(step.piece.feature)].kind));
            } else if (step.kind == K::Pass) {
                std::printf("\n");
            } else if (step.kind == K::WagonMove) {
                std::printf("      %s's wagon moves on to the tile at (%d,%d)\n",
                            names[size_t(step.player)].c_str(),
                            s.board().tiles()[size_t(step.piece.tile)].pos.x,
                            s.board().tiles()[size_t(step.piece.tile)].pos.y);
            } else if (step.kind == K::Discard) {
                std::printf("     %s draws %s: it fits nowhere and is removed\n",
                            names[size_t(step.player)].c_str(),
                            s.kinds()[size_t(step.tileKind)]->id.c_str());
            }
        }
        if (step.kind == K::End && !quiet) std::printf("Final scoring:\n");
        for (const adj::ScoreEvent& e : step.outcome.events)
            if (!quiet || step.kind == K::End)
                std::printf("      %s\n", adj::kb::render(e, lang, names, set).c_str());
    };
    std::optional<adj::State> played;
    try {
        played = adj::playRandomGame(cfg, seed, options);
    } catch (const history::StoreError& e) {
        std::fprintf(stderr, "carcassonne simulate: %s\n", e.what());
        return 1;
    }
    printFinalScores(*played, names, !quiet, lang);
    if (recorder)
        std::printf("Recorded as game %lld (%d turns) in %s\n",
                    static_cast<long long>(recorder->gameId()), recorder->turnsRecorded(),
                    store->path().c_str());
    return 0;
}

} // namespace carc::cli
