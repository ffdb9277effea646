// The state's text form (documented in adjudicator/README.md): one line of key=value fields.
#include "adjudicator/state.h"

#include <charconv>
#include <cstdlib>
#include <sstream>

namespace adj {

namespace {

const char* phaseName(Phase p) {
    switch (p) {
    case Phase::Tile: return "tile";
    case Phase::Meeple: return "meeple";
    case Phase::Wagon: return "wagon";
    case Phase::GameOver: return "over";
    }
    return "?";
}

char meepleLetter(MeepleKind k) {
    switch (k) {
    case MeepleKind::Follower: return 'f';
    case MeepleKind::Mayor: return 'm';
    case MeepleKind::Wagon: return 'w';
    case MeepleKind::Barn: return 'b';
    }
    return '?';
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t at = s.find(sep, start);
        out.emplace_back(
            s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) break;
        start = at + 1;
    }
    return out;
}

bool toInt(std::string_view s, int& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

} // namespace

std::string State::toNotation() const {
    std::ostringstream o;
    const Rules& r = config_.rules;
    o << "carc1 set=" << config_.baseSet;
    for (const auto& e : config_.expansions) o << '+' << e;
    o << " players=" << config_.players << " farmers=" << r.farmers << " followers=" << r.followers
      << " unfinished=" << r.unfinishedScoreNothing << " tiny=" << r.tinyCity
      << " hole=" << r.holeExtraTurn << " tableedge=" << r.tableEdgeCloses;
    if (r.table)
        o << " table=" << r.table->minX << ',' << r.table->maxX << ',' << r.table->minY << ','
          << r.table->maxY;
    o << " turn=" << turn_ << " cur=" << current_ << " phase=" << phaseName(phase_) << " scores=";
    for (int p = 0; p < config_.players; ++p) o << (p ? "," : "") << scores_[size_t(p)];
    o << " tiles=";
    for (size_t i = 0; i < board_.tiles().size(); ++i) {
        const PlacedTile& t = board_.tiles()[i];
        o << (i ? ";" : "") << t.kind->id << '@' << t.pos.x << ',' << t.pos.y << 'r'
          << int(t.rotation);
    }
    o << " meeples=";
    for (size_t i = 0; i < meeples_.size(); ++i) {
        const Meeple& m = meeples_[i];
        const FeatureNode& n = graph_.node(m.node);
        o << (i ? ";" : "") << n.tile << '.' << board_.tiles()[n.tile].kind->features[n.local].label
          << ':' << int(m.player) << meepleLetter(m.kind);
        if (m.kind == MeepleKind::Barn) o << int(m.corner);
    }
    if (config_.rules.abbeys) {
        o << " abbeys=";
        for (int p = 0; p < config_.players; ++p) o << (p ? "," : "") << abbeysPlaced_[size_t(p)];
        o << " wagonmove=" << (config_.rules.wagonMoveFirstEdition ? 1 : 2)
          << " barnonbarn=" << config_.rules.barnOnFarmWithBarn;
    }
    if (phase_ == Phase::Wagon) {
        o << " pending=";
        for (size_t i = 0; i < pendingWagons_.size(); ++i) {
            const PendingWagon& w = pendingWagons_[i];
            const FeatureNode& n = graph_.node(w.scored);
            o << (i ? ";" : "") << int(w.player) << ':' << w.fromTile << ':' << n.tile << '.'
              << board_.tiles()[n.tile].kind->features[n.local].label;
        }
    }
    o << " discarded=";
    for (size_t i = 0; i < discarded_.size(); ++i)
        o << (i ? "," : "") << setup_->kinds[size_t(discarded_[i])]->id;
    return o.str();
}

std::optional<State> State::fromNotation(std::string_view text, std::string* error) {
    auto fail = [&](const std::string& msg) -> std::optional<State> {
        if (error) *error = "notation: " + msg;
        return std::nullopt;
    };
    std::vector<std::string> fields = split(text, ' ');
    if (fields.empty() || fields[0] != "carc1") return fail("it must start with 'carc1'");
    std::vector<std::pair<std::string, std::string>> kv;
    for (size_t i = 1; i < fields.size(); ++i) {
        if (fields[i].empty()) continue;
        const size_t eq = fields[i].find('=');
        if (eq == std::string::npos) return fail("field '" + fields[i] + "' is not key=value");
        kv.emplace_back(fields[i].substr(0, eq), fields[i].substr(eq + 1));
    }
    auto get = [&](const std::string& key) -> const std::string* {
        for (const auto& [k, v] : kv)
            if (k == key) return &v;
        return nullptr;
    };
    auto getInt = [&](const std::string& key, int& v, int lo, int hi) {
        const std::string* s = get(key);
        return s && toInt(*s, v) && v >= lo && v <= hi;
    };
    GameConfig cfg;
    const std::string* set = get("set");
    if (!set) return fail("no set=");
    auto parts = split(*set, '+');
    cfg.baseSet = parts[0];
    cfg.expansions.assign(parts.begin() + 1, parts.end());
    int farmers = 1, unfinished = 0, tiny = 0, hole = 0, edge = 0;
    if (!getInt("players", cfg.players, 1, kMaxPlayers)) return fail("players= must be 1 to 6");
    if (!getInt("farmers", farmers, 0, 1) || !getInt("followers", cfg.rules.followers, 0, 99) ||
        !getInt("unfinished", unfinished, 0, 1) || !getInt("tiny", tiny, 0, 1) ||
        !getInt("hole", hole, 0, 1) || !getInt("tableedge", edge, 0, 1))
        return fail(
            "rule switches farmers, followers, unfinished, tiny, hole, tableedge are required");
    cfg.rules.farmers = farmers;
    cfg.rules.unfinishedScoreNothing = unfinished;
    cfg.rules.tinyCity = tiny;
    cfg.rules.holeExtraTurn = hole;
    cfg.rules.tableEdgeCloses = edge;
    for (const std::string& e : cfg.expansions)
        if (e == "abbey-mayor")
            cfg.rules.abbeys = cfg.rules.mayors = cfg.rules.wagons = cfg.rules.barns = 1;
    int wagonMove = 2, barnOnBarn = 0;
    if (get("wagonmove") && !getInt("wagonmove", wagonMove, 1, 2))
        return fail("wagonmove= is 1 or 2");
    if (get("barnonbarn") && !getInt("barnonbarn", barnOnBarn, 0, 1))
        return fail("barnonbarn= is 0 or 1");
    cfg.rules.wagonMoveFirstEdition = wagonMove == 1;
    cfg.rules.barnOnFarmWithBarn = barnOnBarn;
    if (const std::string* t = get("table")) {
        auto b = split(*t, ',');
        Bounds bounds;
        if (b.size() != 4 || !toInt(b[0], bounds.minX) || !toInt(b[1], bounds.maxX) ||
            !toInt(b[2], bounds.minY) || !toInt(b[3], bounds.maxY))
            return fail("table= is minX,maxX,minY,maxY");
        cfg.rules.table = bounds;
    }
    std::string err;
    std::optional<State> st = State::create(cfg, &err);
    if (!st) return fail(err);
    State& s = *st;

    const std::string* tiles = get("tiles");
    if (!tiles || tiles->empty()) return fail("no tiles=");
    const auto tileTokens = split(*tiles, ';');
    for (size_t i = 0; i < tileTokens.size(); ++i) {
        const std::string& tok = tileTokens[i];
        const size_t at = tok.find('@'), comma = tok.find(',', at), r = tok.find('r', comma);
        Placement pl;
        int x = 0, y = 0, rot = 0;
        if (at == std::string::npos || comma == std::string::npos || r == std::string::npos ||
            !toInt(std::string_view(tok).substr(at + 1, comma - at - 1), x) ||
            !toInt(std::string_view(tok).substr(comma + 1, r - comma - 1), y) ||
            !toInt(std::string_view(tok).substr(r + 1), rot) || rot < 0 || rot > 3)
            return fail("tile " + std::to_string(i) + " '" + tok + "' is not ID@X,YrR");
        const int kind = s.kindIndex(tok.substr(0, at));
        if (kind < 0) return fail("tile " + std::to_string(i) + " '" + tok + "': unknown tile");
        pl.pos = Pos{x, y};
        pl.rotation = std::uint8_t(rot);
        if (i == 0) {
            const PlacedTile& start = s.board_.tiles()[0];
            if (start.kind != s.setup_->kinds[size_t(kind)] || !(start.pos == pl.pos) ||
                start.rotation != rot)
                return fail("tile 0 '" + tok + "' must be the start tile " + start.kind->id +
                            "@0,0r0");
            continue;
        }
        const tiledb::TileKind& k = *s.setup_->kinds[size_t(kind)];
        if (!k.inSupply && s.remaining(kind) <= 0)
            return fail("tile " + std::to_string(i) + " '" + tok + "': more " + k.id +
                        " tiles than the box holds");
        const PlacementProblem pr = s.board_.problem(k, pl);
        if (pr.kind != PlacementProblem::Kind::None)
            return fail(
                "tile " + std::to_string(i) + " '" + tok +
                "' cannot lie there (occupied, not touching the board, or an edge disagrees)");
        s.doPlace(kind, pl);
    }
    if (const std::string* ms = get("meeples"); ms && !ms->empty()) {
        for (const std::string& tok : split(*ms, ';')) {
            // TILE.LABEL:PLAYERk, barns with a corner digit: 7.f:1b2
            const size_t dot = tok.find('.'), colon = tok.find(':');
            int ti = 0, player = 0;
            size_t kindAt = colon == std::string::npos ? 0 : colon + 1;
            while (kindAt < tok.size() && tok[kindAt] >= '0' && tok[kindAt] <= '9') ++kindAt;
            if (dot == std::string::npos || colon != dot + 2 || kindAt >= tok.size() ||
                !toInt(std::string_view(tok).substr(0, dot), ti) ||
                !toInt(std::string_view(tok).substr(colon + 1, kindAt - colon - 1), player))
                return fail("meeple '" + tok + "' is not TILE.LABEL:PLAYERk (k: f m w b)");
            if (ti < 0 || ti >= s.board_.size())
                return fail("meeple '" + tok + "': no tile " + std::to_string(ti));
            if (player < 0 || player >= cfg.players)
                return fail("meeple '" + tok + "': no such player");
            const PlacedTile& t = s.board_.tiles()[size_t(ti)];
            const int f = t.kind->featureIndex(tok[dot + 1]);
            if (f < 0)
                return fail("meeple '" + tok + "': tile " + t.kind->id + " has no feature '" +
                            tok[dot + 1] + "'");
            const std::string kindText = tok.substr(kindAt);
            Meeple m;
            m.node = NodeId(t.firstNode + f);
            m.player = std::uint8_t(player);
            const tiledb::FeatureKind fk = t.kind->features[size_t(f)].kind;
            const bool cloister =
                fk == tiledb::FeatureKind::Cloister || fk == tiledb::FeatureKind::Abbey;
            FeatureNode& holder = s.graph_.node(cloister ? m.node : s.graph_.root(m.node));
            if (kindText == "f") {
                m.kind = MeepleKind::Follower;
                if (fk == tiledb::FeatureKind::Field && !cfg.rules.farmers)
                    return fail("meeple '" + tok + "': a farmer, but this game has no farmers");
                ++holder.followers[size_t(player)];
            } else if (kindText == "w" && fk != tiledb::FeatureKind::Field) {
                m.kind = MeepleKind::Wagon;
                ++holder.followers[size_t(player)];
            } else if (kindText == "m" && fk == tiledb::FeatureKind::City) {
                m.kind = MeepleKind::Mayor;
                ++holder.mayors[size_t(player)];
            } else if (kindText.size() == 2 && kindText[0] == 'b' && kindText[1] >= '0' &&
                       kindText[1] <= '3' && fk == tiledb::FeatureKind::Field) {
                m.kind = MeepleKind::Barn;
                m.corner = std::uint8_t(kindText[1] - '0');
                if (s.cornerField(ti, m.corner) != f)
                    return fail("meeple '" + tok + "': the barn's corner is not on that field");
                ++holder.barns[size_t(player)];
            } else {
                return fail("meeple '" + tok + "': '" + kindText +
                            "' is not a piece that can stand on a " + tiledb::featureKindName(fk));
            }
            s.addMeeple(m);
        }
    }
    if (const std::string* ab = get("abbeys"); ab && !ab->empty()) {
        const auto counts = split(*ab, ',');
        if (int(counts.size()) != cfg.players) return fail("abbeys= needs one number per player");
        for (int p = 0; p < cfg.players; ++p)
            if (!toInt(counts[size_t(p)], s.abbeysPlaced_[size_t(p)]) ||
                s.abbeysPlaced_[size_t(p)] < 0 || s.abbeysPlaced_[size_t(p)] > cfg.rules.abbeys)
                return fail("abbeys= '" + counts[size_t(p)] + "' is not 0 to " +
                            std::to_string(cfg.rules.abbeys));
    }
    for (int p = 0; p < cfg.players; ++p)
        if (s.supply(p) < 0)
            return fail("player " + std::to_string(p) +
                        " has more followers on the board than exist");
    if (const std::string* d = get("discarded"); d && !d->empty())
        for (const std::string& id : split(*d, ',')) {
            const int k = s.kindIndex(id);
            if (k < 0 || s.remaining(k) <= 0)
                return fail("discarded '" + id + "': unknown tile or none left");
            s.discarded_.push_back(k);
            s.takeFromBox(k);
        }
    const std::string* sc = get("scores");
    if (!sc) return fail("no scores=");
    const auto scoreTokens = split(*sc, ',');
    if (int(scoreTokens.size()) != cfg.players) return fail("scores= needs one number per player");
    for (int p = 0; p < cfg.players; ++p)
        if (!toInt(scoreTokens[size_t(p)], s.scores_[size_t(p)]) || s.scores_[size_t(p)] < 0)
            return fail("scores= '" + scoreTokens[size_t(p)] + "' is not a score");
    s.initialScores_ = s.scores_;
    if (!getInt("turn", s.turn_, 0, 1000) || !getInt("cur", s.current_, 0, cfg.players - 1))
        return fail("turn= and cur= (a player) are required");
    const std::string* ph = get("phase");
    if (!ph) return fail("no phase=");
    if (*ph == "tile")
        s.phase_ = Phase::Tile;
    else if (*ph == "meeple")
        s.phase_ = Phase::Meeple, s.lastTile_ = s.board_.size() - 1;
    else if (*ph == "over")
        s.phase_ = Phase::GameOver;
    else if (*ph == "wagon") {
        s.phase_ = Phase::Wagon;
        s.lastTile_ = s.board_.size() - 1;
        const std::string* pend = get("pending");
        if (!pend || pend->empty())
            return fail("phase=wagon needs pending=PLAYER:FROMTILE:TILE.LABEL;...");
        for (const std::string& tok : split(*pend, ';')) {
            const auto fields3 = split(tok, ':');
            int player = 0, from = 0, tile = 0;
            const bool shaped = fields3.size() == 3 && fields3[2].size() >= 3 &&
                                fields3[2][fields3[2].size() - 2] == '.';
            if (!shaped || !toInt(fields3[0], player) || !toInt(fields3[1], from) ||
                !toInt(std::string_view(fields3[2]).substr(0, fields3[2].size() - 2), tile) ||
                player < 0 || player >= cfg.players || from < 0 || from >= s.board_.size() ||
                tile < 0 || tile >= s.board_.size())
                return fail("pending wagon '" + tok + "' is not PLAYER:FROMTILE:TILE.LABEL");
            const PlacedTile& t = s.board_.tiles()[size_t(tile)];
            const int f = t.kind->featureIndex(fields3[2].back());
            if (f < 0) return fail("pending wagon '" + tok + "': no such feature");
            const NodeId node = NodeId(t.firstNode + f);
            const auto fk = t.kind->features[size_t(f)].kind;
            const bool cloister =
                fk == tiledb::FeatureKind::Cloister || fk == tiledb::FeatureKind::Abbey;
            s.pendingWagons_.push_back(PendingWagon{std::uint8_t(player), std::uint16_t(from),
                                                    cloister ? node : s.graph_.root(node)});
        }
    } else
        return fail("phase= is tile, meeple, wagon or over");
    if (s.phase_ == Phase::Meeple && s.board_.size() < 2)
        return fail("phase=meeple needs a placed tile");
    // A piece is only ever put on the tile just placed, one per turn: one piece per tile
    // (wagons excepted: they move onto other tiles after scoring).
    for (size_t i = 0; i < s.meeples_.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (s.meeples_[i].kind != MeepleKind::Wagon &&
                s.meeples_[j].kind != MeepleKind::Wagon &&
                s.graph_.node(s.meeples_[i].node).tile == s.graph_.node(s.meeples_[j].node).tile)
                return fail("two pieces on tile " +
                            std::to_string(s.graph_.node(s.meeples_[i].node).tile) +
                            ": a tile receives at most one piece, when it is placed");
    // Followers on completed features would have been scored and returned, unless the tile
    // just placed completed them and its turn has not ended yet (the meeple phase).
    for (const Meeple& m : s.meeples_) {
        const FeatureNode& n = s.graph_.node(m.node);
        const PlacedTile& t = s.board_.tiles()[n.tile];
        const bool cloister =
            n.kind == tiledb::FeatureKind::Cloister || n.kind == tiledb::FeatureKind::Abbey;
        const bool completed = cloister ? s.board_.neighbourCount8(t.pos) == 8 : s.complete(m.node);
        bool pending = false;
        if (completed && s.phase_ == Phase::Meeple) {
            const PlacedTile& last = s.board_.tiles()[size_t(s.lastTile_)];
            if (cloister)
                pending =
                    std::abs(t.pos.x - last.pos.x) <= 1 && std::abs(t.pos.y - last.pos.y) <= 1;
            else {
                // Completed by the last tile: it has a segment there, or (an abbey) next to it.
                const bool abbey = last.kind->sideTerrain(0, 0) == tiledb::Terrain::Wall;
                s.graph_.forEachMember(s.graph_.root(m.node), [&](NodeId member) {
                    const Pos mp = s.board_.tiles()[s.graph_.node(member).tile].pos;
                    const int d = std::abs(mp.x - last.pos.x) + std::abs(mp.y - last.pos.y);
                    pending = pending || d == 0 || (abbey && d == 1);
                });
            }
        }
        if (completed && !pending)
            return fail("a follower stands on a completed " +
                        std::string(tiledb::featureKindName(n.kind)) + " (tile " +
                        std::to_string(n.tile) + "): it would have been scored and returned");
    }
    const std::string problem = s.checkConsistency();
    if (!problem.empty()) return fail(problem);
    return st;
}

} // namespace adj
