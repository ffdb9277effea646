#include "adjudicator/dispute.h"

#include <algorithm>

namespace adj {

Verdict judge(const State& s, const Turn& proposed) {
    State trial = s;
    Outcome o = trial.applyTurn(proposed);
    Verdict v;
    v.legal = o.ok();
    v.violation = o.violation;
    v.wouldScore = std::move(o.events);
    return v;
}

FeatureReport report(const State& s, int tileIndex, int feature) {
    const PlacedTile& t = s.board().tiles().at(size_t(tileIndex));
    const NodeId node = NodeId(t.firstNode + feature);
    const tiledb::FeatureKind kind = t.kind->features.at(size_t(feature)).kind;
    const bool cloister =
        kind == tiledb::FeatureKind::Cloister || kind == tiledb::FeatureKind::Abbey;
    const NodeId key = cloister ? node : s.features().root(node);
    FeatureReport r;
    r.kind = kind;
    r.complete = cloister ? s.board().neighbourCount8(t.pos) == 8 : s.complete(key);
    r.atEnd = s.evaluate(key, ScoreEvent::When::EndOfGame);
    // Completed as it stands: the in-game formula on its present tiles (a city or road can only
    // grow; a cloister is complete with exactly 9 tiles).
    r.completed = r.atEnd;
    r.completed.when = ScoreEvent::When::Completed;
    const bool tiny = s.config().rules.tinyCity && r.atEnd.tiles.size() == 2;
    switch (kind) {
    case tiledb::FeatureKind::Road: r.completed.rules = {RuleRef::ScoreRoad}; break;
    case tiledb::FeatureKind::City:
        r.completed.perTile = r.completed.perPennant = tiny ? 1 : 2;
        r.completed.rules = {RuleRef::ScoreCity};
        break;
    case tiledb::FeatureKind::Cloister:
    case tiledb::FeatureKind::Abbey:
        r.completed.tiles.resize(1);
        for (int i = 1; i < 9; ++i) r.completed.tiles.push_back(t.pos); // the 8 neighbours to come
        r.completed.rules = {RuleRef::ScoreCloister};
        break;
    case tiledb::FeatureKind::Field: break;
    }
    const bool zero = std::find(r.atEnd.rules.begin(), r.atEnd.rules.end(),
                                RuleRef::MayorZeroPennants) != r.atEnd.rules.end();
    if (kind != tiledb::FeatureKind::Field)
        r.completed.points = zero ? 0
                                  : r.completed.perTile * int(r.completed.tiles.size()) +
                                        r.completed.perPennant * r.completed.pennants;
    r.tiles = r.atEnd.tiles;
    r.strength = r.atEnd.strength;
    r.holders.assign(r.atEnd.scorers.begin(), r.atEnd.scorers.end());
    return r;
}

} // namespace adj
