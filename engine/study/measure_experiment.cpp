#include "study/measure_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <memory>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"
#include "lua/kernel_model_reader.hpp"
#include "model/kernel_model.hpp"
#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "measure/figures.hpp"
#include "host/topology.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/stop.hpp"
#include "study/kernel_config.hpp"
#include "study/measure_tuning.hpp"
#include "store/point_key.hpp"
#include "study/measurement.hpp"
#include "study/metrics.hpp"
#include "study/results.hpp"
#include "study/session.hpp"
#include "util/host_context.hpp"
#include "util/progress.hpp"

namespace scalerun::study {

namespace {

using report::Cell;
using report::Table;

struct MeasuredPoint {
  double p = 1;
  double t1 = std::nan("");  // one-worker time at this point's own size (tuned points)
  double tuned_e = std::nan("");  // efficiency-tuned points: the tuner's E (median over run pairs)
  int pairs = 0;                  // ... the pairs of runs behind it, and the 95 % interval of that median
  Interval interval;
  int runs = 1;              // measured configurations it took (tuning)
  runtime::Params params;
  double work = 0;
  double median = 0, mad = 0, cv = 0;
  int samples = 0;
  std::map<std::string, double> figures;  // instrumentation: raw sums and the breakdown
  std::map<std::string, double> counters;  // event counts and derived figures (perf_counters.hpp)
  std::string counters_note;               // the events this system does not allow, and why
  bool verified = true;
  std::string verify_message;
  bool resumed = false;
  double predicted = std::nan("");
};

// The kernel's numeric scalar parameters, as the native kernel receives them.
runtime::Params native_params(lua_State* L, int kernel) {
  runtime::Params params;
  lua_getfield(L, kernel, "params");
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TNUMBER) {
        params[lua_tostring(L, -2)] = lua_tonumber(L, -1);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return params;
}

std::string string_field(lua_State* L, int index, const char* field) {
  lua_getfield(L, index, field);
  std::string s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 1);
  return s;
}

std::map<std::string, double> raw_figures(const runtime::RunStats& s) {
  return {{"tpara", s.tpara}, {"serial", s.serial}, {"busy", s.busy_sum()}, {"idle", s.idle_sum()},
          {"primitives", s.primitive_sum()}, {"work_time", s.work_time()}};
}

// Seed 000 eq. 3 and 5-7 for a point, on the same T(1) as its speedup and efficiency (see
// metrics::breakdown): its terms add up to its T, and L = T (1 - E).
void add_breakdown(MeasuredPoint& pt, double t1) {
  auto& f = pt.figures;
  const runtime::Overheads o = metrics::breakdown(f["serial"], f["idle"], f["primitives"], pt.median, t1, pt.p);
  f["compute"] = o.compute;
  f["serial_share"] = o.serial;
  f["imbalance"] = o.imbalance;
  f["sync"] = o.sync;
  f["residual"] = o.residual;
  f["ML"] = o.ml;
  f["IT"] = o.it;
  f["PT"] = o.pt;
  f["latency"] = o.latency;
}

// What became of a sweep that ended in the exception being handled (see kRunStatuses).
std::string status_of_current_exception() {
  try {
    throw;
  } catch (const runtime::Stopped& s) {
    switch (s.cause()) {
      case runtime::StopCause::interrupt: return "interrupted";
      case runtime::StopCause::deadline: return "timed_out";
      case runtime::StopCause::run_limit: return "run_timeout";
      case runtime::StopCause::none: break;
    }
  } catch (const Interrupted&) {
    return "interrupted";
  } catch (...) {
  }
  // An error raised while the stop was being requested is the stop's doing.
  if (runtime::interrupt_requested()) return "interrupted";
  if (runtime::deadline_passed()) return "timed_out";
  return "failed";
}

// The sweep's row in the runs table: begun when the first point must be measured (a --resume
// that finds every point stored adds no empty run), finished with what became of the sweep, and
// marked failed if the sweep leaves without saying.
class RunRow {
 public:
  RunRow(store::Database& db, store::RunInfo info) : db_(db), info_(std::move(info)) {}
  ~RunRow() { finish("failed"); }
  RunRow(const RunRow&) = delete;
  RunRow& operator=(const RunRow&) = delete;

  std::int64_t id() {
    if (!id_) id_ = db_.begin_run(info_);
    return *id_;
  }
  bool begun() const { return id_.has_value(); }
  // Never throws: it runs while an exception is on its way out, and that one must win.
  void finish(const std::string& status) noexcept {
    if (finished_) return;
    finished_ = true;
    try {
      if (id_) db_.finish_run(*id_, status);
      else db_.release_claims();
    } catch (...) {
    }
  }

 private:
  store::Database& db_;
  store::RunInfo info_;
  std::optional<std::int64_t> id_;
  bool finished_ = false;
};

// A kernel's run_timeout field (seconds), else --run-timeout; 0: no limit.
double run_timeout_of(lua_State* L, int kernel, double option) {
  lua_getfield(L, kernel, "run_timeout");
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : 0.0;
  lua_pop(L, 1);
  return v > 0 ? v : option;
}

// W from the kernel's Lua work(k) when it has one (external programs do not report it).
// work(k) or memory(k) of a kernel description for the given parameters: the description called
// with them gives the configured copy (see kernel{} in the prelude), whose function is then
// called. NaN when the description has no such function or it returns no number.
double lua_figure(lua_State* L, int kernel, const char* which, const runtime::Params& params) {
  lua_getfield(L, kernel, which);
  const bool has = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  if (!has) return std::nan("");
  push_configured(L, kernel, params);
  lua_getfield(L, -1, which);
  lua_insert(L, -2);
  lua::protected_call(L, 1, 1);
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : std::nan("");
  lua_pop(L, 1);
  return v;
}

// An external program, run like a native kernel: warm-up, then timed runs. The time is the wall
// time around it, or a figure it prints in a JSON line (timer = "name").
Measurement measure_command(const std::string& command, const runtime::Params& params, double p,
                            const MeasureSettings& settings, const std::string& timer, const std::string& where) {
  measure::TemplateValues values;
  for (const auto& [k, v] : params) values[k] = v;
  values["p"] = p;
  std::vector<std::string> argv;
  try {
    argv = measure::expand_template(command, values);
  } catch (const std::invalid_argument& e) {
    throw ScriptError(where + e.what());
  }
  measure::RunOptions options;
  options.from_template = command;
  options.timeout_seconds = settings.run_limit_seconds;  // its process group is killed then
  options.cancelled = [] {
    const runtime::StopCause cause = runtime::stop_cause();
    return cause == runtime::StopCause::interrupt || cause == runtime::StopCause::deadline;
  };
  Measurement m;
  std::map<std::string, std::vector<double>> figure_samples;
  for (int i = 0; i < settings.warmup + settings.repeat; ++i) {
    measure::CommandResult result;
    try {
      result = measure::run_command(argv, options);
    } catch (const measure::CommandError& e) {
      throw ScriptError(where + e.what());
    }
    if (result.cancelled) {
      runtime::throw_if_stopped();
      throw Interrupted();
    }
    if (result.timed_out) throw runtime::Stopped(runtime::StopCause::run_limit);
    if (!result.ok()) throw ScriptError(where + measure::describe_failure(result, argv));
    double seconds = result.wall_seconds;
    const measure::Figures figures = measure::parse_json_figures(result.stdout_text);
    if (!timer.empty() && timer != "wall") {
      const auto it = figures.find(timer);
      if (it == figures.end()) {
        throw ScriptError(fmt::format("{}{} printed no JSON figure '{}' to time by (timer = \"{}\")", where,
                                      measure::format_command_line(argv), timer, timer));
      }
      seconds = it->second;
    }
    if (i < settings.warmup) continue;
    if (!(seconds >= 0) || !std::isfinite(seconds)) {
      throw ScriptError(fmt::format("{}{} reported {:g} s (timer = \"{}\"): a time must be a finite number >= 0",
                                    where, measure::format_command_line(argv), seconds, timer));
    }
    m.samples.push_back(seconds);
    for (const auto& [k, v] : figures) figure_samples[k].push_back(v);
  }
  summarize(m);
  // Each figure the program prints is the median over its timed runs, like T: not the last run's.
  for (auto& [k, v] : figure_samples) m.figures[k] = median_of(std::move(v));
  m.figures["tpara"] = m.median;
  m.verify_message = "exit status 0";
  return m;
}

// A point's figures from a fresh measurement.
void take(MeasuredPoint& pt, const Measurement& m, std::map<std::string, double> figures) {
  pt.median = m.median;
  pt.mad = m.mad;
  pt.cv = m.cv;
  pt.samples = static_cast<int>(m.samples.size());
  pt.figures = std::move(figures);
  pt.counters = m.counters;
  pt.counters_note = m.counters_note;
  pt.verified = m.verified;
  pt.verify_message = m.verify_message;
}

// What the database keeps of a point, committed before the sweep moves on.
store::PointRecord record_of(const ExperimentSpec& spec, const std::string& kernel_name, const MeasuredPoint& pt,
                             const Measurement& m, std::string extra_json = "{}") {
  store::PointRecord rec;
  rec.experiment = spec.name;
  rec.kernel = kernel_name;
  rec.machine = spec.machine_name;
  rec.params = std::map<std::string, double>(pt.params.begin(), pt.params.end());
  rec.point_key = store::point_key(pt.p, rec.params);
  rec.p = pt.p;
  rec.samples = m.samples;
  rec.median = m.median;
  rec.mad = m.mad;
  rec.cv = m.cv;
  rec.instrumentation = pt.figures;
  rec.counters = pt.counters;
  rec.verified = m.verified;
  rec.verify_message = m.verify_message;
  rec.extra_json = std::move(extra_json);
  return rec;
}

// Seed 000's CPU utilization, memory access rate and miss rate per point, from the event counters.
Table counters_table(const ExperimentSpec& spec, const std::vector<MeasuredPoint>& points, bool native) {
  Table t;
  t.name = "counters";
  t.title = fmt::format("{}: event counters over the measured window (perf_event_open)", spec.name);
  t.add_column("p", "{:g}").add_column("T", "{:.6g}").add_column("cpu_util", "{:.3f}");
  t.add_column("ctx_switches", "{:.0f}").add_column("page_faults", "{:.0f}").add_column("instructions", "{:.4g}");
  t.add_column("ipc", "{:.3f}").add_column("mem_access/s", "{:.4g}").add_column("miss_rate", "{:.4f}");
  std::string note;
  for (const auto& pt : points) {
    std::vector<Cell> row{pt.p, pt.median};
    for (const char* name : {"cpu_utilization", "context_switches", "page_faults", "instructions", "ipc",
                             "memory_access_rate", "miss_rate"}) {
      const auto it = pt.counters.find(name);
      if (it == pt.counters.end()) row.emplace_back(std::monostate{});
      else row.emplace_back(it->second);
    }
    t.add_row(std::move(row));
    if (note.empty()) note = pt.counters_note;
  }
  if (!native) {
    t.notes.push_back("an external program runs in its own process: no counters here (run it under `perf stat`)");
  } else {
    t.notes.push_back("summed over the process's threads while the measured window was open; cpu_util = task "
                      "clock / (p T), mem_access/s = cache references / T, miss_rate = cache misses / references");
    if (!note.empty()) t.notes.push_back(fmt::format("unavailable on this system: {}", note));
  }
  return t;
}

// What the database keeps of a tuned point's search, beside its samples.
// The rule and its target go with it, so an export can tell points tuned to different targets apart.
std::string tuning_json(const TunedPoint& tp, const model::ScalingRule& rule) {
  std::string json = fmt::format("{{\"tuning_runs\": {}, \"reached\": {}, \"rule\": {}, \"target\": {:.17g}",
                                 tp.runs, tp.reached ? "true" : "false", nlohmann::json(rule.describe()).dump(),
                                 rule.target);
  if (tp.pairs > 0)
    json += fmt::format(", \"pairs\": {}, \"e_low\": {:.17g}, \"e_high\": {:.17g}", tp.pairs, tp.interval.low,
                        tp.interval.high);
  return json + "}";
}

std::string describe_params(const runtime::Params& params) {
  std::string text;
  for (const auto& [k, v] : params) text += fmt::format("{}{}={:g}", text.empty() ? "" : " ", k, v);
  return text;
}

}  // namespace

int run_measure_experiment(lua_State* L, ExperimentSpec& spec, int kernel, int machine, const lua::FieldReader& r) {
  Session& session = session_of(L);
  const std::string kernel_name = string_field(L, kernel, "name");
  const std::string native_name = string_field(L, kernel, "native");
  const std::string command = string_field(L, kernel, "command");
  if (native_name.empty() && command.empty()) {
    r.fail("kernel", fmt::format("kernel '{}' has neither native = \"...\" nor command = \"...\": nothing to measure",
                                 kernel_name));
  }
  const runtime::NativeKernel* native = native_name.empty() ? nullptr : kernels::find_kernel(native_name);
  if (native == nullptr && command.empty()) {
    std::string known;
    for (auto n : kernels::kernel_names()) known += fmt::format("{}{}", known.empty() ? "" : ", ", n);
    r.fail("kernel", fmt::format("kernel '{}' names native = \"{}\", which this build does not have (known: {})",
                                 kernel_name, native_name, known));
  }
  const bool tuned = spec.rule.kind != model::RuleKind::Fixed;
  if (tuned && spec.rule.kind == model::RuleKind::Custom) {
    r.fail("scale", "custom rules are not measured in this version; give the sizes with fixed{} experiments");
  }
  const runtime::Params params = native_params(L, kernel);
  const std::string timer = string_field(L, kernel, "timer");
  const double run_timeout = run_timeout_of(L, kernel, session.options.run_timeout_seconds);
  MeasureSettings settings{spec.warmup, spec.repeat, run_timeout};
  const std::string where = r.where();
  // Tuning caps (see TuneRequest): a search that cannot reach its target must not grow the size
  // until one run takes minutes.
  const double max_run_time = tuned ? r.number_or("max_run_time", 60, lua::Range{0.001, 1e7}) : 0.0;
  const double max_point_time = tuned ? r.number_or("max_point_time", 600, lua::Range{0.001, 1e7}) : 0.0;
  TunedKernel measured;  // native or external, the same three questions
  if (native) {
    measured.measure = [native](const runtime::Params& at, int p, const MeasureSettings& how) {
      return measure_native(*native, at, p, how);
    };
    measured.work = [native](const runtime::Params& at) { return native->work(at); };
    measured.memory = [native](const runtime::Params& at) { return native->memory(at); };
  } else {
    measured.measure = [&](const runtime::Params& at, int p, const MeasureSettings& how) {
      return measure_command(command, at, p, how, timer, where);
    };
    measured.work = [L, kernel](const runtime::Params& at) { return lua_figure(L, kernel, "work", at); };
    measured.memory = [L, kernel](const runtime::Params& at) { return lua_figure(L, kernel, "memory", at); };
  }
  const double work = measured.work(params);
  const double memory = measured.memory(params);
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  // Read once: loading the hwloc topology is not free, and it does not change during a sweep.
  const double host_memory = tuned ? static_cast<double>(host::read_topology().memory_bytes) : 0.0;

  // The one-worker reference comes first: speedup, efficiency and the breakdown need it.
  std::vector<double> procs = spec.procs;
  // (Tuned points carry their own one-worker run at their own size instead.)
  if (!tuned && std::find(procs.begin(), procs.end(), 1.0) == procs.end()) procs.insert(procs.begin(), 1.0);
  std::stable_sort(procs.begin(), procs.end());

  std::unique_ptr<model::KernelModel> model;
  lua_getfield(L, kernel, "model");
  const bool has_model = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  std::string model_problem;
  if (has_model) {
    try {
      model = std::make_unique<model::KernelModel>(lua::kernel_model_parts(L, kernel, machine));
    } catch (const ScriptError& e) {
      // The measurement stands on its own; the comparison is skipped and says why.
      model_problem = e.what();
    }
  }

  store::Database* db_ptr = nullptr;
  try {
    db_ptr = &session.db();
  } catch (const std::runtime_error& e) {
    throw lua::NativeError(fmt::format("--db: {} (give another file with --db FILE)", e.what()));
  }
  store::Database& db = *db_ptr;
  store::RunInfo info;
  const report::Context ctx = util::make_context(session.options.script_path, session.options.command_line);
  info.script = ctx.script_path;
  info.script_hash = ctx.script_hash;
  info.experiment = spec.name;
  info.kernel = kernel_name;
  info.machine = spec.machine_name;
  info.mode = "measure";
  info.command_line = ctx.command_line;
  info.host = ctx.host;
  info.cpu = ctx.cpu;
  info.cores = ctx.cores;
  info.compiler = ctx.compiler;
  info.build_type = ctx.build_type;
  info.git_revision = ctx.git_revision;
  info.scalerun_version = ctx.scalerun_version;
  RunRow run(db, info);

  util::Progress progress(spec.name, procs.size(), session.options.quiet);
  std::vector<MeasuredPoint> points;
  int resumed = 0;
  int total_runs = 0;
  int missed = 0;
  std::optional<double> last_tuned_x;  // the varied size of the last tuned point, over its ratio
  double current_p = 0;
  try {
    for (std::size_t i = 0; i < procs.size(); ++i) {
      lua::owner(L).check_budget();
      runtime::throw_if_stopped();
      MeasuredPoint pt;
      current_p = procs[i];
      pt.p = procs[i];
      pt.params = params;
      pt.work = work;
      const std::map<std::string, double> key_params(params.begin(), params.end());
      const std::string key = store::point_key(pt.p, key_params);
      if (pt.p > cores) {
        progress.note(fmt::format("scalerun: warning: {}: p={:g} is more than the {} cores of this host; the "
                                  "workers share cores", spec.name, pt.p, cores));
      }
      std::optional<store::StoredPoint> stored;
      // Another scalerun resuming the same sweep may be measuring this point right now: wait for
      // it to store the point rather than measure it twice.
      bool waiting_said = false;
      while (session.options.resume && !tuned) {
        store::Database::Claim claim = db.claim_point(spec.name, kernel_name, spec.machine_name, key);
        if (claim.outcome == store::Database::ClaimOutcome::stored) stored = std::move(claim.point);
        if (claim.outcome != store::Database::ClaimOutcome::busy) break;
        if (!waiting_said) {
          progress.note(fmt::format("scalerun: {}: p={:g} is being measured by process {} on the same database; "
                                    "waiting for its result", spec.name, pt.p, claim.holder_pid));
          waiting_said = true;
        }
        for (int slice = 0; slice < 4; ++slice) {
          runtime::throw_if_stopped();
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
      }
      // The run's row exists from its first measurement on, so one that fails or is stopped
      // before storing anything is still on record.
      if (!stored) run.id();
      // On one processor E = 1 at every size: nothing to tune, the kernel's size stands.
      const bool tune_this = tuned && !(pt.p == 1 && spec.rule.kind == model::RuleKind::Efficiency);
      if (tuned && !tune_this) {
        const Measurement m = measured.measure(params, 1, settings);
        take(pt, m, native ? raw_figures(m.stats) : m.figures);
        pt.t1 = m.median;
        db.record_point(run.id(), record_of(spec, kernel_name, pt, m));
      } else if (tuned) {
        TuneRequest request;
        request.kernel = measured;
        request.base = params;
        request.settings = settings;
        request.rule = &spec.rule;
        request.p = pt.p;
        request.tolerance = spec.tolerance;
        request.budget = spec.budget;
        request.max_pairs = spec.max_repeats;
        request.host_memory = host_memory;
        request.max_run_seconds = max_run_time;
        request.max_point_seconds = max_point_time;
        request.on_evaluation = [&](const std::string& line) {
          progress.note(fmt::format("scalerun: tuning {}: {}", spec.name, line));
        };
        if (model && model->traced()) {
          try {  // the model's answer is where the search starts
            const model::PointContext point_ctx{pt.p, std::nan(""), std::nan("")};
            const auto outcome = model::apply_rule(*model, spec.rule, model->params().values(), point_ctx);
            const int slot = model->params().find(spec.rule.vary.front().first);
            if (slot >= 0) request.seed = outcome.slots[static_cast<std::size_t>(slot)] / spec.rule.vary.front().second;
          } catch (const ScriptError&) {
          }
        }
        // Without a model, the size the previous processor count needed is closer than the base size.
        if (!request.seed && last_tuned_x) request.seed = last_tuned_x;
        const TunedPoint tp = tune_point(request);
        last_tuned_x = tp.params.at(spec.rule.vary.front().first) / spec.rule.vary.front().second;
        pt.params = tp.params;
        pt.work = measured.work(tp.params);
        take(pt, tp.at_p, native ? raw_figures(tp.at_p.stats) : tp.at_p.figures);
        pt.runs = tp.runs;
        if (tp.at_1) {
          pt.t1 = tp.at_1->median;
          if (spec.rule.kind == model::RuleKind::Efficiency) {
            pt.tuned_e = tp.quantity;
            pt.pairs = tp.pairs;
            pt.interval = tp.interval;
          }
        }
        total_runs += tp.runs;
        if (!tp.reached) {
          // The user wrote no check: the line says what was missed, not that a check failed.
          ++missed;
          ++session.targets_missed;
          progress.note(fmt::format("scalerun: target not reached: {}: p={:g}: {} not reached within {} % in {} runs "
                                    "(budget {}): {}{}{}",
                                    spec.name, pt.p, model::rule_quantity(spec.rule.kind), 100 * spec.tolerance, tp.runs,
                                    spec.budget, tp.trail, tp.capped.empty() ? "" : "; " + tp.capped,
                                    tp.diagnosis.empty() ? "" : "; " + tp.diagnosis));
        }
        db.record_point(run.id(), record_of(spec, kernel_name, pt, tp.at_p, tuning_json(tp, spec.rule)));
      } else if (stored) {
        pt.median = stored->record.median;
        pt.mad = stored->record.mad;
        pt.cv = stored->record.cv;
        pt.samples = static_cast<int>(stored->record.samples.size());
        pt.figures = stored->record.instrumentation;
        pt.counters = stored->record.counters;
        pt.verified = stored->record.verified;
        pt.verify_message = stored->record.verify_message;
        pt.resumed = true;
        ++resumed;
      } else {
        const Measurement m = measured.measure(params, static_cast<int>(pt.p), settings);
        take(pt, m, native ? raw_figures(m.stats) : m.figures);
        db.record_point(run.id(), record_of(spec, kernel_name, pt, m));  // committed: a kill now loses nothing
      }
      if (pt.cv > 0.05) {
        progress.note(fmt::format("scalerun: warning: {}: p={:g} is noisy: coefficient of variation {:.1f} % over {} "
                                  "runs", spec.name, pt.p, 100 * pt.cv, pt.samples));
      }
      if (!pt.verified) {
        ++session.checks_failed;
        ++session.checks_run;
        progress.note(fmt::format("scalerun: error: {}: kernel '{}' at p={:g} failed verification: {}", spec.name,
                                  kernel_name, pt.p, pt.verify_message));
      }
      if (model) {
        model::Evaluation e;
        std::vector<double> slots = model->params().values();
        // At the point's own parameters: a tuned point's size differs from the kernel's.
        for (const auto& [name, value] : pt.params) {
          const int slot = model->params().find(name);
          if (slot >= 0) slots[static_cast<std::size_t>(slot)] = value;
        }
        model->evaluate(slots, pt.p, e);
        pt.predicted = e.time;
      }
      progress.step(i + 1, fmt::format("p={:g}: {:.4g} s{}", pt.p, pt.median, pt.resumed ? " (stored)" : ""));
      points.push_back(std::move(pt));
    }
  } catch (const runtime::Stopped& stop) {
    // The point in progress is dropped; every completed one is stored already.
    run.finish(status_of_current_exception());
    if (stop.cause() != runtime::StopCause::run_limit) throw;
    throw ScriptError(fmt::format("{}kernel '{}' at p={:g} ran past its run_timeout of {:g} s (raise run_timeout or "
                                  "--run-timeout)", where, kernel_name, current_p, run_timeout));
  } catch (...) {
    run.finish(status_of_current_exception());
    throw;
  }
  progress.finish();
  run.finish(missed > 0 ? "target_missed" : "complete");
  // One T(1) for everything: the one-worker median of the same size (a tuned point's own, else
  // the p = 1 point), as in S and E; points without one at their size get no breakdown.
  for (auto& pt : points) {
    const bool same_size = !tuned || !std::isnan(pt.t1);
    if (native && same_size && pt.figures.contains("idle")) {
      add_breakdown(pt, std::isnan(pt.t1) ? points.front().median : pt.t1);
    }
  }
  if (resumed > 0) session.info(fmt::format("{}: {} of {} points taken from {}", spec.name, resumed, procs.size(),
                                            session.options.db_path));

  // Tables.
  const MeasuredPoint& one = points.front();
  const std::string where_what =
      native ? fmt::format("{} measured on this host ({} native, {})", kernel_name, native_name, describe_params(params))
             : fmt::format("{} measured on this host (command: {})", kernel_name, command);
  std::vector<Table> tables;
  for (const auto& name : spec.reports) {
    if (name == "measured") {
      Table t;
      t.name = "measured";
      t.title = fmt::format("{}: {}", spec.name, where_what);
      t.add_column("p", "{:g}").add_column("W", "{:.6g}").add_column("T", "{:.6g}").add_column("mad", "{:.3g}");
      t.add_column("cv%", "{:.2f}").add_column("runs", "{:g}").add_column("speed", "{:.6g}").add_column("S", "{:.3f}");
      t.add_column("E", "{:.3f}").add_column("verified");
      for (const auto& pt : points) {
        std::vector<Cell> row;
        const double t1 = std::isnan(pt.t1) ? one.median : pt.t1;
        for (double v : {pt.p, pt.work, pt.median, pt.mad, 100 * pt.cv, static_cast<double>(tuned ? pt.runs : pt.samples),
                         pt.work / pt.median,
                         std::isnan(pt.tuned_e) ? metrics::speedup(t1, pt.median) : pt.p * pt.tuned_e,
                         std::isnan(pt.tuned_e) ? metrics::efficiency(t1, pt.median, pt.p) : pt.tuned_e}) {
          row.emplace_back(v);
        }
        row.emplace_back(std::string(pt.verified ? "yes" : "NO"));
        t.add_row(std::move(row));
      }
      t.notes.push_back(fmt::format("median of {} runs after {} warm-up{}; {}", spec.repeat, spec.warmup,
                                    std::isnan(memory) ? "" : fmt::format("; memory {:.3g} bytes", memory),
                                    run.begun() ? fmt::format("stored in {} (run {})", session.options.db_path, run.id())
                                                : fmt::format("every point taken from {}, no new run",
                                                              session.options.db_path)));
      if (tuned) {
        t.columns[5].name = "tuning runs";
        std::string sizes;
        for (const auto& pt : points) {
          for (const auto& [vname, ratio] : spec.rule.vary) {
            sizes += fmt::format("{}p={:g}: {}={:g}", sizes.empty() ? "" : "; ", pt.p, vname, pt.params.at(vname));
          }
        }
        if (spec.rule.kind == model::RuleKind::Efficiency) {
          std::string intervals;
          for (const auto& pt : points) {
            if (pt.pairs > 1)
              intervals += fmt::format("{}p={:g}: [{:.4g}, {:.4g}] from {} pairs", intervals.empty() ? "" : "; ", pt.p,
                                       pt.interval.low, pt.interval.high, pt.pairs);
          }
          t.notes.push_back(fmt::format("E of a tuned point: the median over its runs at p and at 1 taken in turns, pair "
                                        "by pair; S = p E{}", intervals.empty() ? "" : "; 95 % interval of E: " + intervals));
        }
        t.notes.push_back(fmt::format("tuned to {} ({} within {:g} %): {:.2f} measured runs per point on average; sizes {}",
                                      spec.rule.describe(), model::rule_quantity(spec.rule.kind), 100 * spec.tolerance,
                                      static_cast<double>(total_runs) / static_cast<double>(points.size()), sizes));
      }
      tables.push_back(std::move(t));
    } else if (name == "speedup") {
      Table t;
      t.name = "speedup";
      t.title = fmt::format("{}: measured speedup and efficiency", spec.name);
      t.add_column("p", "{:g}").add_column("T(1)", "{:.6g}").add_column("T(p)", "{:.6g}").add_column("S", "{:.4f}");
      t.add_column("E", "{:.4f}").add_column("karp_flatt", "{:.4f}");
      for (const auto& pt : points) {
        const double s = metrics::speedup(one.median, pt.median);
        const double kf = metrics::karp_flatt(s, pt.p);
        std::vector<Cell> row;
        for (double v : {pt.p, one.median, pt.median, s, metrics::efficiency(one.median, pt.median, pt.p)}) row.emplace_back(v);
        if (std::isnan(kf)) row.emplace_back(std::monostate{}); else row.emplace_back(kf);
        t.add_row(std::move(row));
      }
      tables.push_back(std::move(t));
    } else if ((name == "overhead" || name == "latency") && !native) {
      // Only T is known of a program timed from outside: a table of T alone would pass for a
      // breakdown with nothing in it.
      session.warn(fmt::format("{}report '{}' needs the instrumentation of a native kernel (busy, idle, sync time "
                               "per worker); kernel '{}' is an external program, timed from outside, so it is left "
                               "out (its T is in 'measured')", where, name, kernel_name));
    } else if (name == "overhead" || name == "latency") {
      Table t;
      t.name = name;
      if (name == "overhead") {
        t.title = fmt::format("{}: measured time by source (seconds per processor; they add up to T)", spec.name);
        t.add_column("p", "{:g}").add_column("T", "{:.6g}");
        for (const char* c : {"compute", "serial", "imbalance", "sync", "residual"}) t.add_column(c, "{:.4g}");
        t.add_column("overhead%", "{:.1f}");
        for (const auto& pt : points) {
          if (!pt.figures.contains("latency")) {
            t.add_row({pt.p, pt.median, std::monostate{}, std::monostate{}, std::monostate{}, std::monostate{},
                       std::monostate{}, std::monostate{}});
            continue;
          }
          const auto& f = pt.figures;
          t.add_row({pt.p, pt.median, f.at("compute"), f.at("serial_share"), f.at("imbalance"), f.at("sync"),
                     f.at("residual"), 100 * f.at("latency") / pt.median});
        }
        t.notes.push_back("T = median wall time; compute = T(1)/p with T(1) the one-worker median of the same size "
                          "(the T(1) of S and E); serial, imbalance (idle at joins and barriers) and sync (inside "
                          "parallel primitives) as instrumented in the run nearest the median; residual = the rest of "
                          "T (memory and contention effects)");
      } else {
        t.title = fmt::format("{}: measured latency L(W,N) = (ML + IT + PT)/N (seed 000 eq. 5-7)", spec.name);
        t.add_column("p", "{:g}").add_column("Tpara", "{:.6g}").add_column("ML", "{:.4g}").add_column("IT", "{:.4g}");
        t.add_column("PT", "{:.4g}").add_column("L", "{:.4g}");
        for (const auto& pt : points) {
          const auto& f = pt.figures;
          if (!f.contains("latency")) {
            t.add_row({pt.p, pt.median, std::monostate{}, std::monostate{}, std::monostate{}, std::monostate{}});
          } else {
            t.add_row({pt.p, pt.median, f.at("ML"), f.at("IT"), f.at("PT"), f.at("latency")});
          }
        }
        t.notes.push_back("Tpara = median wall time, W tc = T(1) the one-worker median of the same size (as in S and "
                          "E), so L = Tpara - T(1)/p = Tpara (1 - E) (seed 000 eq. 3 and 10)");
      }
      tables.push_back(std::move(t));
    } else if (name == "counters") {
      tables.push_back(counters_table(spec, points, native != nullptr));
    } else if (name == "compare" && !model) {
      Table t;
      t.name = "compare";
      t.title = fmt::format("{}: model beside measurement", spec.name);
      t.add_column("p", "{:g}").add_column("measured", "{:.6g}");
      for (const auto& pt : points) t.add_row({pt.p, pt.median});
      t.notes.push_back(has_model ? "the model could not be evaluated here: " + model_problem
                                  : "kernel '" + kernel_name + "' has no model to compare with");
      tables.push_back(std::move(t));
    } else if (name == "compare" && model) {
      Table t;
      t.name = "compare";
      t.title = fmt::format("{}: model beside measurement", spec.name);
      t.add_column("p", "{:g}").add_column("model", "{:.6g}").add_column("measured", "{:.6g}");
      t.add_column("error%", "{:.1f}");
      for (const auto& pt : points) {
        t.add_row({pt.p, pt.predicted, pt.median, 100 * (pt.predicted - pt.median) / pt.median});
      }
      tables.push_back(std::move(t));
    }
  }
  session.sections.push_back({spec.name, "experiment", std::move(tables)});
  push_section(L, session.sections.back());
  return 1;
}

}  // namespace scalerun::study
