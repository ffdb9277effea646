// `carcassonne explain "QUESTION" [--lang en|ro|nl] [--game G] [--limit N] [--json] [--index F]`
// `carcassonne explain --id ID [--lang ...]`: answers from the rules knowledge base.
#include "cli_commands.h"
#include "rules_search.h"

#include "tiledb/catalogue.h"

#include <cstdio>
#include <cstdlib>

namespace carc::cli {

namespace {

void printEntry(const adj::kb::Entry& e, adj::kb::Lang lang, int rank) {
    std::string games;
    for (const auto& g : e.games) games += (games.empty() ? "" : ", ") + g;
    if (rank > 0) std::printf("%d. ", rank);
    std::printf("%s  [%s; %s; %s]\n   %s\n", e.titleIn(lang).c_str(), e.id.c_str(), e.kind.c_str(),
                games.c_str(), e.bodyIn(lang).c_str());
}

std::string entryJson(const adj::kb::Entry& e, adj::kb::Lang lang, double score) {
    using tiledb::jsonString;
    return "{\"id\": " + jsonString(e.id) + ", \"kind\": " + jsonString(e.kind) +
           ", \"game\": " + jsonString(e.game) + ", \"title\": " + jsonString(e.titleIn(lang)) +
           ", \"body\": " + jsonString(e.bodyIn(lang)) + ", \"score\": " + std::to_string(score) +
           "}";
}

} // namespace

int explain(const std::vector<std::string>& args) {
    std::string question, id, game, index;
    adj::kb::Lang lang = adj::kb::Lang::En;
    int limit = 3;
    bool json = false;
    auto usage = [] {
        std::fprintf(stderr, "usage: carcassonne explain \"QUESTION\" [--lang en|ro|nl] [--game G] "
                             "[--limit N] [--json] [--index FILE]\n"
                             "       carcassonne explain --id ENTRY [--lang en|ro|nl]\n");
        return 2;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--json")
            json = true;
        else if (a == "--lang" && hasValue) {
            const auto l = adj::kb::langFromCode(args[++i]);
            if (!l) return usage();
            lang = *l;
        } else if (a == "--game" && hasValue)
            game = args[++i];
        else if (a == "--id" && hasValue)
            id = args[++i];
        else if (a == "--index" && hasValue)
            index = args[++i];
        else if (a == "--limit" && hasValue)
            limit = std::max(1, std::atoi(args[++i].c_str()));
        else if (!a.empty() && a[0] != '-' && question.empty())
            question = a;
        else
            return usage();
    }
    const adj::kb::KnowledgeBase& kb = adj::kb::KnowledgeBase::bundled();
    if (!id.empty()) {
        const adj::kb::Entry* e = kb.find(id);
        if (!e) {
            std::fprintf(stderr, "carcassonne explain: no entry '%s'\n", id.c_str());
            return 1;
        }
        if (json)
            std::printf("%s\n", entryJson(*e, lang, 0).c_str());
        else
            printEntry(*e, lang, 0);
        return 0;
    }
    if (question.empty()) return usage();
    std::string error;
    const auto search = RulesSearch::open(kb, index, &error);
    if (!search) {
        std::fprintf(stderr, "carcassonne explain: %s\n", error.c_str());
        return 1;
    }
    const auto hits = search->search(question, lang, game, limit);
    if (json) {
        std::string o = "{\"question\": " + tiledb::jsonString(question) + ", \"lang\": \"" +
                        adj::kb::kLangCodes[size_t(lang)] + "\", \"query\": " +
                        tiledb::jsonString(RulesSearch::ftsQuery(question, lang)) + ", \"hits\": [";
        for (size_t i = 0; i < hits.size(); ++i)
            o += (i ? ", " : "") + entryJson(*hits[i].entry, lang, hits[i].score);
        std::printf("%s]}\n", o.c_str());
        return 0;
    }
    if (hits.empty()) {
        std::printf("No rule matches \"%s\". Try other words, or --lang.\n", question.c_str());
        return 0;
    }
    for (size_t i = 0; i < hits.size(); ++i) printEntry(*hits[i].entry, lang, int(i) + 1);
    return 0;
}

} // namespace carc::cli
