#pragma once
// The persistence step of a sweep: its row in the database's runs table, begun when the first
// point must be measured (a --resume that finds every point stored adds no empty run), finished
// with what became of the sweep, and marked failed if the sweep leaves without saying. Points are
// recorded through it one by one as they complete, so a killed sweep loses nothing.

#include <cstdint>
#include <optional>
#include <string>

#include "store/database.hpp"

namespace scalerun::study {

struct Session;

class RunRow {
 public:
  RunRow(store::Database& db, store::RunInfo info) : db_(db), info_(std::move(info)) {}
  ~RunRow() { finish("failed"); }
  RunRow(const RunRow&) = delete;
  RunRow& operator=(const RunRow&) = delete;

  std::int64_t id();
  bool begun() const { return id_.has_value(); }
  // Never throws: it runs while an exception is on its way out, and that one must win.
  void finish(const std::string& status) noexcept;

 private:
  store::Database& db_;
  store::RunInfo info_;
  std::optional<std::int64_t> id_;
  bool finished_ = false;
};

// What the runs table keeps of where a run came from: script, host, build, and what ran.
store::RunInfo run_info(const Session& session, const std::string& experiment, const std::string& kernel,
                        const std::string& machine, const std::string& mode);

// The session's database; an unusable --db file is one line (ScriptError without a position, so
// the caller's line is put in front).
store::Database& open_database(Session& session);

// What became of a sweep that ended in the exception being handled (see kRunStatuses):
// "interrupted", "timed_out", "run_timeout" or "failed".
std::string status_of_current_exception();

}  // namespace scalerun::study
