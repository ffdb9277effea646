// Qt Quick tests of the QML components (tst_*.qml here), offscreen, with the application's own
// QML module and C++ types; the history goes to a temporary SQLite file.
#include "history_model.h"
#include "tile_image_provider.h"

#include "adjudicator/random_game.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include <opencv2/imgcodecs.hpp>

#include <QDir>
#include <QQmlContext>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQuickTest>

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable() {
        setHistoryDatabasePath(dir_.filePath("history.sqlite"));
        // Enrolled tile sets are kept under the data folder: a temporary one.
        qputenv("XDG_DATA_HOME", dir_.filePath("data").toLocal8Bit());
    }
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/")); // the Carcassonne module's resources
        engine->addImageProvider("tiles", new TileImageProvider);
        // A 2-player base game for the camera test: its first turns as action texts (played by
        // hand), photos of the next ones, and where screenshots go.
        QStringList byHand, photographed; // the latter: the truth of each photo's tile
        const QString photos = dir_.filePath("photos");
        QDir().mkpath(photos);
        adj::State replay = *adj::State::create(adj::GameConfig::forSet("base", 2));
        adj::RandomGameOptions o;
        o.maxTiles = 19;
        int tiles = 0;
        o.onStep = [&](const adj::State&, const adj::RandomStep& step) {
            const std::string text = adj::actionText(replay, step);
            adj::apply(replay, step);
            if (step.kind != adj::Action::Kind::Tile) return;
            if (++tiles <= 14) {
                byHand << QString::fromStdString(text);
                return;
            }
            photographed << QString::fromStdString(text);
            vision::SceneParams p;
            p.seed = 300 + std::uint64_t(tiles);
            p.tiltDeg = 15;
            p.fill = 0.6;
            cv::imwrite(QDir(photos)
                            .filePath(QString("turn-%1.jpg").arg(tiles, 3, 10, QChar('0')))
                            .toStdString(),
                        vision::renderScene(replay, p).image);
        };
        adj::playRandomGame(adj::GameConfig::forSet("base", 2), 31, o);
        // Pictures of the base game's tiles in another look, one per kind, to enrol.
        const QString pictures = dir_.filePath("autumn-tiles");
        QDir().mkpath(pictures);
        for (const tiledb::TileKind& k : tiledb::Catalogue::bundled().set("base")->kinds)
            cv::imwrite(
                QDir(pictures).filePath(QString::fromStdString(k.id + ".png")).toStdString(),
                vision::drawTile(k, 0, 128, 5, vision::ProceduralPalette::autumn()));
        engine->rootContext()->setContextProperty("tilePictures", pictures);
        engine->rootContext()->setContextProperty("handTiles", byHand);
        engine->rootContext()->setContextProperty("photoTiles", photographed);
        engine->rootContext()->setContextProperty("photoFolder", photos);
        engine->rootContext()->setContextProperty("screenshotDir",
                                                  QStringLiteral(CARC_SCREENSHOT_DIR));
    }

private:
    QTemporaryDir dir_;
};

QUICK_TEST_MAIN_WITH_SETUP(carcassonne_quick, Setup)

#include "main.moc"
