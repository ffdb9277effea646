// History store benchmark (issue 10's figures), on a real file in a temporary folder:
//   - recording a turn: the engine's action plus the turn's transaction (WAL, synchronous=FULL),
//     timed per turn over whole seeded games: p50 / p95 / p99 / max;
//   - listing 10,000 stored games, opening a game, statistics, a JSON export of one game.
//
//   bench_history [--games N] [--store-games M] [--dir FOLDER]
// (defaults: 40 timed games, 10,000 stored games, the system's temporary folder)
#include "game_recorder.h"
#include "history_io.h"
#include "history_store.h"

#include "adjudicator/random_game.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace carc::history;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

void report(const char* what, const std::vector<double>& v) {
    std::printf("%-34s n=%-6zu p50 %8.3f ms  p95 %8.3f ms  p99 %8.3f ms  max %8.3f ms\n", what,
                v.size(), percentile(v, 0.5), percentile(v, 0.95), percentile(v, 0.99),
                v.empty() ? 0 : *std::max_element(v.begin(), v.end()));
}

// Plays a seeded game into the store; `perTurn` gets the time of each action that completed
// (and so stored) a turn.
void playInto(Store& store, std::uint64_t seed, std::vector<double>* perTurn) {
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2 + int(seed % 4));
    GameInfo info;
    info.source = "bench";
    static const char* const names[] = {"Ana", "Bram", "Cor", "Dirk", "Eva", "Femke"};
    for (int p = 0; p < cfg.players; ++p) info.players.push_back({names[p], "red"});
    GameRecorder rec(store, *adj::State::create(cfg), info);
    adj::RandomGameOptions o;
    o.onStep = [&](const adj::State&, const adj::RandomStep& step) {
        const int before = rec.turnsRecorded();
        const auto t0 = Clock::now();
        rec.apply(step);
        const auto t1 = Clock::now();
        if (perTurn && rec.turnsRecorded() != before) perTurn->push_back(ms(t1 - t0));
    };
    adj::playRandomGame(cfg, seed, o);
}

} // namespace

int main(int argc, char** argv) {
    int timedGames = 40, storeGames = 10000;
    std::string base = std::filesystem::temp_directory_path().string();
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--games") && i + 1 < argc)
            timedGames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--store-games") && i + 1 < argc)
            storeGames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            base = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_history [--games N] [--store-games M] [--dir D]\n");
            return 2;
        }
    }
    const std::filesystem::path dir =
        std::filesystem::path(base) / ("carc-bench-history-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "history.sqlite").string();
    auto store = Store::open(path);

    std::vector<double> turns;
    for (int g = 0; g < timedGames; ++g) playInto(*store, std::uint64_t(g + 1), &turns);
    report("record a turn (own transaction)", turns);

    // Fill up to storeGames, many games per transaction (only the filling is batched).
    const auto f0 = Clock::now();
    for (int g = timedGames; g < storeGames;) {
        Savepoint batch(store->db());
        for (int k = 0; k < 200 && g < storeGames; ++k, ++g)
            playInto(*store, std::uint64_t(g + 1), nullptr);
        batch.commit();
    }
    std::printf("filled to %d games in %.1f s; file %.1f MB\n", storeGames,
                ms(Clock::now() - f0) / 1000, double(std::filesystem::file_size(path)) / 1e6);

    std::vector<double> list, open, stats, exportOne;
    size_t listed = 0;
    for (int r = 0; r < 21; ++r) {
        auto t0 = Clock::now();
        listed = store->listGames().size();
        list.push_back(ms(Clock::now() - t0));
        const GameId id = 1 + (r * 7919) % storeGames;
        t0 = Clock::now();
        store->game(id);
        open.push_back(ms(Clock::now() - t0));
        t0 = Clock::now();
        exportJson(*store, {id});
        exportOne.push_back(ms(Clock::now() - t0));
        if (r < 5) {
            t0 = Clock::now();
            store->stats();
            stats.push_back(ms(Clock::now() - t0));
        }
    }
    std::printf("listed %zu games\n", listed);
    report("list every game", list);
    report("open one game (all turns)", open);
    report("export one game as JSON", exportOne);
    report("statistics over every game", stats);
    store.reset();
    if (!std::getenv("CARC_BENCH_KEEP"))
        std::filesystem::remove_all(dir);
    else
        std::printf("kept %s\n", path.c_str());
    return 0;
}
