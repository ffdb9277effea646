// The camera's words for people (vision/said.h, vision/messages.txt): every sentence the code
// says is in the catalogue in English, Romanian and Dutch with the same placeholders, and
// renders as it should, counted forms and lists included.
#include "vision/said.h"

#include "adjudicator/types.h"
#include "tiledb/tile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {

using adj::kb::Lang;

std::string readFile(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// key -> the text of each language (counted keys keep their .one/.many/.de suffix).
std::map<std::string, std::map<std::string, std::string>> catalogueLines() {
    std::map<std::string, std::map<std::string, std::string>> out;
    std::istringstream in(readFile(std::filesystem::path(CARC_SOURCE_DIR) / "vision/messages.txt"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::string key = line.substr(0, line.find(' '));
        const size_t dot = key.rfind('.');
        out[key.substr(0, dot)][key.substr(dot + 1)] = line.substr(line.find(' ') + 1);
    }
    return out;
}

std::set<std::string> placeholders(const std::string& text) {
    std::set<std::string> out;
    static const std::regex name(R"(\{([A-Za-z]+)\})");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name);
         it != std::sregex_iterator(); ++it)
        out.insert((*it)[1]);
    return out;
}

bool known(const std::set<std::string>& keys, const std::string& key) {
    return keys.count(key) || keys.count(key + ".one");
}

} // namespace

TEST(Said, EverySentenceTheCameraSaysIsInTheCatalogue) {
    const std::vector<std::string> all = vision::saidKeys();
    const std::set<std::string> keys(all.begin(), all.end());
    int used = 0;
    static const std::regex said(R"(Said\(\s*"([a-z.-]+)\")");
    for (const auto& file : std::filesystem::directory_iterator(
             std::filesystem::path(CARC_SOURCE_DIR) / "vision/src")) {
        const std::string code = readFile(file.path());
        for (auto it = std::sregex_iterator(code.begin(), code.end(), said);
             it != std::sregex_iterator(); ++it, ++used)
            EXPECT_TRUE(known(keys, (*it)[1])) << file.path().filename() << ": " << (*it)[1];
    }
    EXPECT_GT(used, 40); // the tracker's, the observer's and calibration's sentences
    // Keys the code builds from names: the features' three forms, the pieces' two.
    for (auto k : {tiledb::FeatureKind::Road, tiledb::FeatureKind::City, tiledb::FeatureKind::Field,
                   tiledb::FeatureKind::Cloister, tiledb::FeatureKind::Abbey})
        for (const char* form : {"the", "a", "on"})
            EXPECT_TRUE(
                keys.count(std::string("feature.") + tiledb::featureKindName(k) + "." + form))
                << tiledb::featureKindName(k) << " " << form;
    for (auto k : {adj::MeepleKind::Follower, adj::MeepleKind::Mayor, adj::MeepleKind::Wagon,
                   adj::MeepleKind::Barn}) {
        EXPECT_TRUE(keys.count(std::string("piece.") + adj::meepleKindName(k)));
        EXPECT_TRUE(keys.count(std::string("piece.") + adj::meepleKindName(k) + ".which"));
    }
}

// A value named in one language and not another is a sentence that lost a fact in translation.
// (A counted sentence's .one form may spell its number: "dintr-un pion".)
TEST(Said, EveryLanguageNamesTheSameValues) {
    const auto lines = catalogueLines();
    for (const auto& [key, texts] : lines) {
        const bool one = key.size() > 4 && key.compare(key.size() - 4, 4, ".one") == 0;
        const bool de = key.size() > 3 && key.compare(key.size() - 3, 3, ".de") == 0;
        // Romanian's "20 de ..." form stands for the English .many one.
        const std::string english_key = de ? key.substr(0, key.size() - 3) + ".many" : key;
        ASSERT_TRUE(lines.count(english_key) && lines.at(english_key).count("en")) << key;
        std::set<std::string> english = placeholders(lines.at(english_key).at("en"));
        for (const char* lang : {"ro", "nl"}) {
            if (de && std::string(lang) == "nl") continue; // Romanian only
            ASSERT_TRUE(texts.count(lang)) << key << " has no " << lang;
            std::set<std::string> other = placeholders(texts.at(lang));
            if (one) english.erase("n"), other.erase("n");
            EXPECT_EQ(other, english) << key << "." << lang;
        }
    }
}

TEST(Said, RendersInEachLanguage) {
    const vision::Said piece = vision::Said("piece.follower-or-wagon")
                                   .with("p", 2)
                                   .with("at", "(1,-1)")
                                   .with("on", vision::Said("feature.road.on"))
                                   .with("other", vision::Said("feature.city.on"));
    EXPECT_EQ(piece.in(), "which piece did player 2 place on the new tile at (1,-1): a follower on "
                          "the road, or a follower or the wagon on the city?");
    EXPECT_EQ(piece.in(Lang::Ro), "ce pion a pus jucătorul 2 pe cartonașul nou de la (1,-1): un "
                                  "supus pe drum, sau un supus ori căruța în oraș?");
    EXPECT_EQ(piece.in(Lang::Nl),
              "welke figuur heeft speler 2 op de nieuwe tegel op (1,-1) gezet: "
              "een volgeling op de weg, of een volgeling of de wagen in de stad?");
    // Counted: one, many, and Romanian's "de" from 20 on.
    EXPECT_EQ(vision::Said("board.covered", 1).in(), "1 cell is covered: waiting for a clear view");
    EXPECT_EQ(vision::Said("board.covered", 3).in(Lang::Nl),
              "3 vakken zijn bedekt: wachten op vrij zicht");
    EXPECT_EQ(vision::Said("board.covered", 19).in(Lang::Ro),
              "19 poziții sunt acoperite: se așteaptă o imagine clară");
    EXPECT_EQ(vision::Said("board.covered", 20).in(Lang::Ro),
              "20 de poziții sunt acoperite: se așteaptă o imagine clară");
    EXPECT_EQ(vision::Said("board.covered", 101).in(Lang::Ro),
              "101 poziții sunt acoperite: se așteaptă o imagine clară");
    // Lists, and a sentence inside another.
    const vision::Said kinds = vision::alternatives({vision::Said("piece.follower.which"),
                                                     vision::Said("piece.mayor.which"),
                                                     vision::Said("piece.wagon.which")});
    EXPECT_EQ(kinds.in(), "a follower, the mayor or the wagon");
    EXPECT_EQ(kinds.in(Lang::Ro), "un supus, primarul sau căruța");
    EXPECT_EQ(kinds.in(Lang::Nl), "een volgeling, de burgemeester of de wagen");
    const vision::Said asked =
        vision::Said("tile.as-read")
            .with("doubt",
                  vision::Said("tile.unexplained").with("at", "(0,2)").with("read", "V@0,2r2"));
    EXPECT_EQ(asked.in(), "the new tile at (0,2) reads as V@0,2r2, but its drawing leaves too "
                          "much of it unexplained: was it played as read?");
    EXPECT_EQ(asked.in(Lang::Nl), "de nieuwe tegel op (0,2) lijkt V@0,2r2, maar zijn tekening "
                                  "verklaart te weinig van wat de foto toont: is hij zo gespeeld "
                                  "als gelezen?");
    // Words from elsewhere stand as they are; nothing said is empty in every language.
    EXPECT_EQ(vision::Said::literal("cannot decode x.jpg").in(Lang::Ro), "cannot decode x.jpg");
    EXPECT_TRUE(vision::Said().empty());
    EXPECT_EQ(vision::Said().in(Lang::Nl), "");
}
