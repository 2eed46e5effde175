#pragma once
// experiment{}: a kernel on a machine over processor counts (or machine sets) under a scaling
// rule, evaluated in model mode, reported as the tables the script asks for.

#include <optional>
#include <string>
#include <vector>

#include <lua.hpp>

#include "model/kernel_model.hpp"
#include "model/scaling_rule.hpp"
#include "study/report_registry.hpp"

namespace scalerun::study {

// The most processors a study may name (procs, px_max, map axes): far beyond the machines of the
// seeds, small enough that p^2 and p log p terms stay finite and tables stay readable. 1e308 or
// 2^63 processors is a slip, never a machine.
inline constexpr double kMaxProcessors = 1e9;

struct ExtraColumn {
  std::string name;
  int fn_ref = LUA_NOREF;  // function(k, p) -> number
};

struct Bounds {
  std::optional<double> T, E, B;
};

struct ExperimentSpec {
  std::string name, title, where;
  std::vector<double> procs;  // empty when iterating over machine sets
  int set_count = 0;
  model::ScalingRule rule;
  std::vector<std::string> reports;  // the tables to make, in order: each a report of `mode` (aliases resolved)
  std::vector<ExtraColumn> columns;
  Bounds bounds;
  double px_max = 1024;
  std::string machine_name;
  Mode mode = Mode::model;     // the experiment's mode field, else --mode
  int repeat = 5, warmup = 1;  // measure mode: runs kept per point, runs discarded first
  double tolerance = 0.02;     // measure mode: how close a tuned quantity must come to its target
  int budget = 12;             // measure mode: measured configurations allowed per tuned point
  int max_repeats = 40;        // measure mode: most runs at one size while an efficiency is undecided
  double speed_factor = 1;     // simulate mode: processors this many times the machine's speed
};

// One evaluated point of an experiment.
struct PointData {
  std::string label;  // machine set name, empty for processor counts
  model::PointContext ctx;
  std::vector<double> slots;
  model::Evaluation at_p;
  double time_1 = 0;  // T(1) with the same parameters: the sequential reference (W tc)
  int evaluations = 0;
  std::vector<double> extra;
};

struct ExperimentData {
  ExperimentSpec spec;
  std::vector<PointData> points;
  std::vector<std::string> term_names;
  std::vector<std::string> slot_names;
  std::vector<int> varied;  // slots that differ between points
  std::string kernel_name;
  bool traced = false;
  std::vector<std::string> formulas;  // per term, when traced
  std::string fallback_reason;
};

// The native behind experiment{}: reads the table at index 1, runs it, records its section and
// leaves a results table on the stack.
int experiment_native(lua_State* L);

}  // namespace scalerun::study
