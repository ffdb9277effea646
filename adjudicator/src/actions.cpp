#include "adjudicator/actions.h"

#include "adjudicator/render.h"

#include <charconv>

namespace adj {

namespace {

const char* const kCorners[4] = {"NW", "NE", "SE", "SW"};

bool readInt(std::string_view& text, int& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || out < -10000 || out > 10000) return false;
    text.remove_prefix(size_t(end - text.data()));
    return true;
}

bool eat(std::string_view& text, char c) {
    if (text.empty() || text.front() != c) return false;
    text.remove_prefix(1);
    return true;
}

int featureByLabel(const State& s, int tileIndex, std::string_view label) {
    if (tileIndex < 0 || tileIndex >= s.board().size() || label.size() != 1) return -1;
    return s.board().tiles()[size_t(tileIndex)].kind->featureIndex(label[0]);
}

std::optional<Action> fail(std::string* error, std::string what) {
    if (error) *error = std::move(what);
    return std::nullopt;
}

} // namespace

Outcome apply(State& s, const Action& a) {
    switch (a.kind) {
    case Action::Kind::Tile: return s.placeTile(a.tileKind, a.placement);
    case Action::Kind::Piece: return s.deployMeeple(a.piece);
    case Action::Kind::Pass: return s.pass();
    case Action::Kind::WagonMove: return s.moveWagon(a.piece);
    case Action::Kind::WagonStays: return s.skipWagonMove();
    case Action::Kind::Discard: return s.discard(a.tileKind);
    case Action::Kind::End: return s.endGame();
    }
    return {};
}

std::string actionText(const State& before, const Action& a) {
    const auto& tiles = before.board().tiles();
    auto label = [&](int tile, int feature) -> std::string {
        if (tile < 0 || tile >= int(tiles.size())) return "?";
        const auto& fs = tiles[size_t(tile)].kind->features;
        return feature >= 0 && feature < int(fs.size()) ? std::string(1, fs[size_t(feature)].label)
                                                        : "?";
    };
    auto kindId = [&](int k) {
        return k >= 0 && k < int(before.kinds().size()) ? before.kinds()[size_t(k)]->id
                                                        : std::string("?");
    };
    switch (a.kind) {
    case Action::Kind::Tile:
        return kindId(a.tileKind) + "@" + std::to_string(a.placement.pos.x) + "," +
               std::to_string(a.placement.pos.y) + "r" + std::to_string(a.placement.rotation);
    case Action::Kind::Piece:
        if (a.piece.kind == MeepleKind::Barn)
            return std::string("barn:") + kCorners[a.piece.corner & 3];
        return std::string(meepleKindName(a.piece.kind)) + ":" +
               label(before.board().size() - 1, a.piece.feature);
    case Action::Kind::Pass: return "pass";
    case Action::Kind::WagonMove:
        return "wagon>" + std::to_string(a.piece.tile) + "." + label(a.piece.tile, a.piece.feature);
    case Action::Kind::WagonStays: return "wagon-stays";
    case Action::Kind::Discard: return "discard:" + kindId(a.tileKind);
    case Action::Kind::End: return "end";
    }
    return "?";
}

std::optional<Action> parseAction(const State& before, std::string_view text, std::string* error) {
    const std::string quoted = "'" + std::string(text.substr(0, 40)) + "'";
    Action a;
    if (text == "pass") return Action{Action::Kind::Pass, -1, {}, {}};
    if (text == "wagon-stays") return Action{Action::Kind::WagonStays, -1, {}, {}};
    if (text == "end") return Action{Action::Kind::End, -1, {}, {}};
    if (text.rfind("discard:", 0) == 0) {
        a.kind = Action::Kind::Discard;
        a.tileKind = before.kindIndex(text.substr(8));
        if (a.tileKind < 0) return fail(error, quoted + ": no such tile kind");
        return a;
    }
    if (text.rfind("wagon>", 0) == 0) {
        std::string_view rest = text.substr(6);
        int tile = -1;
        if (!readInt(rest, tile) || !eat(rest, '.'))
            return fail(error, quoted + ": expected wagon>TILEINDEX.LABEL");
        a.kind = Action::Kind::WagonMove;
        a.piece = MeepleOption{featureByLabel(before, tile, rest), MeepleKind::Wagon, -1, tile};
        if (a.piece.feature < 0) return fail(error, quoted + ": no such feature on that tile");
        return a;
    }
    if (const size_t colon = text.find(':'); colon != std::string_view::npos) {
        const std::string_view what = text.substr(0, colon), where = text.substr(colon + 1);
        a.kind = Action::Kind::Piece;
        const int last = before.board().size() - 1;
        if (what == "barn") {
            int corner = -1;
            for (int c = 0; c < 4; ++c)
                if (where == kCorners[c]) corner = c;
            if (corner < 0 || last < 0) return fail(error, quoted + ": expected barn:NW|NE|SE|SW");
            a.piece = MeepleOption{before.cornerField(last, corner), MeepleKind::Barn, corner, -1};
            return a;
        }
        const MeepleKind kinds[] = {MeepleKind::Follower, MeepleKind::Mayor, MeepleKind::Wagon};
        for (MeepleKind k : kinds)
            if (what == meepleKindName(k)) {
                a.piece = MeepleOption{featureByLabel(before, last, where), k, -1, -1};
                if (a.piece.feature < 0)
                    return fail(error, quoted + ": no such feature on the tile just placed");
                return a;
            }
        return fail(error, quoted + ": unknown piece (follower, mayor, wagon, barn)");
    }
    const size_t at = text.find('@');
    if (at == std::string_view::npos)
        return fail(error, quoted + ": not an action (e.g. D@0,1r2, follower:b, pass)");
    a.kind = Action::Kind::Tile;
    a.tileKind = before.kindIndex(text.substr(0, at));
    if (a.tileKind < 0) return fail(error, quoted + ": no such tile kind");
    std::string_view rest = text.substr(at + 1);
    int x = 0, y = 0, r = 0;
    if (!readInt(rest, x) || !eat(rest, ',') || !readInt(rest, y) || !eat(rest, 'r') ||
        !readInt(rest, r) || r < 0 || r > 3 || !rest.empty())
        return fail(error, quoted + ": expected KIND@X,YrR with R 0-3");
    a.placement = Placement{Pos{x, y}, std::uint8_t(r)};
    return a;
}

bool applyTurnText(State& s, std::string_view text, std::vector<ScoreEvent>* events,
                   std::string* error) {
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find(' ', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        const std::optional<Action> a = parseAction(s, word, error);
        if (!a) return false;
        Outcome o = apply(s, *a);
        if (!o.ok()) {
            if (error)
                *error = "'" + std::string(word) +
                         "' refused: " + kb::render(*o.violation, kb::Lang::En);
            return false;
        }
        if (events) events->insert(events->end(), o.events.begin(), o.events.end());
    }
    return true;
}

} // namespace adj
