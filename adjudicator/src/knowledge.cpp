#include "adjudicator/knowledge.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <tuple>

namespace adj::kb {

// Generated at build time from adjudicator/rules/*.kb (cmake/Embed.cmake).
extern const std::vector<std::pair<std::string, std::string>>& bundledRuleFiles();

std::optional<Lang> langFromCode(std::string_view code) {
    for (size_t i = 0; i < kLangCodes.size(); ++i)
        if (code == kLangCodes[i]) return Lang(i);
    return std::nullopt;
}

namespace {

const std::set<std::string, std::less<>> kKinds = {"rule", "clarification", "interpretation",
                                                   "house-rule", "edition"};
const std::set<std::string, std::less<>> kGames = {"base", "demo", "abbey-mayor", "castle", "city"};

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool validId(const std::string& id) {
    if (id.empty()) return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-'))
            return false;
    return true;
}

} // namespace

KnowledgeBase KnowledgeBase::parse(const std::vector<std::pair<std::string, std::string>>& files,
                                   std::vector<LoadError>& errors) {
    KnowledgeBase kb;
    std::set<std::string, std::less<>> ids;
    std::set<std::string> knownRefs;
    for (int r = 0; r < int(RuleRef::Count); ++r) knownRefs.insert(std::string(ruleId(RuleRef(r))));
    for (const auto& named : files) {
        const std::string& file = named.first; // (lambdas below capture it: no structured binding)
        const std::string& text = named.second;
        std::string game;
        Entry cur;
        bool open = false;
        auto fail = [&](int line, const std::string& msg) { errors.push_back({file, line, msg}); };
        auto finish = [&] {
            if (!open) return;
            open = false;
            for (size_t l = 0; l < 3; ++l)
                if (cur.title[l].empty() || cur.body[l].empty())
                    return fail(cur.line, "entry " + cur.id + ": title." + kLangCodes[l] +
                                              " and body." + kLangCodes[l] + " are required");
            if (cur.kind.empty()) return fail(cur.line, "entry " + cur.id + ": no kind");
            if (cur.games.empty()) return fail(cur.line, "entry " + cur.id + ": no games");
            kb.entries_.push_back(cur);
        };
        std::istringstream in(text);
        int lineNo = 0;
        for (std::string line; std::getline(in, line);) {
            ++lineNo;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty()) {
                finish();
                continue;
            }
            if (line[0] == '#') continue;
            const size_t sp = line.find(' ');
            const std::string key = line.substr(0, sp);
            const std::string value = sp == std::string::npos ? "" : line.substr(sp + 1);
            if (key == "game") {
                if (!kGames.count(value)) fail(lineNo, "unknown game '" + value + "'");
                game = value;
                continue;
            }
            if (key == "source") {
                kb.sources_.emplace_back(game, value);
                continue;
            }
            if (key == "entry") {
                finish();
                if (game.empty()) {
                    fail(lineNo, "an entry before the 'game' line");
                    continue;
                }
                if (!validId(value))
                    fail(lineNo,
                         "entry id '" + value + "' is not lowercase letters, digits, . and -");
                if (!ids.insert(value).second)
                    fail(lineNo, "entry id '" + value + "' is used twice");
                cur = Entry{};
                cur.id = value;
                cur.game = game;
                cur.file = file;
                cur.line = lineNo;
                open = true;
                continue;
            }
            if (!open) {
                fail(lineNo, "'" + key + "' outside an entry");
                continue;
            }
            if (key == "kind") {
                if (!kKinds.count(value))
                    fail(lineNo,
                         "kind '" + value +
                             "' is not rule, clarification, interpretation, house-rule or edition");
                cur.kind = value;
            } else if (key == "games") {
                cur.games = words(value);
                for (const auto& g : cur.games)
                    if (!kGames.count(g)) fail(lineNo, "unknown game '" + g + "'");
            } else if (key == "refs") {
                cur.refs = words(value);
                for (const auto& r : cur.refs)
                    if (!knownRefs.count(r))
                        fail(lineNo, "refs: '" + r + "' is not an engine rule id");
            } else if (key == "footnotes") {
                for (const auto& w : words(value)) {
                    char* end = nullptr;
                    const long n = std::strtol(w.c_str(), &end, 10);
                    if (*end || n <= 0 || n > 999)
                        fail(lineNo, "footnotes: '" + w + "' is not a number");
                    else
                        cur.footnotes.push_back(int(n));
                }
            } else {
                const size_t dot = key.find('.');
                const std::string field = key.substr(0, dot);
                const auto lang =
                    dot == std::string::npos ? std::nullopt : langFromCode(key.substr(dot + 1));
                if (!lang || (field != "title" && field != "body" && field != "keywords")) {
                    fail(lineNo, "unknown key '" + key + "'");
                    continue;
                }
                (field == "title"  ? cur.title
                 : field == "body" ? cur.body
                                   : cur.keywords)[size_t(*lang)] = value;
            }
        }
        finish();
    }
    return kb;
}

const KnowledgeBase& KnowledgeBase::bundled() {
    static const KnowledgeBase kb = [] {
        std::vector<LoadError> errors;
        KnowledgeBase k = parse(bundledRuleFiles(), errors);
        tiledb::abortIfBroken(errors, "the rules knowledge base");
        return k;
    }();
    return kb;
}

const Entry* KnowledgeBase::find(std::string_view id) const {
    for (const Entry& e : entries_)
        if (e.id == id) return &e;
    return nullptr;
}

std::vector<const Entry*> KnowledgeBase::forRule(RuleRef r, std::string_view game) const {
    std::vector<const Entry*> out;
    const std::string_view id = ruleId(r);
    for (const Entry& e : entries_)
        if (std::find(e.refs.begin(), e.refs.end(), id) != e.refs.end()) out.push_back(&e);
    // Best first: the game's own entries, then rules before clarifications and the rest, then
    // the most specific (fewest engine rules named), then file order.
    std::stable_sort(out.begin(), out.end(), [&](const Entry* a, const Entry* b) {
        auto rank = [&](const Entry* e) {
            return std::make_tuple(e->game != game, e->kind != "rule", e->refs.size());
        };
        return rank(a) < rank(b);
    });
    return out;
}

} // namespace adj::kb
