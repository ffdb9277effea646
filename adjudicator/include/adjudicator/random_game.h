// Seeded random games: a shuffled box, random legal placements, random legal pieces (or none).
// Used by the property tests, the benchmarks and the sample-game generator.
#pragma once

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace adj {

// xoshiro128** seeded with splitmix64: small, fast, identical on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed);
    std::uint32_t next();
    int below(int n) { return int((std::uint64_t(next()) * std::uint64_t(n)) >> 32); }

private:
    std::uint32_t s_[4];
};

// The land tiles a game draws from, shuffled (start tile removed). The demo draws a random
// 47 of the base game's other 71 tiles: its per-kind counts are unknown.
std::vector<int> shuffledBag(const State& s, Rng& rng);

// One action of a random game, as reported to RandomGameOptions::onStep.
struct RandomStep : Action {
    PlayerId player = -1; // who acted (End: -1)
    Outcome outcome;      // what the engine answered (score events)
};

struct RandomGameOptions {
    double meepleChance = 0.7; // chance of putting a piece down when one is legal
    bool keepLog = true;       // State::setKeepLog
    int maxTiles = 0;          // stop (without final scoring) once this many tiles lie; 0 = play on
    // Called after every accepted action (tile or piece), e.g. for invariant checks.
    std::function<void(const State&)> afterEach;
    // Called with each action and the engine's answer (narration, recordings).
    std::function<void(const State&, const RandomStep&)> onStep;
};

// Plays a whole game from a fresh state; returns the final state.
State playRandomGame(const GameConfig& config, std::uint64_t seed,
                     const RandomGameOptions& options = {});

} // namespace adj
