// Score events and violations as sentences in English, Romanian or Dutch, citing the titles of
// the knowledge-base entries for the rules that applied. The sentences come from
// adjudicator/rules/messages.txt (fragments with {placeholders}, one line per language).
#pragma once

#include "adjudicator/events.h"
#include "adjudicator/knowledge.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace adj::kb {

class Messages {
public:
    static const Messages& bundled();
    // Parses the catalogue; problems ("file:line: what") are appended to errors.
    static Messages parse(const std::string& text, const std::string& file,
                          std::vector<LoadError>& errors);
    // A catalogue compiled into the program (cmake/Embed.cmake: its one file's name and text);
    // a broken one aborts with its problems, naming it `what`.
    static Messages compiledIn(const std::vector<std::pair<std::string, std::string>>& files,
                               const char* what);
    // The text of a key in a language, "" when missing.
    const std::string& get(std::string_view key, Lang lang) const;
    // The text of a counted noun or phrase for n: KEY.one (n = 1) or KEY.many, and Romanian's
    // KEY.de for 20 and more when the catalogue has it ("20 de cartonașe").
    const std::string& counted(std::string_view key, int n, Lang lang) const;
    std::vector<std::string> keys() const;

private:
    std::map<std::string, std::array<std::string, 3>, std::less<>> texts_;
};

// `text` with each {name} replaced by its value.
std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values);

// "names[p]" names player p; missing names are rendered as "player N".
std::string render(const ScoreEvent& e, Lang lang, const std::vector<std::string>& names = {},
                   std::string_view game = "base");
std::string render(const Violation& v, Lang lang, const std::vector<std::string>& names = {},
                   std::string_view game = "base");
// The game's result, two lines: "Final scores: Ana 61, Bram 143, Chris 116" (scores[p] is
// player p's) and "Winner: Bram" ("Winners: Ana and Bram" when tied).
std::string renderResult(const std::vector<int>& scores, const std::vector<PlayerId>& winners,
                         Lang lang, const std::vector<std::string>& names = {});

} // namespace adj::kb
