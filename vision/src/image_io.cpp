#include "vision/image_io.h"

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

namespace vision {

ImageResult readImage(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return {{}, path + ": no such file"};
    cv::Mat m;
    try {
        m = cv::imread(path, cv::IMREAD_COLOR);
    } catch (const cv::Exception& e) {
        return {{}, path + ": cannot decode the image (" + e.msg + ")"};
    }
    if (m.empty())
        return {{}, path + ": cannot decode the image (not a format OpenCV reads, or corrupt)"};
    return {m, ""};
}

} // namespace vision
