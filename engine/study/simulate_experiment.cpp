#include "study/simulate_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/state.hpp"
#include "lua/kernel_model_reader.hpp"
#include "model/kernel_model.hpp"
#include "model/scaling_rule.hpp"
#include "lua/network_reader.hpp"
#include "network/network_spec.hpp"
#include "sim/lua/lua_programs.hpp"
#include "sim/sim_reports.hpp"
#include "sim/simulator.hpp"
#include "study/kernel_config.hpp"
#include "study/results.hpp"
#include "study/session.hpp"
#include "util/progress.hpp"

namespace scalerun::study {

namespace {

// Every simulated processor is a Lua coroutine plus its queues in the network and the event list:
// about a kilobyte each, so a million fit in about a gigabyte (the product's goal) and more would
// rather run out of memory than finish.
constexpr double kMaxSimulatedProcessors = 1 << 20;

std::string string_field(lua_State* L, int index, const char* field) {
  lua_getfield(L, index, field);
  std::string s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 1);
  return s;
}

double number_field(lua_State* L, int index, const char* field) {
  lua_getfield(L, index, field);
  const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : std::nan("");
  lua_pop(L, 1);
  return v;
}

// Operations per second of each of p processors: the machine's speed, or on a machine of node
// groups the speed of each node, groups in the order listed; times the experiment's speed factor
// (the SPASM paper runs its processors at 1X and 10X, §6). A machine set from machine_sets{} holds
// only the nodes of its composition: the first so many of each group.
std::vector<double> processor_speeds(lua_State* L, int machine, int p, double factor, const lua::FieldReader& r) {
  std::vector<double> speeds;
  const std::string name = string_field(L, machine, "name");
  if (lua_getfield(L, machine, "groups") == LUA_TTABLE) {
    const int groups = lua_gettop(L);
    lua_getfield(L, machine, "composition");
    const int composition = lua_type(L, -1) == LUA_TTABLE ? lua_gettop(L) : 0;
    const auto n = static_cast<int>(lua_rawlen(L, groups));
    for (int g = 1; g <= n && static_cast<int>(speeds.size()) < p; ++g) {
      lua_rawgeti(L, groups, g);
      const int group = lua_gettop(L);
      auto count = static_cast<int>(number_field(L, group, "count"));
      if (composition != 0) {
        const double in_set = number_field(L, composition, string_field(L, group, "name").c_str());
        count = std::isnan(in_set) ? 0 : std::min(count, static_cast<int>(in_set));
      }
      const double speed = number_field(L, group, "speed");
      lua_getfield(L, group, "speeds");
      for (int i = 1; i <= count && static_cast<int>(speeds.size()) < p; ++i) {
        if (lua_type(L, -1) == LUA_TTABLE) {
          lua_rawgeti(L, -1, i);
          speeds.push_back(lua_tonumber(L, -1));
          lua_pop(L, 1);
        } else {
          speeds.push_back(speed);
        }
      }
      lua_pop(L, 2);
    }
    lua_settop(L, groups - 1);
    if (static_cast<int>(speeds.size()) < p) {
      r.fail("procs", fmt::format("machine '{}' has {} nodes in its {}, too few for p = {}", name, speeds.size(),
                                  composition != 0 ? "composition" : "groups", p));
    }
  } else {
    lua_pop(L, 1);
    const double speed = number_field(L, machine, "speed");
    if (!(speed > 0)) {
      r.fail("machine", fmt::format("machine '{}' has no speed (operations/s per processor): simulate mode needs it "
                                    "to time ctx:compute", name));
    }
    speeds.assign(static_cast<std::size_t>(p), speed);
  }
  for (double& s : speeds) s *= factor;
  return speeds;
}

// Pushes the machine the kernel's model sees beside a simulation on `speeds` (one per processor,
// speed factor included): a copy of the machine whose processors run speed_factor times faster,
// and which, on a machine of node groups, has the marked speed of the nodes simulated. The groups
// alone do not say which p nodes a model means, so m:marked_speed(p) refuses such a machine
// (machine_sets{} is the way in model mode); a simulation picks its p nodes, which makes
// marked_speed(p) = the sum of their speeds well defined.
void push_model_machine(lua_State* L, int machine, const std::vector<double>& speeds, double factor) {
  lua_newtable(L);
  const int view = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, machine) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, view);
  }
  if (lua_getmetatable(L, machine) != 0) lua_setmetatable(L, view);
  lua_getfield(L, view, "groups");
  const bool groups = lua_type(L, -1) == LUA_TTABLE;
  lua_pop(L, 1);
  if (groups) {
    double marked = 0;
    for (double s : speeds) marked += s;
    lua_pushnumber(L, marked);
    lua_setfield(L, view, "marked");
    lua_pushinteger(L, static_cast<lua_Integer>(speeds.size()));
    lua_setfield(L, view, "procs");
    return;
  }
  for (const char* field : {"speed", "marked"}) {
    const double v = number_field(L, view, field);
    if (std::isnan(v)) continue;
    lua_pushnumber(L, v * factor);
    lua_setfield(L, view, field);
  }
}

// The networks of the three runs and what each charges per message in software.
enum class Machine { Ideal, ContentionFree, Real };

struct Simulation {
  lua_State* L;
  int program, machine;
  network::NetworkSpec net;
  const lua::FieldReader& r;

  // The program on processors of the given speeds (one per processor).
  sim::RunResult run(Machine which, int kernel_view, const std::vector<double>& speeds) {
    const auto p = static_cast<int>(speeds.size());
    std::unique_ptr<network::Network> network;
    try {
      network = which == Machine::Ideal ? network::make_ideal_network(p)
                                        : network::make_network(net, p, network::Options{which == Machine::Real});
    } catch (const std::invalid_argument& e) {
      throw ScriptError(fmt::format("{}machine '{}': {}", r.where(), string_field(L, machine, "name"), e.what()));
    }
    sim::Simulator::Setup setup;
    setup.processors = p;
    setup.network = network.get();
    setup.overhead = which == Machine::Ideal ? 0.0 : net.overhead;
    setup.speeds = speeds;
    lua_State* state = L;
    setup.poll = [state] { lua::owner(state).check_budget(); };
    sim::Simulator simulator(std::move(setup));
    sim::LuaPrograms programs(L, program, kernel_view, simulator);
    try {
      return simulator.run(programs);
    } catch (const sim::SimulationError& e) {
      const std::string text = e.what();
      // A deadlock names the program line of a waiting processor; without one, the experiment's.
      throw ScriptError(text.starts_with("deadlock") ? r.where() + text : text);
    }
  }
};

}  // namespace

int run_simulate_experiment(lua_State* L, ExperimentSpec& spec, int kernel, int machine, const lua::FieldReader& r) {
  Session& session = session_of(L);
  const std::string kernel_name = string_field(L, kernel, "name");
  lua_getfield(L, kernel, "program");
  if (lua_type(L, -1) != LUA_TFUNCTION) {
    r.fail("kernel", fmt::format("kernel '{}' has no program = function(ctx, k) ... end: nothing to simulate",
                                 kernel_name));
  }
  const int program = lua_gettop(L);
  if (spec.procs.empty()) r.fail("sets", "simulate mode runs processor counts: give procs = { 1, 2, 4, ... }");
  for (double p : spec.procs) {
    if (p > kMaxSimulatedProcessors) {
      r.fail("procs", fmt::format("simulate mode runs at most {:.0f} processors (each is a coroutine with its own "
                                  "stack), got {:g}", kMaxSimulatedProcessors, p));
    }
  }

  Simulation simulation{L, program, machine, lua::read_network_spec(L, machine), r};
  const double factor = spec.speed_factor;
  const std::vector<double> one_processor = processor_speeds(L, machine, 1, factor, r);

  // The kernel's model, bound to the simulated machine (push_model_machine). On a machine of node
  // groups the marked speed depends on which p nodes are simulated, so it is bound again per point.
  std::unique_ptr<model::KernelModel> model;
  std::string model_note;  // why the model column is absent (from some p on), when it is
  lua_getfield(L, kernel, "model");
  const bool has_model = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  lua_getfield(L, machine, "groups");
  const bool model_per_point = lua_type(L, -1) == LUA_TTABLE;
  lua_pop(L, 1);
  auto bind_model = [&](const std::vector<double>& speeds) {
    model.reset();
    push_model_machine(L, machine, speeds, factor);
    try {
      model = std::make_unique<model::KernelModel>(lua::kernel_model_parts(L, kernel, lua_gettop(L)));
    } catch (const ScriptError& e) {
      model_note = fmt::format("no model column from p = {} on: the kernel's model could not be evaluated on the "
                               "simulated machine: {}", speeds.size(), e.what());
    }
    lua_pop(L, 1);
  };
  const bool scaled = spec.rule.kind != model::RuleKind::Fixed;
  auto require_model = [&] {
    if (scaled && !model) {
      r.fail("scale", fmt::format("a scaling rule solves sizes with the kernel's model, and kernel '{}' has {}; "
                                  "simulate it at fixed sizes", kernel_name,
                                  has_model ? "one that cannot be evaluated here (" + model_note + ")" : "none"));
    }
  };
  if (has_model) bind_model(processor_speeds(L, machine, static_cast<int>(spec.procs.front()), factor, r));
  require_model();

  sim::SimulatedStudy study;
  study.name = spec.name;
  study.kernel = kernel_name;
  study.machine = spec.machine_name;
  study.network = simulation.net.kind;
  study.speed_factor = spec.speed_factor;
  study.overhead = simulation.net.overhead;

  // The one-processor runs: shared by every point at a fixed size, per point when the size scales.
  std::optional<std::pair<double, double>> fixed_t1;  // ideal, real
  util::Progress progress(spec.name, spec.procs.size(), session.options.quiet);
  for (std::size_t i = 0; i < spec.procs.size(); ++i) {
    lua::owner(L).check_budget();
    const double p = spec.procs[i];
    const std::vector<double> speeds = processor_speeds(L, machine, static_cast<int>(p), factor, r);
    if (std::adjacent_find(speeds.begin(), speeds.end(), std::not_equal_to<>()) != speeds.end()) {
      study.unequal_speeds = true;
    }
    if (model && model_per_point && i > 0) {
      bind_model(speeds);
      require_model();
    }
    std::vector<double> slots;
    if (model) slots = model->params().values();
    if (scaled) {
      const model::PointContext ctx{p, std::nan(""), number_field(L, machine, "memory")};
      slots = model::apply_rule(*model, spec.rule, slots, ctx).slots;
      push_configured(L, kernel, model->params(), slots);
    } else {
      lua_pushvalue(L, kernel);
    }
    const int view = lua_gettop(L);

    sim::SimulatedPoint pt;
    pt.p = p;
    pt.ideal = simulation.run(Machine::Ideal, view, speeds);
    pt.contention_free = simulation.run(Machine::ContentionFree, view, speeds);
    pt.real = simulation.run(Machine::Real, view, speeds);
    std::pair<double, double> t1;
    if (p == 1) {
      t1 = {pt.ideal.makespan, pt.real.makespan};
    } else if (!scaled && fixed_t1) {
      t1 = *fixed_t1;
    } else {
      // T(1) needs the program on one processor too, though the experiment may not list p = 1.
      try {
        t1 = {simulation.run(Machine::Ideal, view, one_processor).makespan,
              simulation.run(Machine::Real, view, one_processor).makespan};
      } catch (const ScriptError& e) {
        throw ScriptError(fmt::format("{} (the one-processor run that gives T(1))", e.what()), e.traceback());
      }
    }
    if (!scaled) fixed_t1 = t1;
    lua_pop(L, 1);

    pt.separation = sim::separate(pt.ideal, pt.contention_free, pt.real, t1.first);
    pt.t1_real = t1.second;
    if (model) {
      model::Evaluation e;
      model->evaluate(slots, p, e);
      if (std::isfinite(e.time)) pt.model_time = e.time;
    }
    progress.step(i + 1, fmt::format("p={:g}: {:.4g} s simulated ({} events)", p, pt.real.makespan,
                                     pt.ideal.events + pt.contention_free.events + pt.real.events));
    study.points.push_back(std::move(pt));
  }
  progress.finish();
  study.model_note = model_note;

  session.sections.push_back({spec.name, "experiment", sim::simulate_tables(study, spec.reports)});
  push_section(L, session.sections.back());
  return 1;
}

}  // namespace scalerun::study
