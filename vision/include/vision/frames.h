// From a camera stream to the pictures worth reading (a live camera or a video file): a frame
// is handed on once the picture has held still for a few frames (no hand moving over the
// table, no camera shake), once per still spell, and only when it differs from the last frame
// handed on. Frames are compared small and grey, so a frame costs well under a millisecond.
#pragma once

#include <opencv2/core.hpp>

#include <functional>
#include <memory>
#include <string>

namespace cv {
class VideoCapture;
}

namespace vision {

struct StableFrameParams {
    int width = 320;            // frames are compared at this width, grey and blurred
    int pixelChange = 16;       // a pixel changed when it differs by more (0..255)
    double stillShare = 0.0004; // two frames are alike when fewer of their pixels changed: a
                                // new tile is ~2% of a board picture, a piece ~0.1%
    int holdFrames = 3;         // alike for this many frames in a row: the picture is stable
};

class StableFrameGate {
public:
    explicit StableFrameGate(StableFrameParams p = {}) : p_(p) {}
    // True when `frame` completes a still spell that differs from the last frame handed on:
    // the caller reads this frame. An empty frame is passed over.
    bool push(const cv::Mat& frame);
    int frames() const { return frames_; } // pushed so far

private:
    cv::Mat small(const cv::Mat& frame) const;
    StableFrameParams p_;
    cv::Mat anchor_, handed_; // the still spell's first frame; the last frame handed on
    int stillFor_ = 0, frames_ = 0;
    bool spellHanded_ = false;
};

// A video file read frame by frame: FFmpeg's reader, else OpenCV's own Motion JPEG one.
class VideoReader {
public:
    VideoReader();
    ~VideoReader();
    // False with *error ("FILE: what") when the file is missing or not a video.
    bool open(const std::string& file, std::string* error);
    // The next frame (BGR) in a new buffer, so a frame kept stays as it was; false at the end.
    bool next(cv::Mat* frame);
    int index() const { return index_; } // frames read so far
    int count() const;                   // frames in the file, as it says (0: unknown)

private:
    std::unique_ptr<cv::VideoCapture> video_;
    int index_ = 0;
};

// A video file's frames, in order, through `onFrame(index, frame)` (BGR); false with *error
// ("FILE: what") when the file cannot be opened as a video. onFrame returns false to stop.
bool readVideo(const std::string& file, const std::function<bool(int, const cv::Mat&)>& onFrame,
               std::string* error);

} // namespace vision
