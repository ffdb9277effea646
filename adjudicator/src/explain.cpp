#include "adjudicator/explain.h"

namespace adj {

namespace {

std::string name(const std::vector<std::string>& names, PlayerId p) {
    return size_t(p) < names.size() ? names[size_t(p)] : "player " + std::to_string(p + 1);
}

std::string pos(Pos p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

std::string plural(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

const char* sideWord(int s) {
    static const char* w[4] = {"north", "east", "south", "west"};
    return s >= 0 && s < 4 ? w[s] : "?";
}

} // namespace

std::string ruleList(const RuleList& rules) {
    std::string s = "[";
    for (int i = 0; i < rules.size(); ++i) s += (i ? ", " : "") + std::string(ruleId(rules[i]));
    return s + "]";
}

std::string describe(const ScoreEvent& e, const std::vector<std::string>& names) {
    std::string who;
    for (int i = 0; i < e.scorers.size(); ++i)
        who += (i == 0                      ? ""
                : i + 1 == e.scorers.size() ? " and "
                                            : ", ") +
               name(names, e.scorers[i]);
    const bool end = e.when == ScoreEvent::When::EndOfGame;
    const int n = int(e.tiles.size());
    std::string what;
    switch (e.feature) {
    case tiledb::FeatureKind::Road:
        what = std::string(end ? "an unfinished" : "a completed") + " road of " +
               plural(n, "tile", "tiles") + " (" + std::to_string(e.perTile) + " each)";
        break;
    case tiledb::FeatureKind::City:
        what = std::string(end ? "an unfinished" : "a completed") + " city of " +
               plural(n, "tile", "tiles") + " (" + std::to_string(e.perTile) + " each)";
        if (e.pennants)
            what += " with " + plural(e.pennants, "pennant", "pennants") + " (" +
                    std::to_string(e.perPennant * e.pennants) + ")";
        break;
    case tiledb::FeatureKind::Cloister:
    case tiledb::FeatureKind::Abbey:
        what = std::string(end ? "an unfinished " : "a completed ") +
               (e.feature == tiledb::FeatureKind::Abbey ? "abbey" : "cloister") + ": itself and " +
               plural(n - 1, "neighbouring tile", "neighbouring tiles") + ", 1 each";
        break;
    case tiledb::FeatureKind::Field:
        what = "a farm bordering " + plural(e.cities, "completed city", "completed cities") + " (" +
               std::to_string(e.perCity) + " each)";
        break;
    }
    std::string s = who + (e.scorers.size() > 1 ? " each score " : " scores ") +
                    std::to_string(e.points) + ": " + what + ".";
    if (e.scorers.size() > 1) s += " A tie: every tied player scores in full.";
    return s + " " + ruleList(e.rules);
}

std::string describe(const Violation& v, const std::vector<std::string>& names) {
    using K = Violation::Kind;
    std::string s;
    switch (v.kind) {
    case K::GameOver: s = "The game is over."; break;
    case K::WrongPhase: s = "Not now: a turn is one tile, then at most one piece on it."; break;
    case K::UnknownTile: s = "That tile is not part of this game."; break;
    case K::NoTileLeft: s = "Every " + v.tile + " tile in the box is already used."; break;
    case K::Occupied: s = "There is already a tile at " + pos(v.at) + "."; break;
    case K::NoEdgeContact:
        s = "A tile at " + pos(v.at) + " would not touch the board along an edge.";
        break;
    case K::CornerOnly:
        s = "A tile at " + pos(v.at) +
            " would touch the board only at a corner; corner to corner is not a connection.";
        break;
    case K::EdgeMismatch:
        s = "Tile " + v.tile + " at " + pos(v.at) + " shows " + tiledb::terrainName(v.ours) +
            " on its " + sideWord(v.side) + " edge, but the tile at " + pos(v.other) + " shows " +
            tiledb::terrainName(v.theirs) +
            " there; every shared edge must continue what it meets.";
        break;
    case K::OutsideTable:
        s = "The cell " + pos(v.at) + " is beyond the table edge (house rule).";
        break;
    case K::AbbeyNeedsHole:
        s = "An abbey goes only into a space with tiles on all four sides.";
        break;
    case K::TileFitsSomewhere:
        s = "Tile " + v.tile + " can be placed (for example at " + pos(v.at) +
            "), so it may not be discarded.";
        break;
    case K::NoFollowerLeft: s = "No follower is left in the supply."; break;
    case K::NoSuchFeature: s = "Tile " + v.tile + " has no such feature."; break;
    case K::FeatureOccupied: {
        std::string who;
        for (int i = 0; i < v.occupants.size(); ++i)
            who += (i ? ", " : "") + name(names, v.occupants[i]);
        s = std::string("That ") + tiledb::featureKindName(v.feature) +
            " is already occupied (by " + who + ", e.g. on the tile at " + pos(v.other) +
            "); a piece may only join an unoccupied feature.";
        break;
    }
    case K::FarmersNotInGame: s = "This game is played without farmers."; break;
    case K::NotThisPiece: s = "That piece is not part of this game."; break;
    }
    return s + " " + ruleList(v.rules);
}

} // namespace adj
