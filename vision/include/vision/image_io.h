// Reading images with errors that say what is wrong and where, never a crash.
#pragma once

#include <opencv2/core.hpp>

#include <string>

namespace vision {

struct ImageResult {
    cv::Mat image;     // BGR, 8 bits per channel; empty on error
    std::string error; // "" on success
    bool ok() const { return error.empty(); }
};

ImageResult readImage(const std::string& path);

// A small copy of a picture as JPEG bytes (`width` pixels wide, about 20 KB at 320): what the
// history keeps with a turn the camera saw.
std::string thumbnailJpeg(const cv::Mat& bgr, int width = 320);

} // namespace vision
