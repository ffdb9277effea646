// What the camera sees, for the game screen: a folder of photos taken turn by turn, a video
// file or a live camera whose still frames are read (vision::StableFrameGate), each read by
// vision's GameTracker on a worker thread against the engine's state, never on the UI thread:
// the tile and the piece (or none), each picture compared with the last settled one. The
// picture and its recognised grid are exposed for drawing; each reading goes to the GameController,
// which plays the turn the camera read or raises the discrepancy as an alert.
#pragma once

#include "vision/frames.h"
#include "vision/tracker.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QTemporaryDir>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>

class QCamera;
class QMediaCaptureSession;
class QVideoSink;

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
    // The pieces seen on the new tile: {x, y (where each stands, image pixels), colour (as seen,
    // "#rrggbb")}.
    Q_PROPERTY(QVariantList pieces READ pieces NOTIFY changed)
    // Each player's colour as the camera knows it: "#rrggbb", or "" while it is not known (it
    // is then learned from the player's first piece).
    Q_PROPERTY(QStringList playerColours READ playerColours NOTIFY changed)
    // A live camera, before the first turn: the players show it their pieces (no frame is read
    // as a turn meanwhile); what the last calibration said.
    Q_PROPERTY(bool calibrating READ calibrating NOTIFY changed)
    Q_PROPERTY(QString calibrationNote READ calibrationNote NOTIFY changed)
    Q_PROPERTY(int photoIndex READ photoIndex NOTIFY changed)
    Q_PROPERTY(int photoCount READ photoCount NOTIFY changed)

public:
    explicit CameraFeed(QObject* parent = nullptr);
    ~CameraFeed() override;

    // Photos (jpg, png) of `folder` in name order, one per turn (calibration-N pictures first
    // give the players' colours, vision::calibrateFrom), or, when `folder` is a file, a
    // video's still frames; false with *error when there are none or the video cannot be read. The
    // tiles' look for `game` is learned with the first photo, off the UI thread. `references`: what
    // the edition looks like (vision::loadReferences: "" = our drawn tiles, a .refs file, or a
    // folder of one picture per kind).
    bool openFolder(const QString& folder, const adj::GameConfig& game, const QString& references,
                    QString* error);
    // A live camera (Qt Multimedia's default video input); false with *error when none is
    // attached. Its frames go through pushFrame().
    bool openCamera(const adj::GameConfig& game, const QString& references, QString* error);
    static bool cameraAttached();
    // A stream of frames pushed one by one (by the camera, or a test): each still spell's frame
    // (vision::StableFrameGate) is kept, and read once the game asks for the next turn.
    bool openStream(const adj::GameConfig& game, const QString& references, QString* error);
    void pushFrame(const cv::Mat& bgr);
    // Calibration of a stream: the latest frame is the table before the first turn without
    // pieces (player -1), or with a few of `player`'s pieces added (vision::calibrateColour).
    // False when refused: calibrationNote says why. It ends once every player's colour is
    // known, or with finishCalibration() (the rest learned from their first pieces).
    Q_INVOKABLE bool capturePlayerColour(int player);
    Q_INVOKABLE void finishCalibration();
    void close();
    // The language the camera's words (vision::Said) are shown in from now on.
    void setLanguage(adj::kb::Lang lang) { lang_ = lang; }
    adj::kb::Lang language() const { return lang_; }
    // Reads the next photo against `before` (the engine's state); observed() follows.
    bool observeNext(const adj::State& before);

    bool active() const { return !photos_.isEmpty() || video_ || live_; }
    // A video or a live camera: a picture with nothing new is passed over, not an alert.
    bool isStream() const { return video_ || live_; }
    // From observeNext() until observed() is emitted: the job may have ended before its result
    // is delivered, and a photo read in that gap would drop it.
    bool busy() const { return reading_; }
    QString status() const { return status_; }
    QString image() const { return image_; }
    int imageWidth() const { return width_; }
    int imageHeight() const { return height_; }
    QVariantList cells() const { return cells_; }
    QVariantList pieces() const { return pieces_; }
    QStringList playerColours() const;
    bool calibrating() const { return calibrating_; }
    QString calibrationNote() const { return calibrationNote_; }
    // Photos read and in all; for a video, frames.
    int photoIndex() const { return video_ || live_ ? framesRead_ : int(next_); }
    int photoCount() const { return video_ ? frameCount_ : int(photos_.size()); }
    bool hasNext() const { return live_ || (video_ ? !videoEnded_ : next_ < photos_.size()); }
    QString nextPhoto() const { return !video_ && hasNext() ? photos_[next_] : QString(); }
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
        std::vector<vision::Said> calibration; // what calibrateFrom said (the first job)
        int frame = 0;                         // a video's frames read so far
        bool ended = false;                    // the video ended before another still picture
    };
    struct Video { // one job at a time reads it
        vision::VideoReader reader;
        vision::StableFrameGate gate;
    };
    void finished();
    bool startJob(const adj::State& before);
    QStringList photos_;
    std::vector<std::string> calibrationPhotos_; // a folder's calibration-N pictures
    int next_ = 0;
    // Colours calibrated before the tracker exists (a stream), handed to it when it is made.
    vision::PlayerColours calibrated_;
    bool calibrating_ = false;
    QString calibrationNote_;
    adj::kb::Lang lang_ = adj::kb::Lang::En;
    cv::Mat lastFrame_, bareTable_; // a stream's latest frame; the table without pieces
    QString status_, image_, current_;
    int width_ = 0, height_ = 0;
    QVariantList cells_, pieces_;
    adj::GameConfig game_;
    std::string references_;
    std::shared_ptr<vision::GameTracker> tracker_; // made by the first job; one job at a time
    // The last photo the camera could not read: once the players have entered its turn, it
    // shows the board as the game has it, and the next photo is compared with it.
    cv::Mat unsettled_;
    int unsettledTiles_ = 0;
    std::shared_ptr<Video> video_;
    // The live camera: its frames come through pushFrame() on this thread.
    std::unique_ptr<QCamera> camera_;
    std::unique_ptr<QMediaCaptureSession> session_;
    std::unique_ptr<QVideoSink> sink_;
    bool live_ = false;
    vision::StableFrameGate liveGate_;
    cv::Mat stillFrame_;               // the last still frame not read yet
    std::optional<adj::State> wanted_; // the game waits for its next turn from this state
    QTemporaryDir frameDir_;           // the still frames read, for the window to show
    int framesRead_ = 0, frameCount_ = 0;
    bool videoEnded_ = false;
    QFutureWatcher<Result> watcher_;
    bool reading_ = false;
};
