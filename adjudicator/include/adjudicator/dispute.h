// Settling disputes at the table: is a proposed action legal here, and why (or why not); who
// holds a feature and what it is worth. Answers are data; render.h turns them into sentences.
#pragma once

#include "adjudicator/state.h"

#include <optional>
#include <vector>

namespace adj {

struct Verdict {
    bool legal = false;
    std::optional<Violation> violation; // why not
    std::vector<ScoreEvent> wouldScore; // what the action would score at once
};

// Tries the action on a copy of the state: the state itself is not changed.
Verdict judge(const State& s, const Turn& proposed);

struct FeatureReport {
    tiledb::FeatureKind kind{};
    bool complete = false;
    std::vector<Pos> tiles;
    std::array<int, kMaxPlayers> strength{}; // who holds it, by summed strength
    std::vector<PlayerId> holders;           // the majority (empty: unoccupied)
    ScoreEvent atEnd;                        // what it scores if the game ended now
    ScoreEvent completed; // what it scores completed as it stands (more tiles can add to it)
};

// tileIndex/feature: a placed tile and one of its features (the whole connected feature is
// reported). Farms report their end-of-game value; "completed" is the same.
FeatureReport report(const State& s, int tileIndex, int feature);

} // namespace adj
