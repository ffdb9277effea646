// The bundled sample game: what the main job plays when no camera is attached. A fixed, seeded
// game (base game with Abbey & Mayor, three players) given as the actions a table would report,
// one at a time, so it goes through the same GameSession as a live game. The camera recording of
// it (scene generator + turn tracking) replaces the action list once turn tracking exists.
#pragma once

#include "history_store.h"

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <string>
#include <vector>

namespace carc {

struct SampleGame {
    adj::GameConfig config;
    std::vector<history::PlayerInfo> players;
    std::vector<adj::Action> actions; // in order, ending with the final scoring
    std::vector<int> finalScores;     // what the engine gave when the game was made
};

const SampleGame& sampleGame();

} // namespace carc
