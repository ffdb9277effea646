// Small value types shared by the whole engine.
#pragma once

#include "adjudicator/coords.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adj {

constexpr int kMaxPlayers = 6;
using PlayerId = int; // 0-based seat in turn order

enum class MeepleKind : std::uint8_t { Follower, Mayor, Wagon, Barn };
const char* meepleKindName(MeepleKind k);

// A rectangle of board cells (inclusive), for the "table edge" house rules.
struct Bounds {
    int minX = 0, maxX = 0, minY = 0, maxY = 0;
    bool contains(Pos p) const { return p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY; }
};

// Rule switches: the variants the rule texts describe. Defaults are the base game's rules.
struct Rules {
    bool farmers = true;                 // false in the Print-and-Play Demo
    int followers = 7;                   // per player (the demo: 5)
    bool unfinishedScoreNothing = false; // house rule: nothing scores at the end but farms
    bool tinyCity = false;               // edition rule: a completed 2-tile city scores as if
                                         // unfinished (JCloisterZone tiny-city-scoring)
    bool holeExtraTurn = false;          // house rule: filling a hole (4 neighbours) plays again
    std::optional<Bounds> table;         // house rule: the table edge bounds the board
    bool tableEdgeCloses = false;        // house rule: the table edge closes roads and cities
};

// Which game is played: a base set plus expansions, players and rule switches.
struct GameConfig {
    std::string baseSet = "base";        // base | winter | demo
    std::vector<std::string> expansions; // e.g. {"abbey-mayor"}
    int players = 2;
    Rules rules;

    // The defaults for a base set: the demo has 5 followers and no farmers.
    static GameConfig forSet(const std::string& set, int players);
};

} // namespace adj
