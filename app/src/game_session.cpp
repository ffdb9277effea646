#include "game_session.h"

#include "adjudicator/render.h"

namespace carc {

std::unique_ptr<GameSession> GameSession::start(history::Store& store,
                                                const adj::GameConfig& config,
                                                std::vector<history::PlayerInfo> players,
                                                std::string* error, const std::string& source) {
    if (int(players.size()) != config.players) {
        if (error) *error = "the game is for " + std::to_string(config.players) + " players";
        return nullptr;
    }
    std::optional<adj::State> s = adj::State::create(config, error);
    if (!s) return nullptr;
    history::GameInfo info;
    info.source = source;
    info.players = players;
    return std::unique_ptr<GameSession>(new GameSession(
        history::GameRecorder(store, std::move(*s), std::move(info)), std::move(players)));
}

GameSession::GameSession(history::GameRecorder recorder, std::vector<history::PlayerInfo> players)
    : recorder_(std::move(recorder)), players_(std::move(players)) {}

std::vector<std::string> GameSession::names() const {
    std::vector<std::string> out;
    for (const auto& p : players_) out.push_back(p.name);
    return out;
}

std::vector<int> GameSession::drawableKinds() const {
    const adj::State& s = state();
    std::vector<int> out;
    if (s.phase() != adj::Phase::Tile) return out;
    for (int k = 0; k < int(s.kinds().size()); ++k) {
        const tiledb::TileKind& kind = *s.kinds()[size_t(k)];
        if (kind.inSupply ? s.abbeysPlaced(s.currentPlayer()) < s.config().rules.abbeys
                          : s.remaining(k) > 0)
            out.push_back(k);
    }
    return out;
}

std::vector<SessionOption> GameSession::placements(int kind) const {
    std::vector<SessionOption> out;
    const adj::State& s = state();
    if (s.phase() != adj::Phase::Tile || kind < 0 || kind >= int(s.kinds().size())) return out;
    for (const adj::Placement& p : s.legalPlacements(kind, true)) {
        const adj::Action a{adj::Action::Kind::Tile, kind, p, {}};
        out.push_back({a, adj::actionText(s, a)});
    }
    return out;
}

SessionOption GameSession::discardOption(int kind) const {
    const adj::Action a{adj::Action::Kind::Discard, kind, {}, {}};
    return {a, adj::actionText(state(), a)};
}

std::vector<SessionOption> GameSession::pieceOptions() const {
    std::vector<SessionOption> out;
    const adj::State& s = state();
    auto add = [&](const adj::Action& a) { out.push_back({a, adj::actionText(s, a)}); };
    if (s.phase() == adj::Phase::Meeple) {
        add({adj::Action::Kind::Pass, -1, {}, {}});
        for (const adj::MeepleOption& o : s.legalMeeples())
            add({adj::Action::Kind::Piece, -1, {}, o});
    } else if (s.phase() == adj::Phase::Wagon) {
        add({adj::Action::Kind::WagonStays, -1, {}, {}});
        for (const adj::MeepleOption& o : s.legalWagonMoves())
            add({adj::Action::Kind::WagonMove, -1, {}, o});
    }
    return out;
}

bool GameSession::play(const adj::Action& action, adj::kb::Lang lang, std::string* alert,
                       const std::string& thumbnail) {
    const int before = recorder_.turnsRecorded();
    const std::string text = adj::actionText(state(), action);
    const int player = state().terminal() ? -1 : int(state().currentPlayer());
    const adj::Outcome out = recorder_.apply(action, thumbnail);
    if (!out.ok()) {
        if (alert)
            *alert = adj::kb::render(*out.violation, lang, names(), state().config().baseSet);
        return false;
    }
    // The log follows the history's turns: a new entry when the previous turn was stored.
    if (log_.empty() || log_.back().seq <= before)
        log_.push_back(
            {before + 1, action.kind == adj::Action::Kind::End ? -1 : player, "", {}, ""});
    TurnLogEntry& e = log_.back();
    e.actions += (e.actions.empty() ? "" : " ") + text;
    e.events.insert(e.events.end(), out.events.begin(), out.events.end());
    return true;
}

void GameSession::noteLastTurn(std::string note) {
    if (!log_.empty()) log_.back().note = std::move(note);
}

bool GameSession::play(const std::string& text, adj::kb::Lang lang, std::string* alert) {
    std::string error;
    const std::optional<adj::Action> a = adj::parseAction(state(), text, &error);
    if (!a) {
        if (alert) *alert = error;
        return false;
    }
    return play(*a, lang, alert);
}

bool GameSession::undoLastTurn(std::string* alert) {
    std::string taken;
    try {
        taken = recorder_.withdrawLastTurn("turn taken back by the players");
    } catch (const history::StoreError& e) {
        if (alert) *alert = e.what();
        return false;
    }
    if (taken.empty()) {
        if (alert) *alert = "there is no turn to take back";
        return false;
    }
    while (!log_.empty() && log_.back().seq > recorder_.turnsRecorded()) log_.pop_back();
    return true;
}

bool GameSession::endGame(adj::kb::Lang lang, std::string* alert) {
    return play(adj::Action{adj::Action::Kind::End, -1, {}, {}}, lang, alert);
}

} // namespace carc
