#include "lua/validate.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lua/call.hpp"
#include "lua/native.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "lua/field_reader.hpp"
#include "lua/network_reader.hpp"
#include "network/network_spec.hpp"
#include "study/experiment.hpp"

namespace scalerun::lua {

namespace {

bool has_metatable_name(lua_State* L, int index, const char* name) {
  if (lua_type(L, index) != LUA_TTABLE || lua_getmetatable(L, index) == 0) return false;
  lua::raw_field(L, -1, "__name");
  const bool match = lua_type(L, -1) == LUA_TSTRING && std::strcmp(lua_tostring(L, -1), name) == 0;
  lua_pop(L, 2);
  return match;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

void check_positive(const lua::FieldReader& r, const char* name) { r.optional_number(name, lua::Range::positive()); }

// Processors and nodes: whole, at least one, and no more than a study may name.
void check_count(const lua::FieldReader& r, const char* name, bool required) {
  const lua::Range counts{1, study::kMaxProcessors, true};
  if (required) r.number(name, counts);
  else r.optional_number(name, counts);
}

// machine_sets{}'s start = { group = nodes, ... }: every name a group of the machine, every count
// one the group has (a set of 99 nodes from a group of 1 describes no machine), one node at least.
void check_start_set(lua_State* L, int groups, int start, const lua::FieldReader& r) {
  std::vector<std::string> names;
  const auto n = static_cast<int>(lua_rawlen(L, groups));
  double total = 0;
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, groups, i);
    // The machine's groups as machine{} checked them; a group changed since into something else
    // reads as an empty one.
    lua::raw_field(L, -1, "name");
    const std::string name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua::raw_field(L, -2, "count");
    const double count = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
    lua_pop(L, 3);
    names.push_back(name);
    lua::FieldReader start_reader(L, start, r.where(), "start.");
    total += start_reader.number_or(name.c_str(), 0, lua::Range{0, count, true});
  }
  lua_pushnil(L);
  while (lua_next(L, start) != 0) {
    lua_pop(L, 1);
    const std::string key = lua_type(L, -1) == LUA_TSTRING ? printable(lua_tostring(L, -1)) : lua::type_name(L, -1);
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      lua_pop(L, 1);
      const std::string near = lua::closest_name(key, names);
      r.fail("start", fmt::format("'{}' is not a node group of the machine{} (groups: {})", key,
                                  near.empty() ? "" : fmt::format(", did you mean '{}'?", near), fmt::join(names, ", ")));
    }
  }
  if (total == 0) r.fail("start", "the first set has no nodes: give at least one, e.g. start = { " + names.front() + " = 1 }");
}

}  // namespace

namespace {

// A cluster's hosts, slots per host and launcher (measure mode's MPI kernels).
void check_cluster(lua_State* L, const lua::FieldReader& r) {
  if (r.has("hosts") && r.string_list("hosts").empty()) r.fail("hosts", "a list of host names expected, e.g. { \"node1\", \"node2\" }");
  check_count(r, "slots", false);
  if (!r.push("launcher", LUA_TTABLE, false)) return;
  lua::FieldReader l(L, -1, r.where(), "launcher.");
  l.reject_unknown({"kind", "command", "options", "env", "oversubscribe", "batch"});
  const std::string kind = l.string_or("kind", "mpirun");
  if (kind != "mpirun" && kind != "srun" && kind != "mpich") {
    l.fail("kind", fmt::format("'{}': jobs start with Open MPI's mpirun (kind = \"mpirun\"), MPICH's mpiexec (kind = "
                               "\"mpich\") or Slurm's srun (kind = \"srun\")", kind));
  }
  l.string_or("command", kind);
  if (l.has("options")) l.string_list("options");
  if (l.push("env", LUA_TTABLE, false)) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER)) {
        lua_pop(L, 2);
        l.fail("env", "a table of NAME = \"value\" expected");
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  l.boolean_or("oversubscribe", false);
  if (l.boolean_or("batch", false) && kind != "srun") {
    l.fail("batch", "batch = true submits jobs with Slurm's sbatch: it needs kind = \"srun\"");
  }
  lua_pop(L, 1);
}

}  // namespace

void validate_machine(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"name", "doc", "clock", "peak", "speed", "memory", "procs", "disk", "topology", "groups",
                    "network", "nodes", "marked", "composition", "machine_name", "hosts", "slots", "launcher"});
  check_cluster(L, r);
  r.string("name");
  for (const char* f : {"clock", "peak", "speed", "memory", "disk", "marked"}) check_positive(r, f);
  check_count(r, "procs", false);
  // The interconnect (network = { ... } and topology = rings{ ... }) is checked by the reader that
  // simulate mode uses, so a machine accepted here is one simulate mode can read: the same fields
  // per network kind, the same messages.
  lua::read_machine_network(L, index, r.where());
  if (r.push("groups", LUA_TTABLE, false)) {
    const auto n = static_cast<int>(lua_rawlen(L, -1));
    if (n == 0) r.fail("groups", "a list of node groups { name = ..., count = ..., speed = ... } expected");
    for (int i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("groups", fmt::format("group {} is not a table", i));
      lua::FieldReader g(L, -1, r.where(), fmt::format("groups[{}].", i));
      g.reject_unknown({"name", "count", "speed", "speeds", "memory", "doc", "hosts"});
      g.string("name");
      check_count(g, "count", true);
      const bool has_speed = g.has("speed"), has_speeds = g.has("speeds");
      if (has_speed == has_speeds) g.fail("speed", "give the marked speed of each node: speed = ops/s, or speeds = { ... }");
      if (has_speed) check_positive(g, "speed");
      if (has_speeds && g.number_list("speeds", lua::Range::positive()).size() < static_cast<std::size_t>(g.number("count"))) {
        g.fail("speeds", "needs one speed per node (count of them)");
      }
      // A cluster's group names the host of each of its nodes, in order (a host may repeat: one
      // rank per node, so a host with 4 cores can stand for 4 nodes).
      if (g.has("hosts") && g.string_list("hosts").size() != static_cast<std::size_t>(g.number("count"))) {
        g.fail("hosts", fmt::format("needs one host name per node ({} of them), e.g. {{ \"node1\", \"node2\" }}",
                                    g.number("count")));
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

namespace {

// size names the parameter rules vary: naming no parameter would make every rule fail later,
// far from this line.
void check_kernel_size(lua_State* L, int index, const lua::FieldReader& r) {
  if (r.has("size")) {
    lua::raw_field(L, index, "size");
    const int t = lua_type(L, -1);
    std::string size_name = t == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    if (t != LUA_TSTRING && t != LUA_TTABLE) r.fail("size", "the parameter a scaling rule varies (a name) expected");
    if (t == LUA_TSTRING) {
      bool declared = false;
      if (lua::raw_field(L, index, "params") == LUA_TTABLE) {
        lua::raw_field(L, -1, size_name.c_str());
        declared = lua_type(L, -1) == LUA_TNUMBER;
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      if (!declared) {
        r.fail("size", fmt::format("'{}' is not a numeric parameter of the kernel (give it in params = {{ {} = ... }})",
                                   printable(size_name), printable(size_name)));
      }
    }
  }
}

// params: identifiers that are not field names, each a finite number, a list of them, a string
// or a boolean.
void check_kernel_params(lua_State* L, const lua::FieldReader& r) {
  if (r.push("params", LUA_TTABLE, false)) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || !is_identifier(lua_tostring(L, -2))) {
        lua_pop(L, 3);
        r.fail("params", "parameter names must be identifiers such as n or tau");
      }
      const std::string name = lua_tostring(L, -2);
      static const char* reserved[] = {"name", "params", "work", "memory", "model", "native", "command",
                                       "mpi", "program", "size", "doc", "timer", "run_timeout"};
      for (const char* word : reserved) {
        if (name == word) {
          lua_pop(L, 3);
          r.fail("params", fmt::format("'{}' cannot be a parameter name: kernels use it for their {} field", name, name));
        }
      }
      const int t = lua_type(L, -1);
      // A parameter of NaN or infinity can only give NaN or infinite times: refused where written.
      if (t == LUA_TNUMBER && !std::isfinite(lua_tonumber(L, -1))) {
        const double v = lua_tonumber(L, -1);
        lua_pop(L, 3);
        r.fail("params", fmt::format("'{}': a finite number expected, got {}", name, std::isnan(v) ? "nan" : fmt::format("{:g}", v)));
      }
      if (t == LUA_TTABLE) {
        const auto n = static_cast<int>(lua_rawlen(L, -1));
        for (int i = 1; i <= n; ++i) {
          if (lua_rawgeti(L, -1, i) != LUA_TNUMBER || !std::isfinite(lua_tonumber(L, -1))) {
            const std::string got = lua_type(L, -1) != LUA_TNUMBER ? std::string(lua::type_name(L, -1))
                                    : std::isnan(lua_tonumber(L, -1)) ? std::string("nan")
                                                                      : fmt::format("{:g}", lua_tonumber(L, -1));
            lua_pop(L, 4);
            r.fail("params", fmt::format("'{}'[{}]: a finite number expected, got {}", name, i, got));
          }
          lua_pop(L, 1);
        }
      } else if (t != LUA_TNUMBER && t != LUA_TSTRING && t != LUA_TBOOLEAN) {
        const std::string got = lua::type_name(L, -1);
        lua_pop(L, 3);
        r.fail("params", fmt::format("'{}': number, list of numbers, string or boolean expected, got {}", name, got));
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

}  // namespace

void validate_kernel(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"name", "doc", "params", "work", "memory", "model", "native", "command", "mpi", "program", "size",
                    "timer", "run_timeout"});
  // timer names a JSON figure the external or MPI program prints; a native kernel times itself.
  if (r.string_or("timer", "wall") != "wall" && !r.has("command") && !r.has("mpi")) {
    r.fail("timer", "names a figure an external or MPI program prints as JSON; give command = \"...\" or mpi = "
                    "\"...\", or drop timer");
  }
  if (r.has("command") && r.has("mpi")) {
    r.fail("mpi", "a kernel is either an external program (command) or an MPI program (mpi), not both");
  }
  // One measured run's limit in seconds (overrides --run-timeout); a year is beyond any run.
  r.optional_number("run_timeout", lua::Range{0, 3.2e7, false, true});
  r.string("name");
  for (const char* f : {"work", "memory", "model", "program"}) {
    if (r.push(f, LUA_TFUNCTION, false)) lua_pop(L, 1);
  }
  r.string_or("native", "");
  r.string_or("command", "");
  r.string_or("mpi", "");
  check_kernel_size(L, index, r);
  check_kernel_params(L, r);
}

void validate_machine_sets(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"machine", "start", "max_sets", "prefix"});
  r.push("machine", LUA_TTABLE, true);
  require_machine(L, lua_gettop(L), r, "machine");
  lua::raw_field(L, -1, "groups");
  if (lua_type(L, -1) != LUA_TTABLE) r.fail("machine", "machine_sets{} needs a machine with node groups");
  const int groups = lua_gettop(L);
  r.push("start", LUA_TTABLE, true);
  check_start_set(L, groups, lua_gettop(L), r);
  lua_pop(L, 3);
  check_count(r, "max_sets", false);
  r.string_or("prefix", "Set");
  (void)index;
}

void require_kernel(lua_State* L, int index, const lua::FieldReader& r, const char* field) {
  if (!has_metatable_name(L, index, "kernel")) {
    r.fail(field, fmt::format("kernel expected (made with kernel{{...}} or require \"kernels.name\"), got {}",
                              lua_type(L, index) == LUA_TTABLE ? "a plain table" : lua::type_name(L, index)));
  }
  // kernel{} checked its name, but the table may have changed since (k.name = nil): every report
  // and the database name the kernel.
  const int type = lua::raw_field(L, index, "name");
  const std::string got = lua::type_name(L, -1);
  lua_pop(L, 1);
  if (type != LUA_TSTRING) r.fail(field, fmt::format("the kernel has no name (its field 'name' is {}): give it name = \"...\"", got));
  const int params = lua::raw_field(L, index, "params");
  const std::string params_type = lua::type_name(L, -1);
  lua_pop(L, 1);
  if (params != LUA_TTABLE && params != LUA_TNIL) {
    r.fail(field, fmt::format("the kernel's params is a{} {}, not a table of parameters (was k.params changed after "
                              "kernel{{}}?)", params_type == "integer" ? "n" : "", params_type));
  }
}

void require_machine(lua_State* L, int index, const lua::FieldReader& r, const char* field) {
  if (!has_metatable_name(L, index, "machine")) {
    r.fail(field, fmt::format("machine expected (made with machine{{...}} or require \"machines.name\"), got {}",
                              lua_type(L, index) == LUA_TTABLE ? "a plain table" : lua::type_name(L, index)));
  }
}

FieldReader form_table(lua_State* L, const char* form) {
  if (lua_type(L, 1) != LUA_TTABLE) throw NativeError(fmt::format("{}{{}} expects a table", form));
  return FieldReader(L, 1, user_where(L));
}

KernelAndMachine push_kernel_and_machine(lua_State* L, const FieldReader& r) {
  KernelAndMachine at;
  r.push("kernel", LUA_TTABLE, true);
  at.kernel = lua_gettop(L);
  require_kernel(L, at.kernel, r, "kernel");
  if (r.push("machine", LUA_TTABLE, false)) {
    at.machine = lua_gettop(L);
    require_machine(L, at.machine, r, "machine");
  }
  return at;
}

}  // namespace scalerun::lua
