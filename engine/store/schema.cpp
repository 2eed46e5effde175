#include "store/schema.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace scalerun::store::schema {

namespace {

// STRICT tables make SQLite enforce the declared types. Measured values are declared ANY (with a
// CHECK that they are reals) rather than REAL because a REAL column stores integral values as
// integers and so turns -0.0 into 0.0; ANY keeps every double bit for bit. NaN has no SQLite
// representation and is stored as NULL, which reads back as NaN.
constexpr std::string_view kTables = R"sql(
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE runs (
  id               INTEGER PRIMARY KEY,
  started_at       TEXT NOT NULL,
  finished_at      TEXT,
  status           TEXT NOT NULL DEFAULT 'running',
  script           TEXT NOT NULL,
  script_hash      TEXT NOT NULL,
  experiment       TEXT NOT NULL,
  kernel           TEXT NOT NULL,
  machine          TEXT NOT NULL,
  mode             TEXT NOT NULL,
  command_line     TEXT NOT NULL,
  sets             TEXT NOT NULL DEFAULT '{}',
  labels           TEXT NOT NULL DEFAULT '[]',
  host             TEXT NOT NULL,
  cpu              TEXT NOT NULL,
  cores            INTEGER NOT NULL,
  compiler         TEXT NOT NULL,
  build_type       TEXT NOT NULL,
  git_revision     TEXT NOT NULL,
  scalerun_version TEXT NOT NULL
) STRICT;

CREATE TABLE points (
  id             INTEGER PRIMARY KEY,
  run_id         INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  recorded_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  experiment     TEXT NOT NULL,
  kernel         TEXT NOT NULL,
  machine        TEXT NOT NULL,
  point_key      TEXT NOT NULL,
  identity       TEXT NOT NULL DEFAULT '',
  p              ANY NOT NULL CHECK (typeof(p) = 'real'),
  median         ANY CHECK (median IS NULL OR typeof(median) = 'real'),
  mad            ANY CHECK (mad IS NULL OR typeof(mad) = 'real'),
  cv             ANY CHECK (cv IS NULL OR typeof(cv) = 'real'),
  verified       INTEGER NOT NULL CHECK (verified IN (0, 1)),
  verify_message TEXT NOT NULL,
  extra_json     TEXT NOT NULL
) STRICT;
-- --resume looks points up by these four; `show RUN` by run.
CREATE INDEX points_by_key ON points(experiment, kernel, machine, point_key);
CREATE INDEX points_by_run ON points(run_id);

CREATE TABLE point_params (
  point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,
  name     TEXT NOT NULL,
  value    ANY NOT NULL CHECK (typeof(value) = 'real'),
  PRIMARY KEY (point_id, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE samples (
  point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,
  idx      INTEGER NOT NULL,
  seconds  ANY CHECK (seconds IS NULL OR typeof(seconds) = 'real'),
  PRIMARY KEY (point_id, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE figures (
  point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,
  kind     TEXT NOT NULL CHECK (kind IN ('instrumentation', 'counter')),
  name     TEXT NOT NULL,
  value    ANY CHECK (value IS NULL OR typeof(value) = 'real'),
  PRIMARY KEY (point_id, kind, name)
) STRICT, WITHOUT ROWID;
)sql";

// Version 1 to 2: the columns version 2 added, with the values that mean "not recorded" (an
// empty identity is never reused by --resume; no --set values, no labels).
constexpr std::string_view kUpgradeTo2 = R"sql(
ALTER TABLE points ADD COLUMN identity TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN sets TEXT NOT NULL DEFAULT '{}';
ALTER TABLE runs ADD COLUMN labels TEXT NOT NULL DEFAULT '[]';
)sql";

struct Header {
  std::int64_t application_id = 0;
  std::int64_t version = 0;
  std::int64_t objects = 0;  // tables, indexes, views and triggers not SQLite's own
  std::string first_object;
};

std::runtime_error not_ours(const sqlite::Connection& conn, const std::string& why) {
  return std::runtime_error(
      fmt::format("'{}' is not a scalerun database ({})", conn.path(), why));
}

std::int64_t single_int(const sqlite::Connection& conn, std::string_view sql) {
  sqlite::Statement stmt(conn, sql, "cannot read the database header");
  return stmt.step() ? stmt.get_int(0) : 0;
}

Header read_header(const sqlite::Connection& conn) {
  try {
    Header h;
    h.application_id = single_int(conn, "PRAGMA application_id");
    h.version = single_int(conn, "PRAGMA user_version");
    sqlite::Statement objects(conn,
                              "SELECT count(*), min(name) FROM sqlite_schema "
                              "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
                              "cannot list the database's tables");
    if (objects.step()) {
      h.objects = objects.get_int(0);
      h.first_object = objects.get_text(1);
    }
    return h;
  } catch (const sqlite::Error& e) {
    // SQLite reports a file without its header ("file is not a database") on the first read.
    if (e.code() == SQLITE_NOTADB) throw not_ours(conn, "not an SQLite file");
    throw;
  }
}

bool is_blank(const Header& h) { return h.application_id == 0 && h.objects == 0; }

void create_tables(const sqlite::Connection& conn) {
  conn.execute(kTables, "cannot create the scalerun tables");
  sqlite::Statement meta(conn, "INSERT INTO meta(key, value) VALUES (?1, ?2)",
                         "cannot create the scalerun tables");
  const std::pair<std::string_view, std::string> rows[] = {
      {"application", "scalerun"},
      {"schema_version", std::to_string(kVersion)},
  };
  for (const auto& [key, value] : rows) {
    meta.bind_text(1, key).bind_text(2, value).run();
    meta.reset();
  }
  conn.execute("INSERT INTO meta(key, value) "
               "VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
               "cannot create the scalerun tables");
  // Pragmas take no bound parameters; both values are compile-time constants. They write the
  // file header inside the transaction, so a crash leaves either no tables or a stamped file.
  conn.execute(fmt::format("PRAGMA application_id = {}; PRAGMA user_version = {};",
                           kApplicationId, kVersion),
               "cannot create the scalerun tables");
}

void stamp_version(const sqlite::Connection& conn, std::int64_t version, std::string_view what) {
  sqlite::Statement meta(conn, "UPDATE meta SET value = ?1 WHERE key = 'schema_version'", what);
  meta.bind_text(1, std::to_string(version)).run();
  conn.execute(fmt::format("PRAGMA user_version = {};", version), what);
}

// Brings a file of an older version up to this one: each step's changes and its version stamp in
// one transaction, so a crash leaves the file at the old version or the new one.
void upgrade(const sqlite::Connection& conn) {
  const std::string what = fmt::format("cannot upgrade '{}' to schema version {}", conn.path(), kVersion);
  sqlite::Transaction tx(conn, what);
  const std::int64_t version = single_int(conn, "PRAGMA user_version");  // again, under the write lock
  if (version == 1) {
    conn.execute(kUpgradeTo2, what);
    stamp_version(conn, 2, what);
  }
  tx.commit();
}

void check_meta(const sqlite::Connection& conn, std::int64_t expected) {
  std::string application, version;
  try {
    sqlite::Statement meta(conn, "SELECT key, value FROM meta", "cannot read the meta table");
    while (meta.step()) {
      const std::string key = meta.get_text(0);
      if (key == "application") application = meta.get_text(1);
      if (key == "schema_version") version = meta.get_text(1);
    }
  } catch (const sqlite::Error&) {
    throw not_ours(conn, "it carries scalerun's application id but has no readable meta table");
  }
  if (application != "scalerun" || version != std::to_string(expected)) {
    throw not_ours(conn, fmt::format("its meta table names application '{}' version '{}'",
                                     application, version));
  }
}

void verify(const sqlite::Connection& conn, const Header& h) {
  if (h.application_id == kApplicationId) {
    if (h.version > kVersion) {
      throw std::runtime_error(fmt::format(
          "'{}' was written by a newer scalerun (schema version {}; this build reads version {})",
          conn.path(), h.version, kVersion));
    }
    // Version 1 is the first: anything below it was never written by scalerun. Older versions
    // are upgraded by prepare() before this check.
    if (h.version < kVersion) throw not_ours(conn, fmt::format("schema version {}", h.version));
    check_meta(conn, kVersion);
    return;
  }
  if (h.application_id != 0) {
    throw not_ours(conn, fmt::format("SQLite application id 0x{:08x}; scalerun's is 0x{:08x}",
                                     static_cast<std::uint32_t>(h.application_id),
                                     static_cast<std::uint32_t>(kApplicationId)));
  }
  if (h.objects > 0) {
    throw not_ours(conn, fmt::format("an SQLite database with other tables, such as '{}'",
                                     h.first_object));
  }
  throw not_ours(conn, "an empty file");
}

}  // namespace

void prepare(const sqlite::Connection& conn, bool create) {
  if (create && is_blank(read_header(conn))) {
    sqlite::Transaction tx(conn, "cannot create the scalerun tables");
    // Checked again under the write lock: another scalerun may have created them meanwhile.
    if (is_blank(read_header(conn))) create_tables(conn);
    tx.commit();
  }
  const Header h = read_header(conn);
  if (h.application_id == kApplicationId && h.version >= 1 && h.version < kVersion) {
    check_meta(conn, h.version);  // a file we wrote, before we change it
    upgrade(conn);
  }
  verify(conn, read_header(conn));
}

}  // namespace scalerun::store::schema
