// JCloisterZone replays (.jcz): read one, replay it through the engine, and evaluate its test
// assertions ("Alice has 14 points", "Alice scored road for 2 points", the legal tile
// placements and meeple options). JCZ's y grows southward and rotations are clockwise degrees;
// both are converted at this boundary.
#pragma once

#include "adjudicator/actions.h"
#include "adjudicator/state.h"

#include <functional>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adj::jcz {

struct Action {
    enum class Kind { PlaceTile, Deploy, Pass, Commit, Other };
    Kind kind = Kind::Other;
    std::string type;     // JCZ's action type, as written
    std::string tileId;   // PlaceTile
    int rotation = 0;     // PlaceTile: quarter turns clockwise
    Pos pos;              // PlaceTile, Deploy: our coordinates
    std::string feature;  // Deploy: "Road", "City", "Field", "Monastery"
    std::string location; // Deploy: JCZ location, e.g. "NS", "NL.NR.EL.WR", "I"
    std::string meepleId; // Deploy: "0.small.1"
};

struct Replay {
    GameConfig config;
    std::vector<std::string> players;
    std::vector<Action> actions;
    std::vector<std::string> assertions;
    std::string description;
    bool gameEnds = false;            // gameAnnotations.endTurn: final scoring follows
    std::vector<std::string> ignored; // elements and rules outside our games
    std::string unsupported;          // a piece or set outside our games that the replay uses
};

// Reads a replay; nullopt with *error ("what is wrong, where") on bad input.
std::optional<Replay> parse(std::string_view text, std::string* error);

struct AssertionResult {
    enum class Status { Pass, Fail, Ignored };
    std::string text;
    Status status = Status::Ignored;
    std::string detail; // what was found instead, or why it is ignored
};

struct Result {
    std::optional<State> state;
    std::vector<ScoreEvent> events;
    std::string error; // the action the engine refused, if any
    std::vector<AssertionResult> assertions;
    bool passed() const;
};

// Called after every action the engine accepted, with the state after it (actionText() reads
// the same labels there: placed tiles never change).
using ActionObserver = std::function<void(const State&, const adj::Action&, const Outcome&)>;
Result run(const Replay& replay, const ActionObserver& onAction = {});

// JCZ's name for a feature of a placed tile (board orientation), e.g. "NS", "_E", "I",
// "NL.NR.EL.WR"; and for a feature kind ("road", "city", "field", "monastery").
std::string locationName(const State& s, int tileIndex, int localFeature);
std::string featureName(tiledb::FeatureKind k);

} // namespace adj::jcz
