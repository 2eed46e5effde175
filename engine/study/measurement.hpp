#pragma once
// One measured configuration: a native kernel run with p workers, repeated, summarized. The
// samples are kept; the instrumentation of the sample nearest the median stands for the point.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "measure/mpi_launch.hpp"
#include "report/timeline.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/run_stats.hpp"
#include "study/instrumentation_record.hpp"

namespace scalerun::study {

struct MeasureSettings {
  int warmup = 1;
  int repeat = 5;
  // The most one run (warm-up or timed) may take, seconds; 0: no limit. A native run is wrapped
  // in runtime::RunLimit so its chunks stop; an external command's process group is killed.
  // Either way the run ends in runtime::Stopped(run_limit) for the caller to word.
  double run_limit_seconds = 0;
  // Record what every worker (rank) did over time; the sample nearest the median keeps its
  // timeline in Measurement::timeline.
  bool record_timeline = false;
  // The script's folder: a relative program path of a command or MPI kernel names a file there.
  std::string program_folder = {};
};

struct Measurement {
  std::vector<double> samples;  // seconds of the measured window, in order
  double median = 0, mad = 0, cv = 0, min = 0, max = 0;
  runtime::RunStats stats;      // of the sample nearest the median
  bool verified = true;
  std::string verify_message;
  double checksum = 0;
  // The instrumentation of the sample nearest the median as sums (a native kernel's workers, an MPI
  // job's ranks); empty for an external program.
  InstrumentationRecord instrumentation;
  std::map<std::string, double> figures;  // external programs: what they print in a JSON line
  // Event counts of the sample nearest the median and the figures derived from them (see
  // measure/perf_counters.hpp); counters_note says which events this system does not allow.
  std::map<std::string, double> counters;
  std::string counters_note;
  // An MPI job: every rank's record of the sample nearest the median, and how it was started.
  std::vector<measure::RankRecord> ranks;
  std::string launch_line;
  // With MeasureSettings::record_timeline: the timeline of the sample nearest the median (label,
  // p and source left for the caller to fill where it knows them better).
  std::optional<report::Timeline> timeline;
};

// Runs `kernel` with `params` on p workers: warm-up runs, then `repeat` measured runs. Throws
// runtime::Stopped when a run passes settings.run_limit_seconds, or on Ctrl-C or the time budget.
Measurement measure_native(const runtime::NativeKernel& kernel, const runtime::Params& params, int p,
                           const MeasureSettings& settings);

// The median of v (0 for an empty v).
double median_of(std::vector<double> v);

// A distribution-free 95 % confidence interval for the median of the population v was drawn from:
// the order statistics at ranks n/2 -+ 0.98 sqrt(n) (the normal approximation of the binomial
// count below the median), a little wider than the exact binomial interval. Up to ten values give
// [min, max]; none gives [0, 0].
struct Interval {
  double low = 0, high = 0;
};
Interval median_interval(std::vector<double> v);

// median, MAD and coefficient of variation of samples, filled into m.
void summarize(Measurement& m);

// What the samples of one point say beyond their median: the figures of the "measured" table and
// of a point's record, computed from the samples alone, so a point read back from the database
// (--resume) shows the same. Outliers follow hyperfine's rule: the modified Z-score
// M_i = 0.6745 (x_i - median) / MAD (Iglewicz and Hoaglin), an outlier when |M_i| > 3.5; a MAD of
// 0 (half the runs or more equal) flags none. The first timed run is called slow when it is an
// outlier above the median (M_1 > 3.5): what a warm-up too few leaves behind (hyperfine's "the
// first benchmarking run was significantly slower than the rest").
struct SampleStatistics {
  int runs = 0;
  double mean = 0, sd = 0;  // sd: the sample standard deviation (n - 1); 0 for one run
  double median = 0, mad = 0, min = 0, max = 0;
  Interval interval;               // the 95 % interval of the median (median_interval)
  struct Outlier {
    std::size_t run = 0;  // 0-based index into the samples
    double seconds = 0, score = 0;  // its time and modified Z-score
  };
  std::vector<Outlier> outliers;  // in run order
  double first = 0;               // the first timed run's time
  bool slow_first = false;
};
inline constexpr double kOutlierScore = 3.5;
SampleStatistics sample_statistics(const std::vector<double>& samples);

// Measurements of one configuration taken apart (e.g. interleaved with another configuration's
// runs) as one: every sample, summarized, with the instrumentation of the part whose first sample
// lies nearest the median; verified only if every part was.
Measurement combine(const std::vector<Measurement>& parts);

}  // namespace scalerun::study
