// The rules knowledge base: it loads, every entry is in three languages, every engine rule is
// explained, and every footnote of every rule text is covered (read from ../shared/seeds).
#include "adjudicator/knowledge.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

using namespace adj;
using namespace adj::kb;

namespace {

// The footnote numbers of a rule text: the numbered list after "Note de subsol" / "Voetnoten"
// (1, 2, 3... in sequence; a nested list inside a footnote restarts at 1 and is not counted).
std::vector<int> footnotesOf(const std::string& path) {
    std::ifstream in(path);
    std::vector<int> out;
    bool inNotes = false;
    const std::regex numbered(R"(^\s+(\d+)\.\s)");
    for (std::string line; std::getline(in, line);) {
        if (line.find("Note de subsol") != std::string::npos ||
            line.find("Voetnoten") != std::string::npos)
            inNotes = true;
        std::smatch m;
        if (!inNotes || !std::regex_search(line, m, numbered)) continue;
        const int n = std::stoi(m[1]);
        if (n == int(out.size()) + 1) out.push_back(n);
    }
    return out;
}

} // namespace

TEST(KnowledgeBase, BundledFilesLoadWithoutErrors) {
    const KnowledgeBase& kb = KnowledgeBase::bundled();
    EXPECT_GE(kb.entries().size(), 250u);
    std::map<std::string, int> perGame;
    for (const Entry& e : kb.entries()) ++perGame[e.game];
    for (const char* g : {"base", "demo", "abbey-mayor", "castle", "city"}) {
        EXPECT_GE(perGame[g], 30) << g;
        std::printf("%s: %d entries\n", g, perGame[g]);
    }
}

TEST(KnowledgeBase, EveryEntryInThreeLanguages) {
    for (const Entry& e : KnowledgeBase::bundled().entries())
        for (size_t l = 0; l < 3; ++l) {
            EXPECT_FALSE(e.title[l].empty()) << e.id << " " << kLangCodes[l];
            EXPECT_GT(e.body[l].size(), 20u) << e.id << " " << kLangCodes[l];
        }
}

TEST(KnowledgeBase, EveryEngineRuleIsExplained) {
    const KnowledgeBase& kb = KnowledgeBase::bundled();
    for (int r = 0; r < int(RuleRef::Count); ++r)
        EXPECT_FALSE(kb.forRule(RuleRef(r)).empty()) << ruleId(RuleRef(r)) << " has no entry";
    // forRule puts the asked game's entries first.
    const auto demo = kb.forRule(RuleRef::FarmersNotInGame, "demo");
    ASSERT_FALSE(demo.empty());
    EXPECT_EQ(demo.front()->game, "demo");
}

TEST(KnowledgeBase, EveryFootnoteOfEveryRuleTextIsCovered) {
    const std::string shared = CARC_SHARED_DIR;
    if (!std::filesystem::is_directory(shared + "/seeds"))
        GTEST_SKIP() << "rule texts absent (" << shared << "/seeds): footnote coverage skipped";
    const KnowledgeBase& kb = KnowledgeBase::bundled();
    ASSERT_EQ(kb.sources().size(), 5u);
    for (const auto& [game, source] : kb.sources()) {
        const std::vector<int> notes = footnotesOf(shared + "/" + source);
        EXPECT_GE(notes.size(), 8u) << game << ": footnotes not found in " << source;
        std::set<int> covered;
        for (const Entry& e : kb.entries())
            if (e.game == game) covered.insert(e.footnotes.begin(), e.footnotes.end());
        for (int n : notes)
            EXPECT_TRUE(covered.count(n)) << game << ": footnote " << n << " has no entry";
        std::printf("%s (%s): %zu footnotes, all covered\n", game.c_str(), source.c_str(),
                    notes.size());
    }
}

TEST(KnowledgeBase, MalformedFilesAreReportedWithFileAndLine) {
    std::vector<LoadError> errors;
    KnowledgeBase::parse(
        {{"x.kb", "game base\nentry Bad_Id\nkind rumour\nrefs no.such.rule\n\n"
                  "entry ok.one\nkind rule\ngames base\ntitle.en T\n\ntitle.en orphan\n"}},
        errors);
    std::vector<std::string> texts;
    for (const auto& e : errors) texts.push_back(e.text());
    const std::vector<std::string> expected = {
        "x.kb:2: entry id 'Bad_Id' is not lowercase letters, digits, . and -",
        "x.kb:3: kind 'rumour' is not rule, clarification, interpretation, house-rule or edition",
        "x.kb:4: refs: 'no.such.rule' is not an engine rule id",
        "x.kb:2: entry Bad_Id: title.en and body.en are required",
        "x.kb:6: entry ok.one: title.en and body.en are required",
        "x.kb:11: 'title.en' outside an entry"};
    EXPECT_EQ(texts, expected);
}
