#pragma once
// The tables of a measured sweep (measured, speedup, overhead, latency, counters, compare), built
// from its points once the sweep is done.

#include <string>
#include <vector>

#include "report/table.hpp"
#include "store/records.hpp"
#include "study/experiment.hpp"
#include "study/measured_point.hpp"
#include "study/table_registry.hpp"

namespace scalerun::study {

struct MeasuredSweep {
  const ExperimentSpec* spec = nullptr;
  const KernelSpec* kernel = nullptr;
  std::vector<MeasuredPoint> points;  // the one-worker reference first
  bool native = false;                // a native kernel
  std::string source;                 // "native", "command" or "mpi" (see measured_source.hpp)
  bool tuned = false;
  bool has_model_values = false;      // the model's time is in every point's `predicted`
  std::string model_problem;          // why a model the kernel has could not be evaluated
  double memory = 0;                  // bytes at the kernel's own size; NaN when it does not say
  int total_runs = 0;                 // tuned: measured configurations over all points
  std::string storage_note;           // where the points were stored
};

// Every rank of every point that has them (MPI kernels), with each point's slowest rank and the
// spread of busy time; `scalerun show RUN` builds it from the stored points.
report::Table ranks_table(const MeasuredSweep& sweep);

// A point's first columns and cells: its set's name (over machine sets) and p.
void add_point_columns(report::Table& t, const MeasuredSweep& sweep);
std::vector<report::Cell> point_cells(const MeasuredSweep& sweep, const MeasuredPoint& pt);

// A stored point's statistics (pt.stats, pt.warmup): computed from its samples, so a point read
// back (--resume, `scalerun show RUN`) shows what the run that measured it showed; its warm-ups
// as its record's extra_json "statistics" says, else `warmup`.
void statistics_from_record(MeasuredPoint& pt, const store::PointRecord& record, int warmup);

// The statistics of every point's timed runs, one row each: runs, warm-ups, T (the median) with
// its 95 % interval, mean, sd, min, max, and the outlying runs by number with a slow first run
// marked; `scalerun show RUN` builds it from the stored points (points without samples are left
// out).
report::Table statistics_table(const MeasuredSweep& sweep);

// Measure mode's builders, one per report (study/table_registry lists them). overhead and latency
// need the instrumentation an external program cannot give: for one they build nothing and say
// so through `warn`.
Tables measure_measured(const MeasureTableInputs& in);
Tables measure_speedup(const MeasureTableInputs& in);
Tables measure_overhead(const MeasureTableInputs& in);
Tables measure_latency(const MeasureTableInputs& in);
Tables measure_psi(const MeasureTableInputs& in);
Tables measure_ranks(const MeasureTableInputs& in);
Tables measure_profile(const MeasureTableInputs& in);
Tables measure_counters(const MeasureTableInputs& in);
Tables measure_compare(const MeasureTableInputs& in);

}  // namespace scalerun::study
