// Test helper: plays observed turns by tile id, e.g. play("G", 0, 1, 1, 'c').
#pragma once

#include "adjudicator/random_game.h"
#include "adjudicator/render.h"
#include "adjudicator/state.h"

#include <gtest/gtest.h>

namespace testutil {

struct Game {
    adj::State s;
    std::vector<adj::ScoreEvent> events; // everything scored so far

    explicit Game(const std::string& set = "base", int players = 2)
        : s(*adj::State::create(adj::GameConfig::forSet(set, players))) {}
    explicit Game(const adj::GameConfig& cfg) : s(*adj::State::create(cfg)) {}

    // Places tile `id` at (x, y) turned `rot` quarter turns clockwise, with a follower on the
    // feature labelled `label` (0 = none). Fails the test on a violation.
    adj::Outcome play(const std::string& id, int x, int y, int rot, char label = 0) {
        adj::Outcome o = tryPlay(id, x, y, rot, label);
        EXPECT_TRUE(o.ok()) << id << "@" << x << "," << y << "r" << rot << ": "
                            << (o.violation ? adj::kb::render(*o.violation, adj::kb::Lang::En)
                                            : "");
        return o;
    }
    adj::Outcome tryPlay(const std::string& id, int x, int y, int rot, char label = 0) {
        adj::Turn t;
        t.kind = s.kindIndex(id);
        t.placement = adj::Placement{adj::Pos{x, y}, std::uint8_t(rot)};
        if (label) t.meeple = adj::MeepleOption{s.kinds()[size_t(t.kind)]->featureIndex(label)};
        adj::Outcome o = s.applyTurn(t);
        events.insert(events.end(), o.events.begin(), o.events.end());
        return o;
    }
    adj::Outcome end() {
        adj::Outcome o = s.endGame();
        events.insert(events.end(), o.events.begin(), o.events.end());
        return o;
    }
};

} // namespace testutil
