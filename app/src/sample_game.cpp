#include "sample_game.h"

#include "adjudicator/random_game.h"

#include <algorithm>
#include <cstdlib>

namespace carc {

namespace {

// How good an action is for the player making it: the points it scores them now, less half of
// what it scores the others, plus part of what a piece it leaves on the board would be worth
// (farms only late in the game), less a little for each piece out of the supply.
double value(const adj::State& before, const adj::State& after, adj::PlayerId me,
             const adj::MeepleOption* piece) {
    double v = 0;
    for (int p = 0; p < before.config().players; ++p) {
        const int gain = after.score(p) - before.score(p);
        v += p == me ? gain : -0.5 * gain;
    }
    if (!piece) return v;
    const adj::MeepleKind kind = piece->kind;
    if (after.supply(me, kind) == before.supply(me, kind)) return v + 1; // scored at once, back
    const int tile = after.board().size() - 1;
    const adj::NodeId node = after.featureOf(tile, piece->feature);
    const adj::ScoreEvent now = after.evaluate(node, adj::ScoreEvent::When::EndOfGame);
    const bool mine = std::find(now.scorers.begin(), now.scorers.end(), me) != now.scorers.end();
    const bool farm =
        after.board().tiles()[size_t(tile)].kind->features[size_t(piece->feature)].kind ==
        tiledb::FeatureKind::Field;
    const double growth = farm ? (after.remainingTotal() < 25 ? 0.8 : 0.1) : 0.7;
    return v + (mine ? growth * now.points : 0) - 2.5 - (after.supply(me) == 0 ? 3 : 0);
}

// A plausible game, so the sample reads like one played by people: each player takes the best
// placement and piece by value(); the seeded RNG draws the tiles and breaks ties.
SampleGame make() {
    SampleGame g;
    g.config = adj::GameConfig::forSet("base", 3, {"abbey-mayor"});
    g.players = {{"Ana", "red"}, {"Bram", "blue"}, {"Chris", "green"}};
    adj::State s = *adj::State::create(g.config);
    s.setKeepLog(false);
    adj::Rng rng(2026);
    const std::vector<int> bag = adj::shuffledBag(s, rng);
    int abbey = -1;
    for (int k = 0; k < int(s.kinds().size()); ++k)
        if (s.kinds()[size_t(k)]->inSupply) abbey = k;
    auto play = [&](const adj::Action& a) {
        const adj::Outcome out = adj::apply(s, a);
        if (out.ok()) g.actions.push_back(a);
        return out.ok();
    };
    // The best tile placement and piece for the player to move; false when the tile fits nowhere.
    auto bestTurn = [&](int kind) {
        const adj::PlayerId me = s.currentPlayer();
        double best = -1e9;
        adj::Placement bestPlace{};
        std::optional<adj::MeepleOption> bestPiece;
        const std::vector<adj::Placement> places = s.legalPlacements(kind, true);
        for (const adj::Placement& pl : places) {
            adj::State placed = s;
            placed.placeTile(kind, pl);
            const double noise = 0.3 * rng.below(100) / 100.0;
            if (const double v = value(s, placed, me, nullptr) + noise; v > best)
                best = v, bestPlace = pl, bestPiece.reset();
            for (const adj::MeepleOption& o : placed.legalMeeples()) {
                adj::State with = placed;
                with.deployMeeple(o);
                if (const double v = value(s, with, me, &o) + noise; v > best)
                    best = v, bestPlace = pl, bestPiece = o;
            }
        }
        if (places.empty()) return false;
        play({adj::Action::Kind::Tile, kind, bestPlace, {}});
        if (bestPiece)
            play({adj::Action::Kind::Piece, -1, {}, *bestPiece});
        else
            play({adj::Action::Kind::Pass, -1, {}, {}});
        while (s.phase() == adj::Phase::Wagon) { // a wagon moves on when it can
            const std::vector<adj::MeepleOption> moves = s.legalWagonMoves();
            if (moves.empty())
                play({adj::Action::Kind::WagonStays, -1, {}, {}});
            else
                play({adj::Action::Kind::WagonMove, -1, {}, moves.front()});
        }
        return true;
    };
    size_t next = 0;
    while (!s.terminal()) {
        if (next == bag.size()) {
            play({adj::Action::Kind::End, -1, {}, {}});
            break;
        }
        // Late in the game, an abbey goes into a hole when there is one.
        if (abbey >= 0 && s.abbeysPlaced(s.currentPlayer()) < g.config.rules.abbeys &&
            bag.size() - next < 30 && !s.legalPlacements(abbey, true).empty() && bestTurn(abbey))
            continue;
        const int kind = bag[next++];
        if (!bestTurn(kind)) play({adj::Action::Kind::Discard, kind, {}, {}});
    }
    for (int p = 0; p < g.config.players; ++p) g.finalScores.push_back(s.score(p));
    return g;
}

} // namespace

const SampleGame& sampleGame() {
    static const SampleGame game = make();
    return game;
}

bool isSampleGame(const adj::GameConfig& game) {
    const adj::GameConfig& s = sampleGame().config;
    return game.baseSet == s.baseSet && game.players == s.players &&
           game.expansions == s.expansions;
}

std::string sampleRecordingFolder() {
#ifndef CARC_SAMPLE_DIR
#define CARC_SAMPLE_DIR ""
#endif
    const char* env = std::getenv("CARC_SAMPLE_RECORDING");
    return env && *env ? env : CARC_SAMPLE_DIR;
}

} // namespace carc
