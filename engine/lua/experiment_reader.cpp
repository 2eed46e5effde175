#include "lua/experiment_reader.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "lua/call.hpp"
#include "lua/configured_kernel.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
#include "lua/native.hpp"
#include "lua/network_reader.hpp"
#include "lua/section_to_lua.hpp"
#include "lua/rule_reader.hpp"
#include "lua/session_binding.hpp"
#include "lua/sim_programs.hpp"
#include "lua/validate.hpp"
#include "runtime/stop.hpp"
#include "study/experiment.hpp"
#include "study/modes_side_by_side.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {

// Measured runs per point: beyond ten thousand a typo is likelier than a plan.
constexpr Range kRunCount{1, 10000, true};
const Range kProcessorCount{1, study::kMaxProcessors, true};

// Fields of values the vocabulary forms have validated already (machine{}, kernel{}): absent or of
// another type reads as NaN or "", which the engine treats as "not given".
double number_field(lua_State* L, int index, const char* field) {
  raw_field(L, index, field);
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : std::nan("");
  lua_pop(L, 1);
  return v;
}

std::string string_field(lua_State* L, int index, const char* field, const char* fallback = "") {
  raw_field(L, index, field);
  std::string s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : fallback;
  lua_pop(L, 1);
  return s;
}

bool has_function(lua_State* L, int index, const char* field) {
  raw_field(L, index, field);
  const bool is = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  return is;
}

// report = { ... }, checked against the registry once, whatever the mode: a name that is no
// report, and one the mode does not provide, each stop the run with one line. Returns the tables
// the mode makes, aliases resolved (measure mode's "scaled" is its "measured"), each once.
// The report names as written, each a known report.
std::vector<std::string> report_names_of(const FieldReader& r) {
  std::vector<std::string> names = r.string_list("report");
  if (names.empty()) names = {"scaled"};
  for (const auto& name : names) {
    if (!study::is_report(name)) {
      const std::string near = closest_name(name, study::report_names());
      r.fail("report", fmt::format("unknown report '{}'{} (known: {})", name,
                                   near.empty() ? "" : fmt::format(", did you mean '{}'?", near),
                                   fmt::join(study::report_names(), ", ")));
    }
  }
  return names;
}

std::vector<std::string> read_reports(const FieldReader& r, study::Mode mode) {
  std::vector<std::string> tables;
  for (const auto& name : report_names_of(r)) {
    if (const auto problem = study::unavailable(mode, name)) r.fail("report", *problem);
    const std::string table = *study::report_in(mode, name);
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) tables.push_back(table);
  }
  return tables;
}

study::ExperimentSpec read_spec(lua_State* L, const FieldReader& r) {
  study::ExperimentSpec spec;
  r.reject_unknown({"name", "title", "machine", "kernel", "procs", "sets", "scale", "report", "mode", "modes", "columns",
                    "bounds", "px_max", "doc", "repeats", "warmup", "tolerance", "budget", "max_repeats", "speed_factor",
                    "max_run_time", "max_point_time"});
  spec.name = r.string("name");
  spec.title = r.string_or("title", "");
  spec.where = r.where();
  const std::string mode = r.string_or("mode", session_of(L).options.mode);
  const std::optional<study::Mode> known_mode = study::parse_mode(mode);
  if (!known_mode) r.fail("mode", fmt::format("'{}' is not a mode; use \"model\", \"measure\" or \"simulate\"", mode));
  spec.mode = *known_mode;
  if (r.has("modes")) {  // side by side: each mode's own reports are chosen when it runs
    if (r.has("mode")) r.fail("modes", "give mode = \"...\" or modes = { ... }, not both");
    for (const std::string& name : r.string_list("modes")) {
      const std::optional<study::Mode> m = study::parse_mode(name);
      if (!m) r.fail("modes", fmt::format("'{}' is not a mode; use \"model\", \"measure\" and \"simulate\"", name));
      if (std::find(spec.modes.begin(), spec.modes.end(), *m) != spec.modes.end())
        r.fail("modes", fmt::format("'{}' is listed twice", name));
      spec.modes.push_back(*m);
    }
    if (spec.modes.empty()) r.fail("modes", "name at least one mode: modes = { \"model\", \"measure\", \"simulate\" }");
    spec.mode = spec.modes.front();
  }
  spec.speed_factor = r.number_or("speed_factor", 1, Range{0, 1e6, false, true});
  const double repeat = r.number_or("repeats", 5, kRunCount);
  const double warmup = r.number_or("warmup", 1, Range{0, kRunCount.hi, true});
  spec.repeat = static_cast<int>(repeat);
  spec.warmup = static_cast<int>(warmup);
  spec.tolerance = r.number_or("tolerance", 0.02);
  if (!(spec.tolerance > 0 && spec.tolerance < 1)) r.fail("tolerance", "a fraction in (0, 1) expected, e.g. 0.02");
  spec.budget = static_cast<int>(r.number_or("budget", 12, kRunCount));
  const double max_repeats = r.number_or("max_repeats", 8 * repeat, Range{0, 8 * kRunCount.hi, true});
  if (max_repeats < repeat)
    r.fail("max_repeats", fmt::format("a whole number >= repeats ({:g}) expected, got {:g}", repeat, max_repeats));
  spec.max_repeats = static_cast<int>(max_repeats);
  // Tuning caps (see study::TuneRequest): a search that cannot reach its target must not grow the
  // size until one run takes minutes.
  spec.max_run_time = r.number_or("max_run_time", 60, Range{0.001, 1e7});
  spec.max_point_time = r.number_or("max_point_time", 600, Range{0.001, 1e7});
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
  if (spec.modes.empty()) {
    spec.reports = read_reports(r, spec.mode);
  } else {
    spec.reports = report_names_of(r);  // as written; each mode takes those it has
  }
  spec.px_max = r.number_or("px_max", 1024, kProcessorCount);
  if (r.push("bounds", LUA_TTABLE, false)) {
    FieldReader b(L, -1, r.where(), "bounds.");
    b.reject_unknown({"T", "E", "B"});
    spec.bounds.T = b.optional_number("T", Range::positive());
    spec.bounds.E = b.optional_number("E", Range{0, 1, false, true});  // an efficiency: (0, 1]
    spec.bounds.B = b.optional_number("B", Range::positive());
    lua_pop(L, 1);
  }
  return spec;
}

// columns = { name = function(k, p) ... end }: each becomes a callable the engine calls with a
// point's slot values and p; the function gets the kernel configured with those values.
void read_columns(lua_State* L, const FieldReader& r, int kernel, study::ExperimentSpec& spec) {
  if (!r.push("columns", LUA_TTABLE, false)) return;
  const int columns = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, columns) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TFUNCTION) {
      lua_pop(L, 3);
      r.fail("columns", "a table of name = function(k, p) ... end expected");
    }
    study::ExtraColumn c;
    c.name = lua_tostring(L, -2);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);  // pops the function; the state ends with the run
    c.value = [L, ref, kernel, name = c.name, where = r.where()](const model::ParamSpace& space,
                                                                  const std::vector<double>& slots, double p) {
      push_configured(L, kernel, space, slots);
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
      lua_insert(L, -2);
      lua_pushnumber(L, p);
      protected_call(L, 2, 1);
      if (lua_type(L, -1) != LUA_TNUMBER) {
        const std::string got = type_name(L, -1);
        lua_pop(L, 1);
        throw ScriptError(fmt::format("{}column '{}' returned {} (expected a number)", where, printable(name), got));
      }
      const double v = lua_tonumber(L, -1);
      lua_pop(L, 1);
      return v;
    };
    spec.columns.push_back(std::move(c));
  }
  lua_pop(L, 1);
  std::sort(spec.columns.begin(), spec.columns.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

// The numeric scalar parameters, as a native kernel receives them.
runtime::Params numeric_params(lua_State* L, int kernel) {
  runtime::Params params;
  raw_field(L, kernel, "params");
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TNUMBER) params[lua_tostring(L, -2)] = lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return params;
}

// A parameter that is not a number as canonical JSON text (strings quoted, booleans, lists and
// tables with their entries): a point's identity holds every parameter.
nlohmann::json identity_value(lua_State* L, int index, int depth) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: return lua_tonumber(L, index);
    case LUA_TSTRING: return lua_tostring(L, index);
    case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0;
    case LUA_TTABLE: {
      if (depth > 8) return "(nested)";
      nlohmann::json out = nlohmann::json::object();
      const int table = lua_absindex(L, index);
      lua_pushnil(L);
      while (lua_next(L, table) != 0) {
        lua_pushvalue(L, -2);  // lua_tostring on the key itself would confuse lua_next
        const std::string key = lua_type(L, -1) == LUA_TNUMBER ? fmt::format("{}", lua_tonumber(L, -1))
                                : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
        lua_pop(L, 1);
        out[key] = identity_value(L, -1, depth + 1);
        lua_pop(L, 1);
      }
      return out;
    }
    default: return lua_typename(L, lua_type(L, index));
  }
}

std::map<std::string, std::string> other_params(lua_State* L, int kernel) {
  std::map<std::string, std::string> params;
  raw_field(L, kernel, "params");
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER)
        params[lua_tostring(L, -2)] = identity_value(L, -1, 0).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return params;
}

// work(k) or memory(k) of a kernel description for the given parameters: the description called
// with them gives the configured copy (see kernel{} in the prelude), whose function is then
// called. NaN when the description has no such function or it returns no number.
double description_figure(lua_State* L, int kernel, const char* which, const runtime::Params& params) {
  if (!has_function(L, kernel, which)) return std::nan("");
  push_configured(L, kernel, params);
  raw_field(L, -1, which);
  lua_insert(L, -2);
  protected_call(L, 1, 1);
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : std::nan("");
  lua_pop(L, 1);
  return v;
}

// Pushes the machine a kernel's model sees beside a simulation: a copy of the machine table whose
// processors run speed_factor times faster, with the marked speed and count of the nodes
// simulated where the engine gives them (see study::ModelMachine).
void push_simulated_machine(lua_State* L, int machine, const study::ModelMachine& view) {
  lua_newtable(L);
  const int copy = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, machine) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  // Raw sets before the metatable: a __newindex a script put on the machine's metatable must not
  // run here.
  for (const char* field : {"speed", "marked"}) {
    const double v = number_field(L, copy, field);
    if (std::isnan(v) || view.speed_factor == 1) continue;
    lua_pushstring(L, field);
    lua_pushnumber(L, v * view.speed_factor);
    lua_rawset(L, copy);
  }
  if (view.marked) {
    lua_pushliteral(L, "marked");
    lua_pushnumber(L, *view.marked);
    lua_rawset(L, copy);
  }
  if (view.procs) {
    lua_pushliteral(L, "procs");
    lua_pushinteger(L, static_cast<lua_Integer>(*view.procs));
    lua_rawset(L, copy);
  }
  if (lua_getmetatable(L, machine) != 0) lua_setmetatable(L, copy);
}

// kernel{} as the engine needs it; `machines` are the stack indices of the experiment's machines.
// The callables refer to stack slots of this native call, which outlive the experiment's run.
study::KernelSpec read_kernel(lua_State* L, int kernel, const std::vector<int>& machines, bool nil_machine,
                              const std::string& owner) {
  study::KernelSpec k;
  k.name = string_field(L, kernel, "name");
  k.native = string_field(L, kernel, "native");
  k.command = string_field(L, kernel, "command");
  k.mpi = string_field(L, kernel, "mpi");
  k.timer = string_field(L, kernel, "timer");
  k.size = string_field(L, kernel, "size");
  k.params = numeric_params(L, kernel);
  k.other_params = other_params(L, kernel);
  const double run_timeout = number_field(L, kernel, "run_timeout");
  k.run_timeout = run_timeout > 0 ? run_timeout : 0;
  k.has_model = has_function(L, kernel, "model");
  k.has_program = has_function(L, kernel, "program");
  k.bind_model = [L, kernel, machines, nil_machine, owner](const study::ModelMachine& view) {
    const int machine = machines[view.index];
    if (!view.simulated) return kernel_model_parts(L, kernel, nil_machine ? 0 : machine, owner);
    push_simulated_machine(L, machine, view);
    const int top = lua_gettop(L);
    try {
      model::ModelParts parts = kernel_model_parts(L, kernel, top, owner);
      lua_settop(L, top - 1);
      return parts;
    } catch (...) {
      lua_settop(L, top - 1);
      throw;
    }
  };
  k.work = [L, kernel](const runtime::Params& at) { return description_figure(L, kernel, "work", at); };
  k.memory = [L, kernel](const runtime::Params& at) { return description_figure(L, kernel, "memory", at); };
  k.programs = [L, kernel](sim::Simulator& simulator, const study::KernelConfig& config) -> std::unique_ptr<sim::Programs> {
    const int top = lua_gettop(L);
    raw_field(L, kernel, "program");
    if (config.space != nullptr) push_configured(L, kernel, *config.space, *config.slots);
    else lua_pushvalue(L, kernel);
    auto programs = std::make_unique<LuaPrograms>(L, top + 1, top + 2, simulator);  // anchors both
    lua_settop(L, top);
    return programs;
  };
  k.schedule = [L, kernel](const study::KernelConfig& config,
                           const std::vector<double>& speeds) -> std::shared_ptr<const sim::ScheduleBook> {
    const int top = lua_gettop(L);
    raw_field(L, kernel, "program");
    if (config.space != nullptr) push_configured(L, kernel, *config.space, *config.slots);
    else lua_pushvalue(L, kernel);
    auto book = LuaPrograms::record_schedule(L, top + 1, top + 2, speeds, [] { check_stop(); });
    lua_settop(L, top);
    return book;
  };
  return k;
}

// The strings of a list at the top of the stack, or of a single string there.
std::vector<std::string> strings_at_top(lua_State* L) {
  std::vector<std::string> out;
  if (lua_type(L, -1) == LUA_TSTRING) out.emplace_back(lua_tostring(L, -1));
  if (lua_type(L, -1) != LUA_TTABLE) return out;
  const auto n = static_cast<int>(lua_rawlen(L, -1));
  for (int i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, i) == LUA_TSTRING) out.emplace_back(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  return out;
}

// hosts, slots and launcher{} (checked by machine{}, see validate.cpp).
void read_cluster(lua_State* L, int machine, study::MachineSpec& m) {
  raw_field(L, machine, "hosts");
  m.hosts = strings_at_top(L);
  lua_pop(L, 1);
  m.slots = number_field(L, machine, "slots");
  if (raw_field(L, machine, "launcher") == LUA_TTABLE) {
    const int launcher = lua_gettop(L);
    measure::Launcher l;
    l.kind = string_field(L, launcher, "kind", "mpirun");
    l.command = string_field(L, launcher, "command", measure::default_command(l.kind).c_str());
    raw_field(L, launcher, "options");
    l.options = strings_at_top(L);
    lua_pop(L, 1);
    if (raw_field(L, launcher, "env") == LUA_TTABLE) {
      lua_pushnil(L);
      while (lua_next(L, -2) != 0) {
        // machine{} checked the values; one changed since into a table reads as absent.
        const int value = lua_type(L, -1);
        if (lua_type(L, -2) == LUA_TSTRING && (value == LUA_TSTRING || value == LUA_TNUMBER)) {
          lua_pushvalue(L, -1);  // lua_tostring converts in place: a copy keeps lua_next's key intact
          l.env[lua_tostring(L, -3)] = lua_tostring(L, -1);
          lua_pop(L, 1);
        }
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
    raw_field(L, launcher, "oversubscribe");
    l.oversubscribe = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    raw_field(L, launcher, "batch");
    l.batch = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    m.launcher = std::move(l);
  }
  lua_pop(L, 1);
}

}  // namespace

// machine{} (or one machine set) as the engine needs it.
study::MachineSpec read_machine(lua_State* L, int machine) {
  study::MachineSpec m;
  m.name = string_field(L, machine, "name", "?");
  m.machine_name = string_field(L, machine, "machine_name");
  m.procs = number_field(L, machine, "procs");
  m.memory = number_field(L, machine, "memory");
  m.marked = number_field(L, machine, "marked");
  m.speed = number_field(L, machine, "speed");
  read_cluster(L, machine, m);
  if (raw_field(L, machine, "groups") == LUA_TTABLE) {
    const int groups = lua_gettop(L);
    const auto n = static_cast<int>(lua_rawlen(L, groups));
    for (int g = 1; g <= n; ++g) {
      lua_rawgeti(L, groups, g);
      const int group = lua_gettop(L);
      study::NodeGroup node_group;
      node_group.name = string_field(L, group, "name");
      node_group.count = number_field(L, group, "count");
      node_group.speed = number_field(L, group, "speed");
      if (raw_field(L, group, "speeds") == LUA_TTABLE) {
        const auto count = static_cast<int>(lua_rawlen(L, -1));
        for (int i = 1; i <= count; ++i) {
          lua_rawgeti(L, -1, i);
          node_group.speeds.push_back(lua_tonumber(L, -1));
          lua_pop(L, 1);
        }
      }
      lua_settop(L, group);
      raw_field(L, group, "hosts");
      node_group.hosts = strings_at_top(L);
      lua_settop(L, group - 1);
      m.groups.push_back(std::move(node_group));
    }
  }
  lua_pop(L, 1);
  if (raw_field(L, machine, "composition") == LUA_TTABLE) {
    m.composition.emplace();
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TNUMBER) (*m.composition)[lua_tostring(L, -2)] = lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return m;
}

namespace {

// The machine (pushed; an anonymous one when the experiment names none) or every machine set,
// each pushed; returns their stack indices.
std::vector<int> push_machines(lua_State* L, const FieldReader& r, study::ExperimentInput& input) {
  std::vector<int> machines;
  if (input.spec.procs.empty()) {
    r.push("sets", LUA_TTABLE, true);
    const int sets = lua_gettop(L);
    const auto n = static_cast<int>(lua_rawlen(L, sets));
    if (n == 0) r.fail("sets", "an empty list of machine sets (did machine_sets{} build none?)");
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, sets, i);
      require_machine(L, lua_gettop(L), r, fmt::format("sets[{}]", i).c_str());
      machines.push_back(lua_gettop(L));
    }
    input.spec.set_count = n;
  } else if (!r.push("machine", LUA_TTABLE, false)) {
    lua_newtable(L);  // an anonymous machine for the tables' headings and the point contexts
    lua_pushliteral(L, "(none)");
    lua_setfield(L, -2, "name");
    input.no_machine = true;
    machines.push_back(lua_gettop(L));
  } else {
    require_machine(L, lua_gettop(L), r, "machine");
    machines.push_back(lua_gettop(L));
  }
  return machines;
}

}  // namespace

namespace {

// experiment{} as the run does it: read, checked, swept (or, in a dry run or the check pass, only
// checked), its section pushed.
int read_and_run_experiment(lua_State* L, study::Session& session) {
  const FieldReader r = form_table(L, "experiment");
  const std::string& where = r.where();
  study::ExperimentInput input;
  input.spec = read_spec(L, r);
  study::ExperimentSpec& spec = input.spec;

  r.push("kernel", LUA_TTABLE, true);
  const int kernel = lua_gettop(L);
  require_kernel(L, kernel, r, "kernel");
  const std::vector<int> machines = push_machines(L, r, input);
  for (int machine : machines) input.machines.push_back(read_machine(L, machine));
  spec.machine_name = input.machines.front().name;
  if (spec.set_count > 0 && !input.machines.front().machine_name.empty()) spec.machine_name = input.machines.front().machine_name;
  // A model sees nil for m where the experiment names no machine (model mode; a model that needs
  // one says so), the anonymous machine in the other modes.
  const bool nil_machine = input.no_machine && spec.mode == study::Mode::model && spec.modes.empty();
  input.kernel = read_kernel(L, kernel, machines, nil_machine, fmt::format("experiment '{}'", spec.name));
  const int machine = machines.front();
  input.network = [L, machine] { return read_network_spec(L, machine); };
  read_columns(L, r, kernel, spec);

  if (r.push("scale", LUA_TTABLE, false)) {
    spec.rule = read_rule(L, lua_gettop(L), where);
    lua_pop(L, 1);
  }
  if (spec.rule.vary.empty() && !input.kernel.size.empty()) spec.rule.vary.emplace_back(input.kernel.size, 1.0);
  const bool wants_triple = std::find(spec.reports.begin(), spec.reports.end(), "triple") != spec.reports.end();
  if (wants_triple && (!spec.bounds.T || !spec.bounds.E || !spec.bounds.B)) {
    r.fail("bounds", "the triple report needs bounds = { T = seconds, E = efficiency, B = bytes per processor }");
  }
  if (!spec.modes.empty()) {
    const std::vector<study::Mode> modes = spec.modes;
    const std::vector<std::string> reports = spec.reports;
    push_section(L, study::run_modes_side_by_side(input, modes, reports, session));
    return 1;
  }
  push_section(L, study::run_experiment(input, session));
  return 1;
}

}  // namespace

int experiment_native(lua_State* L) {
  study::Session& session = session_of(L);
  if (!session.checking) return read_and_run_experiment(L, session);
  // The check pass reports only what experiment{} itself refuses: the rest of a script may depend
  // on what running does (a program's callbacks, the results), which a dry run cannot know.
  // Once a stand-in was used, even inside a pcall that went on, the script may have taken a way
  // the run does not (pcall failed here, succeeds there): what it gives experiment{} is no longer
  // what the run will give, so the check pass stops judging.
  if (check_stand_in_used(L)) {
    throw NativeError("experiment{} after the use of an earlier form's results: the check pass stops here");
  }
  try {
    read_and_run_experiment(L, session);
  } catch (const runtime::Stopped&) {
    throw;
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    session.experiment_refused = e.what();
    throw;
  }
  // In the check pass its numbers do not exist: a script that reads them ends the check pass
  // there (what it would build from a stand-in could not be checked soundly).
  lua_pop(L, 1);
  push_check_stand_in(L, "experiment{}");
  return 1;
}

}  // namespace scalerun::lua
