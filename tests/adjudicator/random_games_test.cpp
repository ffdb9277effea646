// Invariants over seeded random games (OpenSpiel's RandomSimTest, Stockfish's pos_is_ok):
// 10,000 games in all across the sets and 2-6 players.
#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

#include <map>
#include <numeric>

using namespace adj;

namespace {

struct Params {
    const char* set;
    bool abbeyMayor;
    int games;
    bool everyTurnRoundTrip; // clone and notation at every action, or every 10th and the end
};

class RandomGames : public ::testing::TestWithParam<Params> {};

void checkRoundTrip(const State& s, const char* where) {
    const State copy = s;
    ASSERT_TRUE(copy == s) << where;
    const std::string text = s.toNotation();
    std::string error;
    const std::optional<State> back = State::fromNotation(text, &error);
    ASSERT_TRUE(back) << where << ": " << error << "\n" << text;
    ASSERT_EQ(back->toNotation(), text) << where;
}

TEST_P(RandomGames, InvariantsHold) {
    const Params p = GetParam();
    int totalEvents = 0;
    std::map<RuleRef, int> seen; // how often each rule decided an event
    int abbeys = 0;
    for (int g = 0; g < p.games; ++g) {
        GameConfig cfg = GameConfig::forSet(p.set, 2 + g % 5);
        if (p.abbeyMayor) {
            cfg = GameConfig::forSet(p.set, 2 + g % 5, {"abbey-mayor"});
            cfg.rules.wagonMoveFirstEdition = g % 2; // both wagon rules
        }
        RandomGameOptions opt;
        opt.meepleChance = 0.3 + 0.1 * (g % 7);
        int actions = 0;
        std::array<int, kMaxPlayers> lastScores{};
        opt.afterEach = [&](const State& s) {
            ++actions;
            for (int pl = 0; pl < cfg.players; ++pl) {
                ASSERT_GE(s.supply(pl), 0);
                ASSERT_LE(s.supply(pl), cfg.rules.followers);
                ASSERT_GE(s.score(pl), lastScores[size_t(pl)]) << "scores never go down";
                lastScores[size_t(pl)] = s.score(pl);
            }
            ASSERT_EQ(s.checkConsistency(), "");
            if (p.everyTurnRoundTrip || actions % 10 == 0) checkRoundTrip(s, "mid-game");
        };
        const State s = playRandomGame(cfg, std::uint64_t(g) * 7919 + 17, opt);
        ASSERT_TRUE(s.terminal());
        checkRoundTrip(s, "final");
        // Every reported score is the sum of its explained events.
        std::array<int, kMaxPlayers> sum{};
        for (const ScoreEvent& e : s.log()) {
            ASSERT_FALSE(e.scorers.empty());
            ASSERT_FALSE(e.rules.empty());
            const bool zero = std::find(e.rules.begin(), e.rules.end(),
                                        RuleRef::MayorZeroPennants) != e.rules.end();
            ASSERT_EQ(e.points, zero ? 0
                                     : e.perTile * int(e.tiles.size()) + e.perPennant * e.pennants +
                                           e.perCity * e.cities + e.flat);
            for (PlayerId pl : e.scorers) sum[size_t(pl)] += e.points;
            for (RuleRef r : e.rules) ++seen[r];
        }
        ASSERT_EQ(sum, s.scores());
        totalEvents += int(s.log().size());
        // At the end only farmers and barns remain on the board.
        for (const Meeple& m : s.meeples())
            ASSERT_EQ(s.features().node(m.node).kind, tiledb::FeatureKind::Field);
        if (p.abbeyMayor) {
            for (int pl = 0; pl < cfg.players; ++pl) {
                ASSERT_LE(s.abbeysPlaced(pl), 1);
                abbeys += s.abbeysPlaced(pl);
            }
        }
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(totalEvents, p.games) << "games must actually score";
    if (p.abbeyMayor) { // the expansion's mechanisms all occur
        EXPECT_GT(abbeys, p.games / 4);
        for (RuleRef r : {RuleRef::AbbeyIsCloister, RuleRef::MayorStrength,
                          RuleRef::MayorZeroPennants, RuleRef::WagonStrength, RuleRef::BarnFinal,
                          RuleRef::BarnFarmersScored, RuleRef::BarnConnection})
            EXPECT_GT(seen[r], 0) << adj::ruleId(r);
        std::printf(
            "%d games: %d abbeys, mayor %d, wagon %d, barn final %d, barn placed on farmers %d, "
            "barn joined %d\n",
            p.games, abbeys, seen[RuleRef::MayorStrength], seen[RuleRef::WagonStrength],
            seen[RuleRef::BarnFinal], seen[RuleRef::BarnFarmersScored],
            seen[RuleRef::BarnConnection]);
    }
}

// {set, with Abbey & Mayor, games, round trip after every action}: 12,300 games in all.
INSTANTIATE_TEST_SUITE_P(
    Sets, RandomGames,
    ::testing::Values(Params{"base", false, 3500, false}, Params{"winter", false, 2500, false},
                      Params{"demo", false, 3000, false}, Params{"base", false, 500, true},
                      Params{"winter", false, 500, true}, Params{"base", true, 2000, false},
                      Params{"winter", true, 300, true}),
    [](const ::testing::TestParamInfo<Params>& param) {
        return std::string(param.param.set) + (param.param.abbeyMayor ? "_abbeyMayor" : "") +
               (param.param.everyTurnRoundTrip ? "_everyTurn" : "");
    });

// An independent oracle for legal placements: every cell around the board, every rotation,
// checked side by side from the tiles' own edges (no frontier, no tables).
int bruteForceCount(const State& s, int kind) {
    const auto& k = *s.kinds()[size_t(kind)];
    int minX = 0, maxX = 0, minY = 0, maxY = 0;
    for (const auto& t : s.board().tiles()) {
        minX = std::min(minX, t.pos.x), maxX = std::max(maxX, t.pos.x);
        minY = std::min(minY, t.pos.y), maxY = std::max(maxY, t.pos.y);
    }
    int n = 0;
    for (int x = minX - 1; x <= maxX + 1; ++x)
        for (int y = minY - 1; y <= maxY + 1; ++y) {
            if (s.board().at(Pos{x, y})) continue;
            for (int r = 0; r < 4; ++r) {
                bool touches = false, ok = true;
                for (int side = 0; side < 4; ++side) {
                    const PlacedTile* nb = s.board().at(neighbour(Pos{x, y}, side));
                    if (!nb) continue;
                    touches = true;
                    if (nb->kind->sideTerrain((side + 2) % 4, nb->rotation) !=
                        k.sideTerrain(side, r))
                        ok = false;
                }
                n += touches && ok;
            }
        }
    return n;
}

// Reference counts of legal placements (all four rotations) from fixed positions: the state
// after `tiles` random placements of seed `seed` (base set, 4 players). Like perft, any
// change in these numbers means the move generator changed.
struct Perft {
    std::uint64_t seed;
    int tiles;
    std::vector<std::pair<const char*, int>> counts;
};

State positionAfter(std::uint64_t seed, int tiles) {
    State s = *State::create(GameConfig::forSet("base", 4));
    Rng rng(seed);
    const std::vector<int> bag = shuffledBag(s, rng);
    for (size_t i = 0; s.board().size() < tiles && i < bag.size(); ++i) {
        const auto& k = *s.kinds()[size_t(bag[i])];
        const int n = s.board().countPlacements(k);
        if (!n) continue;
        s.placeTile(bag[i], s.board().nthPlacement(k, rng.below(n)));
        s.pass();
    }
    return s;
}

TEST(Perft, LegalPlacementCountsFromFixedPositions) {
    const std::vector<Perft> table = {
#include "perft_table.inc"
    };
    ASSERT_FALSE(table.empty());
    for (const Perft& p : table) {
        const State s = positionAfter(p.seed, p.tiles);
        ASSERT_EQ(s.board().size(), p.tiles);
        for (const auto& [id, expected] : p.counts) {
            const int kind = s.kindIndex(id);
            EXPECT_EQ(int(s.legalPlacements(kind).size()), expected)
                << "seed " << p.seed << " tiles " << p.tiles << " tile " << id;
            EXPECT_EQ(bruteForceCount(s, kind), expected)
                << "oracle, seed " << p.seed << " tile " << id;
            EXPECT_EQ(s.board().countPlacements(*s.kinds()[size_t(kind)]), expected);
        }
    }
}

TEST(Perft, FrontierAgreesWithTheOracleInRandomPositions) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const State s = positionAfter(seed, int(5 + seed));
        for (int kind = 0; kind < int(s.kinds().size()); ++kind)
            ASSERT_EQ(int(s.legalPlacements(kind).size()), bruteForceCount(s, kind))
                << "seed " << seed << " kind " << s.kinds()[size_t(kind)]->id;
    }
}

} // namespace
