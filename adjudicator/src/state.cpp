#include "adjudicator/state.h"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace adj {

using tiledb::FeatureKind;
using tiledb::Terrain;

namespace {

bool isCloisterLike(FeatureKind k) {
    return k == FeatureKind::Cloister || k == FeatureKind::Abbey;
}
bool hasOpenEnds(FeatureKind k) {
    return k == FeatureKind::Road || k == FeatureKind::City;
}

} // namespace

GameConfig GameConfig::forSet(const std::string& set, int players) {
    GameConfig c;
    c.baseSet = set;
    c.players = players;
    if (set == "demo") {
        c.rules.farmers = false;
        c.rules.followers = 5;
    }
    return c;
}

std::optional<State> State::create(const GameConfig& config, std::string* error) {
    auto fail = [&](const std::string& msg) -> std::optional<State> {
        if (error) *error = msg;
        return std::nullopt;
    };
    if (config.players < 1 || config.players > kMaxPlayers)
        return fail("players: " + std::to_string(config.players) + " is not 1 to 6");
    if (config.rules.followers < 0 || config.rules.followers > 99)
        return fail("followers: " + std::to_string(config.rules.followers) + " is not 0 to 99");
    const auto& cat = tiledb::Catalogue::bundled();
    const tiledb::TileSet* base = cat.set(config.baseSet);
    if (!base || base->startTile.empty())
        return fail("unknown base set '" + config.baseSet + "' (base, winter, demo)");
    State s;
    s.config_ = config;
    auto addSet = [&](const tiledb::TileSet& set) {
        for (const auto& k : set.kinds) {
            s.kinds_.push_back(&k);
            s.boxCount_.push_back(k.inSupply ? 0 : k.count);
        }
        s.boxTotal_ += set.landTiles();
    };
    addSet(*base);
    for (const std::string& e : config.expansions) {
        const tiledb::TileSet* set = cat.set(e);
        if (!set || !set->startTile.empty())
            return fail("unknown expansion '" + e + "' (abbey-mayor)");
        addSet(*set);
    }
    if (config.rules.table) s.board_.setBounds(config.rules.table);
    s.placedCount_.assign(s.kinds_.size(), 0);
    const int start = s.kindIndex(base->startTile);
    if (config.rules.table && !config.rules.table->contains(Pos{0, 0}))
        return fail("table: the start tile's cell (0,0) is outside the table");
    s.doPlace(start, Placement{Pos{0, 0}, 0});
    return s;
}

int State::kindIndex(std::string_view name) const {
    for (size_t i = 0; i < kinds_.size(); ++i)
        if (kinds_[i]->id == name) return int(i);
    for (size_t i = 0; i < kinds_.size(); ++i)
        for (const auto& a : kinds_[i]->aliases)
            if (a == name) return int(i);
    return -1;
}

int State::supply(PlayerId p, MeepleKind k) const {
    int onBoard = 0;
    for (const Meeple& m : meeples_) onBoard += m.player == p && m.kind == k;
    const int total = k == MeepleKind::Follower ? config_.rules.followers : 0;
    return total - onBoard;
}

int State::remaining(int kind) const {
    int discardedHere = 0;
    for (int d : discarded_) discardedHere += d == kind;
    const int left = boxCount_[size_t(kind)] - placedCount_[size_t(kind)] - discardedHere;
    return std::min(left, remainingTotal());
}

int State::remainingTotal() const {
    int used = int(discarded_.size());
    for (size_t i = 0; i < kinds_.size(); ++i)
        if (!kinds_[i]->inSupply) used += placedCount_[i];
    return boxTotal_ - used;
}

Violation State::violation(Violation::Kind kind, Pos at, std::vector<RuleRef> rules) const {
    Violation v;
    v.kind = kind;
    v.at = at;
    v.rules = std::move(rules);
    return v;
}

std::vector<Placement> State::legalPlacements(int kind, bool distinctOnly) const {
    std::vector<Placement> out;
    legalPlacements(kind, out, distinctOnly);
    return out;
}

void State::legalPlacements(int kind, std::vector<Placement>& out, bool distinctOnly) const {
    out.clear();
    if (phase_ != Phase::Tile || kind < 0 || kind >= int(kinds_.size())) return;
    board_.legalPlacements(*kinds_[size_t(kind)], out, distinctOnly);
}

void State::doPlace(int kind, Placement pl) {
    const tiledb::TileKind& k = *kinds_[size_t(kind)];
    const int tileIndex = board_.size();
    const NodeId first = NodeId(graph_.size());
    board_.place(k, std::uint8_t(kind), pl, first);
    ++placedCount_[size_t(kind)];
    const int rot = pl.rotation % 4;
    const auto bounds = board_.bounds();
    // One node per feature; road/city ports facing an empty cell are its open ends.
    for (size_t f = 0; f < k.features.size(); ++f) {
        const auto& feat = k.features[f];
        int open = 0;
        if (hasOpenEnds(feat.kind)) {
            for (int p = 0; p < tiledb::kPorts; ++p) {
                if (!feat.hasPort(tiledb::Port(p))) continue;
                const int side = tiledb::rotateSide(p / 3, rot);
                const Pos n = neighbour(pl.pos, side);
                if (bounds && !bounds->contains(n) && config_.rules.tableEdgeCloses) continue;
                if (board_.tileIndexAt(n) < 0) ++open;
            }
        }
        graph_.add(std::uint16_t(tileIndex), std::uint8_t(f), feat.kind, open, feat.pennants);
    }
    // Join across every edge shared with a neighbour; each joined port closes one open end of
    // the neighbour's feature (ours was never counted open).
    for (int side = 0; side < 4; ++side) {
        const Pos n = neighbour(pl.pos, side);
        const int ni = board_.tileIndexAt(n);
        if (ni < 0 || ni == tileIndex) continue;
        const PlacedTile& nt = board_.tiles()[size_t(ni)];
        for (int j = 0; j < 3; ++j) {
            const tiledb::Port bp = tiledb::Port(side * 3 + j);
            const int ours = k.featureAtPort(bp, rot);
            const int theirs = nt.kind->featureAtPort(tiledb::matchingPort(bp), nt.rotation);
            if (theirs < 0) continue; // an abbey wall
            const NodeId tn = NodeId(nt.firstNode + theirs);
            if (hasOpenEnds(nt.kind->features[size_t(theirs)].kind))
                --graph_.node(graph_.root(tn)).open;
            if (ours >= 0) graph_.unite(NodeId(first + ours), tn);
        }
    }
}

Outcome State::placeTile(int kind, Placement pl) {
    Outcome out;
    using K = Violation::Kind;
    if (phase_ == Phase::GameOver)
        return out.violation = violation(K::GameOver, pl.pos, {RuleRef::GameOver}), out;
    if (phase_ != Phase::Tile)
        return out.violation = violation(K::WrongPhase, pl.pos, {RuleRef::MeepleOnePerTurn}), out;
    if (kind < 0 || kind >= int(kinds_.size()))
        return out.violation = violation(K::UnknownTile, pl.pos, {RuleRef::PlaceTilesInBox}), out;
    const tiledb::TileKind& k = *kinds_[size_t(kind)];
    if (!k.inSupply && remaining(kind) <= 0) {
        Violation v = violation(K::NoTileLeft, pl.pos, {RuleRef::PlaceTilesInBox});
        v.tile = k.id;
        return out.violation = v, out;
    }
    const PlacementProblem pr = board_.problem(k, pl);
    if (pr.kind != PlacementProblem::Kind::None) {
        using P = PlacementProblem::Kind;
        Violation v;
        switch (pr.kind) {
        case P::Occupied: v = violation(K::Occupied, pl.pos, {RuleRef::PlaceOccupiedCell}); break;
        case P::NoEdgeContact:
            v = violation(K::NoEdgeContact, pl.pos, {RuleRef::PlaceTouchEdge});
            break;
        case P::CornerOnly:
            v = violation(K::CornerOnly, pl.pos,
                          {RuleRef::PlaceTouchEdge, RuleRef::PlaceCornerNoContact});
            break;
        case P::EdgeMismatch:
            v = violation(K::EdgeMismatch, pl.pos, {RuleRef::PlaceEdgesMatch});
            v.side = pr.side;
            v.other = pr.neighbour;
            v.ours = pr.ours;
            v.theirs = pr.theirs;
            break;
        case P::OutsideTable:
            v = violation(K::OutsideTable, pl.pos, {RuleRef::HouseTableBounds});
            break;
        case P::AbbeyNeedsHole:
            v = violation(K::AbbeyNeedsHole, pl.pos, {RuleRef::PlaceTouchEdge});
            break;
        case P::None: break;
        }
        v.tile = k.id;
        return out.violation = v, out;
    }
    doPlace(kind, pl);
    lastTile_ = board_.size() - 1;
    phase_ = Phase::Meeple;
    return out;
}

Outcome State::discard(int kind) {
    Outcome out;
    using K = Violation::Kind;
    if (phase_ == Phase::GameOver)
        return out.violation = violation(K::GameOver, {}, {RuleRef::GameOver}), out;
    if (phase_ != Phase::Tile)
        return out.violation = violation(K::WrongPhase, {}, {RuleRef::TurnOrder}), out;
    if (kind < 0 || kind >= int(kinds_.size()) || kinds_[size_t(kind)]->inSupply)
        return out.violation = violation(K::UnknownTile, {}, {RuleRef::PlaceTilesInBox}), out;
    if (remaining(kind) <= 0) {
        Violation v = violation(K::NoTileLeft, {}, {RuleRef::PlaceTilesInBox});
        v.tile = kinds_[size_t(kind)]->id;
        return out.violation = v, out;
    }
    std::vector<Placement> legal;
    board_.legalPlacements(*kinds_[size_t(kind)], legal, true);
    if (!legal.empty()) {
        Violation v =
            violation(K::TileFitsSomewhere, legal.front().pos, {RuleRef::PlaceDiscardUnplayable});
        v.tile = kinds_[size_t(kind)]->id;
        return out.violation = v, out;
    }
    discarded_.push_back(kind);
    // The same player draws again; if that was the last tile, the game is over.
    if (remainingTotal() == 0) finalScoring(out);
    return out;
}

std::vector<MeepleOption> State::legalMeeples() const {
    std::vector<MeepleOption> out;
    legalMeeples(out);
    return out;
}

void State::legalMeeples(std::vector<MeepleOption>& out) const {
    out.clear();
    if (phase_ != Phase::Meeple || supply(current_) <= 0) return;
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    for (size_t f = 0; f < t.kind->features.size(); ++f) {
        const FeatureKind fk = t.kind->features[f].kind;
        if (fk == FeatureKind::Field && !config_.rules.farmers) continue;
        if (graph_.node(graph_.root(NodeId(t.firstNode + f))).occupied()) continue;
        out.push_back(MeepleOption{int(f), MeepleKind::Follower});
    }
}

Outcome State::deployMeeple(MeepleOption option) {
    Outcome out;
    using K = Violation::Kind;
    if (phase_ != Phase::Meeple) {
        auto k = phase_ == Phase::GameOver ? K::GameOver : K::WrongPhase;
        return out.violation = violation(k, {}, {RuleRef::MeepleOnePerTurn}), out;
    }
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    if (option.kind != MeepleKind::Follower)
        return out.violation = violation(K::NotThisPiece, t.pos, {RuleRef::MeepleFromSupply}), out;
    if (option.feature < 0 || option.feature >= int(t.kind->features.size())) {
        Violation v = violation(K::NoSuchFeature, t.pos, {RuleRef::MeepleOnePerTurn});
        v.tile = t.kind->id;
        return out.violation = v, out;
    }
    const FeatureKind fk = t.kind->features[size_t(option.feature)].kind;
    if (supply(current_) <= 0)
        return out.violation = violation(K::NoFollowerLeft, t.pos, {RuleRef::MeepleFromSupply}),
               out;
    if (fk == FeatureKind::Field && !config_.rules.farmers) {
        Violation v = violation(K::FarmersNotInGame, t.pos, {RuleRef::FarmersNotInGame});
        v.feature = fk;
        return out.violation = v, out;
    }
    const NodeId node = NodeId(t.firstNode + option.feature);
    const FeatureNode& root = graph_.node(graph_.root(node));
    if (root.occupied()) {
        Violation v = violation(K::FeatureOccupied, t.pos, {RuleRef::MeepleUnoccupied});
        v.feature = fk;
        for (int p = 0; p < config_.players; ++p)
            if (root.followers[size_t(p)] || root.mayors[size_t(p)]) v.occupants.push_back(p);
        for (const Meeple& m : meeples_)
            if (graph_.root(m.node) == graph_.root(node)) {
                v.other = board_.tiles()[graph_.node(m.node).tile].pos;
                break;
            }
        return out.violation = v, out;
    }
    meeples_.push_back(Meeple{node, std::uint8_t(current_), MeepleKind::Follower});
    ++graph_.node(graph_.root(node)).followers[size_t(current_)];
    finishTurn(out);
    return out;
}

Outcome State::pass() {
    Outcome out;
    if (phase_ != Phase::Meeple) {
        auto k =
            phase_ == Phase::GameOver ? Violation::Kind::GameOver : Violation::Kind::WrongPhase;
        return out.violation = violation(k, {}, {RuleRef::TurnOrder}), out;
    }
    finishTurn(out);
    return out;
}

Outcome State::applyTurn(const Turn& turn) {
    if (!turn.meeple) {
        Outcome out = placeTile(turn.kind, turn.placement);
        return out.ok() ? pass() : out;
    }
    // A turn is all or nothing: if the piece is refused, the tile is taken back too.
    State before = *this;
    Outcome out = placeTile(turn.kind, turn.placement);
    if (!out.ok()) return out;
    out = deployMeeple(*turn.meeple);
    if (!out.ok()) *this = std::move(before);
    return out;
}

Outcome State::endGame() {
    Outcome out;
    if (phase_ == Phase::GameOver)
        return out.violation = violation(Violation::Kind::GameOver, {}, {RuleRef::GameOver}), out;
    if (phase_ == Phase::Meeple) finishTurn(out);
    if (phase_ != Phase::GameOver) finalScoring(out);
    return out;
}

NodeId State::featureOf(int tileIndex, int localFeature) const {
    return graph_.root(NodeId(board_.tiles()[size_t(tileIndex)].firstNode + localFeature));
}

std::vector<Pos> State::tilesOf(NodeId feature) const {
    std::vector<int> idx;
    graph_.forEachMember(graph_.root(feature),
                         [&](NodeId m) { idx.push_back(graph_.node(m).tile); });
    std::sort(idx.begin(), idx.end());
    idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
    std::vector<Pos> out;
    for (int i : idx) out.push_back(board_.tiles()[size_t(i)].pos);
    return out;
}

bool State::complete(NodeId feature) const {
    const FeatureNode& r = graph_.node(graph_.root(feature));
    return hasOpenEnds(r.kind) && r.open == 0;
}

int State::farmCities(NodeId farm, std::vector<NodeId>* cities) const {
    std::vector<NodeId> found;
    graph_.forEachMember(graph_.root(farm), [&](NodeId m) {
        const FeatureNode& n = graph_.node(m);
        const PlacedTile& t = board_.tiles()[n.tile];
        for (int c : t.kind->features[n.local].borders) {
            const NodeId city = graph_.root(NodeId(t.firstNode + c));
            if (graph_.node(city).open == 0) found.push_back(city);
        }
    });
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    if (cities) *cities = found;
    return int(found.size());
}

ScoreEvent State::evaluate(NodeId feature, ScoreEvent::When when) const {
    const NodeId root = isCloisterLike(graph_.node(feature).kind) ? feature : graph_.root(feature);
    const FeatureNode& r = graph_.node(root);
    const FeatureNode& self = graph_.node(feature);
    const PlacedTile& at = board_.tiles()[self.tile];
    ScoreEvent e;
    e.when = when;
    e.feature = r.kind;
    e.at = at.pos;
    e.localFeature = self.local;
    const bool completed =
        isCloisterLike(r.kind) ? board_.neighbourCount8(at.pos) == 8 : complete(root);
    const bool end = when == ScoreEvent::When::EndOfGame;
    switch (r.kind) {
    case FeatureKind::Road:
        e.tiles = tilesOf(root);
        e.perTile = 1;
        e.rules = {completed && !end ? RuleRef::ScoreRoad : RuleRef::FinalRoad};
        break;
    case FeatureKind::City: {
        e.tiles = tilesOf(root);
        e.pennants = r.pennants;
        const bool full = completed && !end;
        const bool tiny = full && config_.rules.tinyCity && e.tiles.size() == 2;
        e.perTile = e.perPennant = full && !tiny ? 2 : 1;
        e.rules = {full ? RuleRef::ScoreCity : RuleRef::FinalCity};
        if (tiny) e.rules.push_back(RuleRef::EditionTinyCity);
        if (e.pennants) e.rules.push_back(RuleRef::ScorePennantSegment);
        if (int(r.members) > int(e.tiles.size())) e.rules.push_back(RuleRef::ScoreCityTileOnce);
        break;
    }
    case FeatureKind::Cloister:
    case FeatureKind::Abbey: {
        e.tiles.push_back(at.pos);
        for (int dy = 1; dy >= -1; --dy)
            for (int dx = -1; dx <= 1; ++dx)
                if ((dx || dy) && board_.tileIndexAt(Pos{at.pos.x + dx, at.pos.y + dy}) >= 0)
                    e.tiles.push_back(Pos{at.pos.x + dx, at.pos.y + dy});
        e.perTile = 1;
        e.rules = {completed && !end ? RuleRef::ScoreCloister : RuleRef::FinalCloister};
        break;
    }
    case FeatureKind::Field: {
        e.tiles = tilesOf(root);
        e.cities = farmCities(root, nullptr);
        e.perCity = 3;
        e.rules = {RuleRef::FinalFarm, RuleRef::FarmCityBorderWall};
        break;
    }
    }
    if (end && r.kind != FeatureKind::Field && config_.rules.unfinishedScoreNothing) {
        e.perTile = e.perPennant = 0;
        e.rules.push_back(RuleRef::HouseUnfinishedNothing);
    }
    // The majority: summed strength among the players with a piece on it.
    int best = -1, present = 0, multi = 0;
    for (int p = 0; p < config_.players; ++p) {
        if (!r.followers[size_t(p)] && !r.mayors[size_t(p)]) continue;
        const int s = r.followers[size_t(p)] + r.mayors[size_t(p)] * r.pennants;
        e.strength[size_t(p)] = s;
        ++present;
        multi += r.followers[size_t(p)] + r.mayors[size_t(p)] > 1;
        best = std::max(best, s);
    }
    for (int p = 0; p < config_.players; ++p)
        if ((r.followers[size_t(p)] || r.mayors[size_t(p)]) && e.strength[size_t(p)] == best)
            e.scorers.push_back(p);
    if (present > 1) e.rules.push_back(RuleRef::ScoreMajority);
    if (multi) e.rules.push_back(RuleRef::ScoreNoMultiplier);
    e.points =
        e.perTile * int(e.tiles.size()) + e.perPennant * e.pennants + e.perCity * e.cities + e.flat;
    return e;
}

void State::record(ScoreEvent e, Outcome& out) {
    for (PlayerId p : e.scorers) scores_[size_t(p)] += e.points;
    log_.push_back(e);
    out.events.push_back(std::move(e));
}

void State::returnMeeples(NodeId root) {
    meeples_.erase(std::remove_if(meeples_.begin(), meeples_.end(),
                                  [&](const Meeple& m) {
                                      return m.kind != MeepleKind::Barn &&
                                             graph_.root(m.node) == root;
                                  }),
                   meeples_.end());
    FeatureNode& r = graph_.node(root);
    r.followers.fill(0);
    r.mayors.fill(0);
}

void State::scoreCompleted(NodeId root, Outcome& out) {
    if (!graph_.node(root).occupied()) return;
    ScoreEvent e = evaluate(root, ScoreEvent::When::Completed);
    e.rules.push_back(RuleRef::FollowersReturn);
    record(std::move(e), out);
    returnMeeples(root);
}

void State::scoreCloister(NodeId node, ScoreEvent::When when, Outcome& out) {
    FeatureNode& n = graph_.node(node);
    if (!n.occupied()) return;
    ScoreEvent e = evaluate(node, when);
    if (when == ScoreEvent::When::Completed) e.rules.push_back(RuleRef::FollowersReturn);
    record(std::move(e), out);
    meeples_.erase(std::remove_if(meeples_.begin(), meeples_.end(),
                                  [&](const Meeple& m) { return m.node == node; }),
                   meeples_.end());
    n.followers.fill(0);
    n.mayors.fill(0);
}

void State::finishTurn(Outcome& out) {
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    // Roads and cities the tile completed (its own features' sets with no open end left).
    std::vector<NodeId> done;
    for (size_t f = 0; f < t.kind->features.size(); ++f) {
        const NodeId r = graph_.root(NodeId(t.firstNode + f));
        if (hasOpenEnds(graph_.node(r).kind) && graph_.node(r).open == 0 &&
            std::find(done.begin(), done.end(), r) == done.end())
            done.push_back(r);
    }
    for (NodeId r : done) scoreCompleted(r, out);
    // Cloisters (and abbeys) on this tile or around it that now have all eight neighbours.
    for (int dy = 1; dy >= -1; --dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const Pos p{t.pos.x + dx, t.pos.y + dy};
            const int ti = board_.tileIndexAt(p);
            if (ti < 0 || board_.neighbourCount8(p) != 8) continue;
            const PlacedTile& c = board_.tiles()[size_t(ti)];
            for (size_t f = 0; f < c.kind->features.size(); ++f)
                if (isCloisterLike(c.kind->features[f].kind))
                    scoreCloister(NodeId(c.firstNode + f), ScoreEvent::When::Completed, out);
        }
    ++turn_;
    bool hole = true;
    for (int side = 0; side < 4; ++side)
        hole = hole && board_.tileIndexAt(neighbour(t.pos, side)) >= 0;
    const bool extraTurn =
        config_.rules.holeExtraTurn && hole && t.kind->sideTerrain(0, 0) != Terrain::Wall;
    if (!extraTurn) current_ = (current_ + 1) % config_.players;
    phase_ = Phase::Tile;
    lastTile_ = -1;
    if (remainingTotal() == 0) finalScoring(out);
    debugCheck();
}

void State::finalScoring(Outcome& out) {
    // Unfinished roads, cities and cloisters first, then the farms. Cloisters are scored per
    // tile; other features once per set, however many pieces stand on them.
    std::vector<NodeId> toScore;
    for (const Meeple& m : meeples_) {
        const FeatureKind k = graph_.node(m.node).kind;
        if (k == FeatureKind::Field || m.kind == MeepleKind::Barn) continue;
        const NodeId key = isCloisterLike(k) ? m.node : graph_.root(m.node);
        if (std::find(toScore.begin(), toScore.end(), key) == toScore.end()) toScore.push_back(key);
    }
    for (NodeId key : toScore) {
        if (isCloisterLike(graph_.node(key).kind)) {
            scoreCloister(key, ScoreEvent::When::EndOfGame, out);
            continue;
        }
        record(evaluate(key, ScoreEvent::When::EndOfGame), out);
        returnMeeples(key);
    }
    if (config_.rules.farmers) {
        // Each farm with farmers scores its bordering completed cities; a city on the border of
        // several farms counts for each.
        std::vector<NodeId> farms;
        for (const Meeple& m : meeples_)
            if (graph_.node(m.node).kind == FeatureKind::Field)
                farms.push_back(graph_.root(m.node));
        std::sort(farms.begin(), farms.end());
        farms.erase(std::unique(farms.begin(), farms.end()), farms.end());
        std::vector<std::vector<NodeId>> citiesOf(farms.size());
        for (size_t i = 0; i < farms.size(); ++i) farmCities(farms[i], &citiesOf[i]);
        for (size_t i = 0; i < farms.size(); ++i) {
            ScoreEvent e = evaluate(farms[i], ScoreEvent::When::EndOfGame);
            bool shared = false;
            for (size_t j = 0; j < farms.size() && !shared; ++j)
                if (j != i)
                    for (NodeId c : citiesOf[i])
                        if (std::find(citiesOf[j].begin(), citiesOf[j].end(), c) !=
                            citiesOf[j].end())
                            shared = true;
            if (shared) e.rules.push_back(RuleRef::FarmSeveralFarms);
            e.rules.push_back(RuleRef::FarmersStay);
            record(std::move(e), out);
        }
    }
    phase_ = Phase::GameOver;
}

void State::debugCheck() const {
#ifdef CARC_DEBUG_CHECKS
    const std::string problem = checkConsistency();
    if (!problem.empty()) {
        std::fprintf(stderr, "adjudicator: consistency check failed: %s\n", problem.c_str());
        std::abort();
    }
#endif
}

std::string State::checkConsistency() const {
    // Supplies within bounds.
    for (int p = 0; p < config_.players; ++p) {
        const int s = supply(p);
        if (s < 0 || s > config_.rules.followers)
            return "player " + std::to_string(p) + " supply " + std::to_string(s);
    }
    // Root follower counts equal the meeples standing on the set.
    std::vector<std::array<int, kMaxPlayers>> counted(size_t(graph_.size()));
    for (const Meeple& m : meeples_) {
        const NodeId key = isCloisterLike(graph_.node(m.node).kind) ? m.node : graph_.root(m.node);
        if (m.kind == MeepleKind::Follower || m.kind == MeepleKind::Wagon) ++counted[key][m.player];
    }
    for (int n = 0; n < graph_.size(); ++n) {
        const FeatureNode& node = graph_.node(NodeId(n));
        if (node.parent != n) continue;
        for (int p = 0; p < kMaxPlayers; ++p)
            if (node.followers[size_t(p)] != counted[size_t(n)][size_t(p)])
                return "feature " + std::to_string(n) + " counts " +
                       std::to_string(node.followers[size_t(p)]) + " followers of player " +
                       std::to_string(p) + ", the board shows " +
                       std::to_string(counted[size_t(n)][size_t(p)]);
        if (node.open < 0) return "feature " + std::to_string(n) + " has negative open ends";
    }
    // Every placed tile's shared edges match.
    for (const PlacedTile& t : board_.tiles())
        for (int s = 0; s < 4; ++s) {
            auto theirs = board_.sideAt(neighbour(t.pos, s), (s + 2) % 4);
            const Terrain ours = t.kind->sideTerrain(s, t.rotation);
            if (theirs && *theirs != ours && *theirs != Terrain::Wall && ours != Terrain::Wall)
                return "tiles at (" + std::to_string(t.pos.x) + "," + std::to_string(t.pos.y) +
                       ") and its neighbour disagree";
        }
    // Scores equal the scores the state started with plus its logged events.
    std::array<int, kMaxPlayers> sum = initialScores_;
    for (const ScoreEvent& e : log_)
        for (PlayerId p : e.scorers) sum[size_t(p)] += e.points;
    if (sum != scores_) return "scores differ from the sum of score events";
    return "";
}

} // namespace adj
