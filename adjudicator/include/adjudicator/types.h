// Small value types shared by the whole engine.
#pragma once

#include "adjudicator/coords.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace adj {

constexpr int kMaxPlayers = 6;
constexpr int kMaxTiles = 256; // placed tiles in one game (the largest box combination: 103)
using PlayerId = int;          // 0-based seat in turn order

// A list with a fixed capacity and no heap allocation, for the short lists every event carries.
template <class T, int N>
class SmallList {
public:
    SmallList() = default;
    SmallList(std::initializer_list<T> items) {
        for (const T& t : items) push_back(t);
    }
    void push_back(const T& t) {
        if (n_ < N) items_[size_t(n_++)] = t;
    }
    int size() const { return n_; }
    bool empty() const { return n_ == 0; }
    const T* begin() const { return items_.data(); }
    const T* end() const { return items_.data() + n_; }
    const T& operator[](int i) const { return items_[size_t(i)]; }
    friend bool operator==(const SmallList& a, const SmallList& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const SmallList& a, const std::vector<T>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::array<T, size_t(N)> items_{};
    int n_ = 0;
};

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
    // Abbey & Mayor: pieces per player (0 without the expansion) and its switches.
    int abbeys = 0, mayors = 0, wagons = 0, barns = 0;
    bool wagonMoveFirstEdition = false; // wagon moves along connections (JCZ wagon-move C1)
                                        // instead of to the same or an adjacent tile (C2)
    bool barnOnFarmWithBarn = false;    // a barn may join a farm that has one (JCZ "occupied")
};

// Which game is played: a base set plus expansions, players and rule switches.
struct GameConfig {
    std::string baseSet = "base";        // base | winter | demo
    std::vector<std::string> expansions; // e.g. {"abbey-mayor"}
    int players = 2;
    Rules rules;

    // The defaults for a base set (the demo has 5 followers and no farmers) and expansions
    // (Abbey & Mayor gives each player an abbey, a mayor, a wagon and a barn).
    static GameConfig forSet(const std::string& set, int players,
                             const std::vector<std::string>& expansions = {});
};

} // namespace adj
