#pragma once
// One point of a measured sweep as the tables see it: the summary of its runs, the
// instrumentation and breakdown, what tuning found, and the model's time beside it.

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "measure/mpi_launch.hpp"
#include "runtime/params.hpp"
#include "study/instrumentation_record.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

// What a tuned point was tuned to and whether it got there: the rule's target and the tuned
// quantity the search ended on (E, speed, Es or T, by rule). A point that was not tuned (a fixed
// size, p = 1 under efficiency{}) has tuned = false.
struct TargetOutcome {
  bool tuned = false;
  bool met = true;
  double goal = std::nan("");
  double achieved = std::nan("");
};

struct MeasuredPoint {
  double p = 1;
  std::string set;                // a machine set's name ("" for a processor count)
  double marked = std::nan("");   // the set's marked speed C (the sum of its nodes')
  double t1 = std::nan("");       // one-worker time at this point's own size (tuned points)
  double tuned_e = std::nan("");  // efficiency-tuned points: the tuner's E (median over run pairs)
  int pairs = 0;                  // ... the pairs of runs behind it, and the 95 % interval of that median
  Interval interval;
  int runs = 1;  // measured configurations it took (tuning)
  TargetOutcome target;
  runtime::Params params;
  double work = 0;
  double median = 0, mad = 0, cv = 0;
  int samples = 0;
  int warmup = 0;          // warm-up runs before the timed ones
  SampleStatistics stats;  // of the timed runs (the samples), fresh or read back
  InstrumentationRecord instrumentation;   // the sums of its median run and seed 000's split
  std::map<std::string, double> counters;  // event counts and derived figures (perf_counters.hpp)
  std::string counters_note;               // the events this system does not allow, and why
  bool verified = true;
  std::string verify_message;
  bool resumed = false;
  std::vector<measure::RankRecord> ranks;  // an MPI job: every rank's record
  std::string launch_line;
  double predicted = std::nan("");
};

}  // namespace scalerun::study
