// A game scored at the table: what the players report (and, later, what the camera sees) goes
// to the engine as actions; every finished turn is recorded in the history at once; a refused
// action comes back as an alert that names the rule, and changes nothing. The choices offered
// for the next action (placements of a tile, pieces, wagon moves) come from the engine, so the
// window can only offer what the rules allow.
#pragma once

#include "game_recorder.h"

#include "adjudicator/knowledge.h"

#include <memory>
#include <string>
#include <vector>

namespace carc {

// One choice offered for the next action; the window words it for people in their language.
struct SessionOption {
    adj::Action action;
    std::string text; // the action's text (actions.h)
};

struct TurnLogEntry {
    int seq = 0;     // the turn's number (the history's)
    int player = -1; // -1: the table (final scoring)
    std::string actions;
    std::vector<adj::ScoreEvent> events;
    std::string note; // how it was entered when that matters (the camera could not read it, ...)
};

class GameSession {
public:
    // Starts a game recorded in `store`. Throws history::StoreError; returns nullptr with
    // *error when the configuration is not a game (unknown set, wrong number of players).
    static std::unique_ptr<GameSession> start(history::Store& store, const adj::GameConfig& config,
                                              std::vector<history::PlayerInfo> players,
                                              std::string* error,
                                              const std::string& source = "manual");

    const adj::State& state() const { return recorder_.state(); }
    const std::vector<history::PlayerInfo>& players() const { return players_; }
    std::vector<std::string> names() const;
    history::GameId gameId() const { return recorder_.gameId(); }
    const std::vector<TurnLogEntry>& log() const { return log_; }

    // Kinds that may be drawn now (copies left in the box; the demo: any it may still hold),
    // and the abbey when the player may play one instead (Abbey & Mayor).
    std::vector<int> drawableKinds() const;
    // Where a kind may go now (each distinct position and rotation); empty: it fits nowhere
    // (then discardOption() is the one choice).
    std::vector<SessionOption> placements(int kind) const;
    SessionOption discardOption(int kind) const;
    // In the piece phase: no piece, then every legal piece; in the wagon phase: the moves and
    // "the wagon stays".
    std::vector<SessionOption> pieceOptions() const;

    // Plays one action. A refusal (the rules, or a phase that does not fit) returns false with
    // the reason in `lang` in *alert; the state and the history are unchanged.
    // thumbnail: the camera's picture of the turn (JPEG bytes), stored with it.
    bool play(const adj::Action& action, adj::kb::Lang lang, std::string* alert,
              const std::string& thumbnail = {});
    bool play(const std::string& text, adj::kb::Lang lang, std::string* alert);
    // Notes how the last turn was entered (shown with it in the turn log; not stored).
    void noteLastTurn(std::string note);
    // A correction: the players take back the turn in progress or the last turn (a tile entered
    // wrongly, a piece on the wrong feature). The history keeps what was taken back as a
    // correction. Returns false with the reason in *alert when there is nothing to take back
    // or the game is finished.
    bool undoLastTurn(std::string* alert);
    // The players declare the game over (final scoring of what is on the table).
    bool endGame(adj::kb::Lang lang, std::string* alert);

private:
    GameSession(history::GameRecorder recorder, std::vector<history::PlayerInfo> players);
    history::GameRecorder recorder_;
    std::vector<history::PlayerInfo> players_;
    std::vector<TurnLogEntry> log_;
};

} // namespace carc
