// A thin RAII layer over SQLite's C API for the history store: statements that bind and read
// by position, and every failure turned into a StoreError that names the file and says, in
// plain words, what is wrong (damaged, not a database, disk full, read-only, busy).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace carc::history {

// Every error of the history store: "FILE: what is wrong[; what happened to the data]".
class StoreError : public std::runtime_error {
public:
    StoreError(const std::string& message, int sqliteCode = 0)
        : std::runtime_error(message), code_(sqliteCode) {}
    int sqliteCode() const { return code_; } // the primary SQLite result code, 0 if none
private:
    int code_;
};

class Db;

class Stmt {
public:
    Stmt(const Db& db, std::string_view sql);
    ~Stmt();
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;

    Stmt& bind(int i, std::int64_t v);
    Stmt& bind(int i, std::string_view text);
    Stmt& bindBlob(int i, std::string_view bytes); // empty: NULL
    Stmt& bindNull(int i);
    bool step(); // true: a row is ready; false: done
    void run() { step(); }
    void reset();

    std::int64_t integer(int col) const;
    double real(int col) const;
    std::string text(int col) const;
    bool isNull(int col) const;

private:
    const Db& db_;
    sqlite3_stmt* st_ = nullptr;
};

class Db {
public:
    // Opens (and, when `create`, creates) the file; throws StoreError.
    Db(const std::string& path, bool readOnly, bool create);
    ~Db();
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    void exec(std::string_view sql) const; // one or more statements, no results
    std::int64_t scalar(std::string_view sql) const;
    std::int64_t lastRowId() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }

    // Throws the StoreError for SQLite result code rc, during `doing` ("recording a turn").
    [[noreturn]] void fail(int rc, std::string_view doing) const;
    // The plain-words reason for a result code (used by fail()).
    static std::string reason(int rc, const char* sqliteMessage);

private:
    std::string path_;
    sqlite3* db_ = nullptr;
};

// SAVEPOINT ... RELEASE, or ROLLBACK TO when destroyed before commit(): nests, so a game import
// can hold many turn writes in one transaction.
class Savepoint {
public:
    explicit Savepoint(const Db& db);
    ~Savepoint();
    void commit();

private:
    const Db& db_;
    bool done_ = false;
};

} // namespace carc::history
