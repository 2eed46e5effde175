#include "store/sqlite.hpp"

#include "errors/printable.hpp"

#include <sqlite3.h>
#include <sys/resource.h>

#include <chrono>
#include <cstring>
#include <limits>
#include <thread>

#include <fmt/format.h>

namespace scalerun::store::sqlite {

namespace {

// Waiting this long for another writer (a second scalerun on the same file) before reporting
// "database is locked": a point commits in milliseconds, so only a stuck process exceeds it.
constexpr int kBusyTimeoutMs = 5000;

std::string message_of(const std::string& raw_path, std::string_view what, sqlite3* db) {
  const std::string path = printable(raw_path);
  const char* text = db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  // SQLite's "disk I/O error" hides the cause a user can act on: a full disk, ulimit -f.
  if (db != nullptr && (sqlite3_errcode(db) & 0xff) == SQLITE_IOERR) {
    if (const int system_error = sqlite3_system_errno(db); system_error != 0) {
      return fmt::format("'{}': {}: {} ({})", path, what, text, std::strerror(system_error));
    }
    // SQLite does not always keep the errno; the limit is the cause a user can least see.
    rlimit limit{};
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
      return fmt::format("'{}': {}: {} (a file may have reached the file size limit of {} bytes, ulimit -f)", path,
                         what, text, static_cast<unsigned long long>(limit.rlim_cur));
    }
  }
  return fmt::format("'{}': {}: {}", path, what, text);
}

// For destructors, which must not throw: run one fixed statement, ignore the outcome.
void execute_quietly(sqlite3* db, const char* sql) noexcept {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK && stmt != nullptr) {
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
}

}  // namespace

void Connection::Closer::operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }

Connection::Connection(std::string path, bool create) : path_(std::move(path)) {
  sqlite3* raw = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  const int rc = sqlite3_open_v2(path_.c_str(), &raw, flags, nullptr);
  db_.reset(raw);  // owned even on failure: SQLite allocates a handle to carry the message
  if (rc != SQLITE_OK) fail("cannot open");
  sqlite3_busy_timeout(raw, kBusyTimeoutMs);
}

void Connection::execute(std::string_view sql, std::string_view what) const {
  const char* next = sql.data();
  const char* const end = sql.data() + sql.size();
  while (next < end) {
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(handle(), next, static_cast<int>(end - next), &raw, &tail);
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> stmt(raw, &sqlite3_finalize);
    if (rc != SQLITE_OK) fail(what);
    next = tail;
    if (raw == nullptr) continue;  // only whitespace or a comment was left
    int step_rc = SQLITE_ROW;
    while (step_rc == SQLITE_ROW) step_rc = sqlite3_step(raw);
    if (step_rc != SQLITE_DONE) fail(what);
  }
}

std::int64_t Connection::last_insert_id() const noexcept {
  return sqlite3_last_insert_rowid(handle());
}

void Connection::set_busy_timeout(int milliseconds) { sqlite3_busy_timeout(handle(), milliseconds); }

void Connection::fail(std::string_view what) const {
  const int code = db_ ? sqlite3_errcode(handle()) : SQLITE_NOMEM;
  std::string message = message_of(path_, what, handle());
  // SQLite's "database is locked" alone does not say whose lock or what to do about it.
  if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED) {
    message += " (another process is writing to this file and held its lock too long: let it finish, or "
               "give this run its own file with --db FILE)";
  }
  throw Error(message, code);
}

bool is_lock_error(const Error& e) noexcept {
  const int primary = e.code() & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

void retry_while_locked(const Connection&, int retries, const std::function<void()>& attempt) {
  auto pause = std::chrono::milliseconds(100);
  for (int tried = 0;; ++tried) {
    try {
      attempt();
      return;
    } catch (const Error& e) {
      if (!is_lock_error(e) || tried >= retries) throw;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(2 * pause, std::chrono::milliseconds(2000));
  }
}

void Statement::Finalizer::operator()(sqlite3_stmt* stmt) const noexcept {
  sqlite3_finalize(stmt);
}

Statement::Statement(const Connection& conn, std::string_view sql, std::string_view what)
    : conn_(&conn), what_(what) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v3(conn.handle(), sql.data(), static_cast<int>(sql.size()),
                                    0, &raw, nullptr);
  stmt_.reset(raw);
  check(rc);
}

void Statement::check(int rc) const {
  if (rc != SQLITE_OK) conn_->fail(what_);
}

Statement& Statement::bind_double(int index, double value) {
  check(sqlite3_bind_double(stmt_.get(), index, value));
  return *this;
}

Statement& Statement::bind_int(int index, std::int64_t value) {
  check(sqlite3_bind_int64(stmt_.get(), index, value));
  return *this;
}

Statement& Statement::bind_text(int index, std::string_view value) {
  // SQLITE_TRANSIENT: SQLite copies the text, so the view need not outlive the binding. A
  // default-constructed view has a null data pointer, which SQLite would bind as NULL, not ''.
  const char* text = value.data() != nullptr ? value.data() : "";
  check(sqlite3_bind_text64(stmt_.get(), index, text, value.size(), SQLITE_TRANSIENT,
                            SQLITE_UTF8));
  return *this;
}

Statement& Statement::bind_null(int index) {
  check(sqlite3_bind_null(stmt_.get(), index));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  conn_->fail(what_);
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_.get());  // its result repeats the last step's, already reported
  sqlite3_clear_bindings(stmt_.get());
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

double Statement::get_double(int column) const {
  if (is_null(column)) return std::numeric_limits<double>::quiet_NaN();
  return sqlite3_column_double(stmt_.get(), column);
}

std::int64_t Statement::get_int(int column) const {
  return sqlite3_column_int64(stmt_.get(), column);
}

std::string Statement::get_text(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_.get(), column);
  if (text == nullptr) return {};
  const int bytes = sqlite3_column_bytes(stmt_.get(), column);  // after _text, per SQLite docs
  return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(bytes));
}

Transaction::Transaction(const Connection& conn, std::string_view what)
    : conn_(conn), what_(what) {
  conn_.execute("BEGIN IMMEDIATE", what_);
}

Transaction::~Transaction() {
  if (open_) execute_quietly(conn_.handle(), "ROLLBACK");
}

void Transaction::commit() {
  conn_.execute("COMMIT", what_);
  open_ = false;
}

}  // namespace scalerun::store::sqlite
