// Reading images with errors that say what is wrong and where, never a crash.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace vision {

struct ImageResult {
    cv::Mat image;     // BGR, 8 bits per channel; empty on error
    std::string error; // "" on success
    bool ok() const { return error.empty(); }
};

ImageResult readImage(const std::string& path);

// The pictures in `folder` (.jpg, .jpeg, .png, .bmp, any case), full paths in name order;
// empty when there are none or the folder cannot be read.
std::vector<std::string> picturesIn(const std::string& folder);

// A small copy of a picture as JPEG bytes (`width` pixels wide, about 20 KB at 320): what the
// history keeps with a turn the camera saw.
std::string thumbnailJpeg(const cv::Mat& bgr, int width = 320);

} // namespace vision
