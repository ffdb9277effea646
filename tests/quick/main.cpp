// Qt Quick tests of the QML components (tst_*.qml here), offscreen, with the application's own
// QML module and C++ types; the history goes to a temporary SQLite file.
#include "history_model.h"
#include "tile_image_provider.h"

#include <QDir>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQuickTest>

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable() { setHistoryDatabasePath(dir_.filePath("history.sqlite")); }
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/")); // the Carcassonne module's resources
        engine->addImageProvider("tiles", new TileImageProvider);
    }

private:
    QTemporaryDir dir_;
};

QUICK_TEST_MAIN_WITH_SETUP(carcassonne_quick, Setup)

#include "main.moc"
