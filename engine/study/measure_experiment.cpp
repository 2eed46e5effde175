// experiment{ mode = "measure" }: the kernel's native implementation (or its external program)
// run on this host with p workers, every point instrumented, stored in the results database as it
// completes, and reported beside the kernel's model when it has one.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "host/topology.hpp"
#include "kernels/native/registry.hpp"
#include "model/kernel_model.hpp"
#include "report/encode.hpp"
#include "runtime/stop.hpp"
#include "study/experiment.hpp"
#include "study/measure_reports.hpp"
#include "study/measure_tuning.hpp"
#include "study/instrumentation_rows.hpp"
#include "study/measured_source.hpp"
#include "study/measured_point.hpp"
#include "study/measurement.hpp"
#include "study/mpi_measurement.hpp"
#include "study/metrics.hpp"
#include "study/point_breakdown.hpp"
#include "study/point_store.hpp"
#include "study/point_source.hpp"
#include "study/session.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

namespace {

// A point's figures from a fresh measurement.
void fill_from_measurement(MeasuredPoint& pt, const Measurement& m, int warmup) {
  pt.median = m.median;
  pt.mad = m.mad;
  pt.cv = m.cv;
  pt.samples = static_cast<int>(m.samples.size());
  pt.warmup = warmup;
  pt.stats = sample_statistics(m.samples);
  pt.instrumentation = m.instrumentation;
  if (!pt.instrumentation.instrumented()) pt.instrumentation.program = m.figures;
  pt.counters = m.counters;
  pt.counters_note = m.counters_note;
  pt.verified = m.verified;
  pt.verify_message = m.verify_message;
}

// A point's statistics as its record keeps them (extra_json's "statistics"): outlier_runs are
// numbered from 1, as the warnings name them. They follow from the samples stored beside them.
nlohmann::json statistics_json(const SampleStatistics& st, int warmup) {
  std::vector<std::size_t> runs;
  for (const auto& o : st.outliers) runs.push_back(o.run + 1);
  return {{"runs", st.runs},           {"warmup", warmup},          {"mean", st.mean},
          {"sd", st.sd},               {"min", st.min},             {"max", st.max},
          {"median_low", st.interval.low}, {"median_high", st.interval.high}, {"outlier_runs", runs},
          {"slow_first", st.slow_first}};
}

// What --resume matches a point on.
// A machine set's point is matched on the set too: two sets may have as many nodes.
// Its identity (the program, command, machine ...) comes from the point's source.
store::PointRecord key_of(const ExperimentSpec& spec, const KernelSpec& kernel, const MeasuredPoint& pt,
                          const MeasuredSource& source) {
  store::PointRecord key =
      record_key(spec, kernel, pt.p, std::map<std::string, double>(pt.params.begin(), pt.params.end()),
                 source.identity ? source.identity(pt.params, static_cast<int>(pt.p)) : store::PointIdentity{});
  if (!pt.set.empty()) key.machine = pt.set;
  return key;
}

// What the database keeps of a point, committed before the sweep moves on.
store::PointRecord record_of(const ExperimentSpec& spec, const KernelSpec& kernel, const MeasuredPoint& pt,
                             const MeasuredSource& source, const Measurement& m, std::string extra_json = "{}") {
  store::PointRecord rec = key_of(spec, kernel, pt, source);
  rec.samples = m.samples;
  rec.median = m.median;
  rec.mad = m.mad;
  rec.cv = m.cv;
  rec.instrumentation = instrumentation_rows(pt.instrumentation);
  rec.counters = pt.counters;
  rec.verified = m.verified;
  rec.verify_message = m.verify_message;
  nlohmann::json extra = nlohmann::json::parse(extra_json);
  extra["statistics"] = statistics_json(pt.stats, pt.warmup);
  if (!m.ranks.empty()) {
    extra["ranks"] = measure::ranks_to_json(m.ranks);
    extra["launch"] = m.launch_line;
  }
  rec.extra_json = report::json_text(extra);
  return rec;
}

// What the database keeps of a tuned point's search, beside its samples. The rule and its target
// go with it, so an export can tell points tuned to different targets apart.
std::string tuning_json(const TunedPoint& tp, const model::ScalingRule& rule) {
  std::string json = fmt::format("{{\"tuning_runs\": {}, \"reached\": {}, \"rule\": {}, \"target\": {:.17g}",
                                 tp.runs, tp.reached ? "true" : "false", report::json_text(nlohmann::json(rule.describe())),
                                 rule.target);
  if (tp.pairs > 0)
    json += fmt::format(", \"pairs\": {}, \"e_low\": {:.17g}, \"e_high\": {:.17g}", tp.pairs, tp.interval.low,
                        tp.interval.high);
  return json + "}";
}

// What a sweep measures with, whatever the kernel is: the native kernel or the external program,
// the kernel's size and settings, the model beside it.
struct MeasureSetup {
  const runtime::NativeKernel* native = nullptr;
  MeasuredSource measured;
  runtime::Params params;
  MeasureSettings settings;
  bool tuned = false;
  double work = 0, memory = 0;
  double host_memory = 0;
  int cores = 1;
  std::unique_ptr<model::KernelModel> model;
  std::string model_problem;
};

const runtime::NativeKernel* native_of(const ExperimentInput& input) {
  const KernelSpec& kernel = input.kernel;
  const std::string& where = input.spec.where;
  if (kernel.native.empty() && kernel.command.empty() && kernel.mpi.empty()) {
    field_error(where, "kernel", fmt::format("kernel '{}' has none of native = \"...\", command = \"...\" or mpi = "
                                             "\"...\": nothing to measure", kernel.name));
  }
  const runtime::NativeKernel* native = kernel.native.empty() ? nullptr : kernels::find_kernel(kernel.native);
  if (native == nullptr && kernel.command.empty() && kernel.mpi.empty()) {
    std::string known;
    for (auto n : kernels::kernel_names()) known += fmt::format("{}{}", known.empty() ? "" : ", ", n);
    field_error(where, "kernel", fmt::format("kernel '{}' names native = \"{}\", which this build does not have "
                                             "(known: {})", kernel.name, kernel.native, known));
  }
  return native;
}

MeasureSetup prepare(const ExperimentInput& input, const Session& session) {
  const ExperimentSpec& spec = input.spec;
  const KernelSpec& kernel = input.kernel;
  if (over_sets(spec) && kernel.mpi.empty()) {
    field_error(spec.where, "sets", fmt::format("kernel '{}' runs on this host only; machine sets are measured with "
                                                "MPI kernels (mpi = \"...\"): give procs = {{ 1, 2, ... }}", kernel.name));
  }
  if (over_sets(spec) && spec.rule.kind != model::RuleKind::Fixed && spec.rule.kind != model::RuleKind::IsospeedE) {
    field_error(spec.where, "scale", fmt::format("{} is not tuned over machine sets (isospeed_e is, and fixed sizes "
                                                 "are measured)", model::rule_name(spec.rule.kind)));
  }
  MeasureSetup s;
  s.native = native_of(input);
  s.tuned = spec.rule.kind != model::RuleKind::Fixed;
  if (s.tuned && spec.rule.kind == model::RuleKind::Custom) {
    field_error(spec.where, "scale", "custom rules are not measured in this version; give the sizes with fixed{} "
                                     "experiments");
  }
  s.params = kernel.params;
  s.settings = MeasureSettings{spec.warmup, spec.repeat,
                               kernel.run_timeout > 0 ? kernel.run_timeout : session.options.run_timeout_seconds,
                               session.options.record_timelines,
                               std::filesystem::path(session.options.script_path).parent_path().string()};
  s.measured = s.native != nullptr ? native_source(*s.native)
               : !kernel.mpi.empty()  ? mpi_source(kernel, input.machines.front(), spec.where, s.settings.program_folder)
                                      : command_source(kernel, spec.where, s.settings.program_folder);
  // Ranks that do not fit the machine are refused before anything runs.
  if (!kernel.mpi.empty()) {
    for (const auto& at : sweep_points(spec, input.machines)) place_ranks(*at.machine, static_cast<int>(at.p), spec.where);
  }
  s.work = s.measured.work(s.params);
  s.memory = s.measured.memory(s.params);
  s.cores = static_cast<int>(std::thread::hardware_concurrency());
  // Read once: loading the hwloc topology is not free, and it does not change during a sweep.
  s.host_memory = s.tuned ? static_cast<double>(host::read_topology().memory_bytes) : 0.0;
  if (kernel.has_model) {
    try {
      s.model = std::make_unique<model::KernelModel>(kernel.bind_model(ModelMachine{}));
    } catch (const ScriptError& e) {
      // The measurement stands on its own; the comparison is skipped and says why.
      s.model_problem = e.what();
    }
  }
  return s;
}

// Runs on this host as a PointSource: each point measured (or tuned, or taken from the database on
// --resume) and recorded before the next begins.
class MeasureSource final : public PointSource {
 public:
  MeasureSource(const ExperimentInput& input, Session& session, PointStore& store)
      : input_(input), spec_(input.spec), session_(session), s_(prepare(input, session)), store_(store) {}

  std::vector<SweepPoint> points(std::vector<SweepPoint> sweep) override;
  std::string take_point(const SweepPoint& at, Progress& progress) override;
  void abandon(const SweepPoint& at) override;
  std::string outcome() const override { return missed_ > 0 ? "target_missed" : "complete"; }
  std::vector<report::Table> finish(Session& session) override;
  std::vector<report::Timeline> timelines() override { return std::move(timelines_); }

 private:
  MeasuredPoint measure_point(const SweepPoint& at);
  void keep_timeline(const MeasuredPoint& pt, const Measurement& m);
  void tune(MeasuredPoint& pt);
  void from_store(MeasuredPoint& pt, const store::StoredPoint& stored);
  void fresh(MeasuredPoint& pt, int p);
  void after_point(MeasuredPoint& pt);
  void warn_statistics(const MeasuredPoint& pt);
  void add_breakdowns(std::vector<MeasuredPoint>& points);
  const std::string& kernel_name() const { return input_.kernel.name; }

  const ExperimentInput& input_;
  const ExperimentSpec& spec_;
  Session& session_;
  MeasureSetup s_;
  PointStore& store_;
  Progress* progress_ = nullptr;  // the sweep's, while a point is taken
  std::vector<MeasuredPoint> points_;
  std::vector<report::Timeline> timelines_;
  int total_runs_ = 0;
  int missed_ = 0;
  std::optional<double> last_tuned_x_;  // the varied size of the last tuned point, over its ratio
  // The point's source: the sweep's, or over machine sets the MPI program on that set's nodes.
  MeasuredSource source_;
  const MachineSpec* machine_ = nullptr;  // the point's machine (a set, over machine sets)
};

// The one-worker reference comes first (study/sweep.hpp: measured_points, which --dry-run lists).
std::vector<SweepPoint> MeasureSource::points(std::vector<SweepPoint>) { return measured_points(spec_, input_.machines); }

std::string MeasureSource::take_point(const SweepPoint& at, Progress& progress) {
  runtime::throw_if_stopped();
  progress_ = &progress;
  MeasuredPoint pt = measure_point(at);
  const std::string said = fmt::format("{}p={:g}: {:.4g} s{}", at.label.empty() ? "" : at.label + " ", pt.p,
                                       pt.median, pt.resumed ? " (stored)" : "");
  points_.push_back(std::move(pt));
  return said;
}

// The point in progress is dropped; every completed one is stored already. A run that passed its
// limit is said in the experiment's terms.
void MeasureSource::abandon(const SweepPoint& at) {
  try {
    throw;
  } catch (const runtime::Stopped& stop) {
    if (stop.cause() != runtime::StopCause::run_limit) return;
    throw ScriptError(fmt::format("{}kernel '{}' at p={:g} ran past its run_timeout of {:g} s{} (raise run_timeout "
                                  "or --run-timeout)", spec_.where, kernel_name(), at.p, s_.settings.run_limit_seconds,
                                  s_.measured.kind == "mpi" ? "; the whole MPI job, every rank, was ended" : ""));
  } catch (...) {
  }
}

std::vector<report::Table> MeasureSource::finish(Session& session) {
  add_breakdowns(points_);
  MeasuredSweep sweep;
  sweep.spec = &spec_;
  sweep.kernel = &input_.kernel;
  sweep.points = std::move(points_);
  sweep.native = s_.native != nullptr;
  sweep.source = s_.measured.kind;
  sweep.tuned = s_.tuned;
  sweep.has_model_values = s_.model != nullptr;
  sweep.model_problem = s_.model_problem;
  sweep.memory = s_.memory;
  sweep.total_runs = total_runs_;
  sweep.storage_note = store_.storage_note();
  const std::function<void(const std::string&)> warn = [&session](const std::string& line) { session.warn(line); };
  return build_tables(spec_.reports, MeasureTableInputs{sweep, warn});
}

MeasuredPoint MeasureSource::measure_point(const SweepPoint& at) {
  MeasuredPoint pt;
  pt.p = at.p;
  pt.set = at.label;
  pt.marked = at.machine->marked;
  pt.params = s_.params;
  pt.work = s_.work;
  source_ = at.label.empty() ? s_.measured : mpi_source(input_.kernel, *at.machine, spec_.where, s_.settings.program_folder);
  machine_ = at.machine;
  // (An MPI job's ranks go where the machine's hosts say; a machine that oversubscribes says so.)
  if (pt.p > s_.cores && s_.measured.kind != "mpi") {
    progress_->note(fmt::format("scalerun: warning: {}: p={:g} is more than the {} cores of this host; the workers "
                               "share cores", spec_.name, pt.p, s_.cores));
  }
  // A tuned point's size is found anew: it is not looked up.
  std::optional<store::StoredPoint> stored;
  if (!s_.tuned) stored = store_.recall(key_of(spec_, input_.kernel, pt, source_), *progress_);
  if (!stored) store_.begin();
  // On one processor E = 1 at every size: nothing to tune, the kernel's size stands.
  const bool tune_this = s_.tuned && !(pt.p == 1 && spec_.rule.kind == model::RuleKind::Efficiency);
  if (s_.tuned && !tune_this) {
    fresh(pt, 1);
    pt.t1 = pt.median;
    if (const auto& sums = pt.instrumentation.sums) pt.instrumentation.one_worker_work = sums->busy + sums->serial;
  } else if (tune_this) {
    tune(pt);
  } else if (stored) {
    from_store(pt, *stored);
  } else {
    fresh(pt, static_cast<int>(pt.p));
  }
  after_point(pt);
  return pt;
}

void MeasureSource::fresh(MeasuredPoint& pt, int p) {
  const Measurement m = source_.measure(s_.params, p, s_.settings);
  fill_from_measurement(pt, m, s_.settings.warmup);
  pt.ranks = m.ranks;
  pt.launch_line = m.launch_line;
  store_.keep(record_of(spec_, input_.kernel, pt, source_, m));  // committed: a kill now loses nothing
  keep_timeline(pt, m);
}

// The timeline of the point's median run, named like the point (an external command has none).
void MeasureSource::keep_timeline(const MeasuredPoint& pt, const Measurement& m) {
  if (!m.timeline) return;
  report::Timeline t = *m.timeline;
  t.p = pt.p;
  t.label = pt.set.empty() ? fmt::format("p={:g}", pt.p) : fmt::format("{} (p={:g})", pt.set, pt.p);
  for (const auto& [name, value] : pt.params) {  // a tuned point's size: what differs from the kernel's
    const auto base = s_.params.find(name);
    if (base == s_.params.end() || base->second != value) t.label += fmt::format(" {}={:g}", name, value);
  }
  timelines_.push_back(std::move(t));
}

void MeasureSource::from_store(MeasuredPoint& pt, const store::StoredPoint& stored) {
  pt.median = stored.record.median;
  pt.mad = stored.record.mad;
  pt.cv = stored.record.cv;
  pt.samples = static_cast<int>(stored.record.samples.size());
  pt.instrumentation = instrumentation_from_rows(stored.record.instrumentation, s_.measured.kind != "command");
  pt.counters = stored.record.counters;
  pt.verified = stored.record.verified;
  pt.verify_message = stored.record.verify_message;
  pt.resumed = true;
  // The same statistics as when it was measured: they follow from its stored samples.
  statistics_from_record(pt, stored.record, spec_.warmup);
  const nlohmann::json extra = nlohmann::json::parse(stored.record.extra_json, nullptr, false);
  if (extra.is_object() && extra.contains("ranks")) {
    pt.ranks = measure::ranks_from_json(extra["ranks"]);
    pt.launch_line = extra.value("launch", "");
  }
}

void MeasureSource::tune(MeasuredPoint& pt) {
  const auto& [varied, ratio] = spec_.rule.vary.front();
  TuneRequest request;
  request.kernel = source_;
  request.marked = pt.marked;
  request.base = s_.params;
  request.settings = s_.settings;
  request.rule = &spec_.rule;
  request.p = pt.p;
  request.tolerance = spec_.tolerance;
  request.budget = spec_.budget;
  request.max_pairs = spec_.max_repeats;
  // An MPI job spreads its memory over the hosts its ranks run on (this host's memory each, the
  // best guess scalerun has of the others').
  request.host_memory = s_.host_memory;
  if (s_.measured.kind == "mpi") {
    std::set<std::string> hosts;
    for (const auto& place : place_ranks(*machine_, static_cast<int>(pt.p), spec_.where)) hosts.insert(place.host);
    request.host_memory *= static_cast<double>(std::max<std::size_t>(1, hosts.size()));
  }
  request.max_run_seconds = spec_.max_run_time;
  request.max_point_seconds = spec_.max_point_time;
  request.on_evaluation = [&](const std::string& line) { progress_->note(fmt::format("scalerun: tuning {}: {}", spec_.name, line)); };
  if (s_.model && s_.model->traced()) {
    try {  // the model's answer is where the search starts
      const model::PointContext point_ctx{pt.p, pt.marked, std::nan("")};
      const auto outcome = model::apply_rule(*s_.model, spec_.rule, s_.model->params().values(), point_ctx);
      const int slot = s_.model->params().find(varied);
      if (slot >= 0) request.seed = outcome.slots[static_cast<std::size_t>(slot)] / ratio;
    } catch (const ScriptError&) {
    }
  }
  // Without a model, the size the previous processor count needed is closer than the base size.
  if (!request.seed && last_tuned_x_) request.seed = last_tuned_x_;
  const TunedPoint tp = tune_point(request);
  // Only a size that met the rule is a start for the next point: where a search stopped short
  // (a bound, a budget) its size says nothing about where the next target lies.
  if (tp.reached) last_tuned_x_ = tp.params.at(varied) / ratio;
  pt.params = tp.params;
  pt.work = source_.work(tp.params);
  fill_from_measurement(pt, tp.at_p, s_.settings.warmup);
  pt.ranks = tp.at_p.ranks;
  pt.launch_line = tp.at_p.launch_line;
  keep_timeline(pt, tp.at_p);
  pt.runs = tp.runs;
  if (tp.at_1) {
    pt.t1 = tp.at_1->median;
    if (const auto& one = tp.at_1->instrumentation; one.sums) pt.instrumentation.one_worker_work = one.sums->busy + one.sums->serial;
    if (spec_.rule.kind == model::RuleKind::Efficiency) {
      pt.tuned_e = tp.quantity;
      pt.pairs = tp.pairs;
      pt.interval = tp.interval;
    }
  }
  total_runs_ += tp.runs;
  pt.target = TargetOutcome{true, tp.reached, spec_.rule.target, tp.quantity};
  if (!tp.reached) {
    // The user wrote no check: the line says what was missed, not that a check failed.
    ++missed_;
    ++session_.targets_missed;
    progress_->note(fmt::format("scalerun: target not reached: {}: p={:g}: {} not reached within {} % in {} runs "
                               "(budget {}): {}{}{}",
                               spec_.name, pt.p, model::rule_quantity(spec_.rule.kind), 100 * spec_.tolerance, tp.runs,
                               spec_.budget, tp.trail, tp.capped.empty() ? "" : "; " + tp.capped,
                               tp.diagnosis.empty() ? "" : "; " + tp.diagnosis));
  }
  store_.keep(record_of(spec_, input_.kernel, pt, source_, tp.at_p, tuning_json(tp, spec_.rule)));
}

// The warnings of a point's runs: outliers named with their times, and a slow first timed run.
// A resumed point says them again: its statistics are its stored samples'.
void MeasureSource::warn_statistics(const MeasuredPoint& pt) {
  const SampleStatistics& st = pt.stats;
  const std::string where = fmt::format("{}: {}", spec_.name, pt.set.empty() ? fmt::format("p={:g}", pt.p)
                                                                            : fmt::format("{} (p={:g})", pt.set, pt.p));
  if (st.slow_first) {
    progress_->note(fmt::format("scalerun: warning: {}: the first timed run was much slower than the rest (run 1: "
                                "{:.4g} s, median {:.4g} s) after {} warm-up{}: raise warmup",
                                where, st.first, st.median, pt.warmup, pt.warmup == 1 ? "" : "s"));
  }
  std::string named;
  std::size_t count = 0;
  for (const auto& o : st.outliers) {
    if (o.run == 0 && st.slow_first) continue;  // said above
    ++count;
    named += fmt::format("{}run {}: {:.4g} s", named.empty() ? "" : ", ", o.run + 1, o.seconds);
  }
  if (count > 0) {
    progress_->note(fmt::format("scalerun: warning: {}: {} of {} runs {} ({}, median {:.4g} s; modified "
                                "Z-score over {:g}); a busy machine? rerun or raise repeats",
                                where, count, st.runs, count == 1 ? "is an outlier" : "are outliers", named, st.median,
                                kOutlierScore));
  }
}

// Warnings, verification and the model's time at the point's own parameters.
void MeasureSource::after_point(MeasuredPoint& pt) {
  warn_statistics(pt);
  if (measure::any_thread_multiple(pt.ranks)) {
    progress_->note(fmt::format("scalerun: warning: {}: p={:g}: the program initialized MPI with "
                               "MPI_THREAD_MULTIPLE; the interposition layer times MPI calls per rank, not per thread, "
                               "so a thread computing while another waits in MPI is not busy time: the busy and MPI "
                               "columns of this point are not per thread (its T is)", spec_.name, pt.p));
  }
  if (pt.cv > 0.05) {
    progress_->note(fmt::format("scalerun: warning: {}: p={:g} is noisy: coefficient of variation {:.1f} % over {} "
                               "runs", spec_.name, pt.p, 100 * pt.cv, pt.samples));
  }
  if (!pt.verified) {
    ++session_.checks_failed;
    ++session_.checks_run;
    progress_->note(fmt::format("scalerun: error: {}: kernel '{}' at p={:g} failed verification: {}", spec_.name,
                               kernel_name(), pt.p, pt.verify_message));
  }
  if (s_.model) {
    model::Evaluation e;
    std::vector<double> slots = s_.model->params().values();
    // At the point's own parameters: a tuned point's size differs from the kernel's.
    for (const auto& [name, value] : pt.params) {
      const int slot = s_.model->params().find(name);
      if (slot >= 0) slots[static_cast<std::size_t>(slot)] = value;
    }
    s_.model->evaluate(slots, pt.p, e);
    pt.predicted = e.time;
  }
}

void MeasureSource::add_breakdowns(std::vector<MeasuredPoint>& points) {
  split_latency_of_points(points, s_.tuned);
  if (store_.recalled() > 0) {
    session_.info(fmt::format("{}: {} of {} points taken from {}", spec_.name, store_.recalled(), points.size(),
                              session_.options.db_path));
  }
}

}  // namespace

std::unique_ptr<PointSource> measure_source(const ExperimentInput& input, Session& session, PointStore& store) {
  return std::make_unique<MeasureSource>(input, session, store);
}

}  // namespace scalerun::study
