// Records a game into the history store as it is played: every observed action goes to the
// engine, and each completed turn (the tile, its piece or pass, the wagon moves it caused, or a
// discard, or the final scoring) is stored at once in its own transaction, with the engine's
// events and explanations and the state after it. Also: replaying a stored game through the
// engine, turn by turn, to show it or to prove that it is what the engine would score.
#pragma once

#include "history_store.h"

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <functional>
#include <string>
#include <vector>

namespace carc::history {

// The stored events of a turn (JSON) and its score lines for statistics.
std::string eventsJson(const std::vector<adj::ScoreEvent>& events, const std::string& game,
                       const std::vector<std::string>& names);
std::vector<ScoreLine> scoreLines(const std::vector<adj::ScoreEvent>& events);

class GameRecorder {
public:
    // Starts a new game in the store from the state before its first turn (info.setup is
    // taken from it). Throws StoreError.
    GameRecorder(Store& store, adj::State start, GameInfo info);
    // Goes on with a stored game that was not finished (after a crash, or another day): its
    // turns are replayed through the engine. Throws StoreError when the game is unknown,
    // finished, or does not replay.
    static GameRecorder resume(Store& store, GameId game);

    const adj::State& state() const { return state_; }
    GameId gameId() const { return id_; }
    int turnsRecorded() const { return seq_; }

    // Hands the action to the engine; a refused action changes nothing and stores nothing.
    // When the turn is complete it is stored (and the game finished when the engine says so).
    // `thumbnail` (JPEG bytes) goes with the turn; `recordedAt` overrides the clock (import).
    adj::Outcome apply(const adj::Action& action, const std::string& thumbnail = {},
                       const std::string& recordedAt = {});
    // Stores the turn in progress as it stands (a session closed mid-turn, a replay that ends
    // before the piece was decided). Nothing to do when no action is pending.
    void flush();
    // A change the user made to the turn in progress (or, with turnSeq, to an earlier one).
    void recordCorrection(Correction c);
    // The players take back the turn in progress, or else the last stored turn (recorded as a
    // correction saying `why`, with the actions taken back); the engine's state goes back to
    // before it. Returns the actions taken back ("" when there was nothing to take back).
    // Throws StoreError (e.g. the game is finished: its turns stay as they are).
    std::string withdrawLastTurn(const std::string& why);

private:
    GameRecorder(Store& store, adj::State state, GameId id, int turns,
                 std::vector<std::string> names);
    void storeTurn();
    Store& store_;
    adj::State state_;
    GameId id_ = 0;
    std::vector<std::string> names_;
    int seq_ = 0;
    // The turn in progress.
    int player_ = -1;
    std::string actions_, thumbnail_, recordedAt_;
    std::vector<adj::ScoreEvent> events_;
};

// Replays a stored game through the engine. onTurn sees each turn with the state after it.
// Returns "" when every turn is accepted and reaches the stored state, else the first problem
// ("turn 12 (W@1,0r0 pass): ...").
std::string
replayGame(const StoredGame& game,
           const std::function<void(const TurnRecord&, const adj::State&)>& onTurn = {});

} // namespace carc::history
