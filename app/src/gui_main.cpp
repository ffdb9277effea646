// `carcassonne-gui`: the Qt Quick application. All logic lives in libraries; this only starts QML.
//   --screenshot FILE   save a picture of the window once it has rendered, then quit
//                       (used by the end-to-end tests under Xvfb)
//   --history FILE      the game history database (default: the user's)
//   --screen history [--game N] [--turn K] [--lang en|ro|nl]   open on a stored game
//   --sample [--interval MS]   play the bundled sample game on the Game screen
//   --tour DIR          with --sample: save live.png half-way, dispute.png (the first piece's
//                       feature), final.png at the end; print the final scores the scoreboard
//                       shows, and exit 1 unless they are the engine's (the end-to-end test)
#include "game_controller.h"
#include "history_model.h"
#include "sample_game.h"
#include "tile_image_provider.h"
#include "vision/frame_memory.h"

#include <QCommandLineParser>
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QUrl>

#include <cstdio>
#include <memory>

namespace {

bool grab(QQuickWindow* window, const QDir& dir, const QString& name) {
    const QString file = dir.filePath(name);
    const bool saved = window->grabWindow().save(file);
    std::fprintf(saved ? stdout : stderr, "%s %s\n",
                 saved ? "screenshot saved to" : "could not save a screenshot to",
                 qPrintable(file));
    std::fflush(stdout);
    return saved;
}

// The end-to-end tour of the sample game: screenshots of the live view half-way, of a dispute,
// and of the final scoring; then the scores the scoreboard shows, checked against the engine's.
void startTour(QQuickWindow* window, GameController* game, const QDir& dir) {
    auto tookLive = std::make_shared<bool>(false);
    QObject::connect(game, &GameController::stateChanged, window, [=] {
        if (*tookLive || game->sampleProgress() < 0.5) return;
        *tookLive = true;
        grab(window, dir, "live.png");
        game->selectPiece(0);
        QTimer::singleShot(100, window, [=] {
            grab(window, dir, "dispute.png");
            game->selectFeature(-1, 0, 0);
        });
    });
    QObject::connect(game, &GameController::sampleFinished, window, [=] {
        QTimer::singleShot(300, window, [=] {
            bool ok = grab(window, dir, "final.png") && *tookLive && game->finished();
            const ScoreboardModel* board = game->scoreboard();
            const std::vector<int>& expected = carc::sampleGame().finalScores;
            std::printf("final scores shown:");
            for (int row = 0; row < board->rowCount(); ++row) {
                const QModelIndex i = board->index(row);
                const int shown = board->data(i, ScoreboardModel::ScoreRole).toInt();
                std::printf(" %s %d",
                            qPrintable(board->data(i, ScoreboardModel::NameRole).toString()),
                            shown);
                ok = ok && size_t(row) < expected.size() && shown == expected[size_t(row)];
            }
            ok = ok && size_t(board->rowCount()) == expected.size();
            std::printf("\n%s\n", ok ? "the scoreboard shows the engine's final scores"
                                     : "MISMATCH: the scoreboard differs from the engine");
            if (!game->alert().isEmpty()) std::printf("alert: %s\n", qPrintable(game->alert()));
            std::fflush(stdout);
            QCoreApplication::exit(ok ? 0 : 1);
        });
    });
}

} // namespace

int main(int argc, char* argv[]) {
    vision::keepFrameMemory(); // the camera's pictures are read one after another
    QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName("Carcassonne Scorer");
    QGuiApplication::setOrganizationName("carcassonne-scorer");

    QCommandLineParser cli;
    cli.addHelpOption();
    QCommandLineOption screenshot("screenshot",
                                  "Save the window to FILE after start-up, then quit.", "FILE");
    QCommandLineOption history("history", "The game history database.", "FILE");
    QCommandLineOption screen("screen", "The screen to open: catalogues or history.", "NAME");
    QCommandLineOption game("game", "The stored game to show.", "N");
    QCommandLineOption turn("turn", "The turn of that game to show.", "K");
    QCommandLineOption lang("lang", "The language of explanations: en, ro or nl.", "CODE");
    QCommandLineOption sample("sample", "Play the bundled sample game.");
    QCommandLineOption interval("interval", "Milliseconds between the sample's actions.", "MS",
                                "700");
    QCommandLineOption tour("tour", "Screenshots of the sample game into DIR, then quit.", "DIR");
    cli.addOptions({screenshot, history, screen, game, turn, lang, sample, interval, tour});
    cli.process(app);
    if (cli.isSet(history)) setHistoryDatabasePath(cli.value(history));

    QQmlApplicationEngine engine;
    engine.addImageProvider("tiles", new TileImageProvider); // the engine owns it
    engine.setInitialProperties({{"startScreen", cli.value(screen)},
                                 {"startGame", cli.isSet(game) ? cli.value(game).toInt() : -1},
                                 {"startTurn", cli.isSet(turn) ? cli.value(turn).toInt() : -1},
                                 {"startLanguage", cli.isSet(lang) ? cli.value(lang) : "en"},
                                 {"startSample", cli.isSet(sample)},
                                 {"sampleInterval", cli.value(interval).toInt()}});
    // Qt 6.4 has no loadFromModule: load the module's resource URL.
    const QUrl url(QStringLiteral("qrc:/Carcassonne/Main.qml"));
    QObject::connect(
        &engine, &QQmlApplicationEngine::objectCreated, &app,
        [url](QObject* obj, const QUrl& objUrl) {
            if (!obj && url == objUrl) QCoreApplication::exit(1);
        },
        Qt::QueuedConnection);
    engine.load(url);
    if (engine.rootObjects().isEmpty()) return 1;

    if (cli.isSet(screenshot)) {
        auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
        const QString file = cli.value(screenshot);
        QTimer::singleShot(1500, &app, [window, file] {
            const bool saved = window && window->grabWindow().save(file);
            if (window) std::printf("window title: %s\n", qPrintable(window->title()));
            std::fprintf(saved ? stdout : stderr, "%s %s\n",
                         saved ? "screenshot saved to" : "could not save a screenshot to",
                         qPrintable(file));
            std::fflush(stdout); // a sanitizer's report at exit must not swallow it
            QCoreApplication::exit(saved ? 0 : 1);
        });
    }
    if (cli.isSet(tour)) {
        auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
        auto* controller = window->findChild<GameController*>("gameController");
        if (!controller || !cli.isSet(sample)) {
            std::fprintf(stderr, "--tour needs --sample and the game screen\n");
            return 2;
        }
        startTour(window, controller, QDir(cli.value(tour)));
    }
    return app.exec();
}
