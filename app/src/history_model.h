// The game history for QML: the stored games (GameListModel) and one game turn by turn
// (GameReplayModel), read from the SQLite history store. Errors (a damaged or foreign file)
// appear in the `error` property, never as a crash.
#pragma once

#include "history_store.h"

#include <QAbstractListModel>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <vector>

// The history database every model opens: the user's, or one given on the command line.
QString historyDatabasePath();
void setHistoryDatabasePath(const QString& path);

class GameListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(QString databasePath READ databasePath CONSTANT)

public:
    enum Role {
        GameIdRole = Qt::UserRole + 1,
        StartedRole,
        SetsRole,
        PlayersRole,
        WinnersRole,
        TurnsRole,
        FinishedRole
    };
    Q_ENUM(Role)

    explicit GameListModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    QString error() const { return error_; }
    QString databasePath() const { return historyDatabasePath(); }

    Q_INVOKABLE void reload();

signals:
    void countChanged();
    void errorChanged();

private:
    std::vector<carc::history::GameSummary> games_;
    QString error_;
};

class GameReplayModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(qint64 gameId READ gameId WRITE setGameId NOTIFY gameChanged)
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY gameChanged)
    Q_PROPERTY(QString title READ title NOTIFY titleChanged)
    Q_PROPERTY(QStringList players READ players NOTIFY gameChanged)
    Q_PROPERTY(QString error READ error NOTIFY gameChanged)

public:
    enum Role {
        SeqRole = Qt::UserRole + 1,
        PlayerRole,
        ActionRole,
        ScoresRole, // a list of numbers, one per player
        ExplanationsRole,
        BoardRole,     // the board after the turn, as the engine draws it
        ThumbnailRole, // the camera's picture of the turn as a data: URL, "" when none
        ViewRole       // the board after the turn for BoardView (board_qml.h)
    };
    Q_ENUM(Role)

    explicit GameReplayModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    qint64 gameId() const { return gameId_; }
    void setGameId(qint64 id);
    QString language() const { return language_; }
    void setLanguage(const QString& code);
    QString title() const; // worded in the interface's language when asked
    QStringList players() const { return players_; }
    QString error() const { return error_; }

signals:
    void gameChanged();
    void titleChanged();
    void languageChanged();

private:
    struct Row {
        carc::history::TurnRecord turn;
        QString board;
        QVariantMap view;
    };
    void load();
    qint64 gameId_ = -1;
    QString language_ = QStringLiteral("en");
    QString title_, error_;
    QStringList players_;
    std::vector<Row> rows_;
};

// Statistics per player over the finished games (one row per player name).
class PlayerStatsModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)

public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        GamesRole,
        WinsRole,
        AverageRole,
        BestRole,
        RoadRole,
        CityRole,
        CloisterRole,
        FieldRole,
        LongestRoadRole,
        BiggestCityRole
    };
    Q_ENUM(Role)

    explicit PlayerStatsModel(QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    Q_INVOKABLE void reload();

signals:
    void countChanged();

private:
    std::vector<carc::history::PlayerStats> stats_;
};
