#include "adjudicator/jcz.h"

#include "adjudicator/json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace adj::jcz {

using tiledb::FeatureKind;

namespace {

std::optional<Pos> readPos(const json::Value* v) {
    if (!v || !v->isArray() || v->array.size() != 2) return std::nullopt;
    const auto x = v->array[0].integer(-1000, 1000), y = v->array[1].integer(-1000, 1000);
    if (!x || !y) return std::nullopt;
    return Pos{*x, -*y}; // JCZ y grows southward
}

std::optional<int> readRotation(const std::string& r) {
    if (r == "R0") return 0;
    if (r == "R90") return 1;
    if (r == "R180") return 2;
    if (r == "R270") return 3;
    return std::nullopt;
}

const char* sideLetters = "NESW";

// A count from an assertion's text; -1 when it is not a number we can hold (never throws).
int count(const std::string& digits) {
    int v = -1;
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    return ec == std::errc() && p == digits.data() + digits.size() ? v : -1;
}

} // namespace

std::string featureName(FeatureKind k) {
    switch (k) {
    case FeatureKind::Road: return "road";
    case FeatureKind::City: return "city";
    case FeatureKind::Field: return "field";
    case FeatureKind::Cloister:
    case FeatureKind::Abbey: return "monastery";
    }
    return "?";
}

std::optional<Replay> parse(std::string_view text, std::string* error) {
    auto fail = [&](const std::string& msg) -> std::optional<Replay> {
        if (error) *error = msg;
        return std::nullopt;
    };
    json::ParseResult pr = json::parse(text);
    if (!pr.value) return fail("not JSON: " + pr.error);
    const json::Value& root = *pr.value;
    if (!root.isObject()) return fail("the replay is not a JSON object");
    Replay r;
    const json::Value* setup = root.get("setup");
    if (!setup || !setup->isObject()) return fail("no 'setup' object");
    // Tile sets.
    const json::Value* sets = setup->get("sets");
    if (!sets || !sets->isObject() || sets->object.empty()) return fail("setup.sets: no tile sets");
    std::string base;
    for (const auto& [id, count] : sets->object) {
        if (id == "basic:1" || id == "basic:2")
            base = "base";
        else if (id == "winter")
            base = "winter";
        else if (id == "abbey-and-mayor:1" || id == "abbey-and-mayor:2")
            r.config.expansions.push_back("abbey-mayor");
        else
            r.ignored.push_back("tile set " + id);
        (void)count;
    }
    if (base.empty()) return fail("setup.sets: neither the base game nor the Winter Edition");
    r.config.baseSet = base;
    // Figures and rule options.
    if (const json::Value* el = setup->get("elements"); el && el->isObject()) {
        Rules& rules = r.config.rules;
        rules.farmers = el->flag("farmers", false);
        const json::Value* followers = el->get("small-follower");
        rules.followers = followers ? followers->integer(0, 99).value_or(-1) : 0;
        if (rules.followers < 0)
            return fail("setup.elements.small-follower: not a count from 0 to 99");
        for (const auto& [id, v] : el->object) {
            if (id == "farmers" || id == "small-follower") continue;
            const bool ours = id == "abbey" || id == "mayor" || id == "wagon" || id == "barn";
            if (!ours) {
                r.ignored.push_back("element " + id);
                continue;
            }
            const int n =
                v.type == json::Value::Type::Bool ? int(v.boolean) : v.integer(0, 9).value_or(-1);
            if (n < 0) return fail("setup.elements." + id + ": not a count from 0 to 9");
            (id == "abbey"   ? rules.abbeys
             : id == "mayor" ? rules.mayors
             : id == "wagon" ? rules.wagons
                             : rules.barns) = n;
        }
        // The abbey tiles come with the abbey pieces.
        if (rules.abbeys && std::find(r.config.expansions.begin(), r.config.expansions.end(),
                                      "abbey-mayor") == r.config.expansions.end())
            r.config.expansions.push_back("abbey-mayor");
    }
    if (const json::Value* rules = setup->get("rules"); rules && rules->isObject())
        for (const auto& [id, v] : rules->object) {
            if (id == "tiny-city-scoring" && v.isString() && v.string == "2")
                r.config.rules.tinyCity = true;
            else if (id == "wagon-move" && v.isString() && (v.string == "C1" || v.string == "C2"))
                r.config.rules.wagonMoveFirstEdition = v.string == "C1";
            else if (id == "barn-placement" && v.isString() && v.string == "occupied")
                r.config.rules.barnOnFarmWithBarn = true;
            else
                r.ignored.push_back("rule " + id);
        }
    if (const json::Value* start = setup->get("start");
        start && start->isArray() && !start->array.empty()) {
        const json::Value& s0 = start->array[0];
        if (s0.str("tile") != "BA/RCr" || s0.num("x") != 0 || s0.num("y") != 0 ||
            s0.num("rotation") != 0)
            return fail("setup.start: only the standard start (BA/RCr at 0,0, R0) is supported");
    }
    const json::Value* players = root.get("players");
    if (!players || !players->isArray() || players->array.empty() ||
        players->array.size() > size_t(kMaxPlayers))
        return fail("players: 1 to 6 players expected");
    for (const json::Value& p : players->array) r.players.push_back(p.str("name", "player"));
    r.config.players = int(r.players.size());
    // Actions.
    const json::Value* replay = root.get("replay");
    if (!replay || !replay->isArray()) return fail("no 'replay' list");
    for (size_t i = 0; i < replay->array.size(); ++i) {
        const json::Value& a = replay->array[i];
        const std::string where = "replay[" + std::to_string(i) + "]";
        Action act;
        act.type = a.str("type");
        const json::Value* payload = a.get("payload");
        if (act.type == "PLACE_TILE") {
            act.kind = Action::Kind::PlaceTile;
            if (!payload) return fail(where + ": PLACE_TILE without payload");
            act.tileId = payload->str("tileId");
            auto rot = readRotation(payload->str("rotation"));
            auto pos = readPos(payload->get("position"));
            if (act.tileId.empty() || !rot || !pos)
                return fail(where + ": PLACE_TILE needs tileId, rotation R0..R270, position [x,y]");
            act.rotation = *rot;
            act.pos = *pos;
        } else if (act.type == "DEPLOY_MEEPLE") {
            act.kind = Action::Kind::Deploy;
            const json::Value* ptr = payload ? payload->get("pointer") : nullptr;
            auto pos = ptr ? readPos(ptr->get("position")) : std::nullopt;
            if (!ptr || !pos) return fail(where + ": DEPLOY_MEEPLE needs pointer.position");
            act.pos = *pos;
            act.feature = ptr->str("feature");
            act.location = ptr->str("location");
            act.meepleId = payload->str("meepleId");
            const std::string type = act.meepleId.substr(act.meepleId.find('.') + 1);
            if (r.unsupported.empty() && type.rfind("small.", 0) != 0 &&
                type.rfind("wagon.", 0) != 0 && type.rfind("mayor.", 0) != 0 &&
                type.rfind("barn.", 0) != 0)
                r.unsupported = where + ": piece " + act.meepleId + " is not part of our games";
        } else if (act.type == "PASS") {
            act.kind = Action::Kind::Pass;
        } else if (act.type == "COMMIT") {
            act.kind = Action::Kind::Commit;
        }
        r.actions.push_back(act);
    }
    if (const json::Value* test = root.get("test"); test && test->isObject()) {
        r.description = test->str("description");
        if (const json::Value* as = test->get("assertions"); as && as->isArray())
            for (const json::Value& s : as->array)
                if (s.isString()) r.assertions.push_back(s.string);
    }
    if (const json::Value* ann = root.get("gameAnnotations"); ann && ann->isObject())
        r.gameEnds = ann->get("endTurn") != nullptr;
    return r;
}

std::string locationName(const State& s, int tileIndex, int localFeature) {
    const PlacedTile& t = s.board().tiles()[size_t(tileIndex)];
    const tiledb::Feature& f = t.kind->features[size_t(localFeature)];
    if (f.kind == FeatureKind::Cloister || f.kind == FeatureKind::Abbey) return "I";
    if (f.kind == FeatureKind::Field) {
        if (f.inner()) { // JCZ numbers inner fields I, II in tile order
            int nth = 0;
            for (int i = 0; i < localFeature; ++i)
                nth += t.kind->features[size_t(i)].kind == FeatureKind::Field &&
                       t.kind->features[size_t(i)].inner();
            return std::string(size_t(nth + 1), 'I');
        }
        std::string out;
        for (int bp = 0; bp < tiledb::kPorts; ++bp) {
            if (bp % 3 == 1 || t.kind->featureAtPort(tiledb::Port(bp), t.rotation) != localFeature)
                continue;
            out += (out.empty() ? "" : ".") + std::string(tiledb::portName(tiledb::Port(bp)));
        }
        return out;
    }
    bool side[4] = {false, false, false, false};
    int n = 0;
    for (int s4 = 0; s4 < 4; ++s4)
        if (t.kind->featureAtPort(tiledb::Port(s4 * 3 + 1), t.rotation) == localFeature)
            side[s4] = true, ++n;
    if (n == 1)
        for (int s4 = 0; s4 < 4; ++s4)
            if (side[s4]) return std::string(1, sideLetters[s4]);
    if (n == 2) {
        static const char* pairs[] = {"NE", "SE", "SW", "NW", "WE", "NS"};
        for (const char* p : pairs) {
            const int a = int(std::string_view(sideLetters).find(p[0]));
            const int b = int(std::string_view(sideLetters).find(p[1]));
            if (side[a] && side[b]) return p;
        }
    }
    if (n == 3)
        for (int s4 = 0; s4 < 4; ++s4)
            if (!side[s4]) return std::string("_") + sideLetters[s4];
    return "NWSE";
}

namespace {

// Our local feature for a JCZ pointer on a placed tile, or -1.
int resolveFeature(const State& s, int tileIndex, const std::string& feature,
                   const std::string& location) {
    const PlacedTile& t = s.board().tiles()[size_t(tileIndex)];
    for (size_t f = 0; f < t.kind->features.size(); ++f) {
        const FeatureKind k = t.kind->features[f].kind;
        const bool kindOk =
            (feature == "Road" && k == FeatureKind::Road) ||
            (feature == "City" && k == FeatureKind::City) ||
            (feature == "Field" && k == FeatureKind::Field) ||
            (feature == "Monastery" && (k == FeatureKind::Cloister || k == FeatureKind::Abbey));
        if (kindOk && locationName(s, tileIndex, int(f)) == location) return int(f);
    }
    return -1;
}

std::string jczPos(Pos p) {
    return "[" + std::to_string(p.x) + "," + std::to_string(-p.y) + "]";
}

std::string meepleTypeName(MeepleKind k) {
    switch (k) {
    case MeepleKind::Follower: return "SmallFollower";
    case MeepleKind::Mayor: return "Mayor";
    case MeepleKind::Wagon: return "Wagon";
    case MeepleKind::Barn: return "Barn";
    }
    return "?";
}

std::vector<std::string> splitList(const std::string& s, const std::string& sep) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= s.size()) {
        const size_t at = s.find(sep, start);
        std::string item =
            s.substr(start, at == std::string::npos ? std::string::npos : at - start);
        while (!item.empty() && item.back() == ' ') item.pop_back();
        while (!item.empty() && item.front() == ' ') item.erase(item.begin());
        if (!item.empty()) out.push_back(item);
        if (at == std::string::npos) break;
        start = at + sep.size();
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string joinList(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : "; ") + x;
    return s;
}

// The four assertion shapes, matched by words (no std::regex: its recursive matcher overflows
// the stack on long crafted input). m[0] is the text, m[1..] the captured parts.
std::vector<std::string> spaced(const std::string& text) {
    std::vector<std::string> w;
    std::istringstream in(text);
    for (std::string x; in >> x;) w.push_back(x);
    return w;
}
bool pointsWord(const std::string& w) {
    return w == "point" || w == "points" || w == "point." || w == "points.";
}
bool matchHas(const std::string& text, std::vector<std::string>& m) {
    const auto w = spaced(text);
    if (w.size() != 4 || w[1] != "has" || !pointsWord(w[3])) return false;
    return m = {text, w[0], w[2]}, true;
}
bool matchScored(const std::string& text, std::vector<std::string>& m) {
    const auto w = spaced(text);
    if (w.size() != 6 || w[1] != "scored" || w[3] != "for" || !pointsWord(w[5])) return false;
    return m = {text, w[0], w[2], w[4]}, true;
}
bool matchOptions(const std::string& text, const std::string& head, std::vector<std::string>& m) {
    if (text.compare(0, head.size() + 1, head + " ") != 0) return false;
    const size_t idEnd = text.find(' ', head.size() + 1);
    const std::string marker = " options: ";
    if (idEnd == std::string::npos || text.compare(idEnd, marker.size(), marker) != 0) return false;
    return m = {text, text.substr(head.size() + 1, idEnd - head.size() - 1),
                text.substr(idEnd + marker.size())},
           true;
}

AssertionResult evaluate(const std::string& text, const Replay& replay, const State& s,
                         std::vector<ScoreEvent>& unmatched) {
    AssertionResult r;
    r.text = text;
    std::vector<std::string> m;
    auto playerIndex = [&](const std::string& name) {
        for (size_t i = 0; i < replay.players.size(); ++i)
            if (replay.players[i] == name) return int(i);
        return -1;
    };
    if (matchHas(text, m)) {
        const int p = playerIndex(m[1]);
        const int want = count(m[2]);
        if (p < 0) return r.status = AssertionResult::Status::Fail, r.detail = "no such player", r;
        r.status =
            s.score(p) == want ? AssertionResult::Status::Pass : AssertionResult::Status::Fail;
        r.detail = "has " + std::to_string(s.score(p));
        return r;
    }
    if (matchScored(text, m)) {
        const int p = playerIndex(m[1]);
        const std::string what = m[2];
        const int want = count(m[3]);
        for (size_t i = 0; i < unmatched.size(); ++i) {
            const ScoreEvent& e = unmatched[i];
            if (featureName(e.feature) == what && e.points == want &&
                std::find(e.scorers.begin(), e.scorers.end(), p) != e.scorers.end()) {
                unmatched.erase(unmatched.begin() + long(i)); // each event answers one assertion
                r.status = AssertionResult::Status::Pass;
                return r;
            }
        }
        r.status = AssertionResult::Status::Fail;
        for (const ScoreEvent& e : unmatched)
            if (std::find(e.scorers.begin(), e.scorers.end(), p) != e.scorers.end())
                r.detail += (r.detail.empty() ? "scored: " : ", ") + featureName(e.feature) + " " +
                            std::to_string(e.points);
        if (r.detail.empty()) r.detail = "no such score event";
        return r;
    }
    if (matchOptions(text, "TilePlacement", m)) {
        const int kind = s.kindIndex(std::string(m[1]));
        if (kind < 0) return r.status = AssertionResult::Status::Fail, r.detail = "unknown tile", r;
        // JCZ lists each position once with its rotations in degrees.
        std::vector<std::string> ours;
        std::vector<Placement> legal = s.legalPlacements(kind);
        std::sort(legal.begin(), legal.end(), [](const Placement& a, const Placement& b) {
            return a.pos < b.pos || (a.pos == b.pos && a.rotation < b.rotation);
        });
        for (size_t i = 0; i < legal.size();) {
            std::string rots;
            size_t j = i;
            for (; j < legal.size() && legal[j].pos == legal[i].pos; ++j)
                rots += (rots.empty() ? "" : ",") + std::to_string(90 * legal[j].rotation);
            ours.push_back(jczPos(legal[i].pos) + " - [" + rots + "]");
            i = j;
        }
        std::sort(ours.begin(), ours.end());
        const std::vector<std::string> theirs = splitList(m[2], "; ");
        r.status = ours == theirs ? AssertionResult::Status::Pass : AssertionResult::Status::Fail;
        r.detail = joinList(ours);
        return r;
    }
    if (matchOptions(text, "Meeple", m)) {
        std::vector<std::string> ours;
        auto featureWord = [](FeatureKind k) {
            return k == FeatureKind::Road    ? "Road"
                   : k == FeatureKind::City  ? "City"
                   : k == FeatureKind::Field ? "Field"
                                             : "Monastery";
        };
        auto add = [&](int tile, int feature) {
            const PlacedTile& t = s.board().tiles()[size_t(tile)];
            ours.push_back("{" + std::string(featureWord(t.kind->features[size_t(feature)].kind)) +
                           "," + locationName(s, tile, feature) + "," + jczPos(t.pos) + "}");
        };
        if (s.phase() == Phase::Wagon && m[1] == "Wagon") {
            for (const MeepleOption& o : s.legalWagonMoves()) add(o.tile, o.feature);
        } else if (s.phase() == Phase::Meeple) {
            const int last = s.board().size() - 1;
            const Pos lp = s.board().tiles()[size_t(last)].pos;
            for (const MeepleOption& o : s.legalMeeples()) {
                if (meepleTypeName(o.kind) != m[1]) continue;
                if (o.kind != MeepleKind::Barn) {
                    add(last, o.feature);
                    continue;
                }
                // The tile whose north-west corner the barn stands on, and its field there.
                static constexpr int off[4][2] = {{0, 0}, {1, 0}, {1, -1}, {0, -1}};
                const int ti =
                    s.board().tileIndexAt(Pos{lp.x + off[o.corner][0], lp.y + off[o.corner][1]});
                add(ti, s.cornerField(ti, NW));
            }
        }
        std::sort(ours.begin(), ours.end());
        r.status = ours == splitList(m[2], "; ") ? AssertionResult::Status::Pass
                                                 : AssertionResult::Status::Fail;
        r.detail = joinList(ours);
        return r;
    }
    r.status = AssertionResult::Status::Ignored;
    r.detail = "about the JCloisterZone client, not the rules";
    return r;
}

} // namespace

bool Result::passed() const {
    if (!error.empty()) return false;
    for (const auto& a : assertions)
        if (a.status == AssertionResult::Status::Fail) return false;
    return true;
}

Result run(const Replay& replay, const ActionObserver& onAction) {
    Result res;
    std::string err;
    res.state = State::create(replay.config, &err);
    if (!res.state) {
        res.error = err;
        return res;
    }
    State& s = *res.state;
    if (!replay.unsupported.empty()) {
        res.error = replay.unsupported;
        return res;
    }
    auto take = [&](Outcome o, size_t i, const std::string& what) {
        res.events.insert(res.events.end(), o.events.begin(), o.events.end());
        if (!o.ok() && res.error.empty())
            res.error = "replay[" + std::to_string(i) + "] " + what + ": " +
                        violationKindName(o.violation->kind);
        return o.ok();
    };
    // Every action goes through apply(), so that observers see it as data.
    auto act = [&](const adj::Action& a, size_t i, const std::string& what) {
        Outcome o = apply(s, a);
        if (o.ok() && onAction) onAction(s, a, o);
        return take(std::move(o), i, what);
    };
    for (size_t i = 0; i < replay.actions.size() && res.error.empty(); ++i) {
        const Action& a = replay.actions[i];
        switch (a.kind) {
        case Action::Kind::PlaceTile: {
            // JCZ omits PASS when a player had no piece to put down.
            if (s.phase() == Phase::Meeple)
                act(adj::Action{adj::Action::Kind::Pass, -1, {}, {}}, i, "implicit PASS");
            while (s.phase() == Phase::Wagon)
                act(adj::Action{adj::Action::Kind::WagonStays, -1, {}, {}}, i,
                    "implicit wagon PASS");
            const int kind = s.kindIndex(a.tileId);
            if (kind < 0) {
                res.error = "replay[" + std::to_string(i) + "]: tile " + a.tileId +
                            " is not in our catalogues";
                break;
            }
            act(
                adj::Action{
                    adj::Action::Kind::Tile, kind, Placement{a.pos, std::uint8_t(a.rotation)}, {}},
                i, "PLACE_TILE " + a.tileId);
            break;
        }
        case Action::Kind::Deploy: {
            const std::string type = a.meepleId.substr(a.meepleId.find('.') + 1);
            const MeepleKind kind = type.rfind("wagon.", 0) == 0   ? MeepleKind::Wagon
                                    : type.rfind("mayor.", 0) == 0 ? MeepleKind::Mayor
                                    : type.rfind("barn.", 0) == 0  ? MeepleKind::Barn
                                                                   : MeepleKind::Follower;
            const int target = s.board().tileIndexAt(a.pos);
            if (target < 0) {
                res.error = "replay[" + std::to_string(i) + "]: no tile at the piece's position";
                break;
            }
            if (s.phase() == Phase::Wagon) { // a wagon moving after scoring
                const int f = resolveFeature(s, target, a.feature, a.location);
                act(adj::Action{adj::Action::Kind::WagonMove,
                                -1,
                                {},
                                MeepleOption{f, MeepleKind::Wagon, -1, target}},
                    i, "wagon move");
                break;
            }
            const int last = s.board().size() - 1;
            MeepleOption o{-1, kind, -1, -1};
            if (kind == MeepleKind::Barn) {
                // JCZ names a barn by the tile whose north-west corner it stands on.
                const Pos lp = s.board().tiles()[size_t(last)].pos;
                const int dx = lp.x - a.pos.x, dy = lp.y - a.pos.y;
                o.corner = dx == 0 && dy == 0    ? NW
                           : dx == -1 && dy == 0 ? NE
                           : dx == -1 && dy == 1 ? SE
                           : dx == 0 && dy == 1  ? SW
                                                 : -1;
                o.feature = o.corner < 0 ? -1 : s.cornerField(last, o.corner);
            } else {
                if (!(s.board().tiles()[size_t(last)].pos == a.pos)) {
                    res.error = "replay[" + std::to_string(i) +
                                "]: a piece on a tile other than the one just placed";
                    break;
                }
                o.feature = resolveFeature(s, last, a.feature, a.location);
            }
            if (o.feature < 0) {
                res.error =
                    "replay[" + std::to_string(i) + "]: no " + a.feature + " at " + a.location;
                break;
            }
            act(adj::Action{adj::Action::Kind::Piece, -1, {}, o}, i, "DEPLOY_MEEPLE " + a.meepleId);
            break;
        }
        case Action::Kind::Pass:
            if (s.phase() == Phase::Meeple)
                act(adj::Action{adj::Action::Kind::Pass, -1, {}, {}}, i, "PASS");
            else if (s.phase() == Phase::Wagon)
                act(adj::Action{adj::Action::Kind::WagonStays, -1, {}, {}}, i, "PASS (wagon)");
            break;
        case Action::Kind::Commit:
        case Action::Kind::Other: break;
        }
    }
    if (res.error.empty() && replay.gameEnds && !s.terminal())
        act(adj::Action{adj::Action::Kind::End, -1, {}, {}}, replay.actions.size(),
            "final scoring");
    std::vector<ScoreEvent> unmatched = res.events;
    for (const std::string& a : replay.assertions)
        res.assertions.push_back(evaluate(a, replay, s, unmatched));
    return res;
}

} // namespace adj::jcz
