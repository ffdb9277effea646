// `carcassonne-gui`: the Qt Quick application. All logic lives in libraries; this only starts QML.
//   --screenshot FILE   save a picture of the window once it has rendered, then quit
//                       (used by the end-to-end tests under Xvfb)
//   --history FILE      the game history database (default: the user's)
//   --screen history [--game N] [--turn K] [--lang en|ro|nl]   open on a stored game
#include "history_model.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>
#include <QUrl>

#include <cstdio>

int main(int argc, char* argv[]) {
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
    cli.addOptions({screenshot, history, screen, game, turn, lang});
    cli.process(app);
    if (cli.isSet(history)) setHistoryDatabasePath(cli.value(history));

    QQmlApplicationEngine engine;
    engine.setInitialProperties({{"startScreen", cli.value(screen)},
                                 {"startGame", cli.isSet(game) ? cli.value(game).toInt() : -1},
                                 {"startTurn", cli.isSet(turn) ? cli.value(turn).toInt() : -1},
                                 {"startLanguage", cli.isSet(lang) ? cli.value(lang) : "en"}});
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
            std::fprintf(saved ? stdout : stderr, "%s %s\n",
                         saved ? "screenshot saved to" : "could not save a screenshot to",
                         qPrintable(file));
            std::fflush(stdout); // a sanitizer's report at exit must not swallow it
            QCoreApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
