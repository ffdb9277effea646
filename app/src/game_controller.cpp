#include "game_controller.h"

#include "history_model.h"

#include "adjudicator/render.h"

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

GameController::GameController(QObject* parent)
    : QObject(parent), scoreboard_(new ScoreboardModel(this)), log_(new TurnLogModel(this)) {}

GameController::~GameController() = default;

adj::kb::Lang GameController::lang() const {
    return adj::kb::langFromCode(language_.toStdString()).value_or(adj::kb::Lang::En);
}

void GameController::setLanguage(const QString& code) {
    if (code == language_ || !adj::kb::langFromCode(code.toStdString())) return;
    language_ = code;
    emit languageChanged();
    log_->languageChanged();
}

void GameController::setAlert(const QString& text) {
    if (text == alert_) return;
    alert_ = text;
    emit alertChanged();
}

bool GameController::newGame(const QString& set, bool abbeyMayor, const QStringList& names,
                             const QStringList& colours, const QVariantMap& rules) {
    adj::GameConfig cfg =
        abbeyMayor ? adj::GameConfig::forSet(set.toStdString(), int(names.size()), {"abbey-mayor"})
                   : adj::GameConfig::forSet(set.toStdString(), int(names.size()));
    if (rules.contains("farmers")) cfg.rules.farmers = rules["farmers"].toBool();
    if (rules.contains("tinyCity")) cfg.rules.tinyCity = rules["tinyCity"].toBool();
    if (rules.contains("unfinishedScoreNothing"))
        cfg.rules.unfinishedScoreNothing = rules["unfinishedScoreNothing"].toBool();
    if (rules.contains("holeExtraTurn")) cfg.rules.holeExtraTurn = rules["holeExtraTurn"].toBool();
    std::vector<carc::history::PlayerInfo> players;
    for (int i = 0; i < names.size(); ++i)
        players.push_back({names[i].trimmed().isEmpty() ? tr("Player %1").arg(i + 1).toStdString()
                                                        : names[i].trimmed().toStdString(),
                           i < colours.size() ? colours[i].toStdString() : ""});
    try {
        if (!store_) store_ = carc::history::Store::open(historyDatabasePath().toStdString());
        std::string error;
        auto session = carc::GameSession::start(*store_, cfg, players, &error);
        if (!session) {
            setAlert(q(error));
            return false;
        }
        session_ = std::move(session);
    } catch (const carc::history::StoreError& e) {
        setAlert(QString::fromUtf8(e.what()));
        return false;
    }
    setAlert({});
    afterAction();
    return true;
}

void GameController::afterAction() {
    options_.clear();
    if (session_ && session_->state().phase() != adj::Phase::Tile)
        setOptions(session_->pieceOptions());
    emit optionsChanged();
    scoreboard_->refresh();
    log_->refresh();
    emit stateChanged();
}

void GameController::setOptions(const std::vector<carc::SessionOption>& options) {
    options_.clear();
    for (const carc::SessionOption& o : options)
        options_.push_back(QVariantMap{{"action", q(o.text)}, {"label", q(o.label)}});
    emit optionsChanged();
}

void GameController::chooseKind(int kind) {
    if (!session_) return;
    std::vector<carc::SessionOption> options = session_->placements(kind);
    const auto& kinds = session_->state().kinds();
    if (options.empty() && kind >= 0 && kind < int(kinds.size()) && !kinds[size_t(kind)]->inSupply)
        options.push_back(session_->discardOption(kind));
    setOptions(options);
}

bool GameController::play(const QString& action) {
    if (!session_) return false;
    std::string alert;
    try {
        if (!session_->play(action.toStdString(), lang(), &alert)) {
            setAlert(q(alert));
            return false;
        }
    } catch (const carc::history::StoreError& e) {
        // The engine moved on but the turn could not be stored: say so, keep playing.
        setAlert(tr("Not saved in the history: %1").arg(QString::fromUtf8(e.what())));
        afterAction();
        return true;
    }
    setAlert({});
    afterAction();
    return true;
}

bool GameController::endGame() {
    if (!session_ || session_->state().terminal()) return false;
    return play(QStringLiteral("end"));
}

QString GameController::status() const {
    if (!session_) return tr("No game yet");
    const adj::State& s = session_->state();
    const auto names = session_->names();
    if (s.terminal()) {
        int best = 0;
        for (int p = 0; p < s.config().players; ++p) best = std::max(best, s.score(p));
        QStringList winners;
        for (int p = 0; p < s.config().players; ++p)
            if (s.score(p) == best) winners << q(names[size_t(p)]);
        return tr("Game over. Winner: %1 with %2 points").arg(winners.join(", ")).arg(best);
    }
    const QString who = q(names[size_t(s.currentPlayer())]);
    switch (s.phase()) {
    case adj::Phase::Tile:
        return tr("Turn %1: %2 draws a tile (%3 left)")
            .arg(s.turnNumber() + 1)
            .arg(who)
            .arg(s.remainingTotal());
    case adj::Phase::Meeple: return tr("%1 may put a piece on the new tile").arg(who);
    case adj::Phase::Wagon: return tr("%1's wagon may move on").arg(who);
    case adj::Phase::GameOver: break;
    }
    return {};
}

QString GameController::board() const {
    return session_ ? q(session_->state().drawAscii()) : QString();
}

QVariantList GameController::drawable() const {
    QVariantList out;
    if (!session_) return out;
    const adj::State& s = session_->state();
    for (int k : session_->drawableKinds()) {
        const tiledb::TileKind& kind = *s.kinds()[size_t(k)];
        const QString left =
            kind.inSupply ? tr("from your supply") : tr("%n left", "", s.remaining(k));
        out.push_back(QVariantMap{
            {"kind", k}, {"label", q(kind.id) + " — " + q(kind.description) + " (" + left + ")"}});
    }
    return out;
}

// ---- ScoreboardModel

ScoreboardModel::ScoreboardModel(GameController* game) : QAbstractListModel(game), game_(game) {}

void ScoreboardModel::refresh() {
    const int rows = game_->session() ? int(game_->session()->players().size()) : 0;
    if (rows != rows_) {
        beginResetModel();
        rows_ = rows;
        endResetModel();
    } else if (rows_ > 0) {
        emit dataChanged(index(0), index(rows_ - 1));
    }
}

int ScoreboardModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows_;
}

QVariant ScoreboardModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !game_->session())
        return {};
    const adj::State& s = game_->session()->state();
    const int p = index.row();
    const auto& info = game_->session()->players()[size_t(p)];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return q(info.name);
    case ColourRole: return q(info.colour);
    case ScoreRole: return s.score(p);
    case FollowersRole: return s.supply(p);
    case SpecialsRole: {
        const adj::Rules& r = s.config().rules;
        if (r.abbeys + r.mayors + r.wagons + r.barns == 0) return QString();
        return tr("abbey %1 · mayor %2 · wagon %3 · barn %4")
            .arg(r.abbeys - s.abbeysPlaced(p))
            .arg(s.supply(p, adj::MeepleKind::Mayor))
            .arg(s.supply(p, adj::MeepleKind::Wagon))
            .arg(s.supply(p, adj::MeepleKind::Barn));
    }
    case CurrentRole: return !s.terminal() && s.currentPlayer() == p;
    }
    return {};
}

QHash<int, QByteArray> ScoreboardModel::roleNames() const {
    return {{NameRole, "name"},           {ColourRole, "colour"},     {ScoreRole, "score"},
            {FollowersRole, "followers"}, {SpecialsRole, "specials"}, {CurrentRole, "current"}};
}

// ---- TurnLogModel

TurnLogModel::TurnLogModel(GameController* game) : QAbstractListModel(game), game_(game) {}

void TurnLogModel::refresh() {
    const int rows = game_->session() ? int(game_->session()->log().size()) : 0;
    if (rows < rows_ || !game_->session()) {
        beginResetModel();
        rows_ = rows;
        endResetModel();
        return;
    }
    if (rows_ > 0) emit dataChanged(index(rows_ - 1), index(rows_ - 1)); // the turn in progress
    if (rows > rows_) {
        beginInsertRows({}, rows_, rows - 1);
        rows_ = rows;
        endInsertRows();
    }
}

void TurnLogModel::languageChanged() {
    if (rows_ > 0) emit dataChanged(index(0), index(rows_ - 1), {ExplanationsRole});
}

int TurnLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows_;
}

QVariant TurnLogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !game_->session())
        return {};
    const carc::GameSession& session = *game_->session();
    const carc::TurnLogEntry& e = session.log()[size_t(index.row())];
    switch (role) {
    case SeqRole: return e.seq;
    case PlayerRole:
        return e.player >= 0 ? q(session.players()[size_t(e.player)].name) : tr("the table");
    case Qt::DisplayRole:
    case ActionsRole: return q(e.actions);
    case ExplanationsRole: {
        QStringList texts;
        for (const adj::ScoreEvent& ev : e.events)
            texts << q(adj::kb::render(ev, game_->lang(), session.names(),
                                       session.state().config().baseSet));
        return texts;
    }
    }
    return {};
}

QHash<int, QByteArray> TurnLogModel::roleNames() const {
    return {{SeqRole, "seq"},
            {PlayerRole, "player"},
            {ActionsRole, "actions"},
            {ExplanationsRole, "explanations"}};
}
