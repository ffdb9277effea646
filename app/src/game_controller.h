// A game scored at the table, for QML: starts a GameSession recorded in the history, offers the
// engine's choices for the next action, plays them, and exposes the scoreboard and the turn log
// (explanations in the chosen language). Refusals appear in `alert`; nothing throws into QML.
#pragma once

#include "camera_feed.h"
#include "game_session.h"
#include "rules_search.h"

#include <QAbstractListModel>
#include <QString>
#include <QTimer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <memory>

class GameController;
namespace carc {
class RecordingFollower;
}

class ScoreboardModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("made by GameController")

public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        ColourRole,
        ScoreRole,
        FollowersRole,
        SpecialsRole, // "abbey 1 · mayor 1 · wagon 0 · barn 1" with Abbey & Mayor, else ""
        CurrentRole
    };
    explicit ScoreboardModel(GameController* game);
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    void refresh();

private:
    GameController* game_;
    int rows_ = 0;
};

class TurnLogModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("made by GameController")
    Q_PROPERTY(int count READ count NOTIFY countChanged)

public:
    enum Role { SeqRole = Qt::UserRole + 1, PlayerRole, ActionsRole, ExplanationsRole, NoteRole };
    explicit TurnLogModel(GameController* game);
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    void refresh();
    void languageChanged();
    int count() const { return rows_; }

signals:
    void countChanged();

private:
    GameController* game_;
    int rows_ = 0;
};

class GameController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(QString status READ status NOTIFY stateChanged)
    Q_PROPERTY(QString board READ board NOTIFY stateChanged)
    Q_PROPERTY(QVariantList drawable READ drawable NOTIFY stateChanged)
    Q_PROPERTY(QVariantList options READ options NOTIFY optionsChanged)
    Q_PROPERTY(QString alert READ alert NOTIFY alertChanged)
    // The answers the camera's question allows (each {label}), shown with its alert.
    Q_PROPERTY(QVariantList cameraChoices READ cameraChoices NOTIFY alertChanged)
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    Q_PROPERTY(bool finished READ finished NOTIFY stateChanged)
    Q_PROPERTY(QVariantList tiles READ tiles NOTIFY stateChanged)
    Q_PROPERTY(QVariantList pieces READ pieces NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap bounds READ bounds NOTIFY stateChanged)
    Q_PROPERTY(QStringList finalScoring READ finalScoring NOTIFY stateChanged)
    Q_PROPERTY(QVariantList pointsByFeature READ pointsByFeature NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap dispute READ dispute NOTIFY disputeChanged)
    Q_PROPERTY(bool samplePlaying READ samplePlaying NOTIFY stateChanged)
    Q_PROPERTY(double sampleProgress READ sampleProgress NOTIFY stateChanged)
    Q_PROPERTY(CameraFeed* camera READ camera CONSTANT)
    Q_PROPERTY(bool cameraAttached READ cameraAttached CONSTANT)
    Q_PROPERTY(ScoreboardModel* scoreboard READ scoreboard CONSTANT)
    Q_PROPERTY(TurnLogModel* log READ log CONSTANT)

public:
    explicit GameController(QObject* parent = nullptr);
    ~GameController() override;

    // set: base | winter | demo. rules: optional switches by name (farmers, tinyCity,
    // unfinishedScoreNothing, holeExtraTurn, wagonMoveFirstEdition, barnOnFarmWithBarn: see
    // adj::Rules). Returns false with `alert` set.
    Q_INVOKABLE bool newGame(const QString& set, bool abbeyMayor, const QStringList& names,
                             const QStringList& colours, const QVariantMap& rules = {});
    // The tile drawn: offers its placements (or its discard when it fits nowhere).
    Q_INVOKABLE void chooseKind(int kind);
    Q_INVOKABLE bool play(const QString& action);
    // Answers the camera's question with its answer `index` (see cameraChoices).
    Q_INVOKABLE bool acceptCameraChoice(int index);
    Q_INVOKABLE bool endGame();
    // A correction: take back the turn in progress or the last turn (kept in the history).
    Q_INVOKABLE bool undoLastTurn();

    // The bundled sample game (sample_game.h): its recording read by the camera, one photo
    // every intervalMs; a turn the camera could not read (or read otherwise than played) is
    // entered by hand as the recording lists it, and the turn log says so. Without the
    // recording, its action list, one action every intervalMs.
    Q_INVOKABLE bool startSample(int intervalMs = 700);
    Q_INVOKABLE void stopSample();

    // Disputes: the feature under a point of a placed tile (u, v: 0..1 from its north-west
    // corner, as the board shows it), or under piece i of `pieces`: who holds it and what it is
    // worth now, completed and at the end. Empty tileIndex < 0 clears the selection.
    Q_INVOKABLE void selectFeature(int tileIndex, double u, double v);
    Q_INVOKABLE void selectPiece(int piece);
    // The camera: photos of the running game, one per turn, in name order (a folder path or a
    // file: URL), or a video file, whose still frames are read (a frame with nothing new is
    // passed over). Each photo is read against the engine's state when the next tile is due; a
    // turn the camera read (its tile, then its piece or none) is played, anything else is an
    // alert and the turn is entered by hand, after which the next photo is read.
    // references: how the tiles look (see CameraFeed::openFolder); "" = our drawn tiles.
    Q_INVOKABLE bool followPhotos(const QString& folder, const QString& references = {});
    // The live camera (Qt Multimedia's default video input), read like a video: false with an
    // alert when none is attached.
    Q_INVOKABLE bool followCamera(const QString& references = {});
    bool cameraAttached() const { return CameraFeed::cameraAttached(); }
    // Rules questions: the best knowledge-base entries in the current language.
    Q_INVOKABLE QVariantList searchRules(const QString& question);

    bool running() const { return session_ != nullptr; }
    QString status() const;
    QString board() const;
    QVariantList drawable() const;
    QVariantList options() const { return options_; }
    QString alert() const { return alert_; }
    QVariantList cameraChoices() const;
    QString language() const { return language_; }
    void setLanguage(const QString& code);
    bool finished() const { return session_ && session_->state().terminal(); }
    QVariantList tiles() const;
    QVariantList pieces() const;
    QVariantMap bounds() const;
    QStringList finalScoring() const;
    // Per player, the whole game's points by feature type: name, colour, roads, cities,
    // cloisters (abbeys included), farms (barns included), total, winner.
    QVariantList pointsByFeature() const;
    QVariantMap dispute() const { return dispute_; }
    bool samplePlaying() const { return sampleTimer_.isActive(); }
    double sampleProgress() const;
    CameraFeed* camera() const { return camera_; }
    ScoreboardModel* scoreboard() const { return scoreboard_; }
    TurnLogModel* log() const { return log_; }

    const carc::GameSession* session() const { return session_.get(); }
    adj::kb::Lang lang() const;

signals:
    void stateChanged();
    void optionsChanged();
    void alertChanged();
    void languageChanged();
    void disputeChanged();
    void sampleFinished(); // the sample game's last action was played (or one was refused)

private:
    void setAlert(const QString& text);
    // An alert about what the camera saw, worded again (`wording`) when the language changes
    // while it is shown.
    void setCameraAlert(std::function<QString()> wording);
    void setOptions(const std::vector<carc::SessionOption>& options);
    QString optionLabel(const adj::State& s, const adj::Action& a) const;
    // Keeps the answers a camera's question allows; the first `played` actions of each were
    // played already (the tile read for sure).
    void offerChoices(const vision::TrackedTurn& turn, size_t played, const std::string& thumbnail);
    QStringList colours() const; // the players', by seat
    static QString featureName(tiledb::FeatureKind kind);
    void afterAction();
    bool startSession(const adj::GameConfig& cfg, std::vector<carc::history::PlayerInfo> players,
                      const std::string& source);
    void stepSample();
    void finishSample();
    bool startCamera(bool opened, const QString& error);
    void observeNextPhoto();
    void observed(const vision::TrackedTurn& turn, const QString& photo,
                  const std::string& thumbnail);
    bool playAction(const adj::Action& action, const std::string& thumbnail = {});
    void renderDispute();
    std::unique_ptr<carc::history::Store> store_;
    std::unique_ptr<carc::GameSession> session_;
    std::vector<carc::SessionOption> offered_;
    std::vector<std::vector<adj::Action>> choices_; // the camera's question's answers
    size_t choicesFrom_ = 0;                        // ... each from this action on
    std::string choiceThumbnail_;                   // the photo's, for a tile they play
    QString choiceTile_;   // the tile played as read before the question ("" when none was)
    QVariantList options_; // offered_ for QML, worded in the current language
    QVariantMap dispute_;
    int disputeTile_ = -1, disputeFeature_ = -1;
    QTimer sampleTimer_;
    size_t sampleNext_ = 0;
    std::unique_ptr<carc::RecordingFollower> follower_; // the sample's recording, when followed
    std::unique_ptr<carc::RulesSearch> rules_;
    QString alert_, language_ = QStringLiteral("en");
    std::function<QString()> cameraAlert_; // see setCameraAlert
    CameraFeed* camera_;
    ScoreboardModel* scoreboard_;
    TurnLogModel* log_;
};
