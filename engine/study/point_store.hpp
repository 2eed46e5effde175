#pragma once
// The persistence step of every sweep (study/run_experiment): the run's row in the results
// database, begun when the first point must be computed (a --resume that finds every point stored
// adds no empty run) and finished with what became of the sweep; each point committed as it
// completes, so a killed sweep loses nothing; and on --resume the stored point of a configuration,
// waited for while another scalerun on the same file is computing it. Measured and simulated
// points are stored; a model point costs microseconds and is not (see stores_points).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "report/table.hpp"
#include "store/database.hpp"
#include "store/point_identity.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

struct Session;
class Progress;

// Whether a mode's points go to the database.
bool stores_points(Mode mode);

class PointStore {
 public:
  // A store that keeps nothing and finds nothing (model mode, --dry-run).
  PointStore() = default;
  // The session's database, opened at the first call that needs it, so a script's own mistakes
  // are reported before an unusable --db file.
  PointStore(Session& session, store::RunInfo info) : session_(&session), info_(std::move(info)) {}
  ~PointStore();
  PointStore(const PointStore&) = delete;
  PointStore& operator=(const PointStore&) = delete;

  // --resume: the newest stored point with this record's experiment, kernel, machine, point key
  // and identity, or nothing (then this process has claimed it and computes it). Without --resume,
  // nothing. While another live process on this host computes it, waits (saying so once on
  // `progress`). A stored point of the same key whose identity differs is not reused: one line on
  // `progress` says what differs ("p=2: stored point not reused: the program's content changed");
  // points stored before identities were kept are said once per sweep.
  std::optional<store::StoredPoint> recall(const store::PointRecord& key, Progress& progress);
  // The run's row exists from the first computation on, so a sweep that fails or is stopped
  // before keeping anything is still on record.
  void begin();
  // Committed before it returns: a kill after this loses nothing.
  void keep(const store::PointRecord& record);
  // Never throws: it runs while an exception is on its way out, and that one must win.
  void finish(const std::string& status) noexcept;

  int recalled() const { return recalled_; }
  // The samples of every measured point kept or recalled, in sweep order (a point kept twice, the
  // last time): what JSON results carry beside the tables.
  std::vector<report::PointSamples> samples() const;
  // Where the points went, for a table's notes: "stored in FILE (run N)" or "every point taken
  // from FILE, no new run".
  std::string storage_note() const;

 private:
  store::Database& db();
  void explain_not_reused(const store::PointRecord& key, Progress& progress);

  Session* session_ = nullptr;
  store::RunInfo info_;
  store::Database* db_ = nullptr;
  std::optional<std::int64_t> run_id_;
  bool finished_ = false;
  // What the watchdog needs to mark the run when it ends the process before this store can
  // (a hang no poll reaches, a second Ctrl-C): shared with its forced-exit hook.
  struct LastWords;
  std::shared_ptr<LastWords> last_words_;
  int hook_ = 0;
  int recalled_ = 0;
  std::vector<report::PointSamples> samples_;
  void note_samples(const store::PointRecord& record);
  bool said_unidentified_ = false;
};

// What --resume matches a point on: the experiment, kernel and machine, p and the parameters
// (every one but p; finite values), with its point key; and its identity: `identity` (what the
// source knows: program, command, machine ...) with every parameter of the kernel, of every type.
store::PointRecord record_key(const ExperimentSpec& spec, const KernelSpec& kernel, double p,
                              std::map<std::string, double> params, store::PointIdentity identity = {});

// What the runs table keeps of where a run came from: script, host, build, and what ran.
store::RunInfo run_info(const Session& session, const std::string& experiment, const std::string& kernel,
                        const std::string& machine, const std::string& mode);

// What became of a sweep that ended in the exception being handled (see kRunStatuses):
// "interrupted", "timed_out", "run_timeout" or "failed".
std::string status_of_current_exception();

}  // namespace scalerun::study
