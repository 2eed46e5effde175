#pragma once
// A rank's trace as the interposition library writes it with SCALERUN_PMPI_TRACE set
// (pmpi/rank_trace.hpp): the interval of every outermost MPI call, read back for the timeline of
// a measured MPI job.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalerun::measure {

// The variable that asks every rank for its trace; its value is the most intervals a rank keeps.
inline constexpr const char* kTraceVariable = "SCALERUN_PMPI_TRACE";

// The record's kinds, then polling: a test or probe that found nothing.
enum class CallKind : std::uint8_t { point_to_point, collective, wait, barrier, one_sided, io, polling };

struct CallInterval {
  double start = 0, end = 0;
  CallKind kind = CallKind::point_to_point;
};

struct RankTrace {
  double init_exit = 0, finalize = 0;  // seconds of the rank's host's CLOCK_MONOTONIC
  long dropped = 0;                    // calls past the rank's cap, not in `calls`
  std::vector<CallInterval> calls;     // in the order they were made
};

// The trace in a file's text; nothing when it is not one.
std::optional<RankTrace> parse_rank_trace(std::string_view text);

// Rank `rank`'s trace in `dir` (rank-<rank>.trace), or nothing when it is missing or unreadable.
std::optional<RankTrace> read_rank_trace(const std::string& dir, int rank);

// The traces of ranks 0 .. ranks - 1 in `dir`, in rank order, each nothing where it is missing.
std::vector<std::optional<RankTrace>> read_rank_traces(const std::string& dir, int ranks);

}  // namespace scalerun::measure
