#pragma once
// experiment{}: a kernel on a machine over processor counts (or machine sets) under a scaling
// rule, its numbers from the kernel's model, runs on this host or a simulation, reported as the
// tables the script asks for. Plain C++: the facade (lua/experiment_reader) reads the script's
// tables into these specs once, and hands what must call back into the script (the kernel's
// model, work and memory, extra columns, simulate programs) over as callables.

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "measure/mpi_launch.hpp"
#include "model/kernel_model.hpp"
#include "model/param_space.hpp"
#include "model/scaling_rule.hpp"
#include "network/network_spec.hpp"
#include "report/table.hpp"
#include "runtime/params.hpp"
#include "study/report_registry.hpp"

namespace scalerun::sim {
class Programs;
class ScheduleBook;
class Simulator;
}  // namespace scalerun::sim

namespace scalerun::study {

struct Session;

// The most processors a study may name (procs, px_max, map axes): far beyond the machines of the
// seeds, small enough that p^2 and p log p terms stay finite and tables stay readable. 1e308 or
// 2^63 processors is a slip, never a machine.
inline constexpr double kMaxProcessors = 1e9;

// A column the script adds to the model tables: its function(k, p), called with the kernel
// configured at the point's slot values.
struct ExtraColumn {
  std::string name;
  std::function<double(const model::ParamSpace& space, const std::vector<double>& slots, double p)> value;
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
  std::vector<Mode> modes;     // modes = { ... }: the experiment run in each, side by side
  int repeat = 5, warmup = 1;  // measure mode: runs kept per point, runs discarded first
  double tolerance = 0.02;     // measure mode: how close a tuned quantity must come to its target
  int budget = 12;             // measure mode: measured configurations allowed per tuned point
  int max_repeats = 40;        // measure mode: most runs at one size while an efficiency is undecided
  double max_run_time = 60;    // measure mode, tuned: one run's cap, seconds
  double max_point_time = 600; // measure mode, tuned: one point's cap, seconds
  double speed_factor = 1;     // simulate mode: processors this many times the machine's speed
};

// A node group of a heterogeneous machine: count nodes of one speed, or of the speeds listed.
struct NodeGroup {
  std::string name;
  double count = 0;
  double speed = std::nan("");
  std::vector<double> speeds;  // per node, when they differ
  std::vector<std::string> hosts;  // a cluster's: the host of each node, in order ("" none given)
  double speed_of(std::size_t node) const { return speeds.empty() ? speed : speeds[node]; }
};

// What the engine needs of a machine{} value, or of one set machine_sets{} made.
struct MachineSpec {
  std::string name = "(none)";
  std::string machine_name;  // a machine set: the machine it was taken from ("" otherwise)
  double procs = std::nan(""), memory = std::nan(""), marked = std::nan(""), speed = std::nan("");
  std::vector<NodeGroup> groups;                            // heterogeneous machines, in order
  std::optional<std::map<std::string, double>> composition; // a set: nodes taken of each group
  // A cluster: the hosts MPI ranks run on, in order, the ranks each takes before it is
  // oversubscribed, and how jobs start (measure mode's MPI kernels; see study/mpi_measurement).
  std::vector<std::string> hosts;
  double slots = std::nan("");
  std::optional<measure::Launcher> launcher;
};

// The machine a kernel's model is bound to: one of the experiment's machines, as given, or as a
// simulation runs it (its processors `speed_factor` times faster; on a machine of node groups the
// marked speed and count of the nodes simulated).
struct ModelMachine {
  std::size_t index = 0;  // into ExperimentInput::machines
  bool simulated = false;
  double speed_factor = 1;
  std::optional<double> marked, procs;
};

// The kernel as written, or configured with slot values (a solved size).
struct KernelConfig {
  const model::ParamSpace* space = nullptr;
  const std::vector<double>* slots = nullptr;
};

// What the engine needs of a kernel{} value.
struct KernelSpec {
  std::string name;
  std::string native;   // the native kernel's registry name ("" none)
  std::string command;  // an external program's command template ("" none)
  std::string mpi;      // an MPI program's command template, launched over the machine ("" none)
  std::string timer;    // command kernels: "wall" or the JSON figure that times a run
  std::string size;     // the parameter scaling rules vary by default ("" none)
  runtime::Params params;  // the numeric scalar parameters, as a native kernel receives them
  // The other parameters (strings, booleans, lists) as canonical text: part of a point's identity.
  std::map<std::string, std::string> other_params;
  double run_timeout = 0;  // seconds, 0: --run-timeout decides
  bool has_model = false;
  bool has_program = false;
  // The model bound to a machine (throws ScriptError where it cannot be evaluated).
  std::function<model::ModelParts(const ModelMachine&)> bind_model;
  // The description's work(k) and memory(k) at these parameters; NaN where it has none.
  std::function<double(const runtime::Params&)> work, memory;
  // The simulate program of every processor, talking to `simulator`.
  std::function<std::unique_ptr<sim::Programs>(sim::Simulator& simulator, const KernelConfig& config)> programs;
  // The same programs recorded ahead for processors of these speeds (sim/schedule.hpp), or null
  // when they must run as coroutines; unset: always coroutines.
  std::function<std::shared_ptr<const sim::ScheduleBook>(const KernelConfig& config, const std::vector<double>& speeds)>
      schedule;
};

struct ExperimentInput {
  ExperimentSpec spec;
  KernelSpec kernel;
  std::vector<MachineSpec> machines;  // the machine (one), or one per machine set
  bool no_machine = false;            // the experiment named none: models get nil for m
  // Simulate mode: the machine's interconnect, read when asked (ScriptError where it has none).
  std::function<network::NetworkSpec()> network;
};

// One evaluated point of a model experiment.
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

// Runs the experiment in its mode (or lists its points with --dry-run), appends its section to
// the session and returns it. Throws ScriptError for what the specs cannot do (a kernel with
// nothing to measure, a rule a model cannot solve), runtime::Stopped or Interrupted on a stop.
const report::Section& run_experiment(const ExperimentInput& input, Session& session);

}  // namespace scalerun::study
