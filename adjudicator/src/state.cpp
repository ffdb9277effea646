#include "adjudicator/state.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

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
bool hasCloister(const tiledb::TileKind& k) {
    return k.hasFeature(FeatureKind::Cloister) || k.hasFeature(FeatureKind::Abbey);
}

} // namespace

GameConfig GameConfig::forSet(const std::string& set, int players,
                              const std::vector<std::string>& expansions) {
    GameConfig c;
    c.baseSet = set;
    c.players = players;
    c.expansions = expansions;
    if (set == "demo") {
        c.rules.farmers = false;
        c.rules.followers = 5;
    }
    for (const std::string& e : expansions)
        if (e == "abbey-mayor")
            c.rules.abbeys = c.rules.mayors = c.rules.wagons = c.rules.barns = 1;
    return c;
}

std::shared_ptr<const TileSetup> TileSetup::get(const GameConfig& config, std::string* error) {
    // Built once per combination of sets and shared by every game that uses it.
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const TileSetup>> cache;
    std::string key = config.baseSet;
    for (const std::string& e : config.expansions) key += "+" + e;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    const auto& cat = tiledb::Catalogue::bundled();
    const tiledb::TileSet* base = cat.set(config.baseSet);
    if (!base || base->startTile.empty()) {
        if (error) *error = "unknown base set '" + config.baseSet + "' (base, winter, demo)";
        return nullptr;
    }
    auto setup = std::make_shared<TileSetup>();
    auto addSet = [&](const tiledb::TileSet& set) {
        for (const auto& k : set.kinds) {
            setup->kinds.push_back(&k);
            setup->boxCount.push_back(k.inSupply ? 0 : k.count);
            setup->cloister.push_back(hasCloister(k));
        }
        setup->boxTotal += set.landTiles();
    };
    addSet(*base);
    for (const std::string& e : config.expansions) {
        const tiledb::TileSet* set = cat.set(e);
        if (!set || !set->startTile.empty()) {
            if (error) *error = "unknown expansion '" + e + "' (abbey-mayor)";
            return nullptr;
        }
        addSet(*set);
    }
    for (size_t i = 0; i < setup->kinds.size(); ++i)
        if (setup->kinds[i]->id == base->startTile) setup->startKind = int(i);
    cache.emplace(key, setup);
    return setup;
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
    if (config.rules.table && !config.rules.table->contains(Pos{0, 0}))
        return fail("table: the start tile's cell (0,0) is outside the table");
    std::string err;
    std::shared_ptr<const TileSetup> setup = TileSetup::get(config, &err);
    if (!setup) return fail(err);
    State s;
    s.config_ = config;
    s.setup_ = std::move(setup);
    if (config.rules.table) s.board_.setBounds(config.rules.table);
    s.left_ = s.setup_->boxCount;
    s.landLeft_ = s.setup_->boxTotal;
    s.graph_.reserve(4 * s.setup_->boxTotal); // about four features a tile
    s.meeples_.reserve(size_t(config.players * config.rules.followers));
    s.doPlace(s.setup_->startKind, Placement{Pos{0, 0}, 0});
    return s;
}

int State::kindIndex(std::string_view name) const {
    for (size_t i = 0; i < setup_->kinds.size(); ++i)
        if (setup_->kinds[i]->id == name) return int(i);
    for (size_t i = 0; i < setup_->kinds.size(); ++i)
        for (const auto& a : setup_->kinds[i]->aliases)
            if (a == name) return int(i);
    return -1;
}

PlayerList State::leaders() const {
    const int best = *std::max_element(scores_.begin(), scores_.begin() + config_.players);
    PlayerList out;
    for (PlayerId p = 0; p < config_.players; ++p)
        if (scores_[size_t(p)] == best) out.push_back(p);
    return out;
}

int State::supply(PlayerId p, MeepleKind k) const {
    const Rules& r = config_.rules;
    const int total = k == MeepleKind::Follower ? r.followers
                      : k == MeepleKind::Mayor  ? r.mayors
                      : k == MeepleKind::Wagon  ? r.wagons
                                                : r.barns;
    return total - onBoard_[size_t(p)][size_t(k)];
}

template <class Pred>
void State::removeMeeples(Pred leaves) {
    size_t kept = 0;
    for (const Meeple& m : meeples_) {
        if (leaves(m))
            --onBoard_[m.player][size_t(m.kind)];
        else
            meeples_[kept++] = m;
    }
    meeples_.resize(kept);
}

void State::addMeeple(Meeple m) {
    meeples_.push_back(m);
    ++onBoard_[m.player][size_t(m.kind)];
}

int State::remaining(int kind) const {
    return std::min(left_[size_t(kind)], landLeft_);
}

int State::remainingTotal() const {
    return landLeft_;
}

void State::takeFromBox(int kind) {
    if (setup_->kinds[size_t(kind)]->inSupply) return;
    --left_[size_t(kind)];
    --landLeft_;
}

Violation State::violation(Violation::Kind kind, Pos at, RuleList rules) const {
    Violation v;
    v.kind = kind;
    v.at = at;
    v.rules = rules;
    return v;
}

std::vector<Placement> State::legalPlacements(int kind, bool distinctOnly) const {
    std::vector<Placement> out;
    legalPlacements(kind, out, distinctOnly);
    return out;
}

void State::legalPlacements(int kind, std::vector<Placement>& out, bool distinctOnly) const {
    out.clear();
    if (phase_ != Phase::Tile || kind < 0 || kind >= int(setup_->kinds.size())) return;
    board_.legalPlacements(*setup_->kinds[size_t(kind)], out, distinctOnly);
}

void State::doPlace(int kind, Placement pl) {
    const tiledb::TileKind& k = *setup_->kinds[size_t(kind)];
    const int rot = pl.rotation % 4;
    // The four neighbours, looked up once. A port is open when its board side faces an empty
    // cell (the table edge counts as closed under that house rule).
    int nbr[4];
    std::uint16_t openPorts = 0; // in the tile's own port numbering
    const auto bounds = board_.bounds();
    for (int side = 0; side < 4; ++side) {
        const Pos n = neighbour(pl.pos, side);
        nbr[side] = board_.tileIndexAt(n);
        const bool edgeCloses = bounds && !bounds->contains(n) && config_.rules.tableEdgeCloses;
        if (nbr[side] < 0 && !edgeCloses)
            openPorts |= std::uint16_t(7U << (3 * ((side + 4 - rot) % 4)));
    }
    const int tileIndex = board_.size();
    assert(tileIndex < kMaxTiles && "more tiles than any box holds");
    const NodeId first = NodeId(graph_.size());
    board_.place(k, std::uint8_t(kind), pl, first);
    takeFromBox(kind);
    if (setup_->cloister[size_t(kind)]) openCloisters_.push_back(std::uint16_t(tileIndex));
    for (size_t f = 0; f < k.features.size(); ++f) {
        const auto& feat = k.features[f];
        int open = 0;
        if (hasOpenEnds(feat.kind))
            for (unsigned bits = feat.ports & openPorts; bits; bits &= bits - 1) ++open;
        graph_.add(std::uint16_t(tileIndex), std::uint8_t(f), feat.kind, open, feat.pennants);
    }
    // Join across every edge shared with a neighbour; each joined port closes one open end of
    // the neighbour's feature (ours was never counted open).
    for (int side = 0; side < 4; ++side) {
        if (nbr[side] < 0) continue;
        const PlacedTile& nt = board_.tiles()[size_t(nbr[side])];
        for (int j = 0; j < 3; ++j) {
            const tiledb::Port bp = tiledb::Port(side * 3 + j);
            const int theirs = nt.kind->featureAtPort(tiledb::matchingPort(bp), nt.rotation);
            if (theirs < 0) continue; // an abbey wall
            const int ours = k.featureAtPort(bp, rot);
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
    const bool abbey =
        kind >= 0 && kind < int(setup_->kinds.size()) && setup_->kinds[size_t(kind)]->inSupply;
    if (phase_ == Phase::GameOver)
        return out.violation =
                   violation(K::GameOver, pl.pos,
                             abbey ? RuleList{RuleRef::GameOver, RuleRef::AbbeyNotAfterLastTile}
                                   : RuleList{RuleRef::GameOver}),
               out;
    if (phase_ != Phase::Tile)
        return out.violation = violation(K::WrongPhase, pl.pos, {RuleRef::MeepleOnePerTurn}), out;
    if (kind < 0 || kind >= int(setup_->kinds.size()))
        return out.violation = violation(K::UnknownTile, pl.pos, {RuleRef::PlaceTilesInBox}), out;
    const tiledb::TileKind& k = *setup_->kinds[size_t(kind)];
    if (!k.inSupply && remaining(kind) <= 0) {
        Violation v = violation(K::NoTileLeft, pl.pos, {RuleRef::PlaceTilesInBox});
        v.tile = k.id;
        return out.violation = v, out;
    }
    if (k.inSupply && abbeysPlaced_[size_t(current_)] >= config_.rules.abbeys) {
        Violation v = violation(K::NoTileLeft, pl.pos, {RuleRef::AbbeyOnePerPlayer});
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
            v = violation(K::AbbeyNeedsHole, pl.pos, {RuleRef::AbbeyHole});
            break;
        case P::None: break;
        }
        v.tile = k.id;
        return out.violation = v, out;
    }
    doPlace(kind, pl);
    if (k.inSupply) ++abbeysPlaced_[size_t(current_)];
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
    if (kind < 0 || kind >= int(setup_->kinds.size()) || setup_->kinds[size_t(kind)]->inSupply)
        return out.violation = violation(K::UnknownTile, {}, {RuleRef::PlaceTilesInBox}), out;
    if (remaining(kind) <= 0) {
        Violation v = violation(K::NoTileLeft, {}, {RuleRef::PlaceTilesInBox});
        v.tile = setup_->kinds[size_t(kind)]->id;
        return out.violation = v, out;
    }
    std::vector<Placement> legal;
    board_.legalPlacements(*setup_->kinds[size_t(kind)], legal, true);
    if (!legal.empty()) {
        Violation v =
            violation(K::TileFitsSomewhere, legal.front().pos, {RuleRef::PlaceDiscardUnplayable});
        v.tile = setup_->kinds[size_t(kind)]->id;
        return out.violation = v, out;
    }
    discarded_.push_back(kind);
    takeFromBox(kind);
    // The same player draws again; if that was the last tile, the game is over.
    if (remainingTotal() == 0) finalScoring(out);
    return out;
}

std::vector<MeepleOption> State::legalMeeples() const {
    std::vector<MeepleOption> out;
    legalMeeples(out);
    return out;
}

int State::cornerField(int tileIndex, int corner) const {
    // The two half-edges meeting at each corner, in board orientation.
    static constexpr tiledb::Port halves[4][2] = {{0, 11}, {2, 3}, {5, 6}, {8, 9}};
    const PlacedTile& t = board_.tiles()[size_t(tileIndex)];
    const int a = t.kind->featureAtPort(halves[corner][0], t.rotation);
    const int b = t.kind->featureAtPort(halves[corner][1], t.rotation);
    if (a < 0 || a != b || t.kind->features[size_t(a)].kind != FeatureKind::Field) return -1;
    return a;
}

bool State::barnCornerOk(int corner) const {
    // The other three tiles around the corner point, and which of their corners meets it.
    static constexpr int around[4][3][3] = {
        {{-1, 0, NE}, {-1, 1, SE}, {0, 1, SW}},  // NW
        {{0, 1, SE}, {1, 1, SW}, {1, 0, NW}},    // NE
        {{1, 0, SW}, {1, -1, NW}, {0, -1, NE}},  // SE
        {{0, -1, NW}, {-1, -1, NE}, {-1, 0, SE}} // SW
    };
    if (cornerField(lastTile_, corner) < 0) return false;
    const Pos p = board_.tiles()[size_t(lastTile_)].pos;
    for (const auto& [dx, dy, c] : around[corner]) {
        const int ti = board_.tileIndexAt(Pos{p.x + dx, p.y + dy});
        if (ti < 0 || cornerField(ti, c) < 0) return false;
    }
    return true;
}

// Why a piece may not go where asked (a kind and the rules), or nullopt when it may. Cheap:
// legalMeeples() calls it for every candidate; deployMeeple() adds the details.
std::optional<std::pair<Violation::Kind, RuleList>>
State::pieceProblem(const MeepleOption& o) const {
    using K = Violation::Kind;
    using R = std::pair<Violation::Kind, RuleList>;
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    if (o.feature < 0 || o.feature >= int(t.kind->features.size()) || o.tile >= 0)
        return R{K::NoSuchFeature, {RuleRef::MeepleOnePerTurn}};
    const FeatureKind fk = t.kind->features[size_t(o.feature)].kind;
    const FeatureNode& root = graph_.node(graph_.root(NodeId(t.firstNode + o.feature)));
    if (supply(current_, o.kind) <= 0)
        return R{K::NoFollowerLeft,
                 {o.kind == MeepleKind::Follower ? RuleRef::MeepleFromSupply
                                                 : RuleRef::AbbeyOnePerPlayer}};
    auto anyBarn = [&] {
        return std::any_of(root.barns.begin(), root.barns.end(), [](auto b) { return b; });
    };
    switch (o.kind) {
    case MeepleKind::Follower:
        if (fk == FeatureKind::Field && !config_.rules.farmers)
            return R{K::FarmersNotInGame, {RuleRef::FarmersNotInGame}};
        if (fk == FeatureKind::Field && anyBarn())
            return R{K::FeatureOccupied, {RuleRef::BarnNoFarmers}};
        break;
    case MeepleKind::Mayor:
        if (fk == FeatureKind::Abbey)
            return R{K::NotThisPiece, {RuleRef::MayorPlacement, RuleRef::AbbeyMonkOnly}};
        if (fk != FeatureKind::City) return R{K::NotThisPiece, {RuleRef::MayorPlacement}};
        break;
    case MeepleKind::Wagon:
        if (fk == FeatureKind::Field) return R{K::NotThisPiece, {RuleRef::WagonPlacement}};
        break;
    case MeepleKind::Barn:
        if (fk != FeatureKind::Field || o.corner < 0 || o.corner > 3 ||
            cornerField(lastTile_, o.corner) != o.feature || !barnCornerOk(o.corner))
            return R{K::NotThisPiece, {RuleRef::BarnPlacement, RuleRef::BarnCornerFields}};
        if (anyBarn() && !config_.rules.barnOnFarmWithBarn)
            return R{K::FeatureOccupied, {RuleRef::BarnOnePerFarm}};
        return std::nullopt; // a barn may join farmers: they are scored
    }
    if (!root.occupied()) return std::nullopt;
    RuleList rules{RuleRef::MeepleUnoccupied};
    if (o.kind == MeepleKind::Mayor) {
        rules.push_back(RuleRef::MayorPlacement);
        if (std::any_of(root.followers.begin(), root.followers.end(), [](auto f) { return f; }))
            rules.push_back(RuleRef::MayorWagonOccupies);
    }
    return R{K::FeatureOccupied, rules};
}

void State::legalMeeples(std::vector<MeepleOption>& out) const {
    out.clear();
    if (phase_ != Phase::Meeple) return;
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    for (MeepleKind k : {MeepleKind::Follower, MeepleKind::Mayor, MeepleKind::Wagon}) {
        if (supply(current_, k) <= 0) continue;
        for (size_t f = 0; f < t.kind->features.size(); ++f) {
            const MeepleOption o{int(f), k, -1, -1};
            if (!pieceProblem(o)) out.push_back(o);
        }
    }
    if (supply(current_, MeepleKind::Barn) > 0)
        for (int c = 0; c < 4; ++c) {
            const int f = cornerField(lastTile_, c);
            const MeepleOption o{f, MeepleKind::Barn, c, -1};
            if (f >= 0 && !pieceProblem(o)) out.push_back(o);
        }
}

Outcome State::deployMeeple(MeepleOption option) {
    Outcome out;
    if (phase_ != Phase::Meeple) {
        auto k =
            phase_ == Phase::GameOver ? Violation::Kind::GameOver : Violation::Kind::WrongPhase;
        return out.violation = violation(k, {}, {RuleRef::MeepleOnePerTurn}), out;
    }
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    if (auto problem = pieceProblem(option)) {
        Violation v = violation(problem->first, t.pos, problem->second);
        v.tile = t.kind->id;
        if (option.feature >= 0 && option.feature < int(t.kind->features.size())) {
            v.feature = t.kind->features[size_t(option.feature)].kind;
            const NodeId root = graph_.root(NodeId(t.firstNode + option.feature));
            if (problem->first == Violation::Kind::FeatureOccupied) {
                for (int p = 0; p < config_.players; ++p)
                    if (graph_.node(root).followers[size_t(p)] ||
                        graph_.node(root).mayors[size_t(p)])
                        v.occupants.push_back(p);
                for (const Meeple& m : meeples_)
                    if (m.kind != MeepleKind::Barn && graph_.root(m.node) == root) {
                        v.other = board_.tiles()[graph_.node(m.node).tile].pos;
                        break;
                    }
            }
        }
        return out.violation = v, out;
    }
    const NodeId node = NodeId(t.firstNode + option.feature);
    FeatureNode& root = graph_.node(graph_.root(node));
    const auto player = size_t(current_);
    switch (option.kind) {
    case MeepleKind::Follower:
    case MeepleKind::Wagon: {
        // A cloister's pieces are counted on its own node (cloisters never join).
        FeatureNode& holder = isCloisterLike(t.kind->features[size_t(option.feature)].kind)
                                  ? graph_.node(node)
                                  : root;
        ++holder.followers[player];
        break;
    }
    case MeepleKind::Mayor: ++root.mayors[player]; break;
    case MeepleKind::Barn: ++root.barns[player]; break;
    }
    addMeeple(Meeple{node, std::uint8_t(current_), option.kind,
                     std::uint8_t(option.kind == MeepleKind::Barn ? option.corner : 0)});
    // Remembered by node, not by index: scoring removes pieces and shifts the list.
    placedNode_ = node;
    placedKind_ = option.kind;
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
    lastTile_ = -1;
    return out;
}

NodeId State::featureOf(int tileIndex, int localFeature) const {
    return graph_.root(NodeId(board_.tiles()[size_t(tileIndex)].firstNode + localFeature));
}

std::vector<Pos> State::tilesOf(NodeId feature) const {
    // A bit per placed tile: distinct tiles come out in placement order, with no sorting.
    std::array<std::uint64_t, kMaxTiles / 64> seen{};
    int n = 0;
    graph_.forEachMember(graph_.root(feature), [&](NodeId m) {
        const unsigned t = graph_.node(m).tile;
        const std::uint64_t bit = std::uint64_t(1) << (t & 63);
        n += !(seen[t >> 6] & bit);
        seen[t >> 6] |= bit;
    });
    std::vector<Pos> out;
    out.reserve(size_t(n));
    for (size_t w = 0; w < seen.size(); ++w)
        for (std::uint64_t bits = seen[w]; bits; bits &= bits - 1)
            out.push_back(board_.tiles()[w * 64 + size_t(__builtin_ctzll(bits))].pos);
    return out;
}

bool State::complete(NodeId feature) const {
    const FeatureNode& r = graph_.node(graph_.root(feature));
    return hasOpenEnds(r.kind) && r.open == 0;
}

int State::farmCities(NodeId farm, std::vector<NodeId>* cities) const {
    NodeId found[kMaxTiles];
    int n = 0;
    graph_.forEachMember(graph_.root(farm), [&](NodeId m) {
        const FeatureNode& node = graph_.node(m);
        const PlacedTile& t = board_.tiles()[node.tile];
        for (int c : t.kind->features[node.local].borders) {
            const NodeId city = graph_.root(NodeId(t.firstNode + c));
            if (graph_.node(city).open != 0 || std::find(found, found + n, city) != found + n)
                continue;
            if (n < kMaxTiles) found[n++] = city;
        }
    });
    if (cities) {
        cities->assign(found, found + n);
        std::sort(cities->begin(), cities->end());
    }
    return n;
}

ScoreEvent State::evaluate(NodeId feature, ScoreEvent::When when, int knownCities) const {
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
        if (r.kind == FeatureKind::Abbey) e.rules.push_back(RuleRef::AbbeyIsCloister);
        break;
    }
    case FeatureKind::Field: {
        e.tiles = tilesOf(root);
        e.cities = knownCities >= 0 ? knownCities : farmCities(root, nullptr);
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
    bool mayors = false, wagons = false;
    for (int p = 0; p < config_.players; ++p) mayors = mayors || r.mayors[size_t(p)];
    if (config_.rules.wagons) // only games with wagons need the scan
        for (const Meeple& m : meeples_)
            wagons =
                wagons || (m.kind == MeepleKind::Wagon &&
                           (isCloisterLike(r.kind) ? m.node == root : graph_.root(m.node) == root));
    if (mayors) e.rules.push_back(RuleRef::MayorStrength);
    if (wagons) e.rules.push_back(RuleRef::WagonStrength);
    e.points =
        e.perTile * int(e.tiles.size()) + e.perPennant * e.pennants + e.perCity * e.cities + e.flat;
    if (present && best == 0) { // only mayors in a city without pennants: occupied, worth 0
        e.points = 0;
        e.rules.push_back(RuleRef::MayorZeroPennants);
    }
    if (mayors) e.rules.push_back(RuleRef::MayorReturns);
    return e;
}

void State::record(ScoreEvent e, Outcome& out) {
    for (PlayerId p : e.scorers) scores_[size_t(p)] += e.points;
    if (keepLog_)
        log_.push_back(e);
    else
        for (PlayerId p : e.scorers) initialScores_[size_t(p)] += e.points; // keeps the invariant
    out.events.push_back(std::move(e));
}

void State::returnMeeples(NodeId key, bool collectWagons) {
    // key: a road/city/farm root, or a cloister's own node.
    removeMeeples([&](const Meeple& m) {
        if (m.kind == MeepleKind::Barn) return false;
        const bool cloister = isCloisterLike(graph_.node(m.node).kind);
        const bool here = cloister ? m.node == key : graph_.root(m.node) == key;
        if (here && collectWagons && m.kind == MeepleKind::Wagon)
            pendingWagons_.push_back(PendingWagon{m.player, graph_.node(m.node).tile, key});
        return here;
    });
    FeatureNode& r = graph_.node(key);
    r.followers.fill(0);
    r.mayors.fill(0);
}

void State::scoreCompleted(NodeId key, Outcome& out) {
    if (!graph_.node(key).occupied()) return;
    ScoreEvent e = evaluate(key, ScoreEvent::When::Completed);
    if (placedNode_ >= 0) { // the piece just put down stands on what its tile completed
        const NodeId n = NodeId(placedNode_);
        if ((isCloisterLike(graph_.node(n).kind) ? n : graph_.root(n)) == key)
            e.rules.push_back(RuleRef::MeepleCompletedFeature);
    }
    if (closedByAbbey_) e.rules.push_back(RuleRef::AbbeyClosesEdges);
    e.rules.push_back(RuleRef::FollowersReturn);
    record(std::move(e), out);
    returnMeeples(key, true);
}

ScoreEvent State::farmScore(NodeId farm, int perCity, RuleList rules) const {
    ScoreEvent e = evaluate(farm, ScoreEvent::When::Completed);
    e.perCity = perCity;
    e.rules = rules;
    e.points = e.perCity * e.cities;
    return e;
}

void State::scoreBarns(Outcome& out) {
    if (!config_.rules.barns) return;
    auto hasFarmers = [&](NodeId r) {
        const auto& f = graph_.node(r).followers;
        return std::any_of(f.begin(), f.end(), [](auto n) { return n; });
    };
    auto hasBarn = [&](NodeId r) {
        const auto& b = graph_.node(r).barns;
        return std::any_of(b.begin(), b.end(), [](auto n) { return n; });
    };
    // A barn put down this turn: the farmers already on its farm score 3 per completed city.
    NodeId barnFarm = NodeId(0xFFFF);
    if (placedNode_ >= 0 && placedKind_ == MeepleKind::Barn) {
        barnFarm = graph_.root(NodeId(placedNode_));
        if (hasFarmers(barnFarm)) {
            record(farmScore(barnFarm, 3, {RuleRef::BarnPlacement, RuleRef::BarnFarmersScored}),
                   out);
            returnMeeples(barnFarm, false);
        }
    }
    // The tile joined farmers to a farm with a barn: 1 per completed city, and they go home.
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    for (size_t f = 0; f < t.kind->features.size(); ++f) {
        if (t.kind->features[f].kind != FeatureKind::Field) continue;
        const NodeId r = graph_.root(NodeId(t.firstNode + f));
        if (r == barnFarm || !hasBarn(r) || !hasFarmers(r)) continue;
        record(farmScore(r, 1, {RuleRef::BarnConnection}), out);
        returnMeeples(r, false);
    }
}

void State::finishTurn(Outcome& out) {
    const PlacedTile& t = board_.tiles()[size_t(lastTile_)];
    // Roads and cities the tile completed (its own features' sets with no open end left).
    NodeId done[2 * tiledb::kPorts];
    int nDone = 0;
    auto consider = [&](NodeId node) {
        const NodeId r = graph_.root(node);
        if (hasOpenEnds(graph_.node(r).kind) && graph_.node(r).open == 0 &&
            std::find(done, done + nDone, r) == done + nDone)
            done[nDone++] = r;
    };
    for (size_t f = 0; f < t.kind->features.size(); ++f) consider(NodeId(t.firstNode + f));
    // An abbey joins nothing: what its walls closed lies on the neighbouring tiles.
    if (t.kind->sideTerrain(0, 0) == Terrain::Wall)
        for (int side = 0; side < 4; ++side) {
            const int ni = board_.tileIndexAt(neighbour(t.pos, side));
            if (ni < 0) continue;
            const PlacedTile& nt = board_.tiles()[size_t(ni)];
            for (int j = 0; j < 3; ++j) {
                const int f = nt.kind->featureAtPort(
                    tiledb::matchingPort(tiledb::Port(side * 3 + j)), nt.rotation);
                if (f >= 0) consider(NodeId(nt.firstNode + f));
            }
        }
    closedByAbbey_ = t.kind->sideTerrain(0, 0) == Terrain::Wall;
    for (int i = 0; i < nDone; ++i) scoreCompleted(done[i], out);
    closedByAbbey_ = false;
    // Cloisters (and abbeys) on this tile or around it that now have all eight neighbours.
    for (size_t i = 0; i < openCloisters_.size();) {
        const PlacedTile& c = board_.tiles()[openCloisters_[i]];
        const bool near = std::abs(c.pos.x - t.pos.x) <= 1 && std::abs(c.pos.y - t.pos.y) <= 1;
        if (!near || board_.neighbourCount8(c.pos) != 8) {
            ++i;
            continue;
        }
        for (size_t f = 0; f < c.kind->features.size(); ++f)
            if (isCloisterLike(c.kind->features[f].kind))
                scoreCompleted(NodeId(c.firstNode + f), out);
        openCloisters_[i] = openCloisters_.back();
        openCloisters_.pop_back();
    }
    scoreBarns(out);
    ++turn_;
    // Wagons move in turn order, starting with the player whose turn it was.
    const int mover = current_, n = config_.players;
    std::stable_sort(pendingWagons_.begin(), pendingWagons_.end(),
                     [&](const auto& a, const auto& b) {
                         return (a.player - mover + n) % n < (b.player - mover + n) % n;
                     });
    bool extraTurn = config_.rules.holeExtraTurn && t.kind->sideTerrain(0, 0) != Terrain::Wall;
    for (int side = 0; extraTurn && side < 4; ++side) // a filled hole: all four sides touch
        extraTurn = board_.tileIndexAt(neighbour(t.pos, side)) >= 0;
    if (!extraTurn) current_ = (current_ + 1) % config_.players;
    placedNode_ = -1;
    if (remainingTotal() == 0) pendingWagons_.clear(); // the game is over: no wagon moves
    if (!pendingWagons_.empty()) {
        phase_ = Phase::Wagon;
        return;
    }
    endTurn(out);
}

void State::endTurn(Outcome& out) {
    phase_ = Phase::Tile;
    lastTile_ = -1;
    if (remainingTotal() == 0) finalScoring(out);
    debugCheck();
}

PlayerId State::currentPlayer() const {
    if (terminal()) return -1;
    if (phase_ == Phase::Wagon && !pendingWagons_.empty()) return pendingWagons_.front().player;
    return current_;
}

bool State::freeForWagon(int tileIndex, int feature) const {
    const PlacedTile& t = board_.tiles()[size_t(tileIndex)];
    const FeatureKind k = t.kind->features[size_t(feature)].kind;
    if (k == FeatureKind::Field) return false;
    const NodeId node = NodeId(t.firstNode + feature);
    if (isCloisterLike(k))
        return board_.neighbourCount8(t.pos) < 8 && !graph_.node(node).occupied();
    const FeatureNode& r = graph_.node(graph_.root(node));
    return r.open > 0 && !r.occupied();
}

void State::wagonTargets(const PendingWagon& w, std::vector<MeepleOption>& out) const {
    out.clear();
    std::vector<NodeId> seen;
    auto consider = [&](int tile, int f) {
        if (!freeForWagon(tile, f)) return;
        const PlacedTile& t = board_.tiles()[size_t(tile)];
        const NodeId node = NodeId(t.firstNode + f);
        const NodeId key =
            isCloisterLike(t.kind->features[size_t(f)].kind) ? node : graph_.root(node);
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) return;
        seen.push_back(key);
        out.push_back(MeepleOption{f, MeepleKind::Wagon, -1, tile});
    };
    if (!config_.rules.wagonMoveFirstEdition) {
        // Current rule: any feature on the tile where it stood or an edge-adjacent tile.
        const Pos from = board_.tiles()[w.fromTile].pos;
        int tiles[5] = {int(w.fromTile), -1, -1, -1, -1};
        for (int s4 = 0; s4 < 4; ++s4) tiles[1 + s4] = board_.tileIndexAt(neighbour(from, s4));
        for (int ti : tiles)
            if (ti >= 0)
                for (size_t f = 0; f < board_.tiles()[size_t(ti)].kind->features.size(); ++f)
                    consider(ti, int(f));
        return;
    }
    // First edition: along connections from the scored feature: a junction's other roads, a
    // road's city gate or cloister, and an abbey that closes it (and back from an abbey).
    std::vector<NodeId> members;
    if (isCloisterLike(graph_.node(w.scored).kind))
        members.push_back(w.scored);
    else
        graph_.forEachMember(w.scored, [&](NodeId m) { members.push_back(m); });
    for (NodeId m : members) {
        const FeatureNode& node = graph_.node(m);
        const PlacedTile& t = board_.tiles()[node.tile];
        for (auto [a, b] : t.kind->wagonLinks) {
            if (a == node.local) consider(node.tile, b);
            if (b == node.local) consider(node.tile, a);
        }
        const bool abbey = node.kind == FeatureKind::Abbey;
        for (int side = 0; side < 4; ++side) {
            const int ni = board_.tileIndexAt(neighbour(t.pos, side));
            if (ni < 0) continue;
            const PlacedTile& nt = board_.tiles()[size_t(ni)];
            for (int j = 0; j < 3; ++j) {
                const tiledb::Port bp = tiledb::Port(side * 3 + j);
                const int mine = t.kind->featureAtPort(bp, t.rotation);
                const int theirs = nt.kind->featureAtPort(tiledb::matchingPort(bp), nt.rotation);
                if (!abbey && mine == node.local && theirs < 0) // our edge meets an abbey's wall
                    for (size_t f = 0; f < nt.kind->features.size(); ++f) consider(ni, int(f));
                if (abbey && theirs >= 0) consider(ni, theirs); // what the abbey's wall closes
            }
        }
    }
}

std::vector<MeepleOption> State::legalWagonMoves() const {
    std::vector<MeepleOption> out;
    if (phase_ == Phase::Wagon && !pendingWagons_.empty())
        wagonTargets(pendingWagons_.front(), out);
    return out;
}

Outcome State::moveWagon(MeepleOption target) {
    Outcome out;
    if (phase_ != Phase::Wagon)
        return out.violation = violation(Violation::Kind::WrongPhase, {}, {RuleRef::WagonMove}),
               out;
    const std::vector<MeepleOption> legal = legalWagonMoves();
    target.kind = MeepleKind::Wagon;
    target.corner = -1;
    if (std::find(legal.begin(), legal.end(), target) == legal.end()) {
        const Pos at = target.tile >= 0 && target.tile < board_.size()
                           ? board_.tiles()[size_t(target.tile)].pos
                           : Pos{};
        return out.violation =
                   violation(Violation::Kind::NotThisPiece, at,
                             {config_.rules.wagonMoveFirstEdition ? RuleRef::WagonMoveFirstEdition
                                                                  : RuleRef::WagonMove}),
               out;
    }
    const PendingWagon w = pendingWagons_.front();
    pendingWagons_.erase(pendingWagons_.begin());
    const PlacedTile& t = board_.tiles()[size_t(target.tile)];
    const NodeId node = NodeId(t.firstNode + target.feature);
    FeatureNode& holder = isCloisterLike(t.kind->features[size_t(target.feature)].kind)
                              ? graph_.node(node)
                              : graph_.node(graph_.root(node));
    ++holder.followers[w.player];
    addMeeple(Meeple{node, w.player, MeepleKind::Wagon, 0});
    if (pendingWagons_.empty()) endTurn(out);
    return out;
}

Outcome State::skipWagonMove() {
    Outcome out;
    if (phase_ != Phase::Wagon)
        return out.violation = violation(Violation::Kind::WrongPhase, {}, {RuleRef::WagonMove}),
               out;
    pendingWagons_.erase(pendingWagons_.begin());
    if (pendingWagons_.empty()) endTurn(out);
    return out;
}

void State::finalScoring(Outcome& out) {
    pendingWagons_.clear();
    // Unfinished roads, cities and cloisters first, then the farms. Cloisters are scored per
    // tile; other features once per set, however many pieces stand on them.
    std::vector<NodeId> toScore;
    out.events.reserve(out.events.size() + meeples_.size());
    for (const Meeple& m : meeples_) {
        const FeatureKind k = graph_.node(m.node).kind;
        if (k == FeatureKind::Field || m.kind == MeepleKind::Barn) continue;
        const NodeId key = isCloisterLike(k) ? m.node : graph_.root(m.node);
        if (std::find(toScore.begin(), toScore.end(), key) == toScore.end()) toScore.push_back(key);
    }
    for (NodeId key : toScore) {
        ScoreEvent e = evaluate(key, ScoreEvent::When::EndOfGame);
        if (remainingTotal() == 0) e.rules.push_back(RuleRef::GameEndLastTile);
        record(std::move(e), out);
    }
    // Every piece but farmers and barns goes home; one pass over the pieces.
    removeMeeples([&](const Meeple& m) {
        return m.kind != MeepleKind::Barn && graph_.node(m.node).kind != FeatureKind::Field;
    });
    for (NodeId key : toScore) {
        graph_.node(key).followers.fill(0);
        graph_.node(key).mayors.fill(0);
    }
    // Each farm with farmers scores its bordering completed cities (a city on the border of
    // several farms counts for each); each barn scores 4 per completed city of its farm.
    std::vector<NodeId> farms;
    for (const Meeple& m : meeples_)
        if (graph_.node(m.node).kind == FeatureKind::Field) farms.push_back(graph_.root(m.node));
    std::sort(farms.begin(), farms.end());
    farms.erase(std::unique(farms.begin(), farms.end()), farms.end());
    std::vector<std::vector<NodeId>> citiesOf(farms.size());
    for (size_t i = 0; i < farms.size(); ++i) farmCities(farms[i], &citiesOf[i]);
    for (size_t i = 0; i < farms.size(); ++i) {
        const FeatureNode& farm = graph_.node(farms[i]);
        const bool farmers =
            std::any_of(farm.followers.begin(), farm.followers.end(), [](auto n) { return n; });
        if (farmers && config_.rules.farmers) {
            ScoreEvent e = evaluate(farms[i], ScoreEvent::When::EndOfGame, int(citiesOf[i].size()));
            bool shared = false;
            for (size_t j = 0; j < farms.size() && !shared; ++j)
                for (NodeId c : citiesOf[i])
                    if (j != i && std::binary_search(citiesOf[j].begin(), citiesOf[j].end(), c))
                        shared = true;
            if (shared) e.rules.push_back(RuleRef::FarmSeveralFarms);
            e.rules.push_back(RuleRef::FarmersStay);
            e.rules.push_back(RuleRef::FarmIncomplete);
            record(std::move(e), out);
        }
        // Each player with a barn on the farm scores it in full, once (however many barns).
        int owners = 0;
        for (auto b : farm.barns) owners += b ? 1 : 0;
        for (int p = 0; p < config_.players; ++p) {
            if (!farm.barns[size_t(p)]) continue;
            ScoreEvent e = evaluate(farms[i], ScoreEvent::When::EndOfGame, int(citiesOf[i].size()));
            e.strength.fill(0);
            e.strength[size_t(p)] = farm.barns[size_t(p)];
            e.scorers = PlayerList{p};
            e.perCity = 4;
            e.points = 4 * e.cities;
            e.rules = {RuleRef::BarnFinal};
            if (owners > 1 || farm.barns[size_t(p)] > 1) e.rules.push_back(RuleRef::BarnSeveral);
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
    std::vector<std::array<int, kMaxPlayers>> counted(size_t(graph_.size())), mayors(counted),
        barns(counted);
    for (const Meeple& m : meeples_) {
        const NodeId key = isCloisterLike(graph_.node(m.node).kind) ? m.node : graph_.root(m.node);
        if (m.kind == MeepleKind::Follower || m.kind == MeepleKind::Wagon) ++counted[key][m.player];
        if (m.kind == MeepleKind::Mayor) ++mayors[key][m.player];
        if (m.kind == MeepleKind::Barn) ++barns[key][m.player];
    }
    for (int p = 0; p < config_.players; ++p)
        for (MeepleKind k : {MeepleKind::Mayor, MeepleKind::Wagon, MeepleKind::Barn})
            if (supply(p, k) < 0)
                return "player " + std::to_string(p) + " has too many " + meepleKindName(k) + "s";
    for (int n = 0; n < graph_.size(); ++n) {
        const FeatureNode& node = graph_.node(NodeId(n));
        if (node.parent != n) continue;
        for (int p = 0; p < kMaxPlayers; ++p)
            if (node.followers[size_t(p)] != counted[size_t(n)][size_t(p)])
                return "feature " + std::to_string(n) + " counts " +
                       std::to_string(node.followers[size_t(p)]) + " followers of player " +
                       std::to_string(p) + ", the board shows " +
                       std::to_string(counted[size_t(n)][size_t(p)]);
        for (int p = 0; p < kMaxPlayers; ++p)
            if (node.mayors[size_t(p)] != mayors[size_t(n)][size_t(p)] ||
                node.barns[size_t(p)] != barns[size_t(n)][size_t(p)])
                return "feature " + std::to_string(n) +
                       ": mayor or barn counts differ from the board";
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
