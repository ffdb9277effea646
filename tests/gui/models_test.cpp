// The C++ models under QML, checked by Qt's QAbstractItemModelTester (every signal and index
// consistent with rowCount/data) while a real game runs through them: the bundled sample game
// played by the GameController into a real SQLite history, then the history models reading it.
#include "game_controller.h"
#include "history_model.h"
#include "sample_game.h"
#include "tile_art_model.h"

#include "adjudicator/random_game.h"
#include "vision/evaluate.h"
#include "vision/frames.h"
#include "vision/recording.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include <opencv2/imgcodecs.hpp>

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;
namespace history = carc::history;

namespace {

using Tester = QAbstractItemModelTester;

struct TempHistory {
    fs::path dir = fs::temp_directory_path() / ("carc-gui-models-" + std::to_string(::getpid()));
    TempHistory() {
        fs::remove_all(dir);
        fs::create_directories(dir);
        setHistoryDatabasePath(QString::fromStdString((dir / "history.sqlite").string()));
    }
    ~TempHistory() { fs::remove_all(dir); }
};

// Plays the sample game to its end through the event loop, as the window does.
void playSample(GameController& game) {
    QEventLoop loop;
    QObject::connect(&game, &GameController::sampleFinished, &loop, &QEventLoop::quit);
    QTimer::singleShot(300000, &loop, &QEventLoop::quit); // a hang fails below, not forever
    ASSERT_TRUE(game.startSample(0));
    loop.exec();
}

} // namespace

TEST(GuiModels, SampleGameThroughTheControllerAndItsModels) {
    TempHistory history;
    GameController game;
    Tester scoreboard(game.scoreboard(), Tester::FailureReportingMode::Fatal);
    Tester log(game.log(), Tester::FailureReportingMode::Fatal);
    int logRowsSeen = 0;
    QObject::connect(game.log(), &QAbstractItemModel::rowsInserted,
                     [&](const QModelIndex&, int, int last) { logRowsSeen = last + 1; });
    playSample(game);

    ASSERT_TRUE(game.finished()) << game.alert().toStdString();
    EXPECT_EQ(game.alert(), "");
    const carc::SampleGame& sample = carc::sampleGame();
    ASSERT_EQ(game.scoreboard()->rowCount(), int(sample.players.size()));
    for (int p = 0; p < game.scoreboard()->rowCount(); ++p) {
        const QModelIndex i = game.scoreboard()->index(p);
        EXPECT_EQ(game.scoreboard()->data(i, ScoreboardModel::ScoreRole).toInt(),
                  sample.finalScores[size_t(p)]);
        EXPECT_EQ(game.scoreboard()->data(i, ScoreboardModel::NameRole).toString().toStdString(),
                  sample.players[size_t(p)].name);
    }
    // The recording's calibration pictures gave each player's colour before the first turn.
    ASSERT_TRUE(game.camera()->active()) << "the build draws the sample's recording";
    EXPECT_EQ(game.camera()->calibrationNote().count("colour learned from 2 pieces"), 3)
        << game.camera()->calibrationNote().toStdString();
    EXPECT_EQ(game.camera()->playerColours().size(), 3);
    for (const QString& c : game.camera()->playerColours()) EXPECT_TRUE(c.startsWith('#'));
    // Every turn reached the log as it was played, and the final scoring has explanations.
    EXPECT_EQ(logRowsSeen, game.log()->rowCount());
    EXPECT_GT(game.log()->rowCount(), 70);
    EXPECT_FALSE(game.finalScoring().isEmpty());
    int total = 0;
    for (const QVariant& row : game.pointsByFeature()) {
        const QVariantMap r = row.toMap();
        EXPECT_EQ(r["roads"].toInt() + r["cities"].toInt() + r["cloisters"].toInt() +
                      r["farms"].toInt(),
                  r["total"].toInt())
            << r["name"].toString().toStdString();
        total += r["winner"].toBool();
    }
    EXPECT_GE(total, 1) << "someone wins";

    // Switching the language re-renders the explanations (signals checked by the tester).
    const QString english =
        game.log()
            ->data(game.log()->index(game.log()->rowCount() - 1), TurnLogModel::ExplanationsRole)
            .toStringList()
            .join(" ");
    game.setLanguage("nl");
    const QString dutch =
        game.log()
            ->data(game.log()->index(game.log()->rowCount() - 1), TurnLogModel::ExplanationsRole)
            .toStringList()
            .join(" ");
    EXPECT_NE(english, dutch);
    EXPECT_TRUE(dutch.contains("scoort")) << dutch.toStdString();

    // A dispute about the first tile's first feature, and a rules question.
    game.selectFeature(0, 0.5, 0.05);
    EXPECT_FALSE(game.dispute()["title"].toString().isEmpty());
    game.setLanguage("en");
    const QVariantList answers = game.searchRules("can a farmer stand on a road");
    ASSERT_FALSE(answers.isEmpty());
    EXPECT_FALSE(answers[0].toMap()["title"].toString().isEmpty());

    // The history models read the same game back from the SQLite file.
    GameListModel games;
    Tester gamesTester(&games, Tester::FailureReportingMode::Fatal);
    games.reload();
    ASSERT_EQ(games.rowCount(), 1) << games.error().toStdString();
    GameReplayModel replay;
    Tester replayTester(&replay, Tester::FailureReportingMode::Fatal);
    replay.setGameId(1);
    EXPECT_EQ(replay.error(), "");
    EXPECT_EQ(replay.rowCount(), game.log()->rowCount());
    PlayerStatsModel stats;
    Tester statsTester(&stats, Tester::FailureReportingMode::Fatal);
    stats.reload();
    EXPECT_EQ(stats.rowCount(), 3);
}

TEST(GuiModels, RefusedActionsAlertAndChangeNothing) {
    TempHistory history;
    GameController game;
    Tester scoreboard(game.scoreboard(), Tester::FailureReportingMode::Fatal);
    Tester log(game.log(), Tester::FailureReportingMode::Fatal);
    EXPECT_FALSE(game.newGame("nope", false, {"A", "B"}, {"red", "blue"}));
    EXPECT_FALSE(game.alert().isEmpty());
    ASSERT_TRUE(game.newGame("base", false, {"A", "B"}, {"red", "blue"}));
    const QString board = game.board();
    EXPECT_FALSE(game.play("D@5,5r0")) << "not next to any tile";
    EXPECT_FALSE(game.alert().isEmpty());
    EXPECT_EQ(game.board(), board);
    EXPECT_EQ(game.log()->rowCount(), 0);
    EXPECT_FALSE(game.undoLastTurn()) << "nothing to take back";
    ASSERT_TRUE(game.play("D@1,0r0"));
    EXPECT_EQ(game.alert(), "");
    EXPECT_EQ(game.log()->count(), 1);
    EXPECT_NE(game.board(), board);
    // The correction: the tile goes back, the log row goes, the options are tiles again.
    ASSERT_TRUE(game.undoLastTurn()) << game.alert().toStdString();
    EXPECT_EQ(game.board(), board);
    EXPECT_EQ(game.log()->count(), 0);
    EXPECT_TRUE(game.options().isEmpty());
}

namespace {
// Runs the event loop until `done` holds (or a minute passes: the caller's checks then fail).
template <class Pred>
bool waitFor(Pred done) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
    return done();
}

// The players enter what is left of a turn after an alert: a tile the camera read for sure
// (only its piece was in question) is on the table already, played by the controller.
bool enterRest(GameController& game, const std::vector<adj::Action>& actions) {
    using K = adj::Action::Kind;
    for (const adj::Action& a : actions) {
        const adj::Phase phase = game.session()->state().phase();
        const bool due = a.kind == K::Tile || a.kind == K::Discard ? phase == adj::Phase::Tile
                         : a.kind == K::Piece || a.kind == K::Pass ? phase == adj::Phase::Meeple
                         : a.kind == K::WagonMove || a.kind == K::WagonStays
                             ? phase == adj::Phase::Wagon
                             : true;
        if (due && !game.play(QString::fromStdString(adj::actionText(game.session()->state(), a))))
            return false;
    }
    return true;
}
} // namespace

// The camera path end to end: photos of a game's later turns (the scene generator, a fixed
// camera over the table) followed by the controller; each tile the camera reads is played,
// each photo it cannot read raises an alert and the turn is entered by hand, as players would.
TEST(GuiModels, FollowsAGameFromPhotos) {
    TempHistory history;
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    // The game's tiles, turn by turn (pieces play no part in what the camera reads here).
    std::vector<adj::Action> tiles;
    std::vector<adj::State> after;
    adj::State replay = *adj::State::create(cfg);
    adj::RandomGameOptions o;
    o.maxTiles = 21;
    o.onStep = [&](const adj::State&, const adj::RandomStep& step) {
        adj::apply(replay, step);
        if (step.kind == adj::Action::Kind::Tile) tiles.push_back(step), after.push_back(replay);
    };
    adj::playRandomGame(cfg, 31, o);
    ASSERT_EQ(tiles.size(), 20u);

    GameController game;
    ASSERT_TRUE(game.newGame("base", false, {"Ana", "Bram"}, {"red", "blue"}));
    adj::State mine = *adj::State::create(cfg);
    auto playByHand = [&](const adj::Action& tile) {
        ASSERT_TRUE(enterRest(game, {tile, {adj::Action::Kind::Pass, -1, {}, {}}}))
            << game.alert().toStdString();
        adj::apply(mine, tile);
        mine.pass();
    };
    const size_t byHand = 14; // small boards are not localised yet (vision/README.md)
    for (size_t i = 0; i < byHand; ++i) playByHand(tiles[i]);

    const fs::path photos = history.dir / "photos";
    fs::create_directories(photos);
    for (size_t i = byHand; i < tiles.size(); ++i) {
        vision::SceneParams p;
        p.seed = 900 + i;
        p.tiltDeg = 15;
        p.yawDeg = -20;
        p.fill = 0.6;
        char name[32];
        std::snprintf(name, sizeof name, "turn-%03zu.jpg", i + 1);
        ASSERT_TRUE(cv::imwrite((photos / name).string(), vision::renderScene(after[i], p).image));
    }
    ASSERT_FALSE(game.followPhotos(QString::fromStdString((history.dir / "none").string())));
    // The tiles' look learned from a folder of pictures named by kind (here our drawn tiles).
    const fs::path art = history.dir / "art";
    fs::create_directories(art);
    for (const tiledb::TileKind& k : tiledb::Catalogue::bundled().set("base")->kinds)
        ASSERT_TRUE(cv::imwrite((art / (k.id + ".png")).string(), vision::drawTile(k, 0, 128)));
    ASSERT_TRUE(game.followPhotos(QString::fromStdString(photos.string()),
                                  QString::fromStdString(art.string())))
        << game.alert().toStdString();
    Tester cameraLog(game.log(), Tester::FailureReportingMode::Fatal);
    int read = 0, byAlert = 0, tileOnly = 0, oneClick = 0, tookBack = 0;
    bool reworded = false;
    for (size_t i = byHand; i < tiles.size(); ++i) {
        // Wait for this photo's reading: a whole turn played (the tile, and no piece: the
        // photos show none) or an alert.
        const int tilesBefore = game.session()->state().board().size();
        ASSERT_TRUE(waitFor([&] {
            return !game.alert().isEmpty() ||
                   (game.session()->state().board().size() > tilesBefore &&
                    game.session()->state().phase() == adj::Phase::Tile);
        })) << "photo "
            << i + 1 << " was not read";
        if (game.alert().isEmpty()) {
            // The tile the camera read must be the one that lies there.
            const adj::PlacedTile& t = game.session()->state().board().tiles().back();
            EXPECT_EQ(t.pos, tiles[i].placement.pos) << "photo " << i + 1;
            EXPECT_EQ(int(t.kindIndex), tiles[i].tileKind) << "photo " << i + 1;
            ++read;
            adj::apply(mine, tiles[i]);
            mine.pass();
        } else {
            std::printf("photo %zu: %s\n", i + 1, game.alert().toStdString().c_str());
            ++byAlert;
            // What the camera says is worded again when the language changes while it is shown.
            if (const QString english = game.alert();
                !reworded && !english.contains("no new tile seen")) {
                game.setLanguage("nl");
                std::printf("  in Dutch: %s\n", game.alert().toStdString().c_str());
                EXPECT_NE(game.alert(), english);
                game.setLanguage("en");
                EXPECT_EQ(game.alert(), english);
                reworded = true;
            }
            // Only its piece in question: the tile read is played, the players enter the rest.
            if (game.session()->state().board().size() > tilesBefore) {
                const adj::PlacedTile& t = game.session()->state().board().tiles().back();
                EXPECT_EQ(t.pos, tiles[i].placement.pos) << "photo " << i + 1;
                EXPECT_EQ(int(t.kindIndex), tiles[i].tileKind) << "photo " << i + 1;
                ++tileOnly;
                // The first time, the players doubt the tile: taking the turn back removes it
                // (and the question); they enter the turn by hand.
                if (tookBack == 0) {
                    ASSERT_TRUE(game.undoLastTurn()) << game.alert().toStdString();
                    EXPECT_EQ(game.session()->state().board().size(), tilesBefore);
                    EXPECT_TRUE(game.cameraChoices().isEmpty());
                    ++tookBack;
                }
            }
            // The photos show no piece: "no piece", when the question offers it, is one click.
            const QVariantList choices = game.cameraChoices();
            EXPECT_FALSE(game.acceptCameraChoice(-1));
            EXPECT_FALSE(game.acceptCameraChoice(int(choices.size()))) << "no such answer";
            for (int c = 0; c < choices.size(); ++c)
                if (choices[c].toMap()["label"].toString().endsWith(", no piece") ||
                    choices[c].toMap()["label"].toString() == "no piece") {
                    ASSERT_TRUE(game.acceptCameraChoice(c)) << game.alert().toStdString();
                    EXPECT_EQ(game.alert(), "");
                    EXPECT_TRUE(game.cameraChoices().isEmpty());
                    ++oneClick;
                    break;
                }
            if (game.session()->state().phase() != adj::Phase::Tile || !game.alert().isEmpty())
                playByHand(tiles[i]); // the players correct: the next photo is read after
            else
                adj::apply(mine, tiles[i]), mine.pass();
        }
    }
    std::printf("%d photos read by the camera, %d entered by hand after an alert (%d of them "
                "after the camera played their tile, %d answered in one click)\n",
                read, byAlert, tileOnly, oneClick);
    EXPECT_GE(read, 3);
    EXPECT_GE(oneClick, 1) << "a question offers the turn as played";
    EXPECT_TRUE(reworded) << "a camera question was shown";
    EXPECT_EQ(game.session()->state().board().size(), int(tiles.size()) + 1);
    EXPECT_FALSE(game.camera()->cells().isEmpty());
    // Each tile the camera read keeps a small copy of its photo in the history.
    const auto stored = history::Store::open(historyDatabasePath().toStdString());
    const auto g = stored->game(game.session()->gameId());
    ASSERT_TRUE(g);
    int thumbnails = 0;
    for (const auto& t : g->turns)
        if (!t.thumbnail.empty()) {
            ++thumbnails;
            EXPECT_EQ(t.thumbnail.substr(0, 2), std::string("\xFF\xD8")) << "a JPEG";
            EXPECT_LT(t.thumbnail.size(), 60000u);
        }
    EXPECT_EQ(thumbnails, read + tileOnly - tookBack); // a tile taken back takes its photo along
    GameReplayModel turns;
    turns.setGameId(game.session()->gameId());
    int shown = 0; // the history screen shows them as data: URLs
    for (int row = 0; row < turns.rowCount(); ++row)
        shown += turns.data(turns.index(row), GameReplayModel::ThumbnailRole)
                     .toString()
                     .startsWith("data:image/jpeg;base64,");
    EXPECT_EQ(shown, read + tileOnly - tookBack);
}

TEST(GuiModels, PhotosWithUnreadableTilePicturesSayWhy) {
    TempHistory history;
    GameController game;
    ASSERT_TRUE(game.newGame("base", false, {"Ana", "Bram"}, {"red", "blue"}));
    const fs::path photos = history.dir / "photos";
    fs::create_directories(photos);
    vision::SceneParams p;
    ASSERT_TRUE(cv::imwrite(
        (photos / "1.jpg").string(),
        vision::renderScene(*adj::State::create(adj::GameConfig::forSet("base", 2)), p).image));
    const fs::path refs = history.dir / "broken.refs";
    std::ofstream(refs) << "not a reference file";
    ASSERT_TRUE(game.followPhotos(QString::fromStdString(photos.string()),
                                  QString::fromStdString(refs.string())));
    ASSERT_TRUE(waitFor([&] { return !game.camera()->busy() && !game.alert().isEmpty(); }));
    EXPECT_TRUE(game.alert().contains("cannot learn the tiles' look"))
        << game.alert().toStdString();
    EXPECT_TRUE(game.alert().contains("broken.refs")) << game.alert().toStdString();
    EXPECT_EQ(game.session()->state().board().size(), 1) << "nothing played";
}

TEST(GuiModels, ACorruptPhotoIsAnAlertNamingIt) {
    TempHistory history;
    GameController game;
    ASSERT_TRUE(game.newGame("base", false, {"Ana", "Bram"}, {"red", "blue"}));
    const fs::path photos = history.dir / "photos";
    fs::create_directories(photos);
    std::ofstream(photos / "turn-001.jpg") << "\xFF\xD8 this is not a picture";
    ASSERT_TRUE(game.followPhotos(QString::fromStdString(photos.string())));
    ASSERT_TRUE(waitFor([&] { return !game.camera()->busy() && !game.alert().isEmpty(); }));
    EXPECT_TRUE(game.alert().contains("turn-001.jpg")) << game.alert().toStdString();
    EXPECT_EQ(game.session()->state().board().size(), 1) << "nothing played";
    // The players go on by hand; the game is not harmed.
    EXPECT_TRUE(game.play("D@1,0r0") || game.play("D@0,1r0") || game.play("D@-1,0r0"));
}

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}

// A video of a whole 20-tile game (the generator's recording: a hand over the table before
// each turn, each picture held half a second with a fade between) followed by the controller:
// the camera reads the video's still frames on its worker thread, a frame with nothing new is
// passed over, and an alert is answered by entering the turn by hand, as players would. Every
// turn the camera plays must be the one played, so the final scores are the recorded game's.
// The 20-tile, 3-player game both camera tests follow, and its video in `dir`; the game is
// started in `game` for the same players.
vision::Recording videoGame(const fs::path& dir, GameController& game) {
    vision::RecordingParams p;
    p.camera.tiltDeg = 20, p.camera.yawDeg = 30, p.camera.seed = 7;
    p.maxTiles = 20;
    vision::Recording rec = vision::recordGame(adj::GameConfig::forSet("base", 3), 7, p);
    std::string error;
    EXPECT_TRUE(vision::writeRecordingVideo(rec, dir.string(), &error)) << error;
    EXPECT_TRUE(game.newGame("base", false, {"Ana", "Bram", "Chris"}, {"red", "blue", "green"}));
    return rec;
}

TEST(GuiModels, FollowsAGameFromAVideo) {
    TempHistory history;
    GameController game;
    const vision::Recording rec = videoGame(history.dir / "video", game);
    ASSERT_FALSE(game.followPhotos(QString::fromStdString((history.dir / "none.avi").string())));
    ASSERT_TRUE(
        game.followPhotos(QString::fromStdString((history.dir / "video" / "game.avi").string())))
        << game.alert().toStdString();
    EXPECT_TRUE(game.camera()->isStream());
    int read = 0, byHand = 0, piecesShown = 0;
    // A piece the camera found is drawn where it stands on its picture, in its colour.
    QObject::connect(game.camera(), &CameraFeed::observed, [&] {
        for (const QVariant& p : game.camera()->pieces()) {
            const QVariantMap m = p.toMap();
            EXPECT_TRUE(m["colour"].toString().startsWith('#'));
            EXPECT_GT(m["x"].toDouble(), 0);
            EXPECT_LT(m["x"].toDouble(), game.camera()->imageWidth());
            ++piecesShown;
        }
    });
    for (size_t i = 0; i < rec.turns.size(); ++i) {
        const int tilesBefore = game.session()->state().board().size();
        ASSERT_TRUE(waitFor([&] {
            return !game.alert().isEmpty() || !game.camera()->hasNext() ||
                   (game.session()->state().board().size() > tilesBefore &&
                    game.session()->state().phase() == adj::Phase::Tile);
        })) << "turn "
            << i + 1;
        adj::State played = rec.turns[i].before;
        for (const adj::Action& a : rec.turns[i].actions) adj::apply(played, a);
        if (game.alert().isEmpty() && game.session()->state().board().size() > tilesBefore) {
            EXPECT_TRUE(vision::sameOutcome(game.session()->state(), played))
                << "turn " << i + 1 << " read otherwise than played: " << rec.turns[i].text;
            ++read;
            continue;
        }
        // An alert, or the video ended: the players enter the turn.
        std::printf("turn %zu by hand: %s\n", i + 1, game.alert().toStdString().c_str());
        ++byHand;
        ASSERT_TRUE(enterRest(game, rec.turns[i].actions)) << game.alert().toStdString();
    }
    std::printf("%d turns read from the video, %d entered by hand, %d pieces shown\n", read, byHand,
                piecesShown);
    EXPECT_GE(read, 15); // measured: 18 read, 1 by hand
    EXPECT_GE(piecesShown, 1);
    ASSERT_TRUE(waitFor([&] { return !game.camera()->busy(); }));
    EXPECT_GT(game.camera()->photoIndex(), 200); // frames read
    EXPECT_TRUE(game.camera()->image().endsWith(".jpg"));
    adj::State expected = *rec.final, mine = game.session()->state();
    expected.endGame(), mine.endGame();
    EXPECT_EQ(mine.scores(), expected.scores());
}

// A live camera, as the window gets one: frames pushed one by one (here a generated game's
// video, frame by frame, as a camera would deliver them), each still spell kept and read when
// the game asks for its next turn. With no camera attached, following one is a clear alert.
TEST(GuiModels, FollowsALiveCameraFrameByFrame) {
    TempHistory history;
    GameController game;
    const std::string dir = (history.dir / "live").string();
    const vision::Recording rec = videoGame(dir, game);
    const adj::GameConfig cfg = rec.game;
    std::string error;
    QString why;
    ASSERT_TRUE(game.camera()->openStream(cfg, {}, &why)) << why.toStdString();
    ASSERT_TRUE(game.camera()->observeNext(game.session()->state()));
    // Before the first turn the players show the camera their pieces (no frame is read as a
    // turn meanwhile): the table without pieces, then each player's.
    EXPECT_TRUE(game.camera()->calibrating());
    EXPECT_FALSE(game.camera()->capturePlayerColour(0)) << "no picture yet";
    game.camera()->pushFrame(rec.calibrationPicture(-1));
    EXPECT_FALSE(game.camera()->capturePlayerColour(0)) << "the table without pieces first";
    ASSERT_TRUE(game.camera()->capturePlayerColour(-1));
    EXPECT_FALSE(game.camera()->capturePlayerColour(0)) << "nothing added to the bare table";
    EXPECT_TRUE(game.camera()->calibrationNote().contains("no piece was added"))
        << game.camera()->calibrationNote().toStdString();
    for (int p = 0; p < cfg.players; ++p) {
        EXPECT_TRUE(game.camera()->playerColours()[p].isEmpty());
        game.camera()->pushFrame(rec.calibrationPicture(p));
        ASSERT_TRUE(game.camera()->capturePlayerColour(p))
            << game.camera()->calibrationNote().toStdString();
        EXPECT_TRUE(game.camera()->playerColours()[p].startsWith('#'));
    }
    EXPECT_FALSE(game.camera()->calibrating()) << "every colour is known: the game is followed";
    EXPECT_FALSE(game.camera()->busy()) << "the pictures of the pieces shown are no turn";
    vision::VideoReader video;
    ASSERT_TRUE(video.open(dir + "/game.avi", &error)) << error;
    cv::Mat frame;
    size_t turn = 0;
    int read = 0, byHand = 0;
    while (video.next(&frame) && turn < rec.turns.size()) {
        game.camera()->pushFrame(frame);
        // A camera delivers about 10 frames a second: the reading keeps up with it.
        waitFor([&] { return !game.camera()->busy(); });
        while (turn < rec.turns.size() && game.alert().isEmpty() &&
               game.session()->state().board().size() > rec.turns[turn].before.board().size()) {
            adj::State played = rec.turns[turn].before;
            for (const adj::Action& a : rec.turns[turn].actions) adj::apply(played, a);
            EXPECT_TRUE(vision::sameOutcome(game.session()->state(), played))
                << "turn " << turn + 1 << " read otherwise than played: " << rec.turns[turn].text;
            ++turn, ++read;
        }
        if (!game.alert().isEmpty() && turn < rec.turns.size()) { // the players enter it
            std::printf("turn %zu by hand: %s\n", turn + 1, game.alert().toStdString().c_str());
            ++byHand;
            ASSERT_TRUE(enterRest(game, rec.turns[turn].actions)) << game.alert().toStdString();
            ++turn;
        }
    }
    std::printf("live: %d turns read, %d entered by hand, %d frames\n", read, byHand,
                game.camera()->photoIndex());
    EXPECT_EQ(turn, rec.turns.size());
    EXPECT_GE(read, 12); // measured: 18 read, 1 by hand (frames are read as the reading keeps up)
    EXPECT_TRUE(game.camera()->image().endsWith(".jpg"));
    if (!game.cameraAttached()) { // this machine's case: said plainly
        ASSERT_TRUE(game.newGame("base", false, {"Ana", "Bram"}, {"red", "blue"}));
        EXPECT_FALSE(game.followCamera());
        EXPECT_EQ(game.alert(), "No camera is attached.");
    }
}

// Tile sets enrolled from pictures of an edition's tiles (one per kind) are kept for every later
// game, listed after our drawn tiles. Enrolment runs off the UI thread and reports its progress;
// a taken name, a bad name, a folder with a damaged picture, and a damaged kept file are said
// plainly and write nothing. A photo of that art is then read with the kept set.
TEST(GuiModels, EnrolsAndKeepsTileSets) {
    TempHistory temp;
    TileArtModel sets;
    Tester tester(&sets, Tester::FailureReportingMode::Fatal);
    const fs::path kept = temp.dir / "tile-sets";
    sets.setFolder(QString::fromStdString(kept.string()));
    ASSERT_EQ(sets.rowCount(), 1);
    EXPECT_EQ(sets.data(sets.index(0), TileArtModel::PathRole).toString(), "");

    // Pictures of the base game's tiles in a look the camera has not seen (autumn colours).
    const fs::path pictures = temp.dir / "autumn";
    fs::create_directories(pictures);
    const tiledb::TileSet& base = *tiledb::Catalogue::bundled().set("base");
    for (const tiledb::TileKind& k : base.kinds)
        cv::imwrite((pictures / (k.id + ".png")).string(),
                    vision::drawTile(k, 0, 160, 3, vision::ProceduralPalette::autumn()));
    cv::imwrite((pictures / "box-lid.png").string(), cv::Mat(50, 50, CV_8UC3, cv::Scalar(9, 9, 9)));

    std::vector<double> progress;
    QObject::connect(&sets, &TileArtModel::progressChanged,
                     [&] { progress.push_back(sets.progress()); });
    auto enrolAndWait = [&](const fs::path& from, const QString& name) {
        if (!sets.enrol(QString::fromStdString(from.string()), name)) return false;
        waitFor([&] { return !sets.busy(); });
        QCoreApplication::processEvents(); // the finished signal
        return true;
    };
    ASSERT_TRUE(enrolAndWait(pictures, "Autumn"));
    ASSERT_EQ(sets.rowCount(), 2) << sets.status().toStdString();
    const QString path = sets.data(sets.index(1), TileArtModel::PathRole).toString();
    EXPECT_TRUE(path.endsWith("Autumn.refs")) << path.toStdString();
    EXPECT_TRUE(fs::exists(path.toStdString()));
    EXPECT_EQ(sets.indexOfPath(path), 1);
    EXPECT_TRUE(sets.status().contains("24 pictures of 24 tile kinds"))
        << sets.status().toStdString();
    EXPECT_TRUE(sets.status().contains("Files that name no tile kind: 1."));
    // Progress is reported as the pictures are read (Qt throttles the signals), never backwards.
    EXPECT_GE(progress.size(), 3u);
    EXPECT_TRUE(std::is_sorted(progress.begin() + 1, progress.end()));
    EXPECT_DOUBLE_EQ(sets.progress(), 1.0);
    std::string error;
    const auto refs = vision::loadReferences(path.toStdString(), {&base}, &error);
    ASSERT_TRUE(refs) << error;
    EXPECT_EQ(refs->name, "Autumn");
    EXPECT_EQ(refs->kinds().size(), base.kinds.size());
    // The command line finds it by name too.
    EXPECT_EQ(carc::tileSetSource(kept.string(), "Autumn"), path.toStdString());
    // The set just enrolled is the chosen one, for the next game as well; choosing is kept.
    EXPECT_EQ(sets.chosen(), 1);
    {
        TileArtModel again;
        again.setFolder(QString::fromStdString(kept.string()));
        EXPECT_EQ(again.chosen(), 1);
        again.setChosen(0);
    }
    sets.reload();
    EXPECT_EQ(sets.chosen(), 0) << "our drawn tiles chosen again";
    sets.setChosen(1);

    // Refused, nothing written: the name taken, a bad name, a damaged picture.
    EXPECT_TRUE(enrolAndWait(pictures, "Autumn"));
    EXPECT_TRUE(sets.status().contains("already kept")) << sets.status().toStdString();
    EXPECT_FALSE(sets.enrol(QString::fromStdString(pictures.string()), "../evil"));
    EXPECT_TRUE(sets.status().contains("only letters")) << sets.status().toStdString();
    std::ofstream(pictures / "E.png") << "not a picture";
    EXPECT_TRUE(enrolAndWait(pictures, "Broken"));
    EXPECT_TRUE(sets.status().contains("E.png")) << sets.status().toStdString();
    EXPECT_EQ(sets.rowCount(), 2);
    EXPECT_FALSE(fs::exists(kept / "Broken.refs"));
    EXPECT_FALSE(fs::exists(kept / "Broken.refs.part"));
    cv::imwrite((pictures / "E.png").string(),
                vision::drawTile(*base.find("E"), 0, 160, 3, vision::ProceduralPalette::autumn()));

    // A kept file damaged on disk: listed with what is wrong, not offered as usable.
    std::ofstream(kept / "Damaged.refs") << "carcassonne-refs 1\nname Damaged\nsize 64\nimages 3\n";
    sets.reload();
    ASSERT_EQ(sets.rowCount(), 3);
    const int damaged = sets.data(sets.index(1), TileArtModel::NameRole) == "Damaged" ? 1 : 2;
    EXPECT_FALSE(sets.data(sets.index(damaged), TileArtModel::UsableRole).toBool());
    EXPECT_TRUE(sets.data(sets.index(damaged), TileArtModel::LabelRole)
                    .toString()
                    .contains("truncated or damaged"));

    // A photo of a board in that art, read with the kept set: its tiles are found.
    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    adj::RandomGameOptions o;
    o.maxTiles = 12;
    const adj::State s = adj::playRandomGame(cfg, 5, o);
    vision::SceneParams p;
    p.tiltDeg = 20;
    const vision::Scene scene = vision::renderScene(
        s, p, vision::facesFromImages([&] {
            std::vector<vision::ReferenceImage> faces;
            for (const tiledb::TileKind& k : base.kinds)
                faces.push_back({k.id, cv::imread((pictures / (k.id + ".png")).string())});
            return faces;
        }()));
    const vision::Recognition r = vision::Recogniser(*refs, cfg).recognise(scene.image);
    std::multiset<std::string> truth, read, both;
    for (const vision::TileTruth& t : scene.tiles) truth.insert(t.kind);
    for (const vision::CellResult& c : r.cells)
        if (c.status == vision::CellStatus::Tile) read.insert(c.kind);
    std::set_intersection(truth.begin(), truth.end(), read.begin(), read.end(),
                          std::inserter(both, both.begin()));
    EXPECT_GE(both.size(), 11u) << "the 12 tiles read with the enrolled set";

    // A photo of tiles laid out in rows, with its list beside it (PHOTO.txt): that board.
    const fs::path photo = temp.dir / "laid-out.jpg";
    cv::imwrite(photo.string(), scene.image);
    ASSERT_TRUE(enrolAndWait(photo, "Laid out"));
    EXPECT_TRUE(sets.status().contains("laid-out.txt: no list of the tiles"))
        << sets.status().toStdString();
    std::ofstream list(temp.dir / "laid-out.txt");
    const adj::Bounds b = s.board().extent();
    for (int y = b.maxY; y >= b.minY; --y, list << "\n")
        for (int x = b.minX; x <= b.maxX; ++x) {
            const adj::PlacedTile* t = s.board().at({x, y});
            list << (t ? t->kind->id + "/" + std::to_string(t->rotation) : "-") << " ";
        }
    list.close();
    ASSERT_TRUE(enrolAndWait(photo, "Laid out"));
    EXPECT_TRUE(sets.status().contains(QString("(%1 pictures").arg(s.board().tiles().size())))
        << sets.status().toStdString();
    EXPECT_EQ(sets.rowCount(), 4);
}

// The new-game form's switches reach the engine by name; an unknown one changes nothing.
TEST(GuiModels, NewGameTakesTheFormsSwitches) {
    TempHistory temp;
    GameController game;
    ASSERT_TRUE(game.newGame("base", true, {"Ana", "Bram"}, {"red", "blue"},
                             {{"farmers", false},
                              {"tinyCity", true},
                              {"unfinishedScoreNothing", true},
                              {"holeExtraTurn", true},
                              {"wagonMoveFirstEdition", true},
                              {"barnOnFarmWithBarn", true},
                              {"noSuchRule", true}}));
    const adj::Rules& r = game.session()->state().config().rules;
    EXPECT_FALSE(r.farmers);
    EXPECT_TRUE(r.tinyCity && r.unfinishedScoreNothing && r.holeExtraTurn);
    EXPECT_TRUE(r.wagonMoveFirstEdition && r.barnOnFarmWithBarn);
    EXPECT_EQ(r.mayors, 1) << "Abbey & Mayor's pieces";
    ASSERT_TRUE(game.newGame("base", false, {"Ana", "Bram"}, {"red", "blue"}));
    const adj::Rules& d = game.session()->state().config().rules;
    EXPECT_TRUE(d.farmers);
    EXPECT_FALSE(d.tinyCity || d.unfinishedScoreNothing || d.holeExtraTurn);
}
