#pragma once
// What the results database holds: runs (one invocation of a script's sweep, with the host
// context that produced it) and points (one measured configuration with every sample).

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace scalerun::store {

// One invocation. experiment/kernel/machine describe the sweep as the CLI names it (a script
// with several experiments may begin one run per experiment); points carry their own, which are
// the ones --resume and the export match on.
struct RunInfo {
  std::string script, script_hash;
  std::string experiment, kernel, machine;
  std::string mode;          // "measure", "simulate", "model", ...
  std::string command_line;                   // scalerun's own, as it was run
  std::map<std::string, std::string> sets;    // --set name=value, as typed
  std::vector<std::string> labels;            // --label NAME, in the order given
  std::string host, cpu, compiler, build_type, git_revision, scalerun_version;
  int cores = 0;
  std::string started_at;    // ISO 8601 UTC; empty: the time begin_run is called
};

// What became of a run (the `status` column of `scalerun runs`):
//   running        still measuring, or killed (SIGKILL, power cut) before it could say
//   complete       every point measured (a failed verification still counts as complete)
//   target_missed  complete, but a tuned point did not reach its scaling rule's target
//   interrupted    Ctrl-C (SIGINT) or SIGTERM: the completed points are stored, the rest not
//   timed_out      the script's time budget (--script-timeout) ran out
//   run_timeout    one run passed its run_timeout (kernel field or --run-timeout)
//   failed         an error in the script or the kernel ended it
inline constexpr const char* kRunStatuses[] = {"running",     "complete",  "target_missed", "interrupted",
                                               "timed_out",   "run_timeout", "failed"};

struct StoredRun {
  std::int64_t id = 0;
  RunInfo info;
  std::string status;        // one of kRunStatuses; "running" until finish_run, and after a kill
  std::string finished_at;   // empty while running
  std::int64_t points = 0;   // points recorded under this run
};

struct PointRecord {
  std::string experiment, kernel, machine;
  // Canonical text of p and the parameters (see point_key.hpp); --resume matches on it.
  std::string point_key;
  // Canonical text of everything else that defines the point (see point_identity.hpp): --resume
  // reuses a stored point only when it is the same. Empty in points stored before it was kept.
  std::string identity;
  double p = 1;
  std::map<std::string, double> params;  // every parameter but p; finite values
  std::vector<double> samples;           // seconds, in the order measured
  // Summary of the samples, computed by the caller; NaN where not computed.
  double median = std::numeric_limits<double>::quiet_NaN();
  double mad = std::numeric_limits<double>::quiet_NaN();  // median absolute deviation, seconds
  double cv = std::numeric_limits<double>::quiet_NaN();   // coefficient of variation
  std::map<std::string, double> instrumentation;  // busy, idle, primitives, serial, latency, ...
  std::map<std::string, double> counters;         // hardware counters; often empty
  bool verified = false;
  std::string verify_message;
  std::string extra_json = "{}";  // any further data; must parse as JSON
};

struct StoredPoint {
  std::int64_t id = 0;
  std::int64_t run_id = 0;
  std::string recorded_at;  // ISO 8601 UTC with milliseconds, stamped at commit
  PointRecord record;
};

}  // namespace scalerun::store
