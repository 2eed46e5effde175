#include "study/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
#include "lua/rule_reader.hpp"
#include "lua/state.hpp"
#include "study/experiment_reports.hpp"
#include "study/measure_experiment.hpp"
#include "study/px_search.hpp"
#include "study/simulate_experiment.hpp"
#include "study/kernel_config.hpp"
#include "study/results.hpp"
#include "study/session.hpp"
#include "study/validate.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Measured runs per point: beyond ten thousand a typo is likelier than a plan.
constexpr lua::Range kRunCount{1, 10000, true};
const lua::Range kProcessorCount{1, kMaxProcessors, true};

std::string machine_name_at(lua_State* L, int index) {
  lua_getfield(L, index, "name");
  std::string name = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "?";
  lua_pop(L, 1);
  return name;
}

double number_field(lua_State* L, int index, const char* field) {
  lua_getfield(L, index, field);
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : kNaN;
  lua_pop(L, 1);
  return v;
}

model::PointContext context_for(lua_State* L, int machine, double p) {
  model::PointContext ctx;
  ctx.p = p;
  ctx.memory_per_proc = number_field(L, machine, "memory");
  const double marked = number_field(L, machine, "marked");
  const double speed = number_field(L, machine, "speed");
  ctx.marked_speed = std::isfinite(marked) ? marked : (std::isfinite(speed) ? p * speed : kNaN);
  return ctx;
}

// The sizes a scaled point ends up with must be ones the model can be evaluated at.
void check_evaluation(const model::KernelModel& model, const std::vector<double>& slots, double p,
                      const model::Evaluation& e) {
  auto at = [&] {
    std::string text;
    for (std::size_t i = 0; i < slots.size(); ++i) text += fmt::format("{}={:.6g}, ", model.params().slots[i].name, slots[i]);
    return text + fmt::format("p={:g}", p);
  };
  for (std::size_t i = 0; i < e.terms.size(); ++i) {
    if (!std::isfinite(e.terms[i])) {
      throw ScriptError(fmt::format("{}: model of kernel '{}' returned {} for term '{}' at {} (a time must be a "
                                    "finite number of seconds)",
                                    model.model_where(), model.kernel_name(), std::isnan(e.terms[i]) ? "NaN" : (e.terms[i] > 0 ? "infinity" : "-infinity"),
                                    model.term_names()[i], at()));
    }
  }
  if (e.time < 0) {
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned a negative time ({:.6g} s) at {}",
                                  model.model_where(), model.kernel_name(), e.time, at()));
  }
  if (e.time == 0) {
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned a zero time at {} (speeds and efficiencies "
                                  "need a positive time)", model.model_where(), model.kernel_name(), at()));
  }
}

// report = { ... }, checked against the registry once, whatever the mode: a name that is no
// report, and one the mode does not provide, each stop the run with one line. Returns the tables
// the mode makes, aliases resolved (measure mode's "scaled" is its "measured"), each once.
std::vector<std::string> read_reports(const lua::FieldReader& r, Mode mode) {
  std::vector<std::string> names = r.string_list("report");
  if (names.empty()) names = {"scaled"};
  std::vector<std::string> tables;
  for (const auto& name : names) {
    if (!is_report(name)) {
      const std::string near = lua::closest_name(name, report_names());
      r.fail("report", fmt::format("unknown report '{}'{} (known: {})", name,
                                   near.empty() ? "" : fmt::format(", did you mean '{}'?", near),
                                   fmt::join(report_names(), ", ")));
    }
    if (const auto problem = unavailable(mode, name)) r.fail("report", *problem);
    const std::string table = *report_in(mode, name);
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) tables.push_back(table);
  }
  return tables;
}

ExperimentSpec read_spec(lua_State* L, const lua::FieldReader& r) {
  ExperimentSpec spec;
  r.reject_unknown({"name", "title", "machine", "kernel", "procs", "sets", "scale", "report", "mode", "columns",
                    "bounds", "px_max", "doc", "repeats", "warmup", "tolerance", "budget", "max_repeats", "speed_factor",
                    "max_run_time", "max_point_time"});
  spec.name = r.string("name");
  spec.title = r.string_or("title", "");
  spec.where = r.where();
  const std::string mode = r.string_or("mode", session_of(L).options.mode);
  const std::optional<Mode> known_mode = parse_mode(mode);
  if (!known_mode) r.fail("mode", fmt::format("'{}' is not a mode; use \"model\", \"measure\" or \"simulate\"", mode));
  spec.mode = *known_mode;
  spec.speed_factor = r.number_or("speed_factor", 1, lua::Range{0, 1e6, false, true});
  const double repeat = r.number_or("repeats", 5, kRunCount);
  const double warmup = r.number_or("warmup", 1, lua::Range{0, kRunCount.hi, true});
  spec.repeat = static_cast<int>(repeat);
  spec.warmup = static_cast<int>(warmup);
  spec.tolerance = r.number_or("tolerance", 0.02);
  if (!(spec.tolerance > 0 && spec.tolerance < 1)) r.fail("tolerance", "a fraction in (0, 1) expected, e.g. 0.02");
  spec.budget = static_cast<int>(r.number_or("budget", 12, kRunCount));
  const double max_repeats = r.number_or("max_repeats", 8 * repeat, lua::Range{0, 8 * kRunCount.hi, true});
  if (max_repeats < repeat)
    r.fail("max_repeats", fmt::format("a whole number >= repeats ({:g}) expected, got {:g}", repeat, max_repeats));
  spec.max_repeats = static_cast<int>(max_repeats);
  const bool has_procs = r.has("procs"), has_sets = r.has("sets");
  if (has_procs == has_sets) r.fail("procs", "give either procs = { 1, 2, 4, ... } or sets = machine_sets{ ... }");
  if (has_procs) {
    spec.procs = r.number_list("procs", kProcessorCount);
    // A count listed twice would give two equal rows and a psi matrix with a row against itself:
    // always a slip in the list.
    for (std::size_t i = 1; i < spec.procs.size(); ++i) {
      const auto first = std::find(spec.procs.begin(), spec.procs.begin() + static_cast<std::ptrdiff_t>(i), spec.procs[i]);
      if (first != spec.procs.begin() + static_cast<std::ptrdiff_t>(i)) {
        r.fail("procs", fmt::format("processor count {:g} is listed twice (items {} and {})", spec.procs[i],
                                    first - spec.procs.begin() + 1, i + 1));
      }
    }
  }
  spec.reports = read_reports(r, spec.mode);
  spec.px_max = r.number_or("px_max", 1024, kProcessorCount);
  if (r.push("bounds", LUA_TTABLE, false)) {
    lua::FieldReader b(L, -1, r.where(), "bounds.");
    b.reject_unknown({"T", "E", "B"});
    spec.bounds.T = b.optional_number("T", lua::Range::positive());
    spec.bounds.E = b.optional_number("E", lua::Range{0, 1, false, true});  // an efficiency: (0, 1]
    spec.bounds.B = b.optional_number("B", lua::Range::positive());
    lua_pop(L, 1);
  }
  if (r.push("columns", LUA_TTABLE, false)) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TFUNCTION) {
        lua_pop(L, 3);
        r.fail("columns", "a table of name = function(k, p) ... end expected");
      }
      ExtraColumn c{lua_tostring(L, -2), LUA_NOREF};
      c.fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
      spec.columns.push_back(std::move(c));
    }
    lua_pop(L, 1);
    std::sort(spec.columns.begin(), spec.columns.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  }
  return spec;
}

double call_column(lua_State* L, const ExtraColumn& column, int kernel_view, double p, const std::string& where) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, column.fn_ref);
  lua_pushvalue(L, kernel_view);
  lua_pushnumber(L, p);
  lua::protected_call(L, 2, 1);
  if (lua_type(L, -1) != LUA_TNUMBER) {
    const std::string got = lua::type_name(L, -1);
    lua_pop(L, 1);
    throw ScriptError(fmt::format("{}column '{}' returned {} (expected a number)", where, column.name, got));
  }
  const double v = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return v;
}

struct Runner {
  lua_State* L;
  Session& session;
  ExperimentData data;
  std::vector<std::unique_ptr<model::KernelModel>> models;  // one per machine (set)
  std::vector<int> machine_of_point;
  TripleData triple;
  SpeedupExtras speedup;

  model::PointContext point_ctx(int machine_stack, double p) { return context_for(L, machine_stack, p); }

  PointData evaluate_point(model::KernelModel& m, const model::ScalingRule& rule, const model::PointContext& ctx) {
    lua::owner(L).check_budget();
    PointData pt;
    pt.ctx = ctx;
    model::RuleOutcome outcome = model::apply_rule(m, rule, m.params().values(), ctx);
    pt.slots = std::move(outcome.slots);
    pt.evaluations = outcome.evaluations;
    m.evaluate(pt.slots, ctx.p, pt.at_p);
    check_evaluation(m, pt.slots, ctx.p, pt.at_p);
    model::Evaluation at_1;
    m.evaluate(pt.slots, 1.0, at_1);
    check_evaluation(m, pt.slots, 1.0, at_1);
    pt.time_1 = at_1.time;
    return pt;
  }
};

void compute_px(Runner& run, model::KernelModel& m, const PointData& first) {
  // Fixed-size optimum (seed 000 §6.3): the processor count with the least time up to px_max
  // with the first point's problem size (study/px_search: bounded however large px_max is).
  model::Evaluation e;
  const OptimumSearch found = fixed_size_optimum(
      [&](double p) {
        m.evaluate(first.slots, p, e);
        return e.time;
      },
      run.data.spec.px_max);
  if (found.px == 0) {
    run.session.warn(fmt::format("{}no fixed-size optimum: the model's time is not finite at any p = 1..{:g}",
                                 run.data.spec.where, run.data.spec.px_max));
    return;
  }
  run.speedup.px = found.px;
  run.speedup.t_px = found.t_px;
  run.speedup.px_max = run.data.spec.px_max;
}

// A study beyond its machine's processor count is legal (a model extrapolates) but usually a slip.
void warn_beyond_machine(lua_State* L, const Session& session, const ExperimentSpec& spec, int machine) {
  const double available = number_field(L, machine, "procs");
  if (!std::isfinite(available)) return;
  const double largest = *std::max_element(spec.procs.begin(), spec.procs.end());
  if (largest > available) {
    session.warn(fmt::format("{}procs: p = {:g} is more than machine '{}' has ({:g} processors)", spec.where, largest,
                             machine_name_at(L, machine), available));
  }
}

// The parameters a rule varies are problem sizes: at or below zero (fixed{} keeps the kernel's
// value) the model's times mean nothing, whatever sign they come out with.
void require_positive_sizes(const ExperimentSpec& spec, const model::KernelModel& m, const std::vector<double>& slots) {
  const auto& names = m.params().names();
  for (const auto& [name, ratio] : spec.rule.vary) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) continue;
    const double v = slots[static_cast<std::size_t>(it - names.begin())];
    if (!(v > 0) || !std::isfinite(v)) {
      throw ScriptError(fmt::format("{}kernel '{}': size '{}' is {:g}; a problem size must be a positive number",
                                    spec.where, m.kernel_name(), name, v));
    }
  }
}

void compute_triple(Runner& run, model::KernelModel& m, const model::PointContext& ctx, std::size_t point) {
  const Bounds& b = run.data.spec.bounds;
  const model::ScalingRule& base = run.data.spec.rule;
  auto latency_under = [&](model::RuleKind kind, double target) {
    model::ScalingRule rule = base;
    rule.kind = kind;
    rule.target = target;
    rule.has_target = true;
    const PointData pt = run.evaluate_point(m, rule, ctx);
    return pt.at_p.time - pt.time_1 / ctx.p;  // L(W, N) = Tpara - W tc / N (seed 000 eq. 3)
  };
  if (run.triple.time_bound.size() <= point) {
    run.triple.time_bound.resize(point + 1, kNaN);
    run.triple.e_conserved.resize(point + 1, kNaN);
    run.triple.memory_bound.resize(point + 1, kNaN);
  }
  run.triple.time_bound[point] = latency_under(model::RuleKind::TimeBound, *b.T);
  run.triple.e_conserved[point] = latency_under(model::RuleKind::Efficiency, *b.E);
  run.triple.memory_bound[point] = latency_under(model::RuleKind::MemoryBound, *b.B);
}

}  // namespace

int experiment_native(lua_State* L) {
  Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TTABLE) throw lua::NativeError("experiment{} expects a table");
  const std::string where = lua::user_where(L);
  lua::FieldReader r(L, 1, where);
  Runner run{L, session, {}, {}, {}, {}, {}};
  ExperimentData& data = run.data;
  data.spec = read_spec(L, r);
  ExperimentSpec& spec = data.spec;

  // kernel
  r.push("kernel", LUA_TTABLE, true);
  const int kernel = lua_gettop(L);
  require_kernel(L, kernel, r, "kernel");
  // machine or sets
  std::vector<int> machines;
  bool no_machine = false;  // the model then gets nil for m, so a model that needs one says so here
  if (spec.procs.empty()) {
    r.push("sets", LUA_TTABLE, true);
    const int sets = lua_gettop(L);
    const auto n = static_cast<int>(lua_rawlen(L, sets));
    if (n == 0) r.fail("sets", "an empty list of machine sets (did machine_sets{} build none?)");
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, sets, i);
      require_machine(L, lua_gettop(L), r, fmt::format("sets[{}]", i).c_str());
      machines.push_back(lua_gettop(L));
    }
    spec.set_count = n;
  } else {
    if (!r.push("machine", LUA_TTABLE, false)) {
      lua_newtable(L);  // an anonymous machine for the tables' headings and the point contexts
      lua_pushliteral(L, "(none)");
      lua_setfield(L, -2, "name");
      no_machine = true;
    } else {
      require_machine(L, lua_gettop(L), r, "machine");
    }
    machines.push_back(lua_gettop(L));
  }
  spec.machine_name = machine_name_at(L, machines.front());
  if (spec.set_count > 0) {
    lua_getfield(L, machines.front(), "machine_name");
    if (lua_type(L, -1) == LUA_TSTRING) spec.machine_name = lua_tostring(L, -1);
    lua_pop(L, 1);
  }

  // scaling rule
  if (r.push("scale", LUA_TTABLE, false)) {
    spec.rule = lua::read_rule(L, lua_gettop(L), where);
    lua_pop(L, 1);
  }
  if (spec.rule.vary.empty()) {
    lua_getfield(L, kernel, "size");
    if (lua_type(L, -1) == LUA_TSTRING) spec.rule.vary.emplace_back(lua_tostring(L, -1), 1.0);
    lua_pop(L, 1);
  }
  const bool wants_triple = std::find(spec.reports.begin(), spec.reports.end(), "triple") != spec.reports.end();
  if (wants_triple && (!spec.bounds.T || !spec.bounds.E || !spec.bounds.B)) {
    r.fail("bounds", "the triple report needs bounds = { T = seconds, E = efficiency, B = bytes per processor }");
  }

  if (!spec.procs.empty()) warn_beyond_machine(L, session, spec, machines.front());
  if (spec.mode == Mode::measure && !session.options.dry_run) {
    if (spec.procs.empty()) r.fail("sets", "measure mode runs on this host: give procs = { 1, 2, ... }");
    return run_measure_experiment(L, spec, kernel, machines.front(), r);
  }
  if (spec.mode == Mode::simulate && !session.options.dry_run) {
    return run_simulate_experiment(L, spec, kernel, machines.front(), r);
  }
  if (session.options.dry_run) {
    report::Section section{spec.name, "experiment", {dry_run_table(spec, L, machines)}};
    session.sections.push_back(section);
    push_section(L, session.sections.back());
    return 1;
  }

  for (int machine : machines) {
    run.models.push_back(std::make_unique<model::KernelModel>(
        lua::kernel_model_parts(L, kernel, no_machine ? 0 : machine, fmt::format("experiment '{}'", spec.name))));
  }
  model::KernelModel& first_model = *run.models.front();
  data.kernel_name = first_model.kernel_name();
  data.term_names = first_model.term_names();
  data.slot_names = first_model.params().names();
  data.traced = first_model.traced();
  data.fallback_reason = first_model.fallback_reason();
  if (data.traced) {
    for (expr::NodeId id : first_model.term_nodes()) data.formulas.push_back(first_model.graph().to_string(id));
  } else {
    session.info(fmt::format("kernel '{}': model evaluated by plain Lua calls ({})", data.kernel_name,
                             data.fallback_reason));
  }

  const std::size_t count = spec.procs.empty() ? machines.size() : spec.procs.size();
  for (std::size_t i = 0; i < count; ++i) {
    const bool by_set = spec.procs.empty();
    model::KernelModel& m = by_set ? *run.models[i] : first_model;
    const int machine = by_set ? machines[i] : machines.front();
    const double p = by_set ? number_field(L, machine, "procs") : spec.procs[i];
    const model::PointContext ctx = run.point_ctx(machine, p);
    if (i == 0 || by_set) require_positive_sizes(spec, m, m.params().values());
    PointData pt = run.evaluate_point(m, spec.rule, ctx);
    if (by_set) pt.label = machine_name_at(L, machine);
    if (!spec.columns.empty()) {
      push_configured(L, kernel, m.params(), pt.slots);
      const int view = lua_gettop(L);
      for (const auto& column : spec.columns) pt.extra.push_back(call_column(L, column, view, p, where));
      lua_pop(L, 1);
    }
    if (wants_triple) compute_triple(run, m, ctx, i);
    data.points.push_back(std::move(pt));
  }
  if (std::find(spec.reports.begin(), spec.reports.end(), "speedup") != spec.reports.end()) {
    compute_px(run, first_model, data.points.front());
  }
  for (std::size_t s = 0; s < data.slot_names.size(); ++s) {
    for (const auto& pt : data.points) {
      if (pt.slots[s] != data.points.front().slots[s]) {
        data.varied.push_back(static_cast<int>(s));
        break;
      }
    }
  }
  report::Section section{spec.name, "experiment", build_experiment_tables(data, run.triple, run.speedup)};
  session.sections.push_back(std::move(section));
  push_section(L, session.sections.back());
  return 1;
}

}  // namespace scalerun::study
