// What the camera sees, for the game screen: a folder of photos taken turn by turn (a live
// camera and video files feed the same class later), each read by vision's GameTracker on a
// worker thread against the engine's state, never on the UI thread: the tile and the piece (or
// none), each photo compared with the last settled one. The picture and its recognised grid
// are exposed for drawing; each reading goes to the GameController, which plays the turn the
// camera read or raises the discrepancy as an alert.
#pragma once

#include "vision/tracker.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>

class CameraFeed : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("made by GameController")
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(bool busy READ busy NOTIFY changed)
    Q_PROPERTY(QString status READ status NOTIFY changed)
    Q_PROPERTY(QString image READ image NOTIFY changed) // file URL of the picture shown
    Q_PROPERTY(int imageWidth READ imageWidth NOTIFY changed)
    Q_PROPERTY(int imageHeight READ imageHeight NOTIFY changed)
    // The recognised cells: {points: [x0, y0, .. x3, y3] in image pixels, status, label}.
    Q_PROPERTY(QVariantList cells READ cells NOTIFY changed)
    Q_PROPERTY(int photoIndex READ photoIndex NOTIFY changed)
    Q_PROPERTY(int photoCount READ photoCount NOTIFY changed)

public:
    explicit CameraFeed(QObject* parent = nullptr);
    ~CameraFeed() override;

    // Photos (jpg, png) of `folder` in name order, one per turn; false with *error when there
    // are none. The tiles' look for `game` is learned with the first photo, off the UI thread.
    // `references`: what the edition looks like (vision::loadReferences: "" = our drawn
    // tiles, a .refs file, or a folder of one picture per kind).
    bool openFolder(const QString& folder, const adj::GameConfig& game, const QString& references,
                    QString* error);
    void close();
    // Reads the next photo against `before` (the engine's state); observed() follows.
    bool observeNext(const adj::State& before);

    bool active() const { return !photos_.isEmpty(); }
    // From observeNext() until observed() is emitted: the job may have ended before its result
    // is delivered, and a photo read in that gap would drop it.
    bool busy() const { return reading_; }
    QString status() const { return status_; }
    QString image() const { return image_; }
    int imageWidth() const { return width_; }
    int imageHeight() const { return height_; }
    QVariantList cells() const { return cells_; }
    int photoIndex() const { return next_; }
    int photoCount() const { return int(photos_.size()); }
    bool hasNext() const { return next_ < photos_.size(); }
    QString nextPhoto() const { return hasNext() ? photos_[next_] : QString(); }
    void skipNext() { next_ += hasNext() ? 1 : 0; } // a photo of a turn already played

signals:
    void changed();
    // thumbnail: the photo small (JPEG bytes), kept with the turn in the history.
    void observed(const vision::TrackedTurn& turn, const QString& photo,
                  const std::string& thumbnail);

private:
    struct Result {
        std::shared_ptr<vision::GameTracker> tracker;
        vision::TrackedTurn turn;
        std::string error; // the photo could not be read
        std::string thumbnail;
        cv::Mat image; // the photo, kept when the players must settle it
        int tiles = 0; // on the board it was read against
        double millis = 0;
    };
    void finished();
    QStringList photos_;
    int next_ = 0;
    QString status_, image_, current_;
    int width_ = 0, height_ = 0;
    QVariantList cells_;
    adj::GameConfig game_;
    std::string references_;
    std::shared_ptr<vision::GameTracker> tracker_; // made by the first job; one job at a time
    // The last photo the camera could not read: once the players have entered its turn, it
    // shows the board as the game has it, and the next photo is compared with it.
    cv::Mat unsettled_;
    int unsettledTiles_ = 0;
    QFutureWatcher<Result> watcher_;
    bool reading_ = false;
};
