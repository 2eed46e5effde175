#pragma once
// What a measured point's instrumentation says, typed: the sums of the instrumented run that
// stands for the point (workers of a native kernel, ranks of an MPI job), the one-worker work it
// is compared with, seed 000's split of its time (runtime::Overheads, run_stats.hpp) and, for an
// external program, the figures it printed under its own names. The store keeps it as name/value
// rows (study/instrumentation_rows.hpp); nothing between the layers passes it as a string map.

#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "runtime/run_stats.hpp"

namespace scalerun::study {

struct InstrumentationRecord {
  // The instrumented run nearest the median: busy, idle, primitive and serial time summed over its
  // workers or ranks, and its own measured time. Absent for an external program (only its T).
  std::optional<runtime::InstrumentedSums> sums;
  double tpara = std::nan("");
  // The one-worker run's busy + serial at this point's own size, the T1work of ML (seed 000 eq. 7).
  // NaN where no such run exists: rules that grow the size with p, machine sets, external programs.
  double one_worker_work = std::nan("");
  // Seed 000's split on the point's T(1); absent when the point has no T(1) to split against.
  std::optional<runtime::Overheads> breakdown;
  // What an external program printed on its JSON line (measure/figures.hpp), by its names.
  std::map<std::string, double> program;

  bool instrumented() const { return sums.has_value(); }
  // ML, IT, PT and unaccounted are measured separately only against a one-worker run of the same size.
  bool split_measured() const { return breakdown && std::isfinite(breakdown->ml); }
};

// The record of a native run's instrumentation (the run nearest the median).
inline InstrumentationRecord record_of_run(const runtime::RunStats& s) {
  InstrumentationRecord r;
  if (!s.instrumented) return r;
  r.sums = s.sums();
  r.tpara = s.tpara;
  return r;
}

}  // namespace scalerun::study
