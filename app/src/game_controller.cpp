#include "game_controller.h"

#include "local_path.h"

#include "board_qml.h"
#include "event_json.h"
#include "history_model.h"

#include "recording_follower.h"
#include "sample_game.h"

#include "adjudicator/dispute.h"
#include "adjudicator/render.h"

#include <QFileInfo>

#include <algorithm>

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

GameController::GameController(QObject* parent)
    : QObject(parent), camera_(new CameraFeed(this)), scoreboard_(new ScoreboardModel(this)),
      log_(new TurnLogModel(this)) {
    connect(&sampleTimer_, &QTimer::timeout, this, &GameController::stepSample);
    connect(camera_, &CameraFeed::observed, this, &GameController::observed);
}

GameController::~GameController() = default;

adj::kb::Lang GameController::lang() const {
    return adj::kb::langFromCode(language_.toStdString()).value_or(adj::kb::Lang::En);
}

void GameController::setLanguage(const QString& code) {
    if (code == language_ || !adj::kb::langFromCode(code.toStdString())) return;
    language_ = code;
    camera_->setLanguage(lang());
    if (cameraAlert_ && !alert_.isEmpty()) setCameraAlert(cameraAlert_);
    emit languageChanged();
    log_->languageChanged();
    renderDispute();
    setOptions(std::vector<carc::SessionOption>(offered_)); // reworded
    emit stateChanged();                                    // final scoring texts
}

void GameController::setCameraAlert(std::function<QString()> wording) {
    setAlert(wording());
    cameraAlert_ = std::move(wording);
}

void GameController::setAlert(const QString& text) {
    cameraAlert_ = {};
    if (text.isEmpty()) choices_.clear(), choiceTile_.clear(); // answered, or another turn played
    if (text == alert_) return;
    alert_ = text;
    emit alertChanged();
}

QVariantList GameController::cameraChoices() const {
    QVariantList out;
    if (!session_) return out;
    for (const std::vector<adj::Action>& choice : choices_) {
        adj::State s = session_->state();
        QStringList parts;
        for (size_t i = choicesFrom_; i < choice.size(); ++i) {
            const adj::Action& a = choice[i];
            parts << (a.kind == adj::Action::Kind::Tile
                          ? tr("tile %1 %2")
                                .arg(q(s.kinds()[size_t(a.tileKind)]->id), optionLabel(s, a))
                          : optionLabel(s, a));
            adj::apply(s, a);
        }
        out.push_back(QVariantMap{{"label", parts.join(QStringLiteral(", "))}});
    }
    // The tile was played as read: it may be what is wrong (the last answer takes it back).
    if (choicesFrom_ > 0 && !choiceTile_.isEmpty())
        out.push_back(
            QVariantMap{{"label", tr("The tile is not %1: take it back").arg(choiceTile_)}});
    return out;
}

void GameController::offerChoices(const vision::TrackedTurn& turn, size_t played,
                                  const std::string& thumbnail) {
    choices_.clear();
    for (const std::vector<adj::Action>& c : turn.choices)
        if (c.size() > played) choices_.push_back(c);
    choicesFrom_ = played;
    choiceThumbnail_ = thumbnail;
    choiceTile_.clear();
    if (played > 0 && !turn.actions.empty() && turn.actions[0].kind == adj::Action::Kind::Tile &&
        session_ && !session_->state().board().tiles().empty())
        choiceTile_ = q(session_->state().board().tiles().back().kind->id);
    alert_.clear(); // the alert that follows announces the choices too
}

bool GameController::acceptCameraChoice(int index) {
    if (index == int(choices_.size()) && choicesFrom_ > 0 && !choiceTile_.isEmpty())
        return undoLastTurn(); // "the tile is not ...": the players enter the turn by hand
    if (index < 0 || index >= int(choices_.size())) return false;
    const std::vector<adj::Action> choice = choices_[size_t(index)];
    const size_t from = choicesFrom_;
    const std::string thumbnail = choiceThumbnail_;
    for (size_t i = from; i < choice.size(); ++i)
        if (!playAction(choice[i], i == 0 ? thumbnail : std::string())) return false;
    return true;
}

bool GameController::newGame(const QString& set, bool abbeyMayor, const QStringList& names,
                             const QStringList& colours, const QVariantMap& rules) {
    adj::GameConfig cfg =
        abbeyMayor ? adj::GameConfig::forSet(set.toStdString(), int(names.size()), {"abbey-mayor"})
                   : adj::GameConfig::forSet(set.toStdString(), int(names.size()));
    // The switches the form offers, by the names QML gives them.
    static const std::pair<const char*, bool adj::Rules::*> kSwitches[] = {
        {"farmers", &adj::Rules::farmers},
        {"tinyCity", &adj::Rules::tinyCity},
        {"unfinishedScoreNothing", &adj::Rules::unfinishedScoreNothing},
        {"holeExtraTurn", &adj::Rules::holeExtraTurn},
        {"wagonMoveFirstEdition", &adj::Rules::wagonMoveFirstEdition},
        {"barnOnFarmWithBarn", &adj::Rules::barnOnFarmWithBarn}};
    for (const auto& [name, field] : kSwitches)
        if (rules.contains(name)) cfg.rules.*field = rules[name].toBool();
    std::vector<carc::history::PlayerInfo> players;
    for (int i = 0; i < names.size(); ++i)
        players.push_back({names[i].trimmed().isEmpty() ? tr("Player %1").arg(i + 1).toStdString()
                                                        : names[i].trimmed().toStdString(),
                           i < colours.size() ? colours[i].toStdString() : ""});
    stopSample();
    return startSession(cfg, std::move(players), "manual");
}

bool GameController::startSession(const adj::GameConfig& cfg,
                                  std::vector<carc::history::PlayerInfo> players,
                                  const std::string& source) {
    camera_->close(); // photos belong to the game they were taken of
    try {
        if (!store_) store_ = carc::history::Store::open(historyDatabasePath().toStdString());
        std::string error;
        auto session = carc::GameSession::start(*store_, cfg, std::move(players), &error, source);
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
    selectFeature(-1, 0, 0);
    afterAction();
    return true;
}

void GameController::afterAction() {
    setOptions(session_ && session_->state().phase() != adj::Phase::Tile
                   ? session_->pieceOptions()
                   : std::vector<carc::SessionOption>{});
    scoreboard_->refresh();
    log_->refresh();
    renderDispute(); // a selected feature may have grown or been scored
    emit stateChanged();
    observeNextPhoto();
}

void GameController::setOptions(const std::vector<carc::SessionOption>& options) {
    offered_ = options;
    options_.clear();
    for (const carc::SessionOption& o : options)
        options_.push_back(QVariantMap{{"action", q(o.text)},
                                       {"label", optionLabel(session_->state(), o.action)}});
    emit optionsChanged();
}

QString GameController::featureName(tiledb::FeatureKind kind) {
    switch (kind) {
    case tiledb::FeatureKind::Road: return tr("road");
    case tiledb::FeatureKind::City: return tr("city");
    case tiledb::FeatureKind::Field: return tr("farm");
    case tiledb::FeatureKind::Cloister: return tr("cloister");
    case tiledb::FeatureKind::Abbey: return tr("abbey");
    }
    return {};
}

QString GameController::optionLabel(const adj::State& s, const adj::Action& a) const {
    using K = adj::Action::Kind;
    auto featureOn = [&](int tile, int feature) {
        const tiledb::TileKind& k = *s.board().tiles()[size_t(tile)].kind;
        return tr("%1 (%2)")
            .arg(featureName(k.features[size_t(feature)].kind))
            .arg(QChar::fromLatin1(k.features[size_t(feature)].label));
    };
    const int last = s.board().size() - 1;
    switch (a.kind) {
    case K::Tile:
        return tr("at (%1,%2), turned %3°")
            .arg(a.placement.pos.x)
            .arg(a.placement.pos.y)
            .arg(90 * a.placement.rotation);
    case K::Discard: return tr("it fits nowhere: remove it and draw again");
    case K::Pass: return tr("no piece");
    case K::WagonStays: return tr("the wagon goes back to its owner");
    case K::End: return tr("end the game");
    case K::WagonMove: {
        const adj::Pos p = s.board().tiles()[size_t(a.piece.tile)].pos;
        return tr("wagon to the %1 of the tile at (%2,%3)")
            .arg(featureOn(a.piece.tile, a.piece.feature))
            .arg(p.x)
            .arg(p.y);
    }
    case K::Piece:
        switch (a.piece.kind) {
        case adj::MeepleKind::Follower:
            return tr("follower on the %1").arg(featureOn(last, a.piece.feature));
        case adj::MeepleKind::Mayor:
            return tr("mayor on the %1").arg(featureOn(last, a.piece.feature));
        case adj::MeepleKind::Wagon:
            return tr("wagon on the %1").arg(featureOn(last, a.piece.feature));
        case adj::MeepleKind::Barn: {
            const QString corners[4] = {tr("north-west"), tr("north-east"), tr("south-east"),
                                        tr("south-west")};
            return tr("barn at the %1 corner").arg(corners[a.piece.corner & 3]);
        }
        }
    }
    return QString::fromStdString(adj::actionText(s, a));
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
    std::string error;
    const std::optional<adj::Action> a =
        adj::parseAction(session_->state(), action.toStdString(), &error);
    if (!a) {
        setAlert(q(error));
        return false;
    }
    return playAction(*a);
}

bool GameController::playAction(const adj::Action& action, const std::string& thumbnail) {
    if (!session_) return false;
    std::string alert;
    try {
        if (!session_->play(action, lang(), &alert, thumbnail)) {
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

bool GameController::undoLastTurn() {
    if (!session_ || samplePlaying()) return false;
    if (session_->state().terminal()) {
        setAlert(tr("The game is over: its turns stay as they are."));
        return false;
    }
    std::string alert;
    if (session_->log().empty() || !session_->undoLastTurn(&alert)) {
        setAlert(alert.empty() ? tr("There is no turn to take back.") : q(alert));
        return false;
    }
    // A camera following the game waits for the turn taken back to be entered again: its next
    // picture shows the board after that turn (the alert holds it back until then).
    choices_.clear(), choiceTile_.clear(); // the camera's answers were for the turn taken back
    setAlert(camera_->active() ? tr("Turn taken back: enter it by hand; the camera then reads "
                                    "the next picture.")
                               : QString());
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
        const adj::PlayerList leaders = s.leaders();
        QStringList winners;
        for (const adj::PlayerId p : leaders) winners << q(names[size_t(p)]);
        return tr("Game over. Winner: %1 with %2 points")
            .arg(winners.join(", "))
            .arg(s.score(leaders[0]));
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

// ---- The board for the window

QStringList GameController::colours() const {
    QStringList out;
    if (session_)
        for (const auto& p : session_->players()) out << q(p.colour);
    return out;
}

QVariantList GameController::tiles() const {
    return session_ ? boardTiles(session_->state()) : QVariantList{};
}

QVariantList GameController::pieces() const {
    return session_ ? boardPieces(session_->state(), colours()) : QVariantList{};
}

QVariantMap GameController::bounds() const {
    return session_ ? boardBounds(session_->state())
                    : QVariantMap{{"minX", 0}, {"maxX", 0}, {"minY", 0}, {"maxY", 0}};
}

QStringList GameController::finalScoring() const {
    QStringList out;
    if (!finished()) return out;
    const carc::GameSession& g = *session_;
    // The engine scores the end with the last tile's turn, or with the players' "end".
    for (const carc::TurnLogEntry& e : g.log())
        for (const adj::ScoreEvent& ev : e.events)
            if (ev.when == adj::ScoreEvent::When::EndOfGame)
                out << q(adj::kb::render(ev, lang(), g.names(), g.state().config().baseSet));
    return out;
}

QVariantList GameController::pointsByFeature() const {
    QVariantList out;
    if (!session_) return out;
    const carc::GameSession& g = *session_;
    const int players = g.state().config().players;
    std::vector<std::array<int, 4>> by(size_t(players), std::array<int, 4>{});
    for (const carc::TurnLogEntry& e : g.log())
        for (const adj::ScoreEvent& ev : e.events) {
            // The statistics' buckets (abbeys count as cloisters), in the table's order.
            static const std::string_view columns[4] = {"road", "city", "cloister", "field"};
            const size_t column = size_t(
                std::find(columns, columns + 4, carc::statsFeatureName(ev.feature)) - columns);
            if (column == 4) continue;
            for (const adj::PlayerId p : ev.scorers) by[size_t(p)][column] += ev.points;
        }
    const adj::PlayerList leaders = g.state().leaders();
    for (int p = 0; p < players; ++p)
        out.push_back(
            QVariantMap{{"name", q(g.players()[size_t(p)].name)},
                        {"colour", q(g.players()[size_t(p)].colour)},
                        {"roads", by[size_t(p)][0]},
                        {"cities", by[size_t(p)][1]},
                        {"cloisters", by[size_t(p)][2]},
                        {"farms", by[size_t(p)][3]},
                        {"total", g.state().score(p)},
                        {"winner", g.state().terminal() && std::find(leaders.begin(), leaders.end(),
                                                                     p) != leaders.end()}});
    return out;
}

// ---- The sample game

bool GameController::startSample(int intervalMs) {
    stopSample();
    const carc::SampleGame& sample = carc::sampleGame();
    follower_.reset();
    if (!startSession(sample.config, sample.players, "sample")) return false;
    sampleNext_ = 0;
    // The recording the build drew of it, read by the camera; else its action list.
    const std::string folder = carc::sampleRecordingFolder();
    std::string error;
    if (auto list = vision::readRecordingList(folder + "/recording.txt", &error);
        list && carc::isSampleGame(list->game) &&
        camera_->openFolder(q(folder), sample.config, {}, nullptr))
        follower_ = std::make_unique<carc::RecordingFollower>(std::move(*list));
    sampleTimer_.start(std::max(0, intervalMs));
    emit stateChanged();
    return true;
}

void GameController::stopSample() {
    if (!sampleTimer_.isActive()) return;
    sampleTimer_.stop();
    emit stateChanged();
}

double GameController::sampleProgress() const {
    if (follower_)
        return camera_->photoCount() ? double(camera_->photoIndex()) / camera_->photoCount() : 0;
    const size_t total = carc::sampleGame().actions.size();
    return total ? double(sampleNext_) / double(total) : 0;
}

void GameController::finishSample() {
    follower_.reset();
    stopSample();
    emit sampleFinished();
}

void GameController::stepSample() {
    if (follower_) { // the next photo of the recording, once the last one is played
        if (camera_->busy()) return;
        if (!session_ || session_->state().terminal()) return finishSample();
        while (camera_->hasNext() &&
               !follower_->wants(QFileInfo(camera_->nextPhoto()).fileName().toStdString()))
            camera_->skipNext();
        if (!follower_->finished() && camera_->hasNext()) {
            camera_->observeNext(session_->state());
            return;
        }
        for (const carc::RecordingFollower::Turn& t : follower_->rest(session_->state())) {
            for (const adj::Action& a : t.actions)
                if (!playAction(a)) return finishSample(); // the alert says why
            session_->noteLastTurn(tr("No photo of this turn: entered by hand.").toStdString());
        }
        if (!session_->state().terminal()) endGame(); // the final scoring
        return finishSample();
    }
    const std::vector<adj::Action>& actions = carc::sampleGame().actions;
    // A refused action ends it too: the alert says why, and the game stays as it was.
    const bool played =
        session_ && sampleNext_ < actions.size() && playAction(actions[sampleNext_++]);
    if (!played || sampleNext_ == actions.size()) {
        stopSample();
        emit sampleFinished();
    }
}

// ---- The camera

bool GameController::followPhotos(const QString& folder, const QString& references) {
    if (!session_ || session_->state().terminal()) {
        setAlert(tr("Start a game first: the photos are read against it."));
        return false;
    }
    stopSample();
    follower_.reset(); // the sample's recording no longer
    QString error;
    return startCamera(camera_->openFolder(localPath(folder), session_->state().config(),
                                           localPath(references), &error),
                       error);
}

bool GameController::followCamera(const QString& references) {
    if (!session_ || session_->state().terminal()) {
        setAlert(tr("Start a game first: the camera's pictures are read against it."));
        return false;
    }
    stopSample();
    follower_.reset(); // the sample's recording no longer
    QString error;
    return startCamera(
        camera_->openCamera(session_->state().config(), localPath(references), &error), error);
}

bool GameController::startCamera(bool opened, const QString& error) {
    if (!opened) {
        setAlert(error);
        return false;
    }
    setAlert({});
    observeNextPhoto();
    return true;
}

void GameController::observeNextPhoto() {
    if (follower_) return; // the sample's timer reads its photos
    // Only when the next tile is due: a photo is compared with the state before its turn.
    if (session_ && session_->state().phase() == adj::Phase::Tile && camera_->active() &&
        alert_.isEmpty())
        camera_->observeNext(session_->state());
}

void GameController::observed(const vision::TrackedTurn& turn, const QString& photo,
                              const std::string& thumbnail) {
    const QString name = QFileInfo(photo).fileName();
    if (!session_ || session_->state().phase() != adj::Phase::Tile) return;
    using S = vision::TrackedTurn::Status;
    if (follower_) { // the sample: what the camera could not read, the recording lists
        using How = carc::RecordingFollower::How;
        bool settles = false; // the photo goes back to the tracker with the next one
        for (const auto& t :
             follower_->next(session_->state(), name.toStdString(), turn, &settles)) {
            for (size_t i = 0; i < t.actions.size(); ++i)
                if (!playAction(t.actions[i], i == 0 ? thumbnail : std::string()))
                    return finishSample(); // the alert says why
            QString problem = QString::fromStdString(turn.problem.in(lang()));
            if (!problem.isEmpty() && !problem.endsWith('?') && !problem.endsWith('.'))
                problem += '.'; // a question keeps its mark
            session_->noteLastTurn(
                (t.how == How::Camera ? tr("Camera (%1): read.").arg(name)
                 : t.how == How::Corrected
                     ? tr("Camera (%1): read %2; corrected by hand.").arg(name, q(t.seen))
                 : t.how == How::Answered
                     ? tr("Camera (%1): %2 Answered with one of its choices.").arg(name, problem)
                 : problem.isEmpty()
                     ? tr("Camera (%1): no new tile seen; entered by hand.").arg(name)
                     : tr("Camera (%1): %2 Entered by hand.").arg(name, problem))
                    .toStdString());
        }
        log_->refresh();
        return;
    }
    if (turn.status == S::Turn && !turn.actions.empty()) {
        // The turn as the camera read it: the tile (with the photo's thumbnail), then its piece
        // or a pass. The engine checks each; a refusal is an alert like any other.
        for (size_t i = 0; i < turn.actions.size(); ++i)
            if (!playAction(turn.actions[i], i == 0 ? thumbnail : std::string())) return;
        return;
    }
    // A stream's still frame with nothing new (a hand held still, the board as it was): on to
    // the next one. A photo is taken once per turn, so nothing new there is worth an alert.
    if (turn.status == S::NoChange && camera_->isStream()) return observeNextPhoto();
    // Never guessed: the players enter this turn by hand, then the next photo is read. What
    // was read for sure (the tile, when only its piece is in question) is played first.
    // Worded in the language of the moment, again when it changes while the alert is shown.
    const vision::Said said = turn.problem;
    const bool noChange = turn.status == S::NoChange;
    if (turn.status == S::Discrepancy && turn.certain > 0 && turn.certain <= turn.actions.size()) {
        for (size_t i = 0; i < turn.certain; ++i)
            if (!playAction(turn.actions[i], i == 0 ? thumbnail : std::string())) return;
        offerChoices(turn, turn.certain, thumbnail);
        setCameraAlert([this, name, said] {
            const QString problem = QString::fromStdString(said.in(lang()));
            return problem.endsWith('?')
                       ? tr("Camera (%1): %2 Its tile is played as read (take the turn back if it "
                            "is wrong): enter the rest of this turn by hand.")
                             .arg(name, problem)
                       : tr("Camera (%1): %2. Its tile is played as read (take the turn back if "
                            "it is wrong): enter the rest of this turn by hand.")
                             .arg(name, problem);
        });
        return;
    }
    offerChoices(turn, 0, thumbnail);
    setCameraAlert([this, name, said, noChange] {
        const QString problem = QString::fromStdString(said.in(lang()));
        return noChange ? tr("Camera (%1): no new tile seen. Enter this turn by hand.").arg(name)
               : problem.endsWith('?') // a question for the players keeps its mark
                   ? tr("Camera (%1): %2 Enter this turn by hand.").arg(name, problem)
                   : tr("Camera (%1): %2. Enter this turn by hand.").arg(name, problem);
    });
}

// ---- Disputes and rules questions

void GameController::selectFeature(int tileIndex, double u, double v) {
    disputeTile_ = disputeFeature_ = -1;
    if (session_ && tileIndex >= 0 && tileIndex < session_->state().board().size()) {
        const adj::PlacedTile& t = session_->state().board().tiles()[size_t(tileIndex)];
        disputeTile_ = tileIndex;
        disputeFeature_ = t.kind->featureAt({float(u), float(v)}, t.rotation);
    }
    renderDispute();
}

void GameController::selectPiece(int piece) {
    const QVariantList all = pieces();
    if (piece < 0 || piece >= all.size()) return selectFeature(-1, 0, 0);
    const QVariantMap p = all[piece].toMap();
    disputeTile_ = p["tile"].toInt();
    disputeFeature_ = p["feature"].toInt();
    renderDispute();
}

void GameController::renderDispute() {
    QVariantMap d;
    if (session_ && disputeTile_ >= 0 && disputeFeature_ >= 0) {
        const adj::State& s = session_->state();
        const adj::FeatureReport r = adj::report(s, disputeTile_, disputeFeature_);
        const auto names = session_->names();
        const std::string game = s.config().baseSet;
        QStringList holders;
        for (int p = 0; p < s.config().players; ++p)
            if (r.strength[size_t(p)] > 0)
                holders
                    << tr("%1 (strength %2)").arg(q(names[size_t(p)])).arg(r.strength[size_t(p)]);
        const int n = int(r.tiles.size());
        const QString tiles = n == 1 ? tr("1 tile") : tr("%1 tiles").arg(n);
        // One sentence per kind and state, so each language can agree its words.
        switch (r.kind) {
        case tiledb::FeatureKind::Field: d["title"] = tr("A farm over %1").arg(tiles); break;
        case tiledb::FeatureKind::Road:
            d["title"] = r.complete ? tr("A completed road of %1").arg(tiles)
                                    : tr("An open road of %1").arg(tiles);
            break;
        case tiledb::FeatureKind::City:
            d["title"] = r.complete ? tr("A completed city of %1").arg(tiles)
                                    : tr("An open city of %1").arg(tiles);
            break;
        case tiledb::FeatureKind::Cloister:
        case tiledb::FeatureKind::Abbey:
            d["title"] = tr("A %1 with %2 around it")
                             .arg(featureName(r.kind))
                             .arg(n - 1 == 1 ? tr("1 tile") : tr("%1 tiles").arg(n - 1));
            break;
        }
        d["holders"] =
            holders.isEmpty() ? tr("Nobody holds it.") : tr("Held by %1.").arg(holders.join(", "));
        d["atEnd"] = q(adj::kb::render(r.atEnd, lang(), names, game));
        d["completed"] = q(adj::kb::render(r.completed, lang(), names, game));
        d["tile"] = disputeTile_;
        d["feature"] = disputeFeature_;
        QVariantList cells;
        for (const adj::Pos& p : r.tiles) cells.push_back(QVariantMap{{"x", p.x}, {"y", p.y}});
        d["tiles"] = cells;
    }
    dispute_ = d;
    emit disputeChanged();
}

QVariantList GameController::searchRules(const QString& question) {
    QVariantList out;
    if (!rules_) {
        std::string error;
        rules_ = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), "", &error);
        if (!rules_)
            rules_ = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), ":memory:", &error);
        if (!rules_) {
            setAlert(q(error));
            return out;
        }
    }
    // The demo has rules of its own; a base game (with or without expansions) any other entry.
    const std::string game = session_ && session_->state().config().baseSet == "demo" ? "demo" : "";
    for (const carc::RulesSearch::Hit& h : rules_->search(question.toStdString(), lang(), game, 5))
        out.push_back(QVariantMap{{"title", q(h.entry->titleIn(lang()))},
                                  {"body", q(h.entry->bodyIn(lang()))},
                                  {"kind", q(h.entry->kind)},
                                  {"id", q(h.entry->id)}});
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
    const int before = rows_;
    if (rows < rows_ || !game_->session()) { // a new game, or turns taken back
        beginResetModel();
        rows_ = rows;
        endResetModel();
    } else {
        if (rows_ > 0) emit dataChanged(index(rows_ - 1), index(rows_ - 1)); // turn in progress
        if (rows > rows_) {
            beginInsertRows({}, rows_, rows - 1);
            rows_ = rows;
            endInsertRows();
        }
    }
    if (rows_ != before) emit countChanged();
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
    case NoteRole: return q(e.note);
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
            {ExplanationsRole, "explanations"},
            {NoteRole, "note"}};
}
