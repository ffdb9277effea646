#include "vision/image_io.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
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

std::vector<std::string> picturesIn(const std::string& folder) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(folder, ec)) {
        std::string ext = e.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (ext == ".jpg" || ext == ".jpeg" || ext == ".png" || ext == ".bmp")
            out.push_back(e.path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string thumbnailJpeg(const cv::Mat& bgr, int width) {
    if (bgr.empty() || width <= 0) return {};
    cv::Mat small;
    cv::resize(bgr, small, cv::Size(width, std::max(1, bgr.rows * width / std::max(1, bgr.cols))),
               0, 0, cv::INTER_AREA);
    std::vector<uchar> jpeg;
    cv::imencode(".jpg", small, jpeg, {cv::IMWRITE_JPEG_QUALITY, 75});
    return std::string(jpeg.begin(), jpeg.end());
}

} // namespace vision
