// experiment{ mode = "simulate" }: the kernel's program run on a simulated machine (the SPASM
// paper, 003_*.txt §3): every processor count three times, on the ideal machine, on the machine's
// network with contention switched off, and on the machine as it is, so the overheads separate
// (engine/sim/). Reported beside the kernel's model when it has one.

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "model/kernel_model.hpp"
#include "model/scaling_rule.hpp"
#include "network/network_spec.hpp"
#include "sim/sim_reports.hpp"
#include "sim/simulator.hpp"
#include "study/experiment.hpp"
#include "study/session.hpp"
#include "study/sweep.hpp"
#include "study/progress_line.hpp"

namespace scalerun::study {

namespace {

// Every simulated processor is a Lua coroutine plus its queues in the network and the event list:
// about a kilobyte each, so a million fit in about a gigabyte (the product's goal) and more would
// rather run out of memory than finish.
constexpr double kMaxSimulatedProcessors = 1 << 20;

// Operations per second of each of p processors: the machine's speed, or on a machine of node
// groups the speed of each node, groups in the order listed; times the experiment's speed factor
// (the SPASM paper runs its processors at 1X and 10X, §6). A machine set from machine_sets{} holds
// only the nodes of its composition: the first so many of each group.
std::vector<double> processor_speeds(const MachineSpec& machine, int p, double factor, const std::string& where) {
  std::vector<double> speeds;
  if (!machine.groups.empty()) {
    for (const NodeGroup& group : machine.groups) {
      if (static_cast<int>(speeds.size()) >= p) break;
      auto count = static_cast<int>(group.count);
      if (machine.composition) {
        const auto it = machine.composition->find(group.name);
        count = it == machine.composition->end() ? 0 : std::min(count, static_cast<int>(it->second));
      }
      for (int i = 1; i <= count && static_cast<int>(speeds.size()) < p; ++i) {
        speeds.push_back(group.speeds.empty() ? group.speed : group.speeds[static_cast<std::size_t>(i - 1)]);
      }
    }
    if (static_cast<int>(speeds.size()) < p) {
      field_error(where, "procs", fmt::format("machine '{}' has {} nodes in its {}, too few for p = {}", machine.name,
                                              speeds.size(), machine.composition ? "composition" : "groups", p));
    }
  } else {
    if (!(machine.speed > 0)) {
      field_error(where, "machine", fmt::format("machine '{}' has no speed (operations/s per processor): simulate "
                                                "mode needs it to time ctx:compute", machine.name));
    }
    speeds.assign(static_cast<std::size_t>(p), machine.speed);
  }
  for (double& s : speeds) s *= factor;
  return speeds;
}

// The machine the kernel's model sees beside a simulation on `speeds` (one per processor, speed
// factor included): the machine with processors speed_factor times faster, and, on a machine of
// node groups, the marked speed of the nodes simulated. The groups alone do not say which p nodes
// a model means, so m:marked_speed(p) refuses such a machine (machine_sets{} is the way in model
// mode); a simulation picks its p nodes, which makes marked_speed(p) = the sum of their speeds
// well defined.
ModelMachine model_machine(const MachineSpec& machine, const std::vector<double>& speeds, double factor) {
  ModelMachine view;
  view.simulated = true;
  if (machine.groups.empty()) {
    view.speed_factor = factor;
    return view;
  }
  double marked = 0;
  for (double s : speeds) marked += s;
  view.marked = marked;
  view.procs = static_cast<double>(speeds.size());
  return view;
}

// The networks of the three runs and what each charges per message in software.
enum class Machine { Ideal, ContentionFree, Real };

struct Simulation {
  const ExperimentInput& input;
  network::NetworkSpec net;

  // The program on processors of the given speeds (one per processor).
  sim::RunResult run(Machine which, const KernelConfig& config, const std::vector<double>& speeds) const {
    const auto p = static_cast<int>(speeds.size());
    std::unique_ptr<network::Network> network;
    try {
      network = which == Machine::Ideal ? network::make_ideal_network(p)
                                        : network::make_network(net, p, network::Options{which == Machine::Real});
    } catch (const std::invalid_argument& e) {
      throw ScriptError(fmt::format("{}machine '{}': {}", input.spec.where, input.machines.front().name, e.what()));
    }
    sim::Simulator::Setup setup;
    setup.processors = p;
    setup.network = network.get();
    setup.overhead = which == Machine::Ideal ? 0.0 : net.overhead;
    setup.speeds = speeds;
    setup.poll = [] { check_stop(); };
    sim::Simulator simulator(std::move(setup));
    const std::unique_ptr<sim::Programs> programs = input.kernel.programs(simulator, config);
    try {
      return simulator.run(*programs);
    } catch (const sim::SimulationError& e) {
      const std::string text = e.what();
      // A deadlock names the program line of a waiting processor; without one, the experiment's.
      throw ScriptError(text.starts_with("deadlock") ? input.spec.where + text : text);
    }
  }
};

void check_simulable(const ExperimentInput& input) {
  const ExperimentSpec& spec = input.spec;
  if (!input.kernel.has_program) {
    field_error(spec.where, "kernel", fmt::format("kernel '{}' has no program = function(ctx, k) ... end: nothing to "
                                                  "simulate", input.kernel.name));
  }
  if (over_sets(spec)) field_error(spec.where, "sets", "simulate mode runs processor counts: give procs = { 1, 2, 4, ... }");
  for (double p : spec.procs) {
    if (p > kMaxSimulatedProcessors) {
      field_error(spec.where, "procs", fmt::format("simulate mode runs at most {:.0f} processors (each is a coroutine "
                                                   "with its own stack), got {:g}", kMaxSimulatedProcessors, p));
    }
  }
}

// The kernel's model, bound to the simulated machine (model_machine). On a machine of node groups
// the marked speed depends on which p nodes are simulated, so it is bound again per point.
struct SimulatedModel {
  const ExperimentInput& input;
  std::unique_ptr<model::KernelModel> model;
  std::string note;  // why the model column is absent (from some p on), when it is

  void bind(const std::vector<double>& speeds) {
    model.reset();
    try {
      model = std::make_unique<model::KernelModel>(
          input.kernel.bind_model(model_machine(input.machines.front(), speeds, input.spec.speed_factor)));
    } catch (const ScriptError& e) {
      note = fmt::format("no model column from p = {} on: the kernel's model could not be evaluated on the "
                         "simulated machine: {}", speeds.size(), e.what());
    }
  }
  void require_if_scaled() const {
    const ExperimentSpec& spec = input.spec;
    if (spec.rule.kind != model::RuleKind::Fixed && !model) {
      field_error(spec.where, "scale", fmt::format("a scaling rule solves sizes with the kernel's model, and kernel "
                                                   "'{}' has {}; simulate it at fixed sizes", input.kernel.name,
                                                   input.kernel.has_model ? "one that cannot be evaluated here (" + note + ")" : "none"));
    }
  }
};

}  // namespace

report::Section run_simulate_experiment(const ExperimentInput& input, Session& session) {
  check_simulable(input);
  const ExperimentSpec& spec = input.spec;
  const MachineSpec& machine = input.machines.front();
  const Simulation simulation{input, input.network()};
  const double factor = spec.speed_factor;
  const std::vector<double> one_processor = processor_speeds(machine, 1, factor, spec.where);
  SimulatedModel bound{input, nullptr, {}};
  const bool model_per_point = !machine.groups.empty();
  const bool scaled = spec.rule.kind != model::RuleKind::Fixed;
  if (input.kernel.has_model) bound.bind(processor_speeds(machine, static_cast<int>(spec.procs.front()), factor, spec.where));
  bound.require_if_scaled();

  sim::SimulatedStudy study;
  study.name = spec.name;
  study.kernel = input.kernel.name;
  study.machine = spec.machine_name;
  study.network = simulation.net.kind;
  study.speed_factor = spec.speed_factor;
  study.overhead = simulation.net.overhead;
  // The one-processor runs: shared by every point at a fixed size, per point when the size scales.
  std::optional<std::pair<double, double>> fixed_t1;  // ideal, real
  Progress progress(spec.name, spec.procs.size(), session.options.quiet);
  for (const SweepPoint& at : sweep_points(spec, input.machines)) {
    check_stop();
    const std::size_t i = at.index;
    const double p = at.p;
    const std::vector<double> speeds = processor_speeds(machine, static_cast<int>(p), factor, spec.where);
    if (std::adjacent_find(speeds.begin(), speeds.end(), std::not_equal_to<>()) != speeds.end()) {
      study.unequal_speeds = true;
    }
    if (bound.model && model_per_point && i > 0) {
      bound.bind(speeds);
      bound.require_if_scaled();
    }
    std::vector<double> slots;
    if (bound.model) slots = bound.model->params().values();
    KernelConfig config;
    if (scaled) {
      const model::PointContext ctx{p, std::nan(""), machine.memory};
      slots = model::apply_rule(*bound.model, spec.rule, slots, ctx).slots;
      config = KernelConfig{&bound.model->params(), &slots};
    }
    sim::SimulatedPoint pt;
    pt.p = p;
    pt.ideal = simulation.run(Machine::Ideal, config, speeds);
    pt.contention_free = simulation.run(Machine::ContentionFree, config, speeds);
    pt.real = simulation.run(Machine::Real, config, speeds);
    std::pair<double, double> t1;
    if (p == 1) {
      t1 = {pt.ideal.makespan, pt.real.makespan};
    } else if (!scaled && fixed_t1) {
      t1 = *fixed_t1;
    } else {
      // T(1) needs the program on one processor too, though the experiment may not list p = 1.
      try {
        t1 = {simulation.run(Machine::Ideal, config, one_processor).makespan,
              simulation.run(Machine::Real, config, one_processor).makespan};
      } catch (const ScriptError& e) {
        throw ScriptError(fmt::format("{} (the one-processor run that gives T(1))", e.what()), e.traceback());
      }
    }
    if (!scaled) fixed_t1 = t1;
    pt.separation = sim::separate(pt.ideal, pt.contention_free, pt.real, t1.first);
    pt.t1_real = t1.second;
    if (bound.model) {
      model::Evaluation e;
      bound.model->evaluate(slots, p, e);
      if (std::isfinite(e.time)) pt.model_time = e.time;
    }
    progress.step(i + 1, fmt::format("p={:g}: {:.4g} s simulated ({} events)", p, pt.real.makespan,
                                     pt.ideal.events + pt.contention_free.events + pt.real.events));
    study.points.push_back(std::move(pt));
  }
  progress.finish();
  study.model_note = bound.note;
  return report::Section{spec.name, "experiment", sim::simulate_tables(study, spec.reports)};
}

}  // namespace scalerun::study
