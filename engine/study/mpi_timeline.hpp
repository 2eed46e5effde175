#pragma once
// The timeline of one measured MPI job (report::Timeline): a track per rank, "rank R (host)", from
// the traces its ranks wrote (measure/rank_trace): the time between MPI calls is busy,
// point-to-point calls, waits, one-sided and I/O calls comm, collectives and barriers sync, and the
// part of a call spent waiting for another rank (its wait state) and polling idle. Each track's
// accounted figures are the rank's record: busy, comm and sync its time by kind less the waiting
// in calls of that kind, idle its waiting.

#include <optional>
#include <vector>

#include "measure/mpi_launch.hpp"
#include "measure/rank_trace.hpp"
#include "report/timeline.hpp"

namespace scalerun::study {

// The most intervals a rank keeps (SCALERUN_PMPI_TRACE): a few megabytes per rank.
inline constexpr long kMpiTraceCap = 200000;

// `traces` in the order of `ranks`; a rank without its trace gets a track without slices, and the
// timeline is marked truncated, as it is when a rank dropped calls past its cap.
report::Timeline mpi_timeline(const std::vector<measure::RankRecord>& ranks,
                              const std::vector<std::optional<measure::RankTrace>>& traces);

}  // namespace scalerun::study
