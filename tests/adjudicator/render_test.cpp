// Every kind of score event and violation renders in English, Romanian and Dutch, with no
// placeholder left, citing the knowledge base's titles for the rules that applied.
#include "adjudicator/render.h"

#include <gtest/gtest.h>

using namespace adj;
using namespace adj::kb;

namespace {

ScoreEvent event(tiledb::FeatureKind f, ScoreEvent::When when, int tiles,
                 std::vector<RuleRef> rules, std::vector<int> scorers = {0}) {
    ScoreEvent e;
    e.feature = f;
    e.when = when;
    for (int i = 0; i < tiles; ++i) e.tiles.push_back(Pos{i, 0});
    for (RuleRef r : rules) e.rules.push_back(r);
    for (int p : scorers) e.scorers.push_back(p);
    e.perTile = 1;
    e.points = tiles;
    return e;
}

void expectRendered(const std::string& text, const std::string& what) {
    EXPECT_FALSE(text.empty()) << what;
    EXPECT_EQ(text.find('{'), std::string::npos) << what << ": " << text;
    EXPECT_EQ(text.find("  "), std::string::npos) << what << ": " << text;
}

} // namespace

TEST(Render, TheIssuesExampleSentence) {
    ScoreEvent e = event(tiledb::FeatureKind::City, ScoreEvent::When::Completed, 3,
                         {RuleRef::ScoreCity, RuleRef::ScorePennantSegment});
    e.perTile = e.perPennant = 2;
    e.pennants = 1;
    e.points = 8;
    const std::string en = render(e, Lang::En, {"Red"});
    EXPECT_EQ(en.rfind("Red scores 8: a completed city of 3 tiles (2 each) with 1 pennant (2).", 0),
              0u)
        << en;
    EXPECT_NE(en.find("Rules applied:"), std::string::npos) << en;
}

TEST(Render, EveryEventKindInEveryLanguage) {
    using K = tiledb::FeatureKind;
    using W = ScoreEvent::When;
    std::vector<std::pair<std::string, ScoreEvent>> events = {
        {"road", event(K::Road, W::Completed, 3, {RuleRef::ScoreRoad})},
        {"road end", event(K::Road, W::EndOfGame, 1, {RuleRef::FinalRoad})},
        {"city end", event(K::City, W::EndOfGame, 21, {RuleRef::FinalCity})},
        {"cloister", event(K::Cloister, W::Completed, 9, {RuleRef::ScoreCloister})},
        {"cloister end", event(K::Cloister, W::EndOfGame, 2, {RuleRef::FinalCloister})},
        {"abbey",
         event(K::Abbey, W::Completed, 9, {RuleRef::ScoreCloister, RuleRef::AbbeyIsCloister})},
        {"farm", event(K::Field, W::EndOfGame, 5, {RuleRef::FinalFarm})},
        {"barn placed", event(K::Field, W::Completed, 5, {RuleRef::BarnFarmersScored})},
        {"barn joined", event(K::Field, W::Completed, 5, {RuleRef::BarnConnection})},
        {"barn final", event(K::Field, W::EndOfGame, 5, {RuleRef::BarnFinal})},
        {"mayor zero", event(K::City, W::Completed, 2, {RuleRef::MayorZeroPennants})},
        {"tie of three", event(K::Road, W::Completed, 4, {RuleRef::ScoreMajority}, {0, 1, 2})},
    };
    events[2].second.pennants = 3;
    for (auto& [what, e] : events) e.cities = 2;
    for (const auto& [what, e] : events) {
        std::string previous;
        for (Lang l : {Lang::En, Lang::Ro, Lang::Nl}) {
            const std::string text = render(e, l, {"Ana", "Bram"});
            expectRendered(text, what + " " + kLangCodes[size_t(l)]);
            EXPECT_NE(text, previous) << what << ": the languages must differ";
            previous = text;
        }
    }
    EXPECT_NE(render(events[11].second, Lang::En, {"Ana", "Bram"}).find("Ana, Bram and player 3"),
              std::string::npos)
        << "unnamed players get a numbered name";
}

TEST(Render, EveryViolationKindInEveryLanguage) {
    for (int k = 0; k <= int(Violation::Kind::NotThisPiece); ++k) {
        Violation v;
        v.kind = Violation::Kind(k);
        v.tile = "D";
        v.side = 1;
        v.at = Pos{1, -2};
        v.other = Pos{2, -2};
        v.ours = tiledb::Terrain::Road;
        v.theirs = tiledb::Terrain::Field;
        v.feature = tiledb::FeatureKind::City;
        v.occupants.push_back(1);
        v.rules.push_back(RuleRef::PlaceEdgesMatch);
        for (Lang l : {Lang::En, Lang::Ro, Lang::Nl})
            expectRendered(render(v, l, {"Ana", "Bram"}),
                           std::string(violationKindName(v.kind)) + " " + kLangCodes[size_t(l)]);
    }
}

TEST(Render, RomanianCountsTakeDeFromTwenty) {
    ScoreEvent e =
        event(tiledb::FeatureKind::Road, ScoreEvent::When::Completed, 21, {RuleRef::ScoreRoad});
    EXPECT_NE(render(e, Lang::Ro).find("21 de "), std::string::npos) << render(e, Lang::Ro);
    e = event(tiledb::FeatureKind::Road, ScoreEvent::When::Completed, 3, {RuleRef::ScoreRoad});
    EXPECT_EQ(render(e, Lang::Ro).find("3 de "), std::string::npos) << render(e, Lang::Ro);
}

TEST(Render, EveryMessageHasAllThreeLanguages) {
    const Messages& m = Messages::bundled();
    EXPECT_GE(m.keys().size(), 60u);
    for (const std::string& key : m.keys()) {
        if (key.size() > 3 && key.compare(key.size() - 3, 3, ".de") == 0) continue; // Romanian only
        for (Lang l : {Lang::En, Lang::Ro, Lang::Nl})
            EXPECT_FALSE(m.get(key, l).empty()) << key << " " << kLangCodes[size_t(l)];
    }
}

// Dispute mode: a proposed action judged on a copy, and a feature's holders and worth.
#include "adjudicator/dispute.h"

TEST(Dispute, ProposedActionsAreJudgedWithoutChangingTheGame) {
    State s = *State::create(GameConfig::forSet("base", 2));
    Turn bad;
    bad.kind = s.kindIndex("C");
    bad.placement = {{0, -1}, 0}; // all city against D's field
    const Verdict no = judge(s, bad);
    EXPECT_FALSE(no.legal);
    ASSERT_TRUE(no.violation);
    // The new tile's north edge (city) meets D's south edge (field).
    EXPECT_NE(render(*no.violation, Lang::Nl).find("noord"), std::string::npos)
        << render(*no.violation, Lang::Nl);
    Turn good;
    good.kind = s.kindIndex("E");
    good.placement = {{0, 1}, 2};
    good.meeple = MeepleOption{0, MeepleKind::Follower};
    const Verdict yes = judge(s, good);
    EXPECT_TRUE(yes.legal);
    ASSERT_EQ(yes.wouldScore.size(), 1u);
    EXPECT_EQ(yes.wouldScore[0].points, 4);
    EXPECT_EQ(s.board().size(), 1) << "the game itself is unchanged";
}

TEST(Dispute, FeatureReportSaysWhoHoldsItAndItsWorth) {
    State s = *State::create(GameConfig::forSet("base", 2));
    Turn t;
    t.kind = s.kindIndex("F");
    t.placement = {{0, 1}, 1};
    t.meeple = MeepleOption{0, MeepleKind::Follower}; // p0's knight in D + F (a pennant)
    ASSERT_TRUE(s.applyTurn(t).ok());
    const FeatureReport r = report(s, 1, 0);
    EXPECT_EQ(r.kind, tiledb::FeatureKind::City);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.holders, (std::vector<int>{0}));
    EXPECT_EQ(r.atEnd.points, 3) << "2 tiles + 1 pennant, 1 each at the end";
    EXPECT_EQ(r.completed.points, 6) << "2 each if it were completed as it stands";
    EXPECT_EQ(r.tiles.size(), 2u);
}

// The game's result as `carcassonne play`, `simulate` and `vision track` print it.
TEST(Render, TheResultInEveryLanguage) {
    const std::vector<std::string> names = {"Ana", "Bram", "Chris"};
    EXPECT_EQ(adj::kb::renderResult({61, 143, 116}, {1}, adj::kb::Lang::En, names),
              "Final scores: Ana 61, Bram 143, Chris 116\nWinner: Bram");
    EXPECT_EQ(adj::kb::renderResult({61, 143, 116}, {1}, adj::kb::Lang::Ro, names),
              "Scor final: Ana 61, Bram 143, Chris 116\nCâștigător: Bram");
    EXPECT_EQ(adj::kb::renderResult({61, 143, 116}, {1}, adj::kb::Lang::Nl, names),
              "Eindstand: Ana 61, Bram 143, Chris 116\nWinnaar: Bram");
    // A tie: every leader wins; players without a name are numbered.
    EXPECT_EQ(adj::kb::renderResult({30, 30, 30}, {0, 1, 2}, adj::kb::Lang::En, {"Ana", "Bram"}),
              "Final scores: Ana 30, Bram 30, player 3 30\nWinners: Ana, Bram and player 3");
    EXPECT_EQ(adj::kb::renderResult({30, 30}, {0, 1}, adj::kb::Lang::Ro, names),
              "Scor final: Ana 30, Bram 30\nCâștigători: Ana și Bram");
    EXPECT_EQ(adj::kb::renderResult({30, 30}, {0, 1}, adj::kb::Lang::Nl, names),
              "Eindstand: Ana 30, Bram 30\nWinnaars: Ana en Bram");
}
