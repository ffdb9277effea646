#include "vision/frames.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <filesystem>

namespace vision {

cv::Mat StableFrameGate::small(const cv::Mat& frame) const {
    cv::Mat grey = frame, out;
    if (frame.channels() == 3) cv::cvtColor(frame, grey, cv::COLOR_BGR2GRAY);
    const int w = std::max(8, p_.width);
    cv::resize(grey, out, cv::Size(w, std::max(1, frame.rows * w / std::max(1, frame.cols))), 0, 0,
               cv::INTER_AREA);
    cv::GaussianBlur(out, out, cv::Size(3, 3), 0); // sensor noise is not motion
    return out;
}

bool StableFrameGate::push(const cv::Mat& frame) {
    if (frame.empty()) return false;
    ++frames_;
    const cv::Mat now = small(frame);
    auto alike = [&](const cv::Mat& a) {
        if (a.empty() || a.size() != now.size()) return false;
        cv::Mat d;
        cv::absdiff(a, now, d);
        return cv::countNonZero(d > p_.pixelChange) < p_.stillShare * double(d.total());
    };
    // A spell is still while frames stay alike to its first one: a slow change (a hand
    // easing in, the light drifting) adds up and ends it.
    if (alike(anchor_)) {
        ++stillFor_;
    } else {
        anchor_ = now;
        stillFor_ = 0;
        spellHanded_ = false;
    }
    if (spellHanded_ || stillFor_ + 1 < p_.holdFrames) return false;
    spellHanded_ = true;
    if (alike(handed_)) return false; // still again, but as before: nothing happened
    handed_ = now;
    return true;
}

VideoReader::VideoReader() = default;
VideoReader::~VideoReader() = default;

bool VideoReader::open(const std::string& file, std::string* error) {
    index_ = 0;
    video_ = std::make_unique<cv::VideoCapture>();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        *error = file + ": no such file";
        return false;
    }
    // Named backends only: trying every backend in turn logs each one's failure.
    try {
        for (const int api : {int(cv::CAP_FFMPEG), int(cv::CAP_OPENCV_MJPEG)})
            if (!video_->isOpened()) video_->open(file, api);
    } catch (const cv::Exception& e) {
        *error = file + ": cannot be opened as a video (" + e.msg + ")";
        return false;
    }
    if (!video_->isOpened()) {
        *error = file + ": cannot be opened as a video (not a format OpenCV reads, or corrupt)";
        return false;
    }
    return true;
}

bool VideoReader::next(cv::Mat* frame) {
    *frame = cv::Mat(); // a new buffer: the reader may otherwise reuse the last one
    if (!video_ || !video_->isOpened() || !video_->read(*frame) || frame->empty()) return false;
    ++index_;
    return true;
}

int VideoReader::count() const {
    return video_ && video_->isOpened() ? std::max(0, int(video_->get(cv::CAP_PROP_FRAME_COUNT)))
                                        : 0;
}

bool readVideo(const std::string& file, const std::function<bool(int, const cv::Mat&)>& onFrame,
               std::string* error) {
    VideoReader video;
    if (!video.open(file, error)) return false;
    cv::Mat frame;
    while (video.next(&frame))
        if (!onFrame(video.index() - 1, frame)) break;
    return true;
}

} // namespace vision
