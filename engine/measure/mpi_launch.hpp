#pragma once
// An MPI job as scalerun starts it: the launcher's command line (Open MPI's mpirun: ranks placed
// on named hosts with slots, scalerun's interposition library preloaded into every rank through
// -x, never into mpirun itself) and, after the job, the per-rank records that library wrote
// (pmpi/rank_record.hpp). Running the command is measure/command's job.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace scalerun::measure {

struct Launcher {
  // Open MPI's "mpirun", MPICH's mpiexec ("mpich": Hydra), or Slurm's "srun" (a job step, PMIx).
  std::string kind = "mpirun";
  std::string command = "mpirun";  // the program, looked up on PATH (default_command(kind) unless given)
  std::vector<std::string> options;          // placed before the program, as given
  std::map<std::string, std::string> env;    // exported to every rank
  bool oversubscribe = false;      // more ranks than a host's slots allowed
  bool batch = false;              // srun: each job a batch script submitted with sbatch --wait
};

// The program a launcher kind runs unless the machine names another: mpirun, mpiexec.mpich, srun.
std::string default_command(const std::string& kind);

struct Placement {
  std::string host;
  int ranks = 0;
  std::string group;  // the machine's node group these ranks stand for ("" none)
};

struct MpiJob {
  Launcher launcher;
  std::vector<Placement> placement;          // hosts in rank order; ranks fill them in turn
  std::vector<std::string> program;          // argv of the MPI program
  std::map<std::string, std::string> env;    // scalerun's own (records folder, preload)
  std::vector<double> speeds;                // marked speed per rank, in rank order (empty: none)
  std::string output_dir;  // mpirun writes each rank's stdout and stderr under it ("" not)
  // More ranks than slots: waiting ranks must yield their core, or they spin against the ranks
  // that have work (CG class S on 4 ranks over 2 cores: 19 s spinning, 2.3 s yielding).
  bool oversubscribed = false;
};

int job_ranks(const MpiJob& job);

// The ranks of several node groups go in an application context, a line per run of placements of
// one group, so each group's ranks get their own SCALERUN_GROUP and ranks are numbered in line
// order. "" when the job has one group or none (then the host list says it all). Throws
// std::invalid_argument for a word with white space, which Open MPI would split.
std::string app_context(const MpiJob& job);

// "mpirun -np 4 --host a:2,b:2 [--oversubscribe] [options] -x NAME=VALUE ... program args", or
// with an application context written to app_file: "mpirun [--oversubscribe] [options] --app FILE".
// SCALERUN_SPEEDS carries the speeds ("2e+09,1e+09,..."), SCALERUN_GROUP a lone group's name.
std::vector<std::string> launch_argv(const MpiJob& job, const std::string& app_file = "");

// A job ready to start: the launcher's command line and what to add to its environment, the
// files it names written into `dir` (an application context or srun's multi-prog file, srun's
// host file). Open MPI's mpirun takes the ranks' environment as -x NAME=VALUE; srun passes its own
// environment on (--export=ALL), so there it goes into `env`, LD_PRELOAD excepted (srun itself
// must not load the ranks' library). Throws std::invalid_argument for a word a launcher file
// would split, std::runtime_error when a file cannot be written.
struct Launch {
  std::vector<std::string> argv;
  std::map<std::string, std::string> env;
  // A batch job writes its output to files, not to the launcher's streams: read them afterwards.
  std::string stdout_file, stderr_file;
};
Launch prepare_launch(const MpiJob& job, const std::string& dir);

// srun's --multi-prog file for a job of several groups: "0-0 env SCALERUN_GROUP=fast prog args".
std::string srun_multi_prog(const MpiJob& job);

// Where the launcher puts rank `rank`'s stderr (under job.output_dir; "" when not kept).
std::string rank_stderr_path(const MpiJob& job, int rank);

// One rank's record. figures: wall, busy, point_to_point, collective, wait, barrier, one_sided,
// io (seconds; mpi_seconds() sums the six),
// the call counts, messages and bytes; values: what the program gave with scalerun_value().
struct RankRecord {
  int rank = 0;
  std::string host;
  std::string group;     // the node group the rank was placed in ("" none)
  long pid = 0;
  std::string ended_by;  // "finalize" or "abort"
  int abort_code = 0;
  std::map<std::string, double> figures;
  std::map<std::string, double> values;
  std::map<std::string, std::map<std::string, double>> regions;  // name: seconds, mpi, calls
  std::string region_error;
  bool thread_multiple = false;  // the MPI provided MPI_THREAD_MULTIPLE: busy and MPI times are not per thread
  std::string clock;             // the boot of the host clock its times are on ("" unknown)
  // Per MPI function (its outermost calls): calls, seconds, bytes moved.
  struct FunctionTotals {
    double calls = 0, seconds = 0, bytes = 0;
  };
  std::map<std::string, FunctionTotals> functions;
  // Point-to-point messages sent, by size: [0] empty, [k] sizes in [2^(k-1), 2^k) bytes.
  std::vector<double> message_sizes;
  // Why the job's wait states are not known ("" when they are: then figures has one per cause,
  // named as wait_states.hpp's kWaitStateNames, and "polling" is always there).
  std::string wait_states = "not analysed";
  // The calls that waited, with their waits (for the timeline; not stored with the point).
  struct Waited {
    double enter = 0, seconds = 0;
    int call_kind = 0;  // as rank_trace's CallKind
  };
  std::vector<Waited> waited;

  // The time this rank spent waiting for others inside MPI calls (wait states and polling); 0
  // when the wait states are not known.
  double waiting() const;
  // The time inside MPI calls, every kind.
  double mpi_seconds() const;
};

// Whether any rank of a job ran with MPI_THREAD_MULTIPLE.
bool any_thread_multiple(const std::vector<RankRecord>& ranks);

// Adds the wait states of a job's ranks (wait_states.hpp) to their records, from the logs the
// ranks wrote in `dir`; or says in each record why they are not known (a rank wrote no log or an
// incomplete one, the ranks' clocks differ).
void add_wait_states(const std::string& dir, std::vector<RankRecord>& ranks);

// A job's records as stored with its point (the results database's extra JSON) and read back.
nlohmann::json ranks_to_json(const std::vector<RankRecord>& ranks);
std::vector<RankRecord> ranks_from_json(const nlohmann::json& ranks);

// Rank `rank`'s record in `dir`, or nothing when it is missing or unreadable.
std::optional<RankRecord> read_rank_record(const std::string& dir, int rank);

// The records of ranks 0 .. ranks - 1 in `dir`, in rank order. Throws std::runtime_error naming
// the ranks whose record is missing or unreadable ("ranks 2, 3 wrote no record: ...").
std::vector<RankRecord> read_rank_records(const std::string& dir, int ranks);

}  // namespace scalerun::measure
