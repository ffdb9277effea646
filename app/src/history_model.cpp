#include "history_model.h"

#include "board_qml.h"

#include "game_recorder.h"

#include "adjudicator/json.h"
#include "adjudicator/knowledge.h"

namespace {
QString g_path;

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// The history is opened per query: the CLI or another window may write between two reads.
std::unique_ptr<carc::history::Store> openStore() {
    return carc::history::Store::open(historyDatabasePath().toStdString());
}
} // namespace

QString historyDatabasePath() {
    return g_path.isEmpty() ? q(carc::history::Store::defaultPath()) : g_path;
}

void setHistoryDatabasePath(const QString& path) {
    g_path = path;
}

GameListModel::GameListModel(QObject* parent) : QAbstractListModel(parent) {
    reload();
}

void GameListModel::reload() {
    beginResetModel();
    games_.clear();
    QString error;
    try {
        games_ = openStore()->listGames();
    } catch (const carc::history::StoreError& e) {
        error = QString::fromUtf8(e.what());
    }
    endResetModel();
    emit countChanged();
    if (error != error_) {
        error_ = error;
        emit errorChanged();
    }
}

int GameListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(games_.size());
}

QVariant GameListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carc::history::GameSummary& g = games_[size_t(index.row())];
    switch (role) {
    case GameIdRole: return qint64(g.id);
    case StartedRole: return q(g.startedAt.substr(0, 16)).replace('T', ' ');
    case SetsRole: return q(g.baseSet + (g.expansions.empty() ? "" : " + " + g.expansions));
    case PlayersRole: {
        QStringList parts;
        for (const auto& s : g.seats)
            parts << (s.score ? q(s.player.name) + " " + QString::number(*s.score)
                              : q(s.player.name));
        return parts.join(", ");
    }
    case WinnersRole: {
        QStringList winners;
        for (const auto& s : g.seats)
            if (s.rank == 1) winners << q(s.player.name);
        return winners.join(", ");
    }
    case TurnsRole: return g.turns;
    case FinishedRole: return g.finished();
    case Qt::DisplayRole: return q(g.uuid);
    }
    return {};
}

QHash<int, QByteArray> GameListModel::roleNames() const {
    return {{GameIdRole, "gameId"},    {StartedRole, "started"}, {SetsRole, "sets"},
            {PlayersRole, "players"},  {WinnersRole, "winners"}, {TurnsRole, "turns"},
            {FinishedRole, "finished"}};
}

GameReplayModel::GameReplayModel(QObject* parent) : QAbstractListModel(parent) {}

void GameReplayModel::setGameId(qint64 id) {
    if (id == gameId_) return;
    gameId_ = id;
    load();
}

void GameReplayModel::setLanguage(const QString& code) {
    if (code == language_ || !adj::kb::langFromCode(code.toStdString())) return;
    language_ = code;
    emit languageChanged();
    emit titleChanged();
    if (!rows_.empty())
        emit dataChanged(index(0), index(int(rows_.size()) - 1), {ExplanationsRole});
}

void GameReplayModel::load() {
    beginResetModel();
    rows_.clear();
    players_.clear();
    title_.clear();
    error_.clear();
    try {
        const std::unique_ptr<carc::history::Store> store = openStore();
        const std::optional<carc::history::StoredGame> game = store->game(gameId_);
        if (game) {
            QStringList colours;
            for (const auto& p : game->info.players) players_ << q(p.name), colours << q(p.colour);
            title_ = q(game->summary.startedAt.substr(0, 16)).replace('T', ' ') + " · " +
                     q(game->summary.baseSet) +
                     (game->summary.expansions.empty() ? "" : " + " + q(game->summary.expansions));
            // Replayed by the engine: the board comes from the rules, not from the record.
            const std::string problem = carc::history::replayGame(
                *game, [&](const carc::history::TurnRecord& t, const adj::State& s) {
                    rows_.push_back(Row{t, q(s.drawAscii()), boardView(s, colours)});
                });
            if (!problem.empty()) error_ = tr("This game does not replay: ") + q(problem);
        } else if (gameId_ >= 0) {
            error_ = tr("No game %1 in %2").arg(gameId_).arg(historyDatabasePath());
        }
    } catch (const carc::history::StoreError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    endResetModel();
    emit gameChanged();
    emit titleChanged();
}

QString GameReplayModel::title() const {
    return title_.isEmpty() ? title_ : title_ + " · " + tr("%n turn(s)", "", int(rows_.size()));
}

int GameReplayModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

QVariant GameReplayModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = rows_[size_t(index.row())];
    switch (role) {
    case SeqRole: return r.turn.seq;
    case PlayerRole:
        return r.turn.player >= 0 && r.turn.player < players_.size() ? players_[r.turn.player]
                                                                     : tr("the table");
    case ActionRole:
    case Qt::DisplayRole: return q(r.turn.action);
    case ScoresRole: {
        QVariantList scores;
        for (int s : r.turn.scores) scores << s;
        return scores;
    }
    case ExplanationsRole: {
        QStringList texts;
        const adj::json::ParseResult events = adj::json::parse(r.turn.eventsJson);
        if (events.value && events.value->isArray())
            for (const adj::json::Value& e : events.value->array)
                if (const adj::json::Value* t = e.get("text"))
                    texts << q(t->str(language_.toStdString(), t->str("en")));
        return texts;
    }
    case BoardRole: return r.board;
    case ViewRole: return r.view;
    case ThumbnailRole:
        return r.turn.thumbnail.empty()
                   ? QString()
                   : QStringLiteral("data:image/jpeg;base64,") +
                         QString::fromLatin1(
                             QByteArray::fromStdString(r.turn.thumbnail).toBase64());
    }
    return {};
}

QHash<int, QByteArray> GameReplayModel::roleNames() const {
    return {{SeqRole, "seq"},
            {PlayerRole, "player"},
            {ActionRole, "action"},
            {ScoresRole, "scores"},
            {ExplanationsRole, "explanations"},
            {BoardRole, "board"},
            {ThumbnailRole, "thumbnail"},
            {ViewRole, "view"}};
}

PlayerStatsModel::PlayerStatsModel(QObject* parent) : QAbstractListModel(parent) {
    reload();
}

void PlayerStatsModel::reload() {
    beginResetModel();
    try {
        stats_ = openStore()->stats();
    } catch (const carc::history::StoreError&) {
        stats_.clear(); // GameListModel shows the error
    }
    endResetModel();
    emit countChanged();
}

int PlayerStatsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(stats_.size());
}

QVariant PlayerStatsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carc::history::PlayerStats& p = stats_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return q(p.name);
    case GamesRole: return p.games;
    case WinsRole: return p.wins;
    case AverageRole: return p.averageScore;
    case BestRole: return p.best;
    case RoadRole: return p.points[0];
    case CityRole: return p.points[1];
    case CloisterRole: return p.points[2];
    case FieldRole: return p.points[3];
    case LongestRoadRole: return p.longestRoad;
    case BiggestCityRole: return p.biggestCity;
    }
    return {};
}

QHash<int, QByteArray> PlayerStatsModel::roleNames() const {
    return {{NameRole, "name"},
            {GamesRole, "games"},
            {WinsRole, "wins"},
            {AverageRole, "average"},
            {BestRole, "best"},
            {RoadRole, "roadPoints"},
            {CityRole, "cityPoints"},
            {CloisterRole, "cloisterPoints"},
            {FieldRole, "fieldPoints"},
            {LongestRoadRole, "longestRoad"},
            {BiggestCityRole, "biggestCity"}};
}
