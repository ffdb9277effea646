// Names of the engine's enums, as used in notation, JSON and the knowledge base.
#include "adjudicator/events.h"
#include "adjudicator/rule_refs.h"
#include "adjudicator/types.h"

#include <array>

namespace adj {

std::string_view ruleId(RuleRef r) {
    static constexpr std::array<std::string_view, size_t(RuleRef::Count)> ids = {
        "place.touch-edge",
        "place.corner-no-contact",
        "place.edges-match",
        "place.discard-unplayable",
        "place.one-tile-per-cell",
        "place.tiles-in-box",
        "meeple.one-per-turn",
        "meeple.from-supply",
        "meeple.unoccupied",
        "meeple.on-completed-feature",
        "demo.no-farmers",
        "score.road",
        "score.city",
        "score.city-tile-once",
        "score.pennant-segment",
        "score.cloister",
        "score.majority",
        "score.no-multiplier",
        "score.followers-return",
        "final.road",
        "final.city",
        "final.cloister",
        "final.farm",
        "farm.city-border-wall",
        "farm.incomplete-farm",
        "farm.several-farms",
        "farm.farmers-stay",
        "game.end-last-tile",
        "house.unfinished-nothing",
        "house.table-bounds",
        "house.table-edge-closes",
        "house.hole-extra-turn",
        "edition.tiny-city",
        "turn.order",
        "game.over",
        "abbey.hole",
        "abbey.closes-edges",
        "abbey.is-cloister",
        "abbey.monk-only",
        "abbey.not-after-last-tile",
        "abbey.one-per-player",
        "mayor.placement",
        "mayor.strength",
        "mayor.zero-pennants",
        "mayor.wagon-occupies",
        "mayor.returns",
        "wagon.placement",
        "wagon.strength",
        "wagon.move",
        "wagon.move-first-edition",
        "barn.placement",
        "barn.corner-fields",
        "barn.one-per-farm",
        "barn.farmers-scored",
        "barn.no-farmers",
        "barn.connection",
        "barn.final",
        "barn.several-barns",
    };
    return size_t(r) < ids.size() ? ids[size_t(r)] : "unknown";
}

const char* meepleKindName(MeepleKind k) {
    switch (k) {
    case MeepleKind::Follower: return "follower";
    case MeepleKind::Mayor: return "mayor";
    case MeepleKind::Wagon: return "wagon";
    case MeepleKind::Barn: return "barn";
    }
    return "?";
}

const char* violationKindName(Violation::Kind k) {
    using K = Violation::Kind;
    switch (k) {
    case K::GameOver: return "game-over";
    case K::WrongPhase: return "wrong-phase";
    case K::UnknownTile: return "unknown-tile";
    case K::NoTileLeft: return "no-tile-left";
    case K::Occupied: return "cell-occupied";
    case K::NoEdgeContact: return "no-edge-contact";
    case K::CornerOnly: return "corner-only";
    case K::EdgeMismatch: return "edge-mismatch";
    case K::OutsideTable: return "outside-table";
    case K::AbbeyNeedsHole: return "abbey-needs-hole";
    case K::TileFitsSomewhere: return "tile-fits-somewhere";
    case K::NoFollowerLeft: return "no-follower-left";
    case K::NoSuchFeature: return "no-such-feature";
    case K::FeatureOccupied: return "feature-occupied";
    case K::FarmersNotInGame: return "farmers-not-in-game";
    case K::NotThisPiece: return "not-this-piece";
    }
    return "?";
}

} // namespace adj
