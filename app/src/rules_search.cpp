#include "rules_search.h"

#include "data_folder.h"

#include <sqlite3.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace carc {

namespace {

// Words too common to help find an entry, per language (already folded: no diacritics).
const std::set<std::string>& stopwords(adj::kb::Lang lang) {
    static const std::set<std::string> en = {
        "a",     "an",    "the",    "is",    "are",  "am",    "be",    "can", "could",
        "i",     "my",    "me",     "we",    "our",  "you",   "your",  "it",  "its",
        "of",    "in",    "on",     "at",    "to",   "for",   "and",   "or",  "do",
        "does",  "did",   "what",   "how",   "when", "where", "which", "who", "if",
        "there", "this",  "that",   "with",  "from", "by",    "as",    "get", "gets",
        "got",   "still", "so",     "then",  "than", "any",   "some",  "has", "have",
        "will",  "would", "should", "about", "into", "one",   "just",  "why", "way"};
    static const std::set<std::string> ro = {
        "si",   "in",     "de",    "la",      "un",     "o",    "pe",   "ce",   "cu",   "se",
        "nu",   "mai",    "sau",   "sa",      "din",    "este", "e",    "sunt", "am",   "ai",
        "are",  "au",     "pot",   "poate",   "pentru", "care", "cand", "cum",  "unde", "daca",
        "al",   "ale",    "a",     "lui",     "ei",     "meu",  "mea",  "mei",  "mele", "eu",
        "tu",   "el",     "ea",    "noi",     "voi",    "le",   "ii",   "il",   "imi",  "mi",
        "ma",   "te",     "ne",    "va",      "cat",    "cate", "cati", "cine", "iar",  "dar",
        "deci", "atunci", "acest", "aceasta", "asta"};
    static const std::set<std::string> nl = {
        "de",     "het",   "een",   "en",     "van",    "in",    "op",   "is",      "ik",
        "mijn",   "mag",   "kan",   "kun",    "kunnen", "wat",   "hoe",  "wanneer", "waar",
        "welke",  "wie",   "als",   "er",     "dit",    "dat",   "met",  "voor",    "aan",
        "te",     "om",    "je",    "jij",    "we",     "wij",   "ons",  "onze",    "zijn",
        "ben",    "bent",  "wordt", "worden", "word",   "nog",   "dan",  "of",      "ook",
        "bij",    "naar",  "uit",   "die",    "deze",   "mijn",  "moet", "moeten",  "heb",
        "hebben", "heeft", "wel",   "niet",   "geen",   "waarom"};
    return lang == adj::kb::Lang::Ro ? ro : lang == adj::kb::Lang::Nl ? nl : en;
}

// Lowercases ASCII and removes the diacritics of the letters our languages use, so that the
// stopword list and the stem length see what the FTS tokenizer will see.
std::string fold(const std::string& word) {
    static const std::pair<const char*, char> map[] = {
        {"ă", 'a'}, {"â", 'a'}, {"î", 'i'}, {"ș", 's'}, {"ş", 's'}, {"ț", 't'}, {"ţ", 't'},
        {"Ă", 'a'}, {"Â", 'a'}, {"Î", 'i'}, {"Ș", 's'}, {"Ş", 's'}, {"Ț", 't'}, {"Ţ", 't'},
        {"é", 'e'}, {"ë", 'e'}, {"è", 'e'}, {"ï", 'i'}, {"ö", 'o'}, {"ü", 'u'}, {"á", 'a'}};
    std::string out;
    for (size_t i = 0; i < word.size();) {
        bool done = false;
        for (const auto& [from, to] : map) {
            const size_t n = std::char_traits<char>::length(from);
            if (word.compare(i, n, from) == 0) {
                out += to;
                i += n;
                done = true;
                break;
            }
        }
        if (done) continue;
        const char c = word[i++];
        out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    }
    return out;
}

std::uint64_t fingerprint(const adj::kb::KnowledgeBase& kb) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a over every searchable text
    auto mix = [&](const std::string& s) {
        for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    };
    for (const auto& e : kb.entries()) {
        mix(e.id);
        for (size_t l = 0; l < 3; ++l) mix(e.title[l]), mix(e.body[l]), mix(e.keywords[l]);
    }
    return h;
}

bool exec(sqlite3* db, const char* sql, std::string* error) {
    char* msg = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) == SQLITE_OK) return true;
    if (error) *error = msg ? msg : "unknown SQLite error";
    sqlite3_free(msg);
    return false;
}

} // namespace

std::string RulesSearch::defaultPath() {
    return dataFolder() + "/rules-index.sqlite";
}

std::string RulesSearch::ftsQuery(const std::string& question, adj::kb::Lang lang) {
    std::string query;
    std::string word;
    auto flush = [&] {
        const std::string folded = fold(word);
        word.clear();
        if (folded.size() < 2 || stopwords(lang).count(folded)) return;
        // The stem: drop up to two trailing letters of longer words (farmers -> farme*,
        // țăranul -> taran*, ridders -> ridde*), so plural and article endings still match.
        size_t keep = folded.size();
        if (keep >= 6)
            keep -= 2;
        else if (keep == 5)
            keep -= 1;
        query += (query.empty() ? "" : " OR ") + std::string("\"") + folded.substr(0, keep) + "\"*";
    };
    for (size_t i = 0; i < question.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(question[i]);
        const bool letter = std::isalnum(c) || c >= 0x80; // UTF-8 bytes belong to words
        if (letter)
            word += char(c);
        else
            flush();
    }
    flush();
    return query;
}

namespace {

// (Re)builds the index in an open database unless its fingerprint already matches.
bool build(sqlite3* db, const adj::kb::KnowledgeBase& kb, std::string* error) {
    const std::string print = std::to_string(fingerprint(kb));
    sqlite3_stmt* st = nullptr;
    bool fresh = false;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'fingerprint'", -1, &st,
                           nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        fresh = reinterpret_cast<const char*>(sqlite3_column_text(st, 0)) == print;
    sqlite3_finalize(st);
    if (fresh) return true;
    if (!exec(db,
              "BEGIN IMMEDIATE; DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS meta;"
              "CREATE VIRTUAL TABLE entries USING fts5(title, keywords, body, id UNINDEXED,"
              " lang UNINDEXED, games UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');"
              "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);",
              error)) {
        exec(db, "ROLLBACK", nullptr);
        return false;
    }
    sqlite3_prepare_v2(
        db, "INSERT INTO entries(title, keywords, body, id, lang, games) VALUES (?,?,?,?,?,?)", -1,
        &st, nullptr);
    for (const auto& e : kb.entries()) {
        std::string games;
        for (const auto& g : e.games) games += " " + g;
        games += " ";
        for (size_t l = 0; l < 3; ++l) {
            sqlite3_bind_text(st, 1, e.title[l].c_str(), -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 2, e.keywords[l].c_str(), -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 3, e.body[l].c_str(), -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 4, e.id.c_str(), -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 5, adj::kb::kLangCodes[l], -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 6, games.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_step(st);
            sqlite3_reset(st);
        }
    }
    sqlite3_finalize(st);
    sqlite3_prepare_v2(db, "INSERT INTO meta VALUES ('fingerprint', ?)", -1, &st, nullptr);
    sqlite3_bind_text(st, 1, print.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_finalize(st);
    if (exec(db, "COMMIT", error)) return true;
    exec(db, "ROLLBACK", nullptr);
    return false;
}

} // namespace

std::unique_ptr<RulesSearch> RulesSearch::open(const adj::kb::KnowledgeBase& kb,
                                               const std::string& path, std::string* error) {
    std::unique_ptr<RulesSearch> s(new RulesSearch());
    s->kb_ = &kb;
    const std::string location = path.empty() ? defaultPath() : path;
    // The index on disk, when it can be opened and built there: another process may be
    // building it too (wait up to 5 s), or the file may be foreign or read-only.
    if (location != ":memory:") {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(location).parent_path(), ec);
        if (sqlite3_open_v2(location.c_str(), &s->db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                            nullptr) == SQLITE_OK) {
            sqlite3_busy_timeout(s->db_, 5000);
            if (exec(s->db_, "PRAGMA user_version", nullptr) && build(s->db_, kb, nullptr)) {
                s->location_ = location;
                return s;
            }
        }
        sqlite3_close(s->db_);
        s->db_ = nullptr;
    }
    // Otherwise in memory: the search always works.
    std::string err;
    if (sqlite3_open(":memory:", &s->db_) != SQLITE_OK || !build(s->db_, kb, &err)) {
        if (error)
            *error = "cannot build the rules index: " +
                     (err.empty() ? std::string("SQLite unavailable") : err);
        return nullptr;
    }
    s->location_ = ":memory:";
    return s;
}

RulesSearch::~RulesSearch() {
    sqlite3_close(db_);
}

std::vector<RulesSearch::Hit> RulesSearch::search(const std::string& question, adj::kb::Lang lang,
                                                  const std::string& game, int limit) const {
    std::vector<Hit> hits;
    const std::string query = ftsQuery(question, lang);
    if (query.empty()) return hits;
    sqlite3_stmt* st = nullptr;
    // Column weights follow the table: title, keywords, body.
    const char* sql =
        "SELECT id, bm25(entries, 6.0, 3.0, 1.0) AS score FROM entries"
        " WHERE entries MATCH ?1 AND lang = ?2 AND (?3 = '' OR instr(games, ' ' || ?3 || ' ') > 0)"
        " ORDER BY score LIMIT ?4";
    if (sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) != SQLITE_OK) return hits;
    sqlite3_bind_text(st, 1, query.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, adj::kb::kLangCodes[size_t(lang)], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, game.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 4, limit);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const auto* id = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        if (const adj::kb::Entry* e = kb_->find(id))
            hits.push_back(Hit{e, sqlite3_column_double(st, 1)});
    }
    sqlite3_finalize(st);
    return hits;
}

} // namespace carc
