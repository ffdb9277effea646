#include "vision/classifier.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace vision {

cv::Mat normalisePatch(const cv::Mat& bgr) {
    cv::Mat f;
    bgr.convertTo(f, CV_32FC3);
    cv::Scalar mean, sd;
    cv::meanStdDev(f, mean, sd);
    for (int c = 0; c < 3; ++c) sd[c] = 1.0 / std::max(sd[c], 6.0);
    cv::subtract(f, mean, f);
    cv::multiply(f, sd, f);
    return f;
}

namespace {

cv::Mat coarseVector(const cv::Mat& fineBgrOrFloat) {
    cv::Mat small;
    cv::resize(fineBgrOrFloat, small, cv::Size(TileClassifier::kCoarse, TileClassifier::kCoarse), 0,
               0, cv::INTER_AREA);
    cv::Mat v = normalisePatch(small).reshape(1, 1).clone();
    const double n = cv::norm(v);
    if (n > 0) v /= n;
    return v;
}

} // namespace

TileClassifier::TileClassifier(const ReferenceSet& refs,
                               const std::vector<const tiledb::TileKind*>& kinds) {
    for (const tiledb::TileKind* k : kinds) {
        const auto known = [&](const ReferenceImage& r) { return r.kind == k->id; };
        if (std::any_of(refs.images.begin(), refs.images.end(), known)) kinds_.push_back(k);
    }
    kindColour_.resize(kinds_.size());
    for (const ReferenceImage& r : refs.images) {
        const auto it = std::find_if(kinds_.begin(), kinds_.end(),
                                     [&](const tiledb::TileKind* k) { return k->id == r.kind; });
        if (it == kinds_.end()) continue;
        const int kind = int(it - kinds_.begin());
        cv::Mat face = r.image;
        // Every quarter turn, even of a symmetric kind: the art need not be symmetric.
        for (int rot = 0; rot < 4; ++rot) {
            Template t{kind, rot, {}, {}, {}};
            cv::Mat fine;
            cv::resize(face, fine, cv::Size(kFine, kFine), 0, 0, cv::INTER_AREA);
            // Photos are softer than reference images: blur a little to meet them halfway.
            cv::GaussianBlur(fine, fine, cv::Size(3, 3), 0.6);
            cv::Mat smooth;
            cv::GaussianBlur(fine, smooth, cv::Size(5, 5), 1.0); // grain and noise average out
            t.fine = normalisePatch(smooth);
            if (ColourStats& c = kindColour_[size_t(kind)]; !c.known)
                cv::meanStdDev(fine, c.mean, c.spread), c.known = true;
            t.coarse = coarseVector(fine);
            cv::Mat detail;
            cv::resize(face, detail, cv::Size(kDetail, kDetail), 0, 0, cv::INTER_AREA);
            cv::GaussianBlur(detail, detail, cv::Size(3, 3), 0.8);
            t.detail = normalisePatch(detail);
            templates_.push_back(t);
            cv::rotate(face, face, cv::ROTATE_90_CLOCKWISE);
        }
    }
    // Kinds this art draws alike (a Winter Edition tile drawn like a base tile from the same
    // map): one look, several kinds. Their templates differ only by grain, nowhere by a mark.
    lookOf_.resize(kinds_.size());
    for (size_t k = 0; k < kinds_.size(); ++k) lookOf_[k] = int(k);
    for (const Template& a : templates_)
        for (const Template& b : templates_) {
            if (a.kind >= b.kind || a.rotation != 0 || b.rotation != 0) continue;
            if (lookOf_[size_t(b.kind)] != b.kind) continue; // already joined
            cv::Mat d, d1;
            cv::absdiff(a.fine, b.fine, d);
            cv::transform(d, d1, cv::Matx13f(1.f / 3, 1.f / 3, 1.f / 3));
            cv::GaussianBlur(d1, d1, cv::Size(5, 5), 1.5);
            double most;
            cv::minMaxLoc(d1, nullptr, &most);
            if (most < 0.3) lookOf_[size_t(b.kind)] = lookOf_[size_t(a.kind)];
        }
    coarseMatrix_ = cv::Mat(int(templates_.size()), kCoarse * kCoarse * 3, CV_32F);
    for (size_t i = 0; i < templates_.size(); ++i)
        templates_[i].coarse.copyTo(coarseMatrix_.row(int(i)));
}

std::vector<int> TileClassifier::lookAlikes(int kind) const {
    std::vector<int> out;
    for (size_t k = 0; k < kinds_.size(); ++k)
        if (lookOf_[k] == lookOf_[size_t(kind)]) out.push_back(int(k));
    return out;
}

bool TileClassifier::knows(const std::string& id) const {
    return std::any_of(kinds_.begin(), kinds_.end(),
                       [&](const tiledb::TileKind* k) { return k->id == id; });
}

float TileClassifier::coarseScore(const cv::Mat& patchBgr) const {
    if (templates_.empty() || patchBgr.rows != kPatch || patchBgr.cols != kPatch) return -1;
    const cv::Mat v = coarseVector(patchBgr(cv::Rect(kMargin, kMargin, kFine, kFine)));
    const cv::Mat scores = coarseMatrix_ * v.t();
    double best;
    cv::minMaxLoc(scores, nullptr, &best);
    return float(best);
}

std::vector<Candidate> TileClassifier::classify(const cv::Mat& patchBgr, const cv::Mat& detailBgr,
                                                int top) const {
    std::vector<Candidate> out;
    if (templates_.empty() || patchBgr.rows != kPatch || patchBgr.cols != kPatch) return out;
    // Coarse: correlation of the inner cell with every template.
    const cv::Mat inner = patchBgr(cv::Rect(kMargin, kMargin, kFine, kFine));
    const cv::Mat v = coarseVector(inner);
    cv::Mat scores = coarseMatrix_ * v.t(); // one column
    std::vector<int> order(templates_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    const size_t keep = std::min<size_t>(order.size(), size_t(top) * 2 + 2);
    std::partial_sort(order.begin(), order.begin() + long(keep), order.end(),
                      [&](int a, int b) { return scores.at<float>(a) > scores.at<float>(b); });
    if (scores.at<float>(order[0]) < kNoTile) { // the table, a hand: nothing to slide
        out.push_back({templates_[size_t(order[0])].kind, 0, scores.at<float>(order[0]), {}});
        out[0].photometric = 9;
        return out;
    }
    // Fine: slide the best over the margin (both sides smoothed alike, see the constructor).
    cv::Mat smooth;
    cv::GaussianBlur(patchBgr, smooth, cv::Size(5, 5), 1.0);
    const cv::Mat patch = normalisePatch(smooth);
    cv::Mat result;
    std::vector<std::pair<Candidate, int>> found; // with the template that scored it
    for (size_t i = 0; i < keep; ++i) {
        const Template& t = templates_[size_t(order[i])];
        cv::matchTemplate(patch, t.fine, result, cv::TM_CCOEFF_NORMED);
        double best;
        cv::Point at;
        cv::minMaxLoc(result, nullptr, &best, nullptr, &at);
        const int rotation = t.rotation % kinds_[size_t(t.kind)]->distinctRotations;
        auto it = std::find_if(found.begin(), found.end(), [&](const auto& f) {
            return lookOf_[size_t(f.first.kind)] == lookOf_[size_t(t.kind)] &&
                   f.first.rotation == rotation;
        });
        if (it == found.end()) {
            found.push_back({Candidate{t.kind, rotation, -2.f, {}}, order[i]});
            it = found.end() - 1;
        }
        if (float(best) > it->first.score) {
            it->first.kind = t.kind;
            it->first.score = float(best);
            it->first.shift =
                cv::Point2f(float(at.x - kMargin) / kFine, float(at.y - kMargin) / kFine);
            it->second = order[i];
        }
    }
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first.score > b.first.score; });
    std::vector<int> templateOf;
    for (const auto& [c, t] : found) out.push_back(c), templateOf.push_back(t);
    out[0].margin = out.size() > 1 ? out[0].score - out[1].score : 1.f;
    if (!detailBgr.empty()) separateLookAlikes(normalisePatch(detailBgr), out, templateOf);
    if (out.size() > size_t(top)) out.resize(size_t(top));
    cv::Scalar mean, spread;
    cv::meanStdDev(inner, mean, spread);
    for (Candidate& c : out) {
        const ColourStats& k = kindColour_[size_t(c.kind)];
        double logGain[3], mismatch = 0, avg = 0;
        for (int ch = 0; ch < 3; ++ch) {
            const double gain = (mean[ch] + 4) / (k.mean[ch] + 4);
            const double contrast = (spread[ch] + 8) / (k.spread[ch] + 8);
            logGain[ch] = std::log(gain);
            mismatch += std::abs(std::log(contrast / gain));
            avg += logGain[ch] / 3;
        }
        double cast = 0;
        for (double g : logGain) cast += std::abs(g - avg);
        c.photometric = float(mismatch / 3 + cast / 3);
    }
    return out;
}

void TileClassifier::separateLookAlikes(const cv::Mat& detail, std::vector<Candidate>& out,
                                        const std::vector<int>& templateOf) const {
    constexpr float kClose = 0.06f; // candidates this close in score are look-alikes
    size_t n = 1;
    while (n < out.size() && n < 3 && out[n].score >= out[0].score - kClose) ++n;
    if (n < 2 || detail.rows != kDetailPatch) return;
    // Where the templates differ (a pennant, a road's end): the only pixels that tell.
    std::vector<cv::Mat> tmpl(n);
    for (size_t i = 0; i < n; ++i) tmpl[i] = templates_[size_t(templateOf[i])].detail;
    cv::Mat weight(kDetail, kDetail, CV_32F, cv::Scalar(0)), d, d1;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            cv::absdiff(tmpl[i], tmpl[j], d);
            cv::transform(d, d1, cv::Matx13f(1, 1, 1));
            // Only real marks count, not the grain every drawing has: differences below
            // 1.5 (summed over the normalised channels) weigh nothing.
            cv::subtract(d1, cv::Scalar(1.5), d1);
            cv::max(d1, 0, d1);
            weight += d1.mul(d1);
        }
    cv::GaussianBlur(weight, weight, cv::Size(5, 5), 1.5);
    const double total = cv::sum(weight)[0];
    if (total <= 0) return;
    // Each candidate at its own best shift (from the fine stage, polished here by +-2 px).
    std::vector<double> cost(n, 1e18);
    for (size_t i = 0; i < n; ++i) {
        const int cx = int(std::lround(out[i].shift.x * kDetail)) + kDetailMargin,
                  cy = int(std::lround(out[i].shift.y * kDetail)) + kDetailMargin;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const cv::Rect r(cx + dx, cy + dy, kDetail, kDetail);
                if ((r & cv::Rect(0, 0, detail.cols, detail.rows)) != r) continue;
                cv::absdiff(detail(r), tmpl[i], d);
                cv::transform(d, d1, cv::Matx13f(1, 1, 1));
                cost[i] = std::min(cost[i], cv::sum(d1.mul(weight))[0] / total);
            }
    }
    size_t best = 0;
    for (size_t i = 1; i < n; ++i)
        if (cost[i] < cost[best]) best = i;
    double runnerUp = 1e18;
    for (size_t i = 0; i < n; ++i)
        if (i != best) runnerUp = std::min(runnerUp, cost[i]);
    std::swap(out[0], out[best]);
    // The relative cost gap on the score's scale: a clear difference counts like a clear
    // score gap.
    out[0].margin = float(0.25 * (runnerUp - cost[best]) / (runnerUp + cost[best] + 1e-9));
}

std::vector<Candidate> TileClassifier::classifyTilePhoto(const cv::Mat& bgr, int top) const {
    // Give the photo a margin by reflecting its border, so the same sliding match applies.
    cv::Mat fine, patch;
    cv::resize(bgr, fine, cv::Size(kFine, kFine), 0, 0, cv::INTER_AREA);
    cv::copyMakeBorder(fine, patch, kMargin, kMargin, kMargin, kMargin, cv::BORDER_REPLICATE);
    cv::Mat big, detail;
    cv::resize(bgr, big, cv::Size(kDetail, kDetail), 0, 0, cv::INTER_AREA);
    cv::copyMakeBorder(big, detail, kDetailMargin, kDetailMargin, kDetailMargin, kDetailMargin,
                       cv::BORDER_REPLICATE);
    return classify(patch, detail, top);
}

} // namespace vision
