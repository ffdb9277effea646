#include "camera_feed.h"

#include "vision/image_io.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QCamera>
#include <QCameraDevice>
#include <QColor>
#include <QFileInfo>
#include <QImage>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QUrl>
#include <QVideoFrame>
#include <QVideoSink>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace {

// An L*a*b* colour as QML's "#rrggbb".
QString labColourName(const cv::Vec3f& lab) {
    cv::Mat px(1, 1, CV_32FC3, cv::Scalar(lab[0], lab[1], lab[2])), bgr;
    cv::cvtColor(px, bgr, cv::COLOR_Lab2BGR);
    const cv::Vec3f c = bgr.at<cv::Vec3f>(0, 0) * 255.0f;
    return QColor::fromRgb(qBound(0, int(c[2]), 255), qBound(0, int(c[1]), 255),
                           qBound(0, int(c[0]), 255))
        .name();
}

} // namespace

CameraFeed::CameraFeed(QObject* parent) : QObject(parent) {
    connect(&watcher_, &QFutureWatcher<Result>::finished, this, &CameraFeed::finished);
}

CameraFeed::~CameraFeed() {
    watcher_.waitForFinished(); // the job holds the tracker and a state copy
}

bool CameraFeed::openFolder(const QString& folder, const adj::GameConfig& game,
                            const QString& references, QString* error) {
    close();
    game_ = game;
    references_ = references.toStdString();
    calibrated_ = vision::PlayerColours(game.players);
    if (QFileInfo(folder).isFile()) { // a video: its still frames are read, one per turn
        auto video = std::make_shared<Video>();
        std::string why;
        if (!video->reader.open(folder.toStdString(), &why) || !frameDir_.isValid()) {
            if (error) *error = QString::fromStdString(why);
            return false;
        }
        video_ = video;
        frameCount_ = video_->reader.count();
        status_ = tr("A video to follow: %n frame(s)", "", frameCount_);
        emit changed();
        return true;
    }
    for (const std::string& p : vision::picturesIn(folder.toStdString())) {
        if (vision::calibrationPlayer(p) >= -1)
            calibrationPhotos_.push_back(p);
        else
            photos_ << QString::fromStdString(p);
    }
    if (photos_.isEmpty()) {
        if (error) *error = tr("%1: no photos (jpg or png) in this folder").arg(folder);
        return false;
    }
    status_ = tr("%n photo(s) to follow", "", int(photos_.size()));
    emit changed();
    return true;
}

void CameraFeed::close() {
    watcher_.waitForFinished();
    reading_ = false; // a result still on its way is dropped
    photos_.clear();
    calibrationPhotos_.clear();
    calibrated_ = vision::PlayerColours();
    calibrating_ = false;
    calibrationNote_.clear();
    lastFrame_ = bareTable_ = cv::Mat();
    video_.reset();
    if (camera_) camera_->stop();
    sink_.reset(), session_.reset(), camera_.reset();
    live_ = false;
    liveGate_ = vision::StableFrameGate();
    stillFrame_ = cv::Mat();
    wanted_.reset();
    videoEnded_ = false;
    framesRead_ = frameCount_ = 0;
    next_ = 0;
    tracker_.reset();
    unsettled_ = cv::Mat();
    status_.clear();
    image_.clear();
    cells_.clear(), pieces_.clear();
    emit changed();
}

bool CameraFeed::openStream(const adj::GameConfig& game, const QString& references,
                            QString* error) {
    close();
    if (!frameDir_.isValid()) {
        if (error) *error = tr("No temporary folder for the camera's pictures");
        return false;
    }
    game_ = game;
    references_ = references.toStdString();
    live_ = true;
    calibrated_ = vision::PlayerColours(game.players);
    calibrating_ = true;
    calibrationNote_ = tr("Show the camera the table without pieces, then each player's pieces "
                          "(or skip: each colour is then learned from the player's first piece).");
    status_ = tr("Waiting for a still picture from the camera…");
    emit changed();
    return true;
}

bool CameraFeed::cameraAttached() {
    return !QMediaDevices::videoInputs().isEmpty();
}

bool CameraFeed::openCamera(const adj::GameConfig& game, const QString& references,
                            QString* error) {
    const QCameraDevice device = QMediaDevices::defaultVideoInput();
    if (device.isNull()) {
        if (error) *error = tr("No camera is attached.");
        return false;
    }
    if (!openStream(game, references, error)) return false;
    camera_ = std::make_unique<QCamera>(device);
    session_ = std::make_unique<QMediaCaptureSession>();
    sink_ = std::make_unique<QVideoSink>();
    session_->setCamera(camera_.get());
    session_->setVideoSink(sink_.get());
    // Frames may arrive on the camera's thread: queued to this one.
    connect(
        sink_.get(), &QVideoSink::videoFrameChanged, this,
        [this](const QVideoFrame& frame) {
            const QImage image = frame.toImage().convertToFormat(QImage::Format_BGR888);
            if (image.isNull()) return;
            pushFrame(cv::Mat(image.height(), image.width(), CV_8UC3,
                              const_cast<uchar*>(image.constBits()), size_t(image.bytesPerLine()))
                          .clone()); // a copy: the image goes away
        },
        Qt::QueuedConnection);
    camera_->start();
    status_ = tr("Camera %1: waiting for a still picture…").arg(device.description());
    emit changed();
    return true;
}

void CameraFeed::pushFrame(const cv::Mat& bgr) {
    if (!live_ || bgr.empty()) return;
    ++framesRead_;
    lastFrame_ = bgr;
    if (!liveGate_.push(bgr)) return;
    stillFrame_ = bgr;
    if (calibrating_ || !wanted_ || busy()) return;
    const adj::State before = std::move(*wanted_); // startJob copies it into the job
    wanted_.reset();
    startJob(before);
}

bool CameraFeed::capturePlayerColour(int player) {
    if (!live_ || !calibrating_) return false;
    bool taken = false;
    if (lastFrame_.empty()) {
        calibrationNote_ = tr("No picture from the camera yet.");
    } else if (player < 0) {
        bareTable_ = lastFrame_;
        taken = true;
        calibrationNote_ = tr("The table without pieces is taken: now each player's pieces.");
    } else if (bareTable_.empty()) {
        calibrationNote_ = tr("First show the camera the table without pieces.");
    } else {
        const vision::Calibration c =
            vision::calibrateColour(bareTable_, lastFrame_, player, calibrated_);
        if (c.ok) {
            calibrated_.set(player, c.lab);
            if (tracker_) tracker_->setPlayerColour(player, c.lab);
        }
        taken = c.ok;
        calibrationNote_ = c.ok
                               ? tr("Player %1's colour is learned from %n piece(s).", "", c.pieces)
                                     .arg(player + 1)
                               : tr("Player %1's colour is not learned: %2")
                                     .arg(player + 1)
                                     .arg(QString::fromStdString(c.problem.in(lang_)));
    }
    if (calibrated_.allKnown())
        finishCalibration(); // emits changed()
    else
        emit changed();
    return taken;
}

void CameraFeed::finishCalibration() {
    if (!calibrating_) return;
    calibrating_ = false;
    // The frames of the pieces shown are no turn: the next still frame is.
    stillFrame_ = cv::Mat();
    emit changed();
}

QStringList CameraFeed::playerColours() const {
    const vision::PlayerColours& known = tracker_ ? tracker_->colours() : calibrated_;
    QStringList out;
    for (int p = 0; p < known.players(); ++p)
        out << (known.known(p) ? labColourName(known.colour(p)) : QString());
    return out;
}

bool CameraFeed::observeNext(const adj::State& before) {
    if (busy() || !hasNext()) return false;
    if (live_) { // read the still frame there is, or the next one
        if (stillFrame_.empty() || calibrating_)
            wanted_ = before;
        else
            startJob(before);
        return true;
    }
    return startJob(before);
}

bool CameraFeed::startJob(const adj::State& before) {
    // The photo the camera could not read shows the turn the players then entered.
    if (tracker_ && !unsettled_.empty() && before.board().size() > unsettledTiles_)
        tracker_->resolved(unsettled_, before);
    unsettled_ = cv::Mat();
    cv::Mat still;
    if (live_) {
        still = std::exchange(stillFrame_, cv::Mat());
        status_ = tr("Reading the camera's picture…");
        current_ = frameDir_.filePath(QStringLiteral("camera-%1.jpg").arg(framesRead_));
    } else if (video_) {
        status_ = tr("Waiting for a still picture in the video…");
        current_ = frameDir_.filePath(QStringLiteral("frame-%1.jpg").arg(framesRead_));
    } else {
        current_ = photos_[next_++];
        image_ = QUrl::fromLocalFile(current_).toString();
        status_ = tracker_ ? tr("Reading photo %1 of %2…").arg(next_).arg(photos_.size())
                           : tr("Learning the tiles' look, then reading photo %1…").arg(next_);
    }
    cells_.clear(), pieces_.clear();
    reading_ = true;
    const std::string path = current_.toStdString();
    watcher_.setFuture(QtConcurrent::run(
        [tracker = tracker_, game = game_, refsFrom = references_, before, path, video = video_,
         still, calibrated = calibrated_, calibration = calibrationPhotos_] {
            Result r;
            r.tiles = before.board().size();
            // The first photo also learns the edition's look (enrolment), off the UI thread.
            r.tracker = tracker;
            if (!r.tracker) {
                const std::optional<vision::ReferenceSet> refs =
                    vision::loadReferences(refsFrom, vision::gameSets(game), &r.error);
                if (!refs) {
                    r.error = "cannot learn the tiles' look: " + r.error;
                    return r;
                }
                r.tracker = std::make_shared<vision::GameTracker>(*refs, game);
                for (int p = 0; p < calibrated.players(); ++p) // a stream's calibration
                    if (calibrated.known(p)) r.tracker->setPlayerColour(p, calibrated.colour(p));
                r.calibration = vision::calibrateFrom(*r.tracker, calibration); // a folder's
            }
            vision::ImageResult img;
            if (!still.empty()) { // a live camera's still frame
                img.image = still;
                cv::imwrite(path, img.image, {cv::IMWRITE_JPEG_QUALITY, 85});
            } else if (video) { // the next still frame, kept as a file for the window to show
                bool stable = false;
                while (!stable && video->reader.next(&img.image))
                    stable = video->gate.push(img.image);
                r.frame = video->reader.index();
                if (!stable) {
                    r.ended = true;
                    return r;
                }
                cv::imwrite(path, img.image, {cv::IMWRITE_JPEG_QUALITY, 85});
            } else {
                img = vision::readImage(path);
            }
            if (!img.ok()) {
                r.error = img.error;
                return r;
            }
            const auto start = std::chrono::steady_clock::now();
            r.turn = r.tracker->observe(before, img.image);
            r.millis =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            // A photo is taken after its turn, so once the players enter the turn it shows it;
            // a still frame of a video or a camera may be a hand held over the table before it.
            if (r.turn.status != vision::TrackedTurn::Status::Turn && !video && still.empty())
                r.image = img.image;
            r.thumbnail = vision::thumbnailJpeg(img.image); // kept with the turn in the history
            return r;
        }));
    emit changed();
    return true;
}

void CameraFeed::finished() {
    if (!reading_) return; // closed meanwhile
    const Result r = watcher_.result();
    reading_ = false;
    if (live_) image_ = QUrl::fromLocalFile(current_).toString();
    if (video_) {
        framesRead_ = r.frame;
        if (r.ended) {
            videoEnded_ = true;
            tracker_ = r.tracker;
            status_ = tr("The video has ended");
            emit changed();
            return;
        }
        image_ = QUrl::fromLocalFile(current_).toString();
    }
    tracker_ = r.tracker;
    if (!r.calibration.empty()) {
        QStringList said;
        for (const vision::Said& line : r.calibration)
            said << QString::fromStdString(line.in(lang_));
        calibrationNote_ = said.join('\n');
    }
    unsettled_ = r.image, unsettledTiles_ = r.tiles;
    if (!r.error.empty()) {
        status_ = QString::fromStdString(r.error);
        vision::TrackedTurn failed;
        failed.status = vision::TrackedTurn::Status::Discrepancy;
        failed.problem = vision::Said::literal(r.error);
        emit changed();
        emit observed(failed, current_, {});
        return;
    }
    const vision::Recognition& rec = r.turn.tile.recognition;
    width_ = rec.width;
    height_ = rec.height;
    cells_.clear(), pieces_.clear();
    for (const vision::CellResult& c : rec.cells) {
        QVariantList points;
        for (const cv::Point2f& p : c.corners) points << double(p.x) << double(p.y);
        cells_.push_back(
            QVariantMap{{"points", points},
                        {"status", QString::fromLatin1(vision::cellStatusName(c.status))},
                        {"label", QString::fromStdString(c.kind)}});
    }
    for (const vision::PieceBlob& b : r.turn.pieces)
        pieces_.push_back(QVariantMap{{"x", double(b.baseInImage.x)},
                                      {"y", double(b.baseInImage.y)},
                                      {"colour", labColourName(b.lab)}});
    status_ = tr("Photo %1 of %2 read in %3 ms").arg(next_).arg(photos_.size()).arg(int(r.millis));
    for (const vision::Said& w : r.turn.warnings)
        status_ += "\n" + QString::fromStdString(w.in(lang_));
    emit changed();
    emit observed(r.turn, current_, r.thumbnail);
}
