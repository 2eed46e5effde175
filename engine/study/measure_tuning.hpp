#pragma once
// Workload tuning on this host (seed 002's scalability tester, with secant steps instead of
// fixed 2 % steps): find the problem size whose measured quantity meets a scaling rule's target
// within a tolerance, seeded by the kernel's model when it has one, within a budget of runs.

#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "model/scaling_rule.hpp"
#include "runtime/params.hpp"
#include "study/measured_source.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

struct TuneRequest {
  MeasuredSource kernel;  // what the tuner knows of a kernel, whatever its source
  runtime::Params base;
  MeasureSettings settings;
  const model::ScalingRule* rule = nullptr;
  double p = 1;
  double marked = std::nan("");  // isospeed_e: the machine set's marked speed C (Es = W/(T C))
  double tolerance = 0.02;    // relative
  int budget = 12;            // measured runs (one configuration, repeated) per point
  // Efficiency: pairs of runs taken at one size, at most, while the 95 % interval of their
  // median straddles an edge of the tolerance band (settings.repeat at a time).
  int max_pairs = 40;
  std::optional<double> seed; // x where the model says the target is met
  double host_memory = 0;     // bytes; memory_bound refuses sizes beyond it
  // Caps that keep a search a user can wait for (0: none). One run longer than max_run_seconds
  // is stopped (runtime::RunLimit, or the command's process group killed) and ends the search at
  // the sizes measured so far; so does a point whose evaluations have taken max_point_seconds.
  // A smaller settings.run_limit_seconds (the user's run_timeout) is an error instead.
  double max_run_seconds = 0;
  double max_point_seconds = 0;
  // Called after each evaluation with one line: the size, the quantity and its interval.
  std::function<void(const std::string&)> on_evaluation;
};

struct TunedPoint {
  runtime::Params params;
  Measurement at_p;
  std::optional<Measurement> at_1;  // the one-worker run at the same size (efficiency)
  int runs = 0;
  double quantity = 0;
  bool reached = false;
  std::string trail;  // x -> quantity for each step, for messages
  // Efficiency: the pairs of runs at the final size and the 95 % interval of their median E.
  int pairs = 0;
  Interval interval;
  bool decided = true;    // the interval lay wholly inside or wholly outside the band
  std::string diagnosis;  // a target missed: what the evaluations say of why ("" when they say nothing)
  std::string capped;     // a cap ended the search: which, and at what size ("" otherwise)
};

// The short name of the quantity a rule tunes ("E", "speed", "Es", "T", "M/p"), for progress
// lines and the target column.
const char* quantity_symbol(model::RuleKind kind);

// Throws ScriptError for a size this host cannot hold (memory_bound), an unsupported rule or a
// first size that already passes max_run_seconds; runtime::Stopped on Ctrl-C, the time budget or
// the user's run limit.
TunedPoint tune_point(const TuneRequest& request);

}  // namespace scalerun::study
