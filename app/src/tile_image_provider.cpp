#include "tile_image_provider.h"

#include "tiledb/catalogue.h"
#include "vision/tile_art.h"

#include <opencv2/imgproc.hpp>

namespace {
const tiledb::TileKind* findKind(const std::string& id) {
    const tiledb::Catalogue& catalogue = tiledb::Catalogue::bundled();
    for (const std::string& set : catalogue.setIds())
        for (const tiledb::TileKind& k : catalogue.set(set)->kinds)
            if (k.id == id) return &k;
    return nullptr;
}
} // namespace

TileImageProvider::TileImageProvider() : QQuickImageProvider(QQuickImageProvider::Image) {}

QImage TileImageProvider::requestImage(const QString& id, QSize* size, const QSize& requestedSize) {
    const int side = std::clamp(requestedSize.width() > 0 ? requestedSize.width() : 96, 16, 512);
    const QString key = id + '@' + QString::number(side);
    QMutexLocker lock(&mutex_);
    QImage image = cache_.value(key);
    if (image.isNull()) {
        if (const tiledb::TileKind* kind = findKind(id.toStdString())) {
            cv::Mat rgb;
            cv::cvtColor(vision::drawTile(*kind, 0, side), rgb, cv::COLOR_BGR2RGB);
            image = QImage(rgb.data, rgb.cols, rgb.rows, int(rgb.step), QImage::Format_RGB888)
                        .copy(); // own the pixels: rgb goes away
        } else {
            image = QImage(side, side, QImage::Format_RGB888);
            image.fill(Qt::magenta); // an unknown id shows, it does not crash
        }
        cache_.insert(key, image);
    }
    if (size) *size = image.size();
    return image;
}
