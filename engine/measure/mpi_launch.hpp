#pragma once
// An MPI job as scalerun starts it: the launcher's command line (Open MPI's mpirun: ranks placed
// on named hosts with slots, scalerun's interposition library preloaded into every rank through
// -x, never into mpirun itself) and, after the job, the per-rank records that library wrote
// (pmpi/rank_record.hpp). Running the command is measure/command's job.

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace scalerun::measure {

struct Launcher {
  std::string kind = "mpirun";     // Open MPI's mpirun (the only kind this version starts)
  std::string command = "mpirun";  // the program, looked up on PATH
  std::vector<std::string> options;          // placed before the program, as given
  std::map<std::string, std::string> env;    // exported to every rank
  bool oversubscribe = false;      // more ranks than a host's slots allowed
};

struct Placement {
  std::string host;
  int ranks = 0;
};

struct MpiJob {
  Launcher launcher;
  std::vector<Placement> placement;          // hosts in rank order; ranks fill them in turn
  std::vector<std::string> program;          // argv of the MPI program
  std::map<std::string, std::string> env;    // scalerun's own (records folder, preload, speeds)
  // More ranks than slots: waiting ranks must yield their core, or they spin against the ranks
  // that have work (CG class S on 4 ranks over 2 cores: 19 s spinning, 2.3 s yielding).
  bool oversubscribed = false;
};

int job_ranks(const MpiJob& job);

// "mpirun -np 4 --host a:2,b:2 [--oversubscribe] [options] -x NAME=VALUE ... program args".
std::vector<std::string> launch_argv(const MpiJob& job);

// One rank's record. figures: wall, busy, point_to_point, collective, wait, barrier (seconds),
// the call counts, messages and bytes; values: what the program gave with scalerun_value().
struct RankRecord {
  int rank = 0;
  std::string host;
  std::string ended_by;  // "finalize" or "abort"
  int abort_code = 0;
  std::map<std::string, double> figures;
  std::map<std::string, double> values;
  std::map<std::string, std::map<std::string, double>> regions;  // name: seconds, mpi, calls
  std::string region_error;
};

// A job's records as stored with its point (the results database's extra JSON) and read back.
nlohmann::json ranks_to_json(const std::vector<RankRecord>& ranks);
std::vector<RankRecord> ranks_from_json(const nlohmann::json& ranks);

// The records of ranks 0 .. ranks - 1 in `dir`, in rank order. Throws std::runtime_error naming
// the ranks whose record is missing or unreadable ("ranks 2, 3 wrote no record: ...").
std::vector<RankRecord> read_rank_records(const std::string& dir, int ranks);

}  // namespace scalerun::measure
