// The search behind readings by elimination (vision/elimination.h): which copies left in the
// box go to which uncertain cells.
#include "vision/elimination.h"

#include <gtest/gtest.h>

#include <cmath>

namespace el = vision::elimination;

namespace {

// Kinds 0 and 1 meet only their own kind (a stand-in for sides that must match).
const el::Meets sameKindMeets = [](const el::Reading& a, int, const el::Reading& b) {
    return a.kind == b.kind;
};
const el::Meets anyMeets = [](const el::Reading&, int, const el::Reading&) { return true; };

el::Cell cell(std::vector<el::Reading> readings) {
    el::Cell c;
    c.readings = std::move(readings);
    return c;
}

} // namespace

// One cell, one copy left: whatever it matched, it is that copy, and no other assignment exists.
TEST(Elimination, TheLastCopyGoesToTheLastCell) {
    const auto o =
        el::assign({cell({{0, 0, 0.2f}, {0, 1, 0.5f}, {1, 0, 0.9f}})}, {1, 0}, anyMeets, 0.1f);
    EXPECT_EQ(o.assignments, 2); // kind 0 turned twice; kind 1 has no copy left
    EXPECT_EQ(o.reading[0], 1);  // the better turn, 0.3 ahead
    EXPECT_NEAR(o.lead[0], 0.3f, 1e-5);
}

// Two cells, one copy of each of two kinds: the assignment matching better wins when it wins
// clearly, and nothing is settled when the two sum alike (two cities with and without a pennant
// both read as either: the box cannot say which is which).
TEST(Elimination, ClearlyBetterAssignmentsSettleCloseOnesDoNot) {
    const std::vector<el::Cell> clear = {cell({{0, 0, 0.5f}, {1, 0, 0.6f}}),
                                         cell({{0, 0, 0.7f}, {1, 0, 0.3f}})};
    auto o = el::assign(clear, {1, 1}, anyMeets, 0.1f);
    EXPECT_EQ(o.assignments, 2);
    EXPECT_EQ(o.reading[0], 1); // kind 1: 0.6 + 0.7 beats 0.5 + 0.3
    EXPECT_EQ(o.reading[1], 0);
    const std::vector<el::Cell> alike = {cell({{0, 0, 0.90f}, {1, 0, 0.89f}}),
                                         cell({{0, 0, 0.91f}, {1, 0, 0.92f}})};
    o = el::assign(alike, {1, 1}, anyMeets, 0.1f);
    EXPECT_EQ(o.assignments, 2);
    EXPECT_EQ(o.reading[0], -1);
    EXPECT_EQ(o.reading[1], -1);
}

// Cells side by side must meet: that alone can settle them, whatever they match.
TEST(Elimination, SidesThatMustMeetRuleAssignmentsOut) {
    std::vector<el::Cell> pair = {cell({{0, 0, 0.9f}, {1, 0, 0.1f}}),
                                  cell({{0, 0, 0.1f}, {1, 0, 0.9f}})};
    pair[0].beside[1] = 1; // the second lies east of the first
    pair[1].beside[3] = 0;
    // Two copies of kind 1 and none of 0: both cells are kind 1 though the first matched 0.
    auto o = el::assign(pair, {0, 2}, sameKindMeets, 0.1f);
    EXPECT_EQ(o.assignments, 1);
    EXPECT_EQ(o.reading[0], 1);
    EXPECT_EQ(o.reading[1], 1);
    EXPECT_TRUE(std::isinf(o.lead[0])); // no other assignment at all
    // One copy of each: no assignment has both sides meeting; nothing is settled.
    o = el::assign(pair, {1, 1}, sameKindMeets, 0.1f);
    EXPECT_EQ(o.assignments, 0);
    EXPECT_EQ(o.reading[0], -1);
    EXPECT_EQ(o.reading[1], -1);
}

// Too many assignments to weigh settle nothing (a board whose doubts the box does not narrow).
TEST(Elimination, TooManyAssignmentsSettleNothing) {
    std::vector<el::Cell> cells;
    for (int k = 0; k < 6; ++k) cells.push_back(cell({{0, 0, 0.9f}, {1, 0, 0.2f}, {2, 0, 0.1f}}));
    const auto o = el::assign(cells, {2, 2, 2}, anyMeets, 0.1f, 50);
    EXPECT_EQ(o.assignments, -1);
    for (int r : o.reading) EXPECT_EQ(r, -1);
}

// A search that finds nothing for long stops and settles nothing: two cells side by side must
// be of one kind, but every kind has one copy, which the search learns only at its last cell
// (six cells before them choose among 8 kinds x 4 turns: some 80 million steps).
TEST(Elimination, ALongFruitlessSearchStops) {
    std::vector<el::Cell> cells;
    for (int k = 0; k < 8; ++k) {
        std::vector<el::Reading> readings;
        for (int kind = 0; kind < 8; ++kind)
            for (int turn = 0; turn < 4; ++turn) readings.push_back({kind, turn, 0.5f});
        cells.push_back(cell(readings));
    }
    cells[6].beside[1] = 7, cells[7].beside[3] = 6;
    const el::Meets sameKindEastWest = [](const el::Reading& a, int side, const el::Reading& b) {
        return (side != 1 && side != 3) || a.kind == b.kind;
    };
    const auto o = el::assign(cells, std::vector<int>(8, 1), sameKindEastWest, 0.1f);
    EXPECT_EQ(o.assignments, -1);
    for (int r : o.reading) EXPECT_EQ(r, -1);
}
