#include "game_recorder.h"

#include "event_json.h"

namespace carc::history {

namespace {
const std::vector<adj::kb::Lang> kAllLangs = {adj::kb::Lang::En, adj::kb::Lang::Ro,
                                              adj::kb::Lang::Nl};

std::vector<int> scoresOf(const adj::State& s) {
    return std::vector<int>(s.scores().begin(), s.scores().begin() + s.config().players);
}

// A turn ends when the engine waits for the next tile (or the game is over).
bool turnOver(const adj::State& s) {
    return s.phase() == adj::Phase::Tile || s.phase() == adj::Phase::GameOver;
}
} // namespace

std::string eventsJson(const std::vector<adj::ScoreEvent>& events, const std::string& game,
                       const std::vector<std::string>& names) {
    std::string o = "[";
    for (size_t i = 0; i < events.size(); ++i)
        o += (i ? ", " : "") + scoreEventJson(events[i], names, game, kAllLangs, true);
    return o + "]";
}

std::vector<ScoreLine> scoreLines(const std::vector<adj::ScoreEvent>& events) {
    std::vector<ScoreLine> out;
    for (const adj::ScoreEvent& e : events)
        for (int i = 0; i < e.scorers.size(); ++i)
            out.push_back(ScoreLine{int(e.scorers[i]), statsFeatureName(e.feature),
                                    e.when == adj::ScoreEvent::When::EndOfGame, e.points,
                                    int(e.tiles.size())});
    return out;
}

GameRecorder::GameRecorder(Store& store, adj::State start, GameInfo info)
    : store_(store), state_(std::move(start)) {
    state_.setKeepLog(false); // events are stored with their turn
    info.setup = state_.toNotation();
    for (const PlayerInfo& p : info.players) names_.push_back(p.name);
    id_ = store_.beginGame(std::move(info));
}

GameRecorder::GameRecorder(Store& store, adj::State state, GameId id, int turns,
                           std::vector<std::string> names)
    : store_(store), state_(std::move(state)), id_(id), names_(std::move(names)), seq_(turns) {
    state_.setKeepLog(false);
}

GameRecorder GameRecorder::resume(Store& store, GameId game) {
    const std::optional<StoredGame> g = store.game(game);
    if (!g) throw StoreError(store.path() + ": no game " + std::to_string(game) + " to resume");
    if (g->summary.finished())
        throw StoreError(store.path() + ": game " + std::to_string(game) + " is finished");
    std::string error;
    std::optional<adj::State> s = adj::State::fromNotation(g->info.setup, &error);
    if (!s) throw StoreError(store.path() + ": game " + std::to_string(game) + ": " + error);
    for (const TurnRecord& t : g->turns)
        if (!adj::applyTurnText(*s, t.action, nullptr, &error))
            throw StoreError(store.path() + ": game " + std::to_string(game) + ", turn " +
                             std::to_string(t.seq) + ": " + error);
    std::vector<std::string> names;
    for (const PlayerInfo& p : g->info.players) names.push_back(p.name);
    return GameRecorder(store, std::move(*s), game, int(g->turns.size()), std::move(names));
}

adj::Outcome GameRecorder::apply(const adj::Action& action, const std::string& thumbnail,
                                 const std::string& recordedAt) {
    const std::string text = adj::actionText(state_, action);
    const int player = state_.terminal() ? -1 : int(state_.currentPlayer());
    adj::Outcome out = adj::apply(state_, action);
    if (!out.ok()) return out;
    if (actions_.empty()) player_ = action.kind == adj::Action::Kind::End ? -1 : player;
    actions_ += (actions_.empty() ? "" : " ") + text;
    events_.insert(events_.end(), out.events.begin(), out.events.end());
    if (!thumbnail.empty()) thumbnail_ = thumbnail;
    if (!recordedAt.empty()) recordedAt_ = recordedAt;
    if (turnOver(state_)) storeTurn();
    return out;
}

void GameRecorder::storeTurn() {
    TurnRecord t;
    t.seq = seq_ + 1;
    t.player = player_;
    t.action = actions_;
    t.eventsJson = eventsJson(events_, state_.config().baseSet, names_);
    t.state = state_.toNotation();
    t.scores = scoresOf(state_);
    t.thumbnail = thumbnail_;
    t.recordedAt = recordedAt_;
    t.lines = scoreLines(events_);
    Savepoint sp(store_.db());
    store_.recordTurn(id_, t);
    if (state_.terminal()) store_.finishGame(id_, t.scores, recordedAt_);
    sp.commit();
    // Only once stored: a failed write leaves the turn pending, to be stored again.
    ++seq_;
    actions_.clear();
    thumbnail_.clear();
    recordedAt_.clear();
    events_.clear();
}

void GameRecorder::flush() {
    if (!actions_.empty()) storeTurn();
}

std::string GameRecorder::withdrawLastTurn(const std::string& why) {
    std::string withdrawn;
    if (!actions_.empty()) {
        withdrawn = actions_;
        recordCorrection(Correction{seq_ + 1, why, actions_, "", ""});
    } else if (seq_ > 0) {
        withdrawn = store_.withdrawLastTurn(id_, Correction{seq_, why, "", "", ""});
    } else {
        return withdrawn;
    }
    // The state before it: the stored turns replayed, as when a game is resumed.
    GameRecorder before = resume(store_, id_);
    state_ = std::move(before.state_);
    seq_ = before.seq_;
    player_ = -1;
    actions_.clear();
    thumbnail_.clear();
    recordedAt_.clear();
    events_.clear();
    return withdrawn;
}

void GameRecorder::recordCorrection(Correction c) {
    if (c.turnSeq == 0) c.turnSeq = seq_ + 1;
    store_.recordCorrection(id_, c);
}

std::string replayGame(const StoredGame& game,
                       const std::function<void(const TurnRecord&, const adj::State&)>& onTurn) {
    std::string error;
    std::optional<adj::State> s = adj::State::fromNotation(game.info.setup, &error);
    if (!s) return "the game's setup: " + error;
    for (const TurnRecord& t : game.turns) {
        const std::string where = "turn " + std::to_string(t.seq) + " (" + t.action + ")";
        if (!adj::applyTurnText(*s, t.action, nullptr, &error)) return where + ": " + error;
        if (!t.state.empty() && s->toNotation() != t.state)
            return where + ": the engine reaches\n  " + s->toNotation() +
                   "\nbut the record says\n  " + t.state;
        if (onTurn) onTurn(t, *s);
    }
    return "";
}

} // namespace carc::history
