#pragma once
// The results database: every measured run and point, committed as each point completes, so an
// interrupted sweep (Ctrl-C, kill) loses no completed point and --resume can skip it.
//
// Durability: the file is in WAL mode with synchronous=FULL. A point's transaction is in the
// operating system's hands once its COMMIT returns (WAL mode appends to the -wal file), which
// is what survives SIGKILL; FULL also syncs the WAL at every commit, so a completed point
// survives a power cut or kernel panic too. The price, one fsync per point, is milliseconds
// against a point that takes seconds to measure, and it is paid between measurements.
//
// One Database belongs to one thread and must not be carried across fork(); a child opens its
// own. Several processes may share a file: a writer waits for the lock (busy timeout) and, when
// that runs out, tries its whole transaction again with growing pauses (lock_retries) before
// giving up with one line of advice. Two sweeps with --resume on one file share its points
// through claims: a point one of them is measuring is waited for by the other, not measured
// twice (see claim_point).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/records.hpp"
#include "store/sqlite.hpp"

namespace scalerun::store {

class Database {
 public:
  enum class Mode {
    create,    // make the file and its tables when missing (sweeps: ./scalerun.db, --db FILE)
    existing,  // the file must exist already (`scalerun runs`, `show`, export)
  };

  // Opens path, creating it in Mode::create. Throws std::runtime_error with one line naming the
  // file when it cannot be opened, is not an SQLite file, is an SQLite file without scalerun's
  // tables ("'x.db' is not a scalerun database (...)"), or was written by a newer scalerun.
  static Database open(const std::string& path, Mode mode = Mode::create);

  // Where results go without --db: $SCALERUN_DB when set and not empty (one file for a whole
  // study, or a test's own), else scalerun.db in the working directory.
  static std::string default_path();

  const std::string& path() const noexcept { return conn_.path(); }

  // Patience with another process's write lock: each statement waits busy_timeout_ms, each write
  // is retried `retries` times after pauses of 0.1, 0.2, 0.4 ... 2 s. Defaults: 5000 ms, 8
  // retries (about a minute in all). Tests shorten them.
  void set_lock_wait(int busy_timeout_ms, int retries);

  // A new run; returns its id. started_at defaults to now.
  std::int64_t begin_run(const RunInfo& info);
  // Marks a run over with its status (see kRunStatuses in records.hpp). A run never finished
  // (killed) keeps status "running" and no finished_at. finished_at defaults to now. Releases the
  // claims this process holds.
  void finish_run(std::int64_t run_id, std::string_view status, std::string_view finished_at = {});

  // Stores one point under run_id in its own transaction, committed before returning; returns
  // the point's id. Throws std::invalid_argument for a malformed record (empty names, p or a
  // parameter not finite, a parameter named "p", extra_json that is not JSON) and
  // std::runtime_error for an unknown run or a failed write, which leaves nothing behind.
  std::int64_t record_point(std::int64_t run_id, const PointRecord& point);

  // For --resume: the newest point measured for this configuration by any run; with an identity
  // (point_identity.hpp's text), the newest with that identity.
  std::optional<StoredPoint> find_point(std::string_view experiment, std::string_view kernel,
                                        std::string_view machine, std::string_view point_key,
                                        std::optional<std::string_view> identity = std::nullopt) const;

  // --resume shared by several processes: under the write lock, the point is either stored
  // already with this identity (returned), being measured by another live process on this host (busy: wait and ask
  // again), or claimed now for this process, which then measures and records it (record_point
  // drops the claim). A claim whose process has died is taken over, as is one whose pid now
  // names another process (a claim keeps its process's start time, /proc/PID/stat field 22). Claims of other hosts are
  // not honoured: their processes cannot be checked from here.
  enum class ClaimOutcome { claimed, stored, busy };
  struct Claim {
    ClaimOutcome outcome = ClaimOutcome::claimed;
    std::optional<StoredPoint> point;  // outcome stored
    long holder_pid = 0;               // outcome busy: the process measuring it
  };
  Claim claim_point(std::string_view experiment, std::string_view kernel, std::string_view machine,
                    std::string_view point_key, std::string_view identity = {});
  void release_claims();  // every claim of this process

  std::vector<StoredRun> list_runs() const;                  // oldest first
  std::optional<StoredRun> run(std::int64_t run_id) const;
  std::vector<StoredPoint> points_of(std::int64_t run_id) const;  // in recording order
  // The newest point per (machine, point_key) of an experiment and kernel, from all runs, on
  // one machine (empty: every machine); ordered by machine, p, point_key.
  std::vector<StoredPoint> latest_points(std::string_view experiment, std::string_view kernel,
                                         std::string_view machine = {}) const;

  // SQLite's PRAGMA integrity_check: "ok", or its findings one per line.
  std::string integrity_check() const;

 private:
  explicit Database(sqlite::Connection conn) : conn_(std::move(conn)) {}
  void write(const std::function<void()>& transaction) { sqlite::retry_while_locked(conn_, lock_retries_, transaction); }
  // The claims table, made or brought up to date (files opened to write).
  void prepare_claims();

  sqlite::Connection conn_;
  int lock_retries_ = 8;
  bool claims_ = false;  // the claims table exists (files opened to write)
};

}  // namespace scalerun::store
