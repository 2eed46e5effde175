#include "store/database.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/printable.hpp"
#include "store/schema.hpp"

namespace scalerun::store {

namespace {

// Timestamps the database stamps itself: ISO 8601 UTC with milliseconds, sortable as text.
constexpr std::string_view kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

// A clearer line than SQLite's "unable to open database file" for the two usual mistakes.
void check_path(const std::string& path, bool create) {
  // SQLite takes "" (and ":memory:") for a private temporary database: every point would be lost.
  if (path.empty() || path == ":memory:") {
    throw std::runtime_error(fmt::format("{}: not a file name: SQLite would keep the points in a private temporary "
                                         "database and lose them (give a file, e.g. --db results.db)",
                                         path.empty() ? "an empty name" : "':memory:'"));
  }
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) {
    throw std::runtime_error(fmt::format("'{}' is a directory, not a database file", printable(path)));
  }
  if (!create && !std::filesystem::exists(status)) {
    throw std::runtime_error(fmt::format("'{}' does not exist", printable(path)));
  }
}

constexpr std::string_view kSelectRun =
    "SELECT id, started_at, finished_at, status, script, script_hash, experiment, kernel, "
    "machine, mode, command_line, host, cpu, cores, compiler, build_type, git_revision, "
    "scalerun_version, sets, labels, (SELECT count(*) FROM points WHERE points.run_id = runs.id) "
    "FROM runs ";

StoredRun read_run(const sqlite::Statement& row) {
  StoredRun run;
  int c = 0;
  run.id = row.get_int(c++);
  run.info.started_at = row.get_text(c++);
  run.finished_at = row.get_text(c++);
  run.status = row.get_text(c++);
  RunInfo& info = run.info;
  for (std::string* text : {&info.script, &info.script_hash, &info.experiment, &info.kernel,
                            &info.machine, &info.mode, &info.command_line, &info.host,
                            &info.cpu}) {
    *text = row.get_text(c++);
  }
  info.cores = static_cast<int>(row.get_int(c++));
  for (std::string* text : {&info.compiler, &info.build_type, &info.git_revision,
                            &info.scalerun_version}) {
    *text = row.get_text(c++);
  }
  // Written by begin_run as JSON; anything else (a hand-edited file) reads as none.
  const nlohmann::json sets = nlohmann::json::parse(row.get_text(c++), nullptr, false);
  if (sets.is_object()) {
    for (const auto& [name, value] : sets.items())
      if (value.is_string()) info.sets[name] = value.get<std::string>();
  }
  const nlohmann::json labels = nlohmann::json::parse(row.get_text(c++), nullptr, false);
  if (labels.is_array()) {
    for (const auto& label : labels)
      if (label.is_string()) info.labels.push_back(label.get<std::string>());
  }
  run.points = row.get_int(c);
  return run;
}

// Retries of the switch to WAL when another process opens the same file at once (0.1 s doubling
// to 2 s: about 10 s in all).
constexpr int kOpenLockRetries = 8;

}  // namespace

std::string Database::default_path() {
  const char* from_environment = std::getenv("SCALERUN_DB");
  return from_environment != nullptr && *from_environment != '\0' ? std::string(from_environment) : "scalerun.db";
}

Database Database::open(const std::string& path, Mode mode) {
  const bool create = mode == Mode::create;
  check_path(path, create);
  sqlite::Connection conn(path, create);
  schema::prepare(conn, create);
  // Only now that the file is known to be ours: switching a foreign file to WAL would change it.
  // journal_mode is stored in the file; synchronous and foreign_keys hold per connection.
  // Switching to WAL needs the file to itself, and SQLite answers "locked" at once rather than wait
  // when another process opening the same new file holds it (its busy handler would deadlock the
  // two): so the switch is retried as a write is.
  sqlite::retry_while_locked(conn, kOpenLockRetries, [&] {
    conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
                 "cannot configure the database");
  });
  Database db(std::move(conn));
  if (create) {
    // Claims are working state, not results: a table of their own that files written before it
    // existed simply gain, so the schema version (and every reader) stays as it was.
    db.prepare_claims();
  }
  return db;
}

void Database::set_lock_wait(int busy_timeout_ms, int retries) {
  conn_.set_busy_timeout(busy_timeout_ms);
  lock_retries_ = retries;
}

std::int64_t Database::begin_run(const RunInfo& info) {
  std::int64_t id = 0;
  write([&] {
    sqlite::Statement insert(
        conn_,
        fmt::format("INSERT INTO runs(script, script_hash, experiment, kernel, machine, mode, "
                    "command_line, host, cpu, cores, compiler, build_type, git_revision, "
                    "scalerun_version, started_at, sets, labels) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                    "?9, ?10, ?11, ?12, ?13, ?14, COALESCE(NULLIF(?15, ''), {}), ?16, ?17)",
                    kNow),
        "cannot record the run");
    int i = 1;
    for (const std::string* text : {&info.script, &info.script_hash, &info.experiment,
                                    &info.kernel, &info.machine, &info.mode, &info.command_line,
                                    &info.host, &info.cpu}) {
      insert.bind_text(i++, *text);
    }
    insert.bind_int(i++, info.cores);
    for (const std::string* text : {&info.compiler, &info.build_type, &info.git_revision,
                                    &info.scalerun_version, &info.started_at}) {
      insert.bind_text(i++, *text);
    }
    insert.bind_text(i++, nlohmann::json(info.sets).dump());
    insert.bind_text(i++, nlohmann::json(info.labels).dump());
    insert.run();
    id = conn_.last_insert_id();
  });
  return id;
}

void Database::finish_run(std::int64_t run_id, std::string_view status,
                          std::string_view finished_at) {
  if (status.empty()) throw std::invalid_argument("finish_run: the status is empty");
  write([&] {
    sqlite::Statement update(
        conn_,
        fmt::format("UPDATE runs SET status = ?2, finished_at = COALESCE(NULLIF(?3, ''), {}) "
                    "WHERE id = ?1 RETURNING id",
                    kNow),
        "cannot finish the run");
    update.bind_int(1, run_id).bind_text(2, status).bind_text(3, finished_at);
    if (!update.step()) {
      throw std::runtime_error(fmt::format("'{}' has no run {}", path(), run_id));
    }
    update.run();  // RETURNING: the update completes on the final step
  });
  release_claims();
}

std::vector<StoredRun> Database::list_runs() const {
  sqlite::Statement select(conn_, std::string(kSelectRun) + "ORDER BY id",
                           "cannot list the runs");
  std::vector<StoredRun> runs;
  while (select.step()) runs.push_back(read_run(select));
  return runs;
}

std::optional<StoredRun> Database::run(std::int64_t run_id) const {
  sqlite::Statement select(conn_, std::string(kSelectRun) + "WHERE id = ?1",
                           "cannot read the run");
  select.bind_int(1, run_id);
  if (!select.step()) return std::nullopt;
  return read_run(select);
}

std::string Database::integrity_check() const {
  sqlite::Statement check(conn_, "PRAGMA integrity_check", "cannot check the database");
  std::string findings;
  while (check.step()) {
    if (!findings.empty()) findings += '\n';
    findings += check.get_text(0);
  }
  return findings;
}

}  // namespace scalerun::store
