#include "lua/vocabulary.hpp"

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/embedded.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "lua/field_reader.hpp"
#include "lua/library_sandbox.hpp"
#include "lua/rule_reader.hpp"
#include "lua/native.hpp"
#include "host/host_cache.hpp"
#include "lua/symbolic.hpp"
#include "lua/experiment_reader.hpp"
#include "lua/session_binding.hpp"
#include "lua/set_expression.hpp"
#include "lua/validate.hpp"
#include "lua/check_reader.hpp"
#include "lua/discover_reader.hpp"
#include "lua/fit_reader.hpp"
#include "lua/map_reader.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {

// The text of a value the prelude passes on from a script (a name that may be nil by now).
std::string shown_arg(lua_State* L, int index) {
  const int type = lua_type(L, index);
  if (type == LUA_TSTRING) return printable(lua_tostring(L, index));
  if (type == LUA_TNUMBER) return fmt::format("{}", lua_tonumber(L, index));
  return "?";
}

int raise(lua_State* L) {
  throw NativeError(lua_type(L, 1) == LUA_TSTRING ? printable(lua_tostring(L, 1)) : std::string("error"));
}

// unknown_param(kernel_name, name, params): the message for configuring a missing parameter.
// Every argument comes from a kernel table the script may have changed since kernel{} (its name
// removed, its params no longer a table), so each is checked before it is read.
int unknown_param(lua_State* L) {
  std::vector<std::string> names;
  if (lua_type(L, 3) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, 3) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING) names.emplace_back(printable(lua_tostring(L, -2)));
      lua_pop(L, 1);
    }
  }
  std::sort(names.begin(), names.end());
  const std::string name = shown_arg(L, 2);
  const std::string near = closest_name(name, names);
  const std::string msg = fmt::format("kernel '{}' has no parameter '{}'{} (it has: {})", shown_arg(L, 1), name,
                                      near.empty() ? "" : fmt::format(", did you mean '{}'?", near),
                                      names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", ")));
  lua_pushstring(L, msg.c_str());
  return 1;
}

int undefined_global(lua_State* L) {
  const std::string name = shown_arg(L, 1);
  std::vector<std::string> globals;
  // The names a library sees are its views, not the script's globals (which it may not learn).
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushvalue(L, 2);
  } else {
    lua_pushglobaltable(L);
  }
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING) globals.emplace_back(lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  const std::string near = closest_name(name, globals);
  const std::string msg = fmt::format("undefined global '{}'{}", name,
                                      near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near));
  lua_pushstring(L, msg.c_str());
  return 1;
}

// experiment{}, map{}, fit{}, discover{} and check{} act (they run kernels and programs, read
// files): never on behalf of a library, whatever way it found to call them.
// One at a time: experiment{} from inside another's model, program, rule or column function
// would recurse without end (a simulated program that runs its own experiment). Kept in C++ and
// released by a destructor: natives end by C++ exceptions, which unwind it, and no Lua code runs
// to release it (a time-out raises again at every Lua instruction, a __close handler included).
const char* g_acting_now = nullptr;

template <int (*Fn)(lua_State*), const char* What>
int acting(lua_State* L) {
  refuse_in_library(L, What);
  if (g_acting_now != nullptr) {
    throw NativeError(fmt::format("{} cannot run inside {} (from a model, program, rule or column function it "
                                  "calls): call it in the script's main flow", What, g_acting_now));
  }
  struct Release {
    ~Release() { g_acting_now = nullptr; }
  } release;
  g_acting_now = What;
  return Fn(L);
}
constexpr char kExperiment[] = "experiment{}", kMap[] = "map{}", kFit[] = "fit{}", kDiscover[] = "discover{}",
               kCheck[] = "check{}";

// FieldReader refuses a value that is no table, so nothing below reads one.
template <void (*Validate)(lua_State*, int, const FieldReader&)>
int validator(lua_State* L) {
  FieldReader r(L, 1, user_where(L));
  Validate(L, 1, r);
  return 0;
}

int validate_rule(lua_State* L) {
  read_rule(L, 1, user_where(L));
  return 0;
}

// The check pass's stand-in for what map{}, fit{}, discover{} or check{} returns (the sandbox's).
int check_stand_in(lua_State* L) {
  push_check_stand_in(L, luaL_checkstring(L, 1));
  return 1;
}

int note_divergence(lua_State* L) {
  note_check_divergence(L);
  return 0;
}

// param(name, default, doc): --set name=value overrides the default, converted to its type.
int param(lua_State* L) {
  study::Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TSTRING) throw NativeError("param(name, default): the name must be a string");
  const std::string name = lua_tostring(L, 1);
  if (lua_isnoneornil(L, 2)) throw NativeError(fmt::format("param('{}', default): give a default value", name));
  if (const int type = lua_type(L, 2); type != LUA_TNUMBER && type != LUA_TSTRING && type != LUA_TBOOLEAN) {
    // --set can only give a number, a string or a boolean, so the default must be one of them.
    throw NativeError(fmt::format("param('{}', default): the default must be a number, a string or a boolean, "
                                  "not a {}", name, luaL_typename(L, 2)));
  }
  session.declared_params.push_back(name);
  {
    // For `scalerun script.lua --help`. A copy is converted, so the default keeps its type.
    lua_pushvalue(L, 2);
    const int type = lua_type(L, 2);
    if (type == LUA_TNUMBER && !lua_isinteger(L, 2)) {
      char number[32];
      std::snprintf(number, sizeof number, "%g", lua_tonumber(L, 2));  // 4e+07, as a user writes it
      lua_pushstring(L, number);
      lua_replace(L, -2);
    }
    const char* shown = type == LUA_TNUMBER || type == LUA_TSTRING ? lua_tostring(L, -1)
                        : type == LUA_TBOOLEAN                    ? (lua_toboolean(L, 2) ? "true" : "false")
                                                                  : luaL_typename(L, 2);
    session.param_docs.push_back({name, shown, lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : ""});
    lua_pop(L, 1);
  }
  const auto it = session.options.sets.find(name);
  if (it == session.options.sets.end()) {
    lua_settop(L, 2);
    return 1;
  }
  session.used_sets.push_back(name);
  const std::string& text = it->second;
  switch (lua_type(L, 2)) {
    case LUA_TNUMBER: {
      if (lua_stringtonumber(L, text.c_str()) != 0 && text.find('\0') == std::string::npos) return 1;
      // Unit constants are welcome (--set B=5*MB), but the value is never run as Lua: the text
      // is arithmetic on numbers and the script's numeric globals (set_expression.hpp).
      const auto unit = [L](std::string_view word) -> std::optional<SetNumber> {
        lua_pushglobaltable(L);
        lua_pushlstring(L, word.data(), word.size());
        const int type = lua_rawget(L, -2);
        std::optional<SetNumber> value;
        if (type == LUA_TNUMBER) {
          value = lua_isinteger(L, -1) ? SetNumber{static_cast<double>(lua_tointeger(L, -1)), true, lua_tointeger(L, -1)}
                                       : SetNumber{lua_tonumber(L, -1), false, 0};
        }
        lua_pop(L, 2);
        return value;
      };
      try {
        const SetNumber v = evaluate_set_expression(text, unit);
        if (v.integer) {
          lua_pushinteger(L, v.as_integer);
        } else {
          lua_pushnumber(L, v.value);
        }
      } catch (const SetExpressionError& e) {
        throw NativeError(fmt::format("--set {}={}: a number expected: {}", printable(name), printable(text), e.what()));
      }
      return 1;
    }
    case LUA_TBOOLEAN:
      if (text != "true" && text != "false") {
        throw NativeError(fmt::format("--set {}={}: true or false expected", printable(name), printable(text)));
      }
      lua_pushboolean(L, text == "true");
      return 1;
    default: lua_pushlstring(L, text.data(), text.size()); return 1;  // a string, as typed
  }
}

// host_machine(): the fields of a machine{} describing this host (hwloc topology, measured
// per-core speed), measured once per host and build (host/host_cache): machines/host.lua builds on it.
int host_machine(lua_State* L) {
  static const host::CachedDescription cached = host::describe_cached();
  const host::HostDescription& d = cached.description;
  const study::Session& session = session_of(L);
  if (cached.from_cache && (session.options.dry_run || session.options.verbose) && !session.options.quiet) {
    std::cerr << fmt::format("scalerun: note: host_machine(): this host's figures measured at {}, read from {} "
                             "({}=1 measures them again)\n", d.measured_at, cached.file, host::kRemeasureVariable);
  }
  lua_createtable(L, 0, 6);
  lua_pushfstring(L, "%s (%s)", d.topology.hostname.c_str(), d.topology.cpu_model.c_str());
  lua_setfield(L, -2, "name");
  lua_pushnumber(L, d.topology.clock_hz);
  lua_setfield(L, -2, "clock");
  lua_pushnumber(L, d.speed_per_core);
  lua_setfield(L, -2, "speed");
  lua_pushnumber(L, d.core_speed);
  lua_setfield(L, -2, "peak");
  lua_pushnumber(L, static_cast<double>(d.topology.memory_bytes) / std::max(1, d.topology.cores));
  lua_setfield(L, -2, "memory");
  lua_pushinteger(L, d.topology.cores);
  lua_setfield(L, -2, "procs");
  return 1;
}

}  // namespace

void open_vocabulary(lua_State* L) {
  open_symbolic(L);
  const luaL_Reg natives[] = {
      {"raise", native<raise>},
      {"unknown_param", native<unknown_param>},
      {"undefined_global", native<undefined_global>},
      {"validate_machine", native<validator<validate_machine>>},
      {"validate_kernel", native<validator<validate_kernel>>},
      {"validate_machine_sets", native<validator<validate_machine_sets>>},
      {"validate_rule", native<validate_rule>},
      {"experiment", native<acting<experiment_native, kExperiment>>},
      {"map", native<acting<map_native, kMap>>},
      {"fit", native<acting<fit_native, kFit>>},
      {"discover", native<acting<discover_native, kDiscover>>},
      {"check", native<acting<check_native, kCheck>>},
      {"param", native<param>},
      {"check_stand_in", native<check_stand_in>},
      {"note_check_divergence", native<note_divergence>},
      {"host_machine", native<host_machine>},
      {"set_library_environment", native<set_library_environment>},
      {nullptr, nullptr}};
  for (const EmbeddedModule& module : embedded_modules()) {
    load_chunk(L, module.source, fmt::format("@scalerun/{}.lua", module.name));
    luaL_newlib(L, natives);
    protected_call(L, 1, 0);
  }
}

}  // namespace scalerun::lua
