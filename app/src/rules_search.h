// Searching the rules knowledge base: an SQLite FTS5 index with one row per entry and language.
// Diacritics and case are folded (Romanian typed with or without ă â î ș ț), words are matched
// by their stem (a prefix), common words are dropped, and titles weigh more than keywords, and
// keywords more than bodies (bm25). The index is built on first use in the user's data folder
// and rebuilt when the knowledge base changes; an in-memory index is used when that folder
// cannot be written.
#pragma once

#include "adjudicator/knowledge.h"

#include <memory>
#include <string>
#include <vector>

struct sqlite3;

namespace carc {

class RulesSearch {
public:
    // path: the index file ("" = the default in the user's data folder, ":memory:" = none).
    static std::unique_ptr<RulesSearch> open(const adj::kb::KnowledgeBase& kb,
                                             const std::string& path, std::string* error);
    ~RulesSearch();

    struct Hit {
        const adj::kb::Entry* entry = nullptr;
        double score = 0; // bm25: lower is better
    };
    // The best entries for a question in one language, optionally only those of one game.
    std::vector<Hit> search(const std::string& question, adj::kb::Lang lang,
                            const std::string& game = "", int limit = 5) const;
    const std::string& location() const { return location_; } // the file used, or ":memory:"
    static std::string defaultPath();

    // The FTS5 query a question turns into (exposed for tests and --json).
    static std::string ftsQuery(const std::string& question, adj::kb::Lang lang);

private:
    RulesSearch() = default;
    const adj::kb::KnowledgeBase* kb_ = nullptr;
    sqlite3* db_ = nullptr;
    std::string location_;
};

} // namespace carc
