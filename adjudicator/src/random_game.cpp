#include "adjudicator/random_game.h"

#include <cassert>
#include <utility>

namespace adj {

namespace {
std::uint32_t rotl(std::uint32_t x, int k) {
    return (x << k) | (x >> (32 - k));
}
} // namespace

Rng::Rng(std::uint64_t seed) {
    for (auto& w : s_) {
        seed += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        w = std::uint32_t((z ^ (z >> 31)) >> 16);
    }
}

std::uint32_t Rng::next() {
    const std::uint32_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint32_t t = s_[1] << 9;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 11);
    return result;
}

std::vector<int> shuffledBag(const State& s, Rng& rng) {
    std::vector<int> bag;
    for (int k = 0; k < int(s.kinds().size()); ++k)
        for (int i = 0; i < s.remaining(k); ++i) bag.push_back(k);
    // (remaining() is capped by the total; for the demo the per-kind maxima exceed it.)
    for (size_t i = bag.size(); i > 1; --i) std::swap(bag[i - 1], bag[size_t(rng.below(int(i)))]);
    if (int(bag.size()) > s.remainingTotal()) bag.resize(size_t(s.remainingTotal()));
    return bag;
}

State playRandomGame(const GameConfig& config, std::uint64_t seed,
                     const RandomGameOptions& options) {
    std::string error;
    std::optional<State> st = State::create(config, &error);
    assert(st && "playRandomGame: bad configuration");
    State& s = *st;
    s.setKeepLog(options.keepLog);
    Rng rng(seed);
    std::vector<int> bag = shuffledBag(s, rng);
    std::vector<MeepleOption> meeples;
    const std::uint32_t threshold = std::uint32_t(options.meepleChance * 4294967295.0);
    size_t next = 0;
    int abbey = -1;
    for (int k = 0; k < int(s.kinds().size()); ++k)
        if (s.kinds()[size_t(k)]->inSupply) abbey = k;
    // Every accepted action goes to the observers.
    auto report = [&](Action a, PlayerId player, Outcome&& o) {
        if (options.onStep) options.onStep(s, RandomStep{a, player, std::move(o)});
        if (options.afterEach) options.afterEach(s);
    };
    // After a tile: maybe a piece, then the wagons that may move (random target or none).
    auto choosePiece = [&] {
        s.legalMeeples(meeples);
        const PlayerId player = s.currentPlayer();
        if (!meeples.empty() && rng.next() <= threshold) {
            const MeepleOption o = meeples[size_t(rng.below(int(meeples.size())))];
            report(Action{Action::Kind::Piece, -1, {}, o}, player, s.deployMeeple(o));
        } else {
            report(Action{Action::Kind::Pass, -1, {}, {}}, player, s.pass());
        }
        while (s.phase() == Phase::Wagon) {
            const PlayerId owner = s.currentPlayer();
            const std::vector<MeepleOption> moves = s.legalWagonMoves();
            const int pick = rng.below(int(moves.size()) + 1);
            if (pick < int(moves.size()))
                report(Action{Action::Kind::WagonMove, -1, {}, moves[size_t(pick)]}, owner,
                       s.moveWagon(moves[size_t(pick)]));
            else
                report(Action{Action::Kind::WagonStays, -1, {}, {}}, owner, s.skipWagonMove());
        }
    };
    while (!s.terminal()) {
        if (options.maxTiles > 0 && s.board().size() >= options.maxTiles &&
            s.phase() == Phase::Tile)
            break;
        if (next == bag.size()) {
            report(Action{Action::Kind::End, -1, {}, {}}, -1, s.endGame());
            break;
        }
        const PlayerId player = s.currentPlayer();
        // Abbey & Mayor: sometimes play the abbey into a hole instead of drawing.
        if (abbey >= 0 && s.abbeysPlaced(player) < config.rules.abbeys && rng.below(4) == 0) {
            const tiledb::TileKind& ak = *s.kinds()[size_t(abbey)];
            if (const int holes = s.board().countPlacements(ak)) {
                const Placement pl = s.board().nthPlacement(ak, rng.below(holes));
                report(Action{Action::Kind::Tile, abbey, pl, {}}, player, s.placeTile(abbey, pl));
                choosePiece();
                continue;
            }
        }
        const int kind = bag[next++];
        const tiledb::TileKind& k = *s.kinds()[size_t(kind)];
        const int choices = s.board().countPlacements(k);
        if (choices == 0) {
            report(Action{Action::Kind::Discard, kind, {}, {}}, player, s.discard(kind));
            continue;
        }
        const Placement pl = s.board().nthPlacement(k, rng.below(choices));
        report(Action{Action::Kind::Tile, kind, pl, {}}, player, s.placeTile(kind, pl));
        choosePiece();
    }
    return std::move(s);
}

} // namespace adj
