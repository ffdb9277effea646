// The rules knowledge base (adjudicator/rules/*.kb, format in adjudicator/rules/README.md):
// every rule point, clarification, interpretation, house rule and edition difference of the
// five games, in English, Romanian and Dutch. Compiled into the program; loading checks every
// entry and reports "file:line: what is wrong".
#pragma once

#include "adjudicator/rule_refs.h"

#include "tiledb/catalogue.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adj::kb {

enum class Lang : int { En = 0, Ro = 1, Nl = 2 };
constexpr std::array<const char*, 3> kLangCodes = {"en", "ro", "nl"};
std::optional<Lang> langFromCode(std::string_view code);

struct Entry {
    std::string id;
    std::string game;               // the file's game: base, demo, abbey-mayor, castle, city
    std::string kind;               // rule, clarification, interpretation, house-rule, edition
    std::vector<std::string> games; // the games it applies to
    std::vector<std::string> refs;  // engine rule ids it explains
    std::vector<int> footnotes;     // footnotes of the source text it covers
    std::array<std::string, 3> title, body, keywords; // by Lang
    std::string file;
    int line = 0;

    const std::string& titleIn(Lang l) const { return title[size_t(l)]; }
    const std::string& bodyIn(Lang l) const { return body[size_t(l)]; }
};

// "file:line: what is wrong", the same as the tile catalogue's.
using LoadError = tiledb::LoadError;

class KnowledgeBase {
public:
    // The bundled files. Aborts with the errors if they are broken (the tests rule that out).
    static const KnowledgeBase& bundled();
    // Parses (file name, text) pairs; errors are appended, the good entries kept.
    static KnowledgeBase parse(const std::vector<std::pair<std::string, std::string>>& files,
                               std::vector<LoadError>& errors);

    const std::vector<Entry>& entries() const { return entries_; }
    const Entry* find(std::string_view id) const;
    // Entries that explain an engine rule, the rule's own game first.
    std::vector<const Entry*> forRule(RuleRef r, std::string_view game = "base") const;
    // The source file each game's entries were written from (game -> "seeds/..." path).
    const std::vector<std::pair<std::string, std::string>>& sources() const { return sources_; }

private:
    std::vector<Entry> entries_;
    std::vector<std::pair<std::string, std::string>> sources_;
};

} // namespace adj::kb
