// Rules search quality: natural questions per language (tests/rules/questions.tsv) must find
// an expected entry in the top three. Reports top-1 and top-3 hit rates per language.
#include "rules_search.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

using adj::kb::Lang;

namespace {

struct Question {
    Lang lang;
    std::string game, text;
    std::vector<std::string> expected;
};

std::vector<Question> loadQuestions() {
    std::ifstream in(std::string(CARC_SOURCE_DIR) + "/tests/rules/questions.tsv");
    std::vector<Question> out;
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cols;
        std::stringstream ss(line);
        for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
        if (cols.size() != 4) continue;
        Question q;
        q.lang = *adj::kb::langFromCode(cols[0]);
        q.game = cols[1];
        q.text = cols[2];
        std::stringstream ids(cols[3]);
        for (std::string id; ids >> id;) q.expected.push_back(id);
        out.push_back(q);
    }
    return out;
}

std::unique_ptr<carc::RulesSearch> openSearch() {
    std::string error;
    auto s = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), ":memory:", &error);
    EXPECT_TRUE(s) << error;
    return s;
}

} // namespace

TEST(RulesSearch, NaturalQuestionsFindTheirEntry) {
    const auto questions = loadQuestions();
    ASSERT_GE(questions.size(), 90u);
    const auto search = openSearch();
    std::map<int, std::array<int, 3>> stats; // lang -> {asked, top1, top3}
    for (const Question& q : questions) {
        // The player has chosen the game being played, as in the app and `explain --game`.
        const auto hits = search->search(q.text, q.lang, q.game, 3);
        int rank = 0;
        for (size_t i = 0; i < hits.size() && !rank; ++i)
            for (const auto& id : q.expected)
                if (hits[i].entry->id == id) rank = int(i) + 1;
        auto& s = stats[int(q.lang)];
        ++s[0];
        s[1] += rank == 1;
        s[2] += rank >= 1;
        if (!rank) {
            std::string got;
            for (const auto& h : hits) got += " " + h.entry->id;
            std::printf("  miss [%s/%s] %s -> got%s\n", adj::kb::kLangCodes[size_t(q.lang)],
                        q.game.c_str(), q.text.c_str(), got.c_str());
        }
    }
    for (const auto& [lang, s] : stats) {
        std::printf("%s: %d questions, top-1 %.0f%%, top-3 %.0f%%\n",
                    adj::kb::kLangCodes[size_t(lang)], s[0], 100.0 * s[1] / s[0],
                    100.0 * s[2] / s[0]);
        EXPECT_GE(s[0], 30);
        EXPECT_GE(100.0 * s[2] / s[0], 85.0)
            << adj::kb::kLangCodes[size_t(lang)] << " top-3 hit rate";
    }
}

TEST(RulesSearch, DiacriticsTypedOrNotFindTheSameEntries) {
    const auto search = openSearch();
    const auto with = search->search("țăranul la sfârșitul jocului", Lang::Ro, "base", 3);
    const auto without = search->search("taranul la sfarsitul jocului", Lang::Ro, "base", 3);
    ASSERT_FALSE(with.empty());
    ASSERT_EQ(with.size(), without.size());
    for (size_t i = 0; i < with.size(); ++i) EXPECT_EQ(with[i].entry->id, without[i].entry->id);
}

TEST(RulesSearch, QueriesDropCommonWordsAndMatchStems) {
    EXPECT_EQ(carc::RulesSearch::ftsQuery("Can my farmers score?", Lang::En),
              "\"farme\"* OR \"scor\"*");
    EXPECT_EQ(carc::RulesSearch::ftsQuery("de boeren", Lang::Nl), "\"boer\"*");
    EXPECT_EQ(carc::RulesSearch::ftsQuery("???", Lang::En), "");
    const auto search = openSearch();
    EXPECT_TRUE(search->search("the", Lang::En).empty()) << "nothing to look for";
}

TEST(RulesSearch, IndexFileIsBuiltOnceAndReused) {
    // Per process: test runs of several builds may run at the same time.
    const std::string path =
        testing::TempDir() + "/carc-rules-index-" + std::to_string(getpid()) + ".sqlite";
    std::remove(path.c_str());
    std::string error;
    {
        auto first = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), path, &error);
        ASSERT_TRUE(first) << error;
        EXPECT_EQ(first->location(), path);
    }
    auto again = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), path, &error);
    ASSERT_TRUE(again);
    EXPECT_FALSE(again->search("pennant", Lang::En).empty());
    // A file that is not a database is not overwritten: the search falls back to memory.
    const std::string junk =
        testing::TempDir() + "/carc-not-a-db-" + std::to_string(getpid()) + ".sqlite";
    { std::ofstream(junk) << "hello, this is not SQLite"; }
    auto fallback = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), junk, &error);
    ASSERT_TRUE(fallback);
    EXPECT_EQ(fallback->location(), ":memory:");
    std::ifstream check(junk);
    std::string content;
    std::getline(check, content);
    EXPECT_EQ(content, "hello, this is not SQLite");
    std::remove(path.c_str());
    std::remove(junk.c_str());
}

TEST(RulesSearch, TwoProcessesBuildingTheIndexBothGetASearch) {
    // A second open while the first still holds the file must still answer questions.
    const std::string path =
        testing::TempDir() + "/carc-rules-shared-" + std::to_string(getpid()) + ".sqlite";
    std::remove(path.c_str());
    std::string error;
    auto first = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), path, &error);
    auto second = carc::RulesSearch::open(adj::kb::KnowledgeBase::bundled(), path, &error);
    ASSERT_TRUE(first && second) << error;
    EXPECT_FALSE(second->search("pennant", Lang::En).empty());
    std::remove(path.c_str());
}
