#include "sqlite_db.h"

#include <sqlite3.h>

namespace carc::history {

std::string Db::reason(int rc, const char* sqliteMessage) {
    const std::string detail = sqliteMessage ? std::string(" (") + sqliteMessage + ")" : "";
    switch (rc & 0xff) {
    case SQLITE_CORRUPT: return "the database file is damaged" + detail;
    case SQLITE_NOTADB: return "not an SQLite database, or a damaged one" + detail;
    case SQLITE_FULL: return "the disk (or the database's size limit) is full" + detail;
    case SQLITE_READONLY: return "the file or its folder is read-only" + detail;
    case SQLITE_CANTOPEN: return "cannot open the file (missing folder or no permission)" + detail;
    case SQLITE_PERM: return "no permission" + detail;
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return "another program holds the database for too long" + detail;
    case SQLITE_IOERR: return "a read or write error on the disk" + detail;
    case SQLITE_CONSTRAINT: return "the data breaks a rule of the schema" + detail;
    default: return sqliteMessage ? sqliteMessage : sqlite3_errstr(rc);
    }
}

void Db::fail(int rc, std::string_view doing) const {
    const char* msg = db_ ? sqlite3_errmsg(db_) : nullptr;
    throw StoreError(path_ + ": " + reason(rc, msg) + " while " + std::string(doing), rc & 0xff);
}

Db::Db(const std::string& path, bool readOnly, bool create) : path_(path) {
    const int flags =
        readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string msg = reason(rc, db_ ? sqlite3_errmsg(db_) : nullptr);
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError(path + ": " + msg + " while opening", rc & 0xff);
    }
    sqlite3_extended_result_codes(db_, 1);
    // Another process may be writing a turn: wait for it rather than fail.
    sqlite3_busy_timeout(db_, 5000);
}

Db::~Db() {
    sqlite3_close_v2(db_);
}

void Db::exec(std::string_view sql) const {
    const std::string s(sql);
    const int rc = sqlite3_exec(db_, s.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) fail(rc, "running " + s.substr(0, 60));
}

std::int64_t Db::scalar(std::string_view sql) const {
    Stmt st(*this, sql);
    return st.step() ? st.integer(0) : 0;
}

std::int64_t Db::lastRowId() const {
    return sqlite3_last_insert_rowid(db_);
}

Stmt::Stmt(const Db& db, std::string_view sql) : db_(db) {
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), int(sql.size()), &st_, nullptr);
    if (rc != SQLITE_OK) db.fail(rc, "preparing " + std::string(sql.substr(0, 60)));
}

Stmt::~Stmt() {
    sqlite3_finalize(st_);
}

Stmt& Stmt::bind(int i, std::int64_t v) {
    sqlite3_bind_int64(st_, i, v);
    return *this;
}

Stmt& Stmt::bind(int i, std::string_view text) {
    sqlite3_bind_text(st_, i, text.data(), int(text.size()), SQLITE_TRANSIENT);
    return *this;
}

Stmt& Stmt::bindBlob(int i, std::string_view bytes) {
    if (bytes.empty()) return bindNull(i);
    sqlite3_bind_blob(st_, i, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
    return *this;
}

Stmt& Stmt::bindNull(int i) {
    sqlite3_bind_null(st_, i);
    return *this;
}

bool Stmt::step() {
    const int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    const char* sql = sqlite3_sql(st_);
    db_.fail(rc, "running " + std::string(sql ? sql : "?").substr(0, 60));
}

void Stmt::reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
}

std::int64_t Stmt::integer(int col) const {
    return sqlite3_column_int64(st_, col);
}

double Stmt::real(int col) const {
    return sqlite3_column_double(st_, col);
}

std::string Stmt::text(int col) const {
    const void* p = sqlite3_column_blob(st_, col);
    const int n = sqlite3_column_bytes(st_, col);
    return p ? std::string(static_cast<const char*>(p), size_t(n)) : std::string();
}

bool Stmt::isNull(int col) const {
    return sqlite3_column_type(st_, col) == SQLITE_NULL;
}

Savepoint::Savepoint(const Db& db) : db_(db) {
    db_.exec("SAVEPOINT carc");
}

void Savepoint::commit() {
    db_.exec("RELEASE carc");
    done_ = true;
}

Savepoint::~Savepoint() {
    if (done_) return;
    // Undo this savepoint's writes; errors here are ignored (the first error is the one thrown).
    sqlite3_exec(db_.handle(), "ROLLBACK TO carc; RELEASE carc", nullptr, nullptr, nullptr);
}

} // namespace carc::history
