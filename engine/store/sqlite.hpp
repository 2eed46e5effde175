#pragma once
// RAII over the SQLite C API: a connection, a prepared statement and a write transaction. Every
// failure becomes sqlite::Error, one line naming the database file, what was being done and
// SQLite's own message. sqlite3.h stays out of this header so users of the store do not need it.

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace scalerun::store::sqlite {

// A failure reported by SQLite. code() is SQLite's primary result code (e.g. 26, SQLITE_NOTADB),
// kept so callers can tell "not a database" from other failures without parsing text.
class Error : public std::runtime_error {
 public:
  Error(const std::string& message, int code) : std::runtime_error(message), code_(code) {}
  int code() const noexcept { return code_; }

 private:
  int code_;
};

class Connection {
 public:
  // create: make the file when it is missing. Otherwise a missing file is an error.
  Connection(std::string path, bool create);

  sqlite3* handle() const noexcept { return db_.get(); }
  const std::string& path() const noexcept { return path_; }

  // Runs fixed SQL text of one or more statements without parameters (schema, pragmas), each
  // statement prepared and stepped to completion in turn.
  void execute(std::string_view sql, std::string_view what) const;
  std::int64_t last_insert_id() const noexcept;
  // How long one statement waits for another process's write lock before SQLite gives up.
  void set_busy_timeout(int milliseconds);

  // Throws Error for the connection's current failure: "'FILE': WHAT: sqlite message".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  struct Closer {
    void operator()(sqlite3* db) const noexcept;
  };
  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
};

class Statement {
 public:
  // `what` names the operation in error messages ("cannot record point: ...").
  Statement(const Connection& conn, std::string_view sql, std::string_view what);

  // Parameters are numbered from 1, as in SQL's ?1, ?2, ...; text is copied by SQLite.
  Statement& bind_double(int index, double value);  // NaN is stored as NULL (SQLite's rule)
  Statement& bind_int(int index, std::int64_t value);
  Statement& bind_text(int index, std::string_view value);
  Statement& bind_null(int index);

  bool step();  // true: a row is ready to read; false: the statement is done
  void run();   // steps a statement that returns no rows
  void reset(); // ready to run again, bindings cleared

  // Columns are numbered from 0. A NULL double reads as quiet NaN, the value it stood for.
  bool is_null(int column) const;
  double get_double(int column) const;
  std::int64_t get_int(int column) const;
  std::string get_text(int column) const;

 private:
  void check(int rc) const;
  struct Finalizer {
    void operator()(sqlite3_stmt* stmt) const noexcept;
  };
  const Connection* conn_;
  std::string what_;
  std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

// BEGIN IMMEDIATE ... COMMIT. IMMEDIATE takes the write lock up front, so a second scalerun
// writing the same file waits (busy timeout) instead of failing when a read turns into a write.
// Rolled back by the destructor unless committed: an exception leaves no half-written point.
class Transaction {
 public:
  Transaction(const Connection& conn, std::string_view what);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

 private:
  const Connection& conn_;
  std::string what_;
  bool open_ = true;
};

// True for the failures another process's lock causes (SQLITE_BUSY, SQLITE_LOCKED), which a
// later attempt may not meet.
bool is_lock_error(const Error& e) noexcept;

// Runs `attempt` (a whole transaction) and, while it fails only because another process holds
// the lock, runs it again after 0.1 s, 0.2 s, ... (doubling, at most 2 s) up to `retries` times:
// a point measured for minutes is not lost to a neighbour's long write. The last failure is
// rethrown with advice on what to do.
void retry_while_locked(const Connection& conn, int retries, const std::function<void()>& attempt);

}  // namespace scalerun::store::sqlite
