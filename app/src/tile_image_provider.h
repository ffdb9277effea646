// Tile faces for the window's board ("image://tiles/<kind id>"), drawn by vision's procedural
// tile art from the catalogue alone, north up (QML turns them). Drawn once per kind and size.
#pragma once

#include <QHash>
#include <QImage>
#include <QMutex>
#include <QQuickImageProvider>

class TileImageProvider : public QQuickImageProvider {
public:
    TileImageProvider();
    QImage requestImage(const QString& id, QSize* size, const QSize& requestedSize) override;

private:
    QMutex mutex_; // the QML engine may ask from its loader threads
    QHash<QString, QImage> cache_;
};
