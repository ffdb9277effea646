#include "vision/observer.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace vision {

namespace {

// The recognised board turned k quarter turns clockwise (y north), as the engine's board: a
// whole board turned clockwise turns each tile clockwise too, so rotations gain k.
adj::Pos turn(adj::Pos p, int k) {
    for (int i = 0; i < (k & 3); ++i) p = {p.y, -p.x};
    return p;
}

bool sameLook(const tiledb::TileKind& k, int a, int b) {
    return ((a - b) % k.distinctRotations + k.distinctRotations) % k.distinctRotations == 0;
}

struct Alignment {
    int k = 0;
    adj::Pos offset;
    adj::Pos toEngine(adj::Pos recognised) const {
        const adj::Pos p = turn(recognised, k);
        return {p.x + offset.x, p.y + offset.y};
    }
};

std::string where(adj::Pos p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

} // namespace

adj::Pos TurnObservation::toEngine(adj::Pos recognised) const {
    return Alignment{quarterTurn, offset}.toEngine(recognised);
}

const CellResult* TurnObservation::cellAt(adj::Pos engine) const {
    for (const CellResult& c : recognition.cells)
        if (toEngine(c.cell) == engine) return &c;
    return nullptr;
}

bool placeable(const adj::State& s, int kind, const adj::Placement& pl) {
    const tiledb::TileKind& k = *s.kinds()[size_t(kind)];
    const bool inBox = k.inSupply ? s.abbeysPlaced(s.currentPlayer()) < s.config().rules.abbeys
                                  : s.remaining(kind) > 0;
    if (!inBox) return false;
    const std::vector<adj::Placement> legal = s.legalPlacements(kind);
    return std::find(legal.begin(), legal.end(), pl) != legal.end();
}

TurnObserver::TurnObserver(const ReferenceSet& refs, const adj::GameConfig& game)
    : recogniser_(refs, game) {}

TurnObservation TurnObserver::observe(const adj::State& before, const cv::Mat& bgr) {
    TurnObservation o;
    if (lattice_.valid()) {
        o = read(before, bgr, lattice_);
        // Read on the remembered lattice: kept unless it fails or contradicts the game.
        if (o.status == TurnObservation::Status::Discrepancy || o.agreeing == 0) o = {};
    }
    if (!o.recognition.ok() || o.recognition.cells.empty()) o = read(before, bgr, {});
    if (o.status != TurnObservation::Status::Discrepancy && o.agreeing > 0)
        lattice_ = o.recognition.grid;
    return o;
}

TurnObservation TurnObserver::read(const adj::State& before, const cv::Mat& bgr,
                                   const GridHint& hint) const {
    TurnObservation o;
    RecogniseParams params;
    params.grid = hint;
    o.recognition = recogniser_.recognise(bgr, params);
    const Recognition& r = o.recognition;
    if (!r.ok()) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = "the board cannot be found in the picture: " + r.error;
        return o;
    }
    const adj::Board& board = before.board();

    // 1. The quarter turn and offset on which most certain tiles agree with the engine's.
    std::map<std::tuple<int, int, int>, int> votes;
    for (const CellResult& c : r.cells) {
        if (c.status != CellStatus::Tile) continue;
        for (const adj::PlacedTile& t : board.tiles()) {
            if (t.kind->id != c.kind) continue;
            for (int k = 0; k < 4; ++k)
                if (sameLook(*t.kind, (c.rotation + k) % 4, t.rotation)) {
                    const adj::Pos p = turn(c.cell, k);
                    ++votes[{k, t.pos.x - p.x, t.pos.y - p.y}];
                }
        }
    }
    if (votes.empty()) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = "none of the " + std::to_string(board.size()) +
                    " tiles on the table could be matched to the picture";
        return o;
    }
    const auto best = std::max_element(votes.begin(), votes.end(),
                                       [](auto& a, auto& b) { return a.second < b.second; });
    const Alignment align{std::get<0>(best->first),
                          {std::get<1>(best->first), std::get<2>(best->first)}};
    o.quarterTurn = align.k;
    o.offset = align.offset;

    // 2. Known tiles confirmed or contradicted; tiles on free cells are new.
    std::vector<const CellResult*> fresh;
    std::string contradiction;
    for (const CellResult& c : r.cells) {
        const adj::Pos at = align.toEngine(c.cell);
        if (const adj::PlacedTile* t = board.at(at)) {
            if (c.status != CellStatus::Tile) continue;
            if (t->kind->id == c.kind &&
                sameLook(*t->kind, (c.rotation + align.k) % 4, t->rotation))
                ++o.agreeing;
            else if (++o.disagreeing == 1)
                contradiction = "the tile at " + where(at) + " is " + t->kind->id + " turned " +
                                std::to_string(90 * t->rotation) + "°, the picture shows " +
                                c.kind + " turned " +
                                std::to_string(90 * ((c.rotation + align.k) % 4)) + "°";
        } else if (c.status == CellStatus::Tile) {
            fresh.push_back(&c);
        } else if (c.status == CellStatus::Uncertain) {
            // An unsure reading off the board's edge cannot be this turn's tile (tiles are laid
            // against others): table texture, not a second tile.
            bool touches = false;
            for (int side = 0; side < 4; ++side)
                touches |= board.at(adj::neighbour(at, side)) != nullptr;
            if (touches) fresh.push_back(&c);
        }
    }
    // A few misread known tiles are the classifier's; many mean the board changed.
    if (o.disagreeing > std::max(2, o.agreeing / 4)) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = std::to_string(o.disagreeing) + " tiles on the table differ from the game (" +
                    contradiction + ")";
        return o;
    }
    if (fresh.empty()) return o; // NoChange
    // One tile read with certainty beside some unsure cells: the certain one is this turn's
    // (the unsure ones are table or shadow the classifier could not rule out).
    const auto certain = std::count_if(fresh.begin(), fresh.end(), [](const CellResult* c) {
        return c->status == CellStatus::Tile;
    });
    if (certain == 1 && fresh.size() > 1)
        fresh.erase(
            std::remove_if(fresh.begin(), fresh.end(),
                           [](const CellResult* c) { return c->status != CellStatus::Tile; }),
            fresh.end());
    if (fresh.size() > 1) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = std::to_string(fresh.size()) + " new tiles (";
        for (size_t i = 0; i < fresh.size(); ++i)
            o.problem += (i ? ", " : "") + where(align.toEngine(fresh[i]->cell));
        o.problem += "): one tile is placed per turn";
        return o;
    }

    // 3. The new tile: the legal placement its classifier scores best.
    const CellResult& c = *fresh.front();
    const adj::Pos at = align.toEngine(c.cell);
    std::vector<Alternative> readings = c.alternatives;
    if (readings.empty() && !c.kind.empty()) readings.push_back({c.kind, c.rotation, c.score});
    std::sort(readings.begin(), readings.end(),
              [](const Alternative& a, const Alternative& b) { return a.score > b.score; });
    std::optional<adj::Action> found;
    float bestScore = 0, nextScore = 0;
    for (const Alternative& a : readings) {
        // Below the score at which the recogniser calls a cell a tile, a reading is a guess
        // (the grid off by a third of a tile at the board's edge gives such scores).
        if (a.score < RecogniseParams{}.tileScore) break;
        const int kind = before.kindIndex(a.kind);
        if (kind < 0) continue;
        const tiledb::TileKind& k = *before.kinds()[size_t(kind)];
        const adj::Placement pl{at, std::uint8_t((a.rotation + align.k) % 4)};
        if (!placeable(before, kind, pl)) continue;
        if (!found) {
            found = adj::Action{adj::Action::Kind::Tile, kind, pl, {}};
            bestScore = a.score;
        } else if (found->tileKind != kind ||
                   !sameLook(k, found->placement.rotation, pl.rotation)) {
            nextScore = a.score;
            break;
        }
    }
    if (!found) {
        o.status = TurnObservation::Status::Discrepancy;
        o.problem = "a new tile at " + where(at) + " (seen as " + c.kind + " turned " +
                    std::to_string(90 * ((c.rotation + align.k) % 4)) +
                    "°) that is no legal placement of a tile still in the box";
        return o;
    }
    o.status = TurnObservation::Status::NewTile;
    o.action = found;
    o.newCell = int(&c - r.cells.data());
    o.confidence = std::clamp(bestScore - nextScore, 0.0f, 1.0f);
    return o;
}

} // namespace vision
