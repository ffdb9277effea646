// The bundled sample game: what the main job plays when no camera is attached. A fixed, seeded
// game (base game with Abbey & Mayor, three players) given as the actions a table would report,
// one at a time, so it goes through the same GameSession as a live game. The build draws a
// camera recording of it (`carcassonne vision record --sample`), which the main job follows
// through the camera pipeline; the action list stands in when the recording is missing.
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
// True when `game` is the sample's game (set, players, expansions): a recording of it is played
// with the sample's players.
bool isSampleGame(const adj::GameConfig& game);

// The folder the build wrote the sample's recording to (the environment's
// CARC_SAMPLE_RECORDING when set); it may be missing.
std::string sampleRecordingFolder();

} // namespace carc
