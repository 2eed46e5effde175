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
#include <tbb/task_arena.h>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "model/kernel_model.hpp"
#include "model/scaling_rule.hpp"
#include "network/network_spec.hpp"
#include "report/timeline.hpp"
#include "runtime/concurrent_calls.hpp"
#include "sim/schedule.hpp"
#include "sim/simulated_study.hpp"
#include "study/table_registry.hpp"
#include "sim/simulator.hpp"
#include "study/experiment.hpp"
#include "study/point_source.hpp"
#include "study/point_store.hpp"
#include "study/rule_metrics.hpp"
#include "study/simulated_record.hpp"
#include "study/session.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

namespace {

// A simulated processor costs a few hundred bytes of engine state, and a Lua coroutine with its
// stack (about a kilobyte more) unless the program is recorded ahead (sim/schedule.hpp): a million
// fit in a gigabyte, and more would rather run out of memory than finish.
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

// The three runs of a recorded program share nothing but its (immutable) schedule, so they may
// run at once on TBB workers, each as it would alone: the same results, in the same order. Only
// up to this many processors, so that the three runs' state together stays within what one run of
// the largest machine needs.
constexpr std::size_t kMostProcessorsRunConcurrently = std::size_t{1} << 17;

bool concurrent_runs(std::size_t processors) {
  return processors <= kMostProcessorsRunConcurrently &&
         tbb::this_task_arena::max_concurrency() > 1;
}

// The networks of the three runs and what each charges per message in software.
enum class Machine { Ideal, ContentionFree, Real };

struct Simulation {
  const ExperimentInput& input;
  network::NetworkSpec net;

  // The program on processors of the given speeds (one per processor), recording what each did
  // over time into `timeline` when one is given.
  sim::RunResult run(Machine which, const KernelConfig& config, const std::vector<double>& speeds,
                     const sim::ScheduleBook* book, report::Timeline* timeline = nullptr) const {
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
    setup.timeline = timeline;
    sim::Simulator simulator(std::move(setup));
    const std::unique_ptr<sim::Programs> programs =
        book != nullptr ? std::make_unique<sim::ScheduledPrograms>(*book, simulator) : input.kernel.programs(simulator, config);
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
      field_error(spec.where, "procs", fmt::format("simulate mode runs at most {:.0f} processors (each costs up to a "
                                                   "kilobyte or two of memory), got {:g}", kMaxSimulatedProcessors, p));
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

// Each point simulated three times (ideal, contention-free, real), plus the one-processor runs
// that give T(1), beside the kernel's model when it has one.
class SimulationSource final : public PointSource {
 public:
  SimulationSource(const ExperimentInput& input, PointStore& store, bool record_timelines)
      : spec_(input.spec), kernel_(input.kernel), machine_(input.machines.front()), store_(store),
        simulation_{input, input.network()},
        one_processor_(processor_speeds(machine_, 1, spec_.speed_factor, spec_.where)),
        bound_{input, nullptr, {}}, scaled_(spec_.rule.kind != model::RuleKind::Fixed),
        record_timelines_(record_timelines) {
    if (input.kernel.has_model) {
      bound_.bind(processor_speeds(machine_, static_cast<int>(spec_.procs.front()), spec_.speed_factor, spec_.where));
    }
    bound_.require_if_scaled();
    study_.name = spec_.name;
    study_.kernel = input.kernel.name;
    study_.machine = spec_.machine_name;
    study_.network = simulation_.net.kind;
    study_.speed_factor = spec_.speed_factor;
    study_.overhead = simulation_.net.overhead;
  }

  std::string take_point(const SweepPoint& at, Progress& progress) override {
    const double p = at.p;
    const std::vector<double> speeds = processor_speeds(machine_, static_cast<int>(p), spec_.speed_factor, spec_.where);
    if (std::adjacent_find(speeds.begin(), speeds.end(), std::not_equal_to<>()) != speeds.end()) {
      study_.unequal_speeds = true;
    }
    // On a machine of node groups the marked speed depends on which p nodes are simulated.
    if (bound_.model && !machine_.groups.empty() && at.index > 0) {
      bound_.bind(speeds);
      bound_.require_if_scaled();
    }
    std::vector<double> slots;
    if (bound_.model) slots = bound_.model->params().values();
    KernelConfig config;
    if (scaled_) {
      const model::PointContext ctx{p, std::nan(""), machine_.memory};
      slots = model::apply_rule(*bound_.model, spec_.rule, slots, ctx).slots;
      config = KernelConfig{&bound_.model->params(), &slots};
    }
    store::PointRecord record = key_of(p, config);
    std::optional<sim::SimulatedPoint> pt;
    if (const std::optional<store::StoredPoint> stored = store_.recall(record, progress)) {
      pt = point_from_record(stored->record);
      if (pt && !scaled_) fixed_t1_ = {pt->separation.t1, pt->t1_real};
    }
    const bool recalled = pt.has_value();
    if (!recalled) {
      store_.begin();
      pt = simulate(p, config, speeds, slots);
      fill_record(record, *pt);
      store_.keep(record);  // committed: a kill now loses nothing
    }
    if (bound_.model) {
      model::Evaluation e;
      bound_.model->evaluate(slots, p, e);
      if (std::isfinite(e.time)) pt->model_time = e.time;
      pt->work = e.work;
    }
    sizes_.push_back(scaled_ ? point_label(p, slots) : std::string());
    const std::string said = fmt::format("p={:.10g}: {:.4g} s simulated ({} events){}", p, pt->separation.t_real,
                                         pt->events, recalled ? " (stored)" : "");
    study_.points.push_back(std::move(*pt));
    return said;
  }

  std::vector<report::Table> finish(Session& session) override {
    if (store_.recalled() > 0) {
      session.info(fmt::format("{}: {} of {} points taken from {}", spec_.name, store_.recalled(), study_.points.size(),
                               session.options.db_path));
    }
    study_.model_note = bound_.note;
    add_rule_metrics();
    return build_tables(spec_.reports, SimulateTableInputs{study_});
  }

  std::vector<report::Timeline> timelines() override { return std::move(timelines_); }

 private:
  // The three runs of one processor count and what the reports need of them; the timeline, when
  // the session records them, of the run on the machine as it is.
  sim::SimulatedPoint simulate(double p, const KernelConfig& config, const std::vector<double>& speeds,
                               const std::vector<double>& slots) {
    const std::shared_ptr<const sim::ScheduleBook> book = record(config, speeds);
    std::optional<report::Timeline> timeline;
    if (record_timelines_) {
      timeline.emplace();
      timeline->label = point_label(p, slots);
    }
    // Of the ideal and contention-free runs the separation needs a few sums (sim::RunDigest): their
    // per-processor arrays and links go as soon as each ends, so a run of a million processors
    // never holds three runs' worth.
    sim::RunDigest ideal, contention_free;
    sim::RunResult real;
    auto run_ideal = [&] { ideal = sim::digest(simulation_.run(Machine::Ideal, config, speeds, book.get())); };
    auto run_cf = [&] {
      contention_free = sim::digest(simulation_.run(Machine::ContentionFree, config, speeds, book.get()));
    };
    auto run_real = [&] {
      real = simulation_.run(Machine::Real, config, speeds, book.get(), timeline ? &*timeline : nullptr);
    };
    if (book && concurrent_runs(speeds.size())) {
      runtime::run_concurrently({run_ideal, run_cf, run_real});
    } else {
      run_ideal();
      run_cf();
      run_real();
    }
    if (timeline) timelines_.push_back(std::move(*timeline));
    const std::pair<double, double> t1 = one_processor_times(p, ideal.makespan, real.makespan, config);
    return sim::summarize(ideal, contention_free, real, t1.first, t1.second);
  }

  // S and E of every point as the rule means them (study/rule_metrics), the first point's
  // one-processor run the base where the size changes with p: on the real machine's times and,
  // for S_ideal, on the ideal machine's.
  void add_rule_metrics() {
    if (study_.points.empty()) return;
    const model::RuleKind kind = spec_.rule.kind;
    std::vector<double> ps;
    for (const auto& pt : study_.points) ps.push_back(pt.p);
    const std::size_t base = metrics::base_index(ps);
    const sim::SimulatedPoint& first = study_.points[base];
    const metrics::BaseTimes real_base{first.t1_real, first.work, first.p};
    const metrics::BaseTimes ideal_base{first.separation.t1, first.work, first.p};
    for (auto& pt : study_.points) {
      const metrics::PointMetrics real =
          metrics::point_metrics(kind, {pt.p, pt.work, pt.separation.t_real, pt.t1_real, std::nan("")}, real_base);
      const metrics::PointMetrics ideal = metrics::point_metrics(
          kind, {pt.p, pt.work, pt.separation.t_ideal, pt.separation.t1, std::nan("")}, ideal_base);
      pt.rule = {real.t1, real.speedup, real.efficiency, real.karp_flatt, real.weak, ideal.speedup};
    }
    study_.karp_flatt = metrics::basis_of(kind) == metrics::Basis::FixedSize;
    study_.weak = metrics::shows_weak(kind) && first.p == 1;
    study_.metric_notes = {metrics::definition_note(kind, fmt::format("the point of fewest processors, {}", sizes_[base]))};
    std::vector<double> es, t1_own, work;
    for (const auto& pt : study_.points) {
      es.push_back(pt.rule.efficiency);
      t1_own.push_back(pt.t1_real);
      work.push_back(pt.work);
    }
    // Over processors of unequal speeds the table already says why E may exceed 1.
    if (std::string note = metrics::above_one_note(kind, ps, es, true); !note.empty() && !study_.unequal_speeds) {
      study_.metric_notes.push_back(note);
    }
    if (metrics::basis_of(kind) == metrics::Basis::WorkRate) {
      if (std::string note = metrics::work_proportionality_note(t1_own, work); !note.empty()) {
        study_.metric_notes.push_back(note);
      }
    }
    const bool missing = std::any_of(study_.points.begin(), study_.points.end(),
                                     [](const sim::SimulatedPoint& pt) { return std::isnan(pt.rule.efficiency); });
    if (missing && metrics::basis_of(kind) == metrics::Basis::WorkRate) {
      study_.metric_notes.push_back("S and E are left empty: the kernel gives no work W (work = function(k) ... "
                                    "end) to take tc = T(1)/W from");
    }
  }

  // The program recorded ahead for these processors, or null: coroutines (sim/schedule.hpp).
  std::shared_ptr<const sim::ScheduleBook> record(const KernelConfig& config, const std::vector<double>& speeds) const {
    if (!kernel_.schedule) return nullptr;
    return kernel_.schedule(config, speeds);
  }

  // What --resume matches a point on: the experiment, kernel and machine, p, and the kernel's
  // parameters at this point (a scaling rule's sizes included) with the speed factor.
  store::PointRecord key_of(double p, const KernelConfig& config) const {
    std::map<std::string, double> params(kernel_.params.begin(), kernel_.params.end());
    if (config.space != nullptr) {
      const std::vector<std::string> names = config.space->names();
      for (std::size_t i = 0; i < names.size(); ++i) params[names[i]] = (*config.slots)[i];
    }
    // What the database refuses as a parameter: the name of p, values that are not numbers.
    params.erase("p");
    std::erase_if(params, [](const auto& entry) { return !std::isfinite(entry.second); });
    params["speed_factor"] = spec_.speed_factor;
    return record_key(spec_, kernel_, p, std::move(params));
  }

  // "p=4 n=512": p and the sizes the scaling rule gave (those it varies; a custom rule's, those it
  // changed from the kernel's own).
  std::string point_label(double p, const std::vector<double>& slots) const {
    std::string label = fmt::format("p={:g}", p);
    if (!scaled_) return label;
    const std::vector<std::string> names = bound_.model->params().names();
    const std::vector<double> base = bound_.model->params().values();
    for (std::size_t i = 0; i < names.size() && i < slots.size(); ++i) {
      const bool varied = std::any_of(spec_.rule.vary.begin(), spec_.rule.vary.end(),
                                      [&](const auto& v) { return v.first == names[i]; });
      if (varied || (spec_.rule.vary.empty() && slots[i] != base[i])) {
        label += fmt::format(" {}={:.6g}", names[i], slots[i]);
      }
    }
    return label;
  }

  // T(1), ideal and real: the p = 1 point's own, shared by every point at a fixed size, per point
  // when the size scales (the experiment may not list p = 1).
  std::pair<double, double> one_processor_times(double p, double ideal, double real, const KernelConfig& config) {
    std::pair<double, double> t1;
    if (p == 1) {
      t1 = {ideal, real};
    } else if (!scaled_ && fixed_t1_) {
      t1 = *fixed_t1_;
    } else {
      try {
        const std::shared_ptr<const sim::ScheduleBook> book = record(config, one_processor_);
        t1 = {simulation_.run(Machine::Ideal, config, one_processor_, book.get()).makespan,
              simulation_.run(Machine::Real, config, one_processor_, book.get()).makespan};
      } catch (const ScriptError& e) {
        throw ScriptError(fmt::format("{} (the one-processor run that gives T(1))", e.what()), e.traceback());
      }
    }
    if (!scaled_) fixed_t1_ = t1;
    return t1;
  }

  const ExperimentSpec& spec_;
  const KernelSpec& kernel_;
  const MachineSpec& machine_;
  PointStore& store_;
  const Simulation simulation_;
  const std::vector<double> one_processor_;
  SimulatedModel bound_;
  const bool scaled_;
  const bool record_timelines_;
  sim::SimulatedStudy study_;
  std::vector<report::Timeline> timelines_;  // of the points simulated in this run (not recalled ones)
  std::optional<std::pair<double, double>> fixed_t1_;
  std::vector<std::string> sizes_;  // each point's label with its sizes ("p=1 n=512"), in order
};

}  // namespace

std::unique_ptr<PointSource> simulation_source(const ExperimentInput& input, Session& session, PointStore& store) {
  check_simulable(input);  // before the machine's network is read or any speed computed
  return std::make_unique<SimulationSource>(input, store, session.options.record_timelines);
}

}  // namespace scalerun::study
