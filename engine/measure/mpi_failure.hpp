#pragma once
// Which rank ended an MPI job early, and how: from the ranks' own records (MPI_Abort is recorded
// by the interposition library with its error code), then from what Open MPI's mpirun says of a
// rank killed by a signal or exiting with a status. The rank's host comes from the job's
// placement; its last stderr lines from the per-rank output mpirun writes (--output-filename).

#include <optional>
#include <string>

#include "measure/command.hpp"
#include "measure/mpi_launch.hpp"

namespace scalerun::measure {

struct RankFailure {
  int rank = -1;
  std::string host;
  std::string how;          // "was killed by signal 11 (Segmentation fault)", "called MPI_Abort with error code 3"
  std::string stderr_tail;  // its last stderr lines joined with " | " ("" none)
};

// The host rank `rank` was placed on ("" when the placement has no such rank).
std::string host_of_rank(const MpiJob& job, int rank);

// The failed rank of a job that did not end cleanly, or nothing when no rank can be named.
// records: the folder the ranks wrote their records to (and mpirun their output, job.output_dir).
std::optional<RankFailure> find_failed_rank(const CommandResult& result, const MpiJob& job,
                                            const std::string& records);

// One line: "rank 1 on host vm was killed by signal 11 (Segmentation fault); its stderr ends:
// '...'".
std::string describe_rank_failure(const RankFailure& failure);

// The first rank's last stderr lines where the launcher keeps them in files ("rank 0's stderr
// ends: '...'"), for a failure no rank can be named for; "" when none wrote any.
std::string first_rank_stderr(const MpiJob& job);

}  // namespace scalerun::measure
