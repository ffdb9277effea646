// Engine speed: legal placements on a 60-tile board, and whole random games.
#include "adjudicator/random_game.h"

#include <benchmark/benchmark.h>

#include <algorithm>

namespace {

// This machine is shared: report the minimum over repetitions next to the median.
double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

// A position with 60 tiles from a seeded random game (base set, 4 players).
adj::State boardWith60Tiles() {
    adj::State s = *adj::State::create(adj::GameConfig::forSet("base", 4));
    adj::Rng rng(60);
    std::vector<int> bag = adj::shuffledBag(s, rng);
    std::vector<adj::Placement> pl;
    for (size_t i = 0; s.board().size() < 60 && i < bag.size(); ++i) {
        s.legalPlacements(bag[i], pl);
        if (pl.empty()) continue;
        s.placeTile(bag[i], pl[size_t(rng.below(int(pl.size())))]);
        s.pass();
    }
    return s;
}

void BM_LegalPlacements60(benchmark::State& state) {
    const adj::State s = boardWith60Tiles();
    const int kind = s.kindIndex(state.range(0) == 0 ? "D" : "V");
    std::vector<adj::Placement> out;
    for (auto _ : state) {
        s.legalPlacements(kind, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["tiles"] = double(s.board().size());
    state.counters["placements"] = double(out.size());
    state.counters["frontier"] = double(s.board().frontier().size());
}
BENCHMARK(BM_LegalPlacements60)->Arg(0)->Arg(1)->ComputeStatistics("min", minimum);

// range(0): 1 keeps the full event log, 0 returns events only in each Outcome.
void BM_RandomGame(benchmark::State& state, const char* set, bool abbeyMayor) {
    adj::GameConfig cfg = adj::GameConfig::forSet(set, 4);
    if (abbeyMayor) cfg = adj::GameConfig::forSet(set, 4, {"abbey-mayor"});
    adj::RandomGameOptions options;
    options.keepLog = state.range(0) != 0;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        adj::State s = adj::playRandomGame(cfg, seed++, options);
        benchmark::DoNotOptimize(s.scores());
    }
    state.counters["games/s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_RandomGame, base, "base", false)
    ->Arg(0)
    ->Arg(1)
    ->ComputeStatistics("min", minimum);
BENCHMARK_CAPTURE(BM_RandomGame, winter, "winter", false)
    ->Arg(0)
    ->Arg(1)
    ->ComputeStatistics("min", minimum);
BENCHMARK_CAPTURE(BM_RandomGame, demo, "demo", false)
    ->Arg(0)
    ->Arg(1)
    ->ComputeStatistics("min", minimum);
// Base game with Abbey & Mayor (84 land tiles... 72 + 12, abbeys, mayors, wagons, barns).
BENCHMARK_CAPTURE(BM_RandomGame, base_abbey_mayor, "base", true)
    ->Arg(0)
    ->Arg(1)
    ->ComputeStatistics("min", minimum);

} // namespace

BENCHMARK_MAIN();
