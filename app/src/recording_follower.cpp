#include "recording_follower.h"

#include "vision/evaluate.h"

#include <regex>

namespace carc {

namespace {

struct PictureName {
    int turn = 0;
    bool settled = false;
};

// turn-NNN-a.jpg (a hand over the table before turn NNN), turn-NNN-ap.jpg (its piece before
// scoring) or turn-NNN-b.jpg (after it): vision::RecordedPicture.
std::optional<PictureName> pictureName(const std::string& fileName) {
    static const std::regex recorded(R"(turn-(\d+)-(a|ap|b)(\.[A-Za-z]+)?$)");
    std::smatch m;
    if (!std::regex_search(fileName, m, recorded)) return std::nullopt;
    return PictureName{std::stoi(m[1]), m[2] == "b"};
}

} // namespace

std::vector<adj::Action> parseTurn(const adj::State& s, const std::string& text) {
    std::vector<adj::Action> out;
    adj::State probe = s;
    std::string error;
    for (size_t at = 0; at < text.size();) {
        const size_t end = std::min(text.find(' ', at), text.size());
        const auto a = adj::parseAction(probe, text.substr(at, end - at), &error);
        if (!a) break;
        out.push_back(*a);
        adj::apply(probe, *a);
        at = end + 1;
    }
    return out;
}

bool RecordingFollower::wants(const std::string& fileName) const {
    const auto name = list_.turns.empty() ? std::nullopt : pictureName(fileName);
    return !name || name->turn > done_;
}

std::vector<RecordingFollower::Turn> RecordingFollower::next(const adj::State& s,
                                                             const std::string& fileName,
                                                             const vision::TrackedTurn& t,
                                                             bool* settles) {
    *settles = false;
    std::vector<Turn> out;
    const bool listed = done_ < int(list_.turns.size());
    if (t.status == vision::TrackedTurn::Status::Turn) {
        Turn turn{t.actions, How::Camera, {}};
        if (listed) { // a reading that differs from what was played is corrected by hand
            adj::State mine = s, theirs = s;
            for (const adj::Action& a : t.actions) {
                turn.seen += (turn.seen.empty() ? "" : " ") + adj::actionText(mine, a);
                adj::apply(mine, a);
            }
            const std::vector<adj::Action> played = parseTurn(s, list_.turns[size_t(done_)]);
            for (const adj::Action& a : played) adj::apply(theirs, a);
            if (!vision::sameOutcome(mine, theirs)) {
                turn = {played, How::Corrected, turn.seen};
                *settles = true; // the picture shows the turn as the players corrected it
            }
        }
        ++done_;
        out.push_back(std::move(turn));
        return out;
    }
    const auto name = list_.turns.empty() ? std::nullopt : pictureName(fileName);
    // A question about the next turn whose answers include the turn as played: one click.
    if (listed && t.status == vision::TrackedTurn::Status::Discrepancy &&
        (!name || name->turn == done_ + 1)) {
        const std::vector<adj::Action> played = parseTurn(s, list_.turns[size_t(done_)]);
        for (const std::vector<adj::Action>& choice : t.choices)
            if (vision::beginsTheTurn(s, choice, played)) {
                ++done_;
                *settles = true; // the picture was not read as a turn: the tracker is told
                out.push_back({played, How::Answered, {}});
                return out;
            }
    }
    // The settled picture of a turn the camera could not read: the players enter it (and any
    // before it still missing) by hand, as the recording lists it.
    if (!name || !name->settled) return out;
    out = byHandUpTo(s, name->turn);
    *settles = !out.empty() && done_ == name->turn;
    return out;
}

std::vector<RecordingFollower::Turn> RecordingFollower::rest(const adj::State& s) {
    return byHandUpTo(s, int(list_.turns.size()));
}

std::vector<RecordingFollower::Turn> RecordingFollower::byHandUpTo(const adj::State& s, int turn) {
    std::vector<Turn> out;
    adj::State after = s;
    while (done_ < turn && done_ < int(list_.turns.size())) {
        Turn t{parseTurn(after, list_.turns[size_t(done_)]), How::ByHand, {}};
        for (const adj::Action& a : t.actions) adj::apply(after, a);
        ++done_;
        out.push_back(std::move(t));
    }
    return out;
}

const char* howName(RecordingFollower::How how) {
    switch (how) {
    case RecordingFollower::How::Camera: return "camera";
    case RecordingFollower::How::Corrected: return "corrected by hand";
    case RecordingFollower::How::Answered: return "answered";
    case RecordingFollower::How::ByHand: return "by hand";
    }
    return "?";
}

} // namespace carc
