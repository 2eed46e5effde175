#include "study/validate.hpp"

#include <cctype>
#include <cmath>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "network/network_spec.hpp"

namespace scalerun::study {

namespace {

bool has_metatable_name(lua_State* L, int index, const char* name) {
  if (lua_type(L, index) != LUA_TTABLE || lua_getmetatable(L, index) == 0) return false;
  lua_getfield(L, -1, "__name");
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

void check_positive(const lua::FieldReader& r, const char* name) {
  if (auto v = r.optional_number(name); v && !(*v > 0)) r.fail(name, fmt::format("must be positive, got {:g}", *v));
}

void check_count(const lua::FieldReader& r, const char* name, bool required) {
  std::optional<double> v = required ? std::optional<double>(r.number(name)) : r.optional_number(name);
  if (v && (*v < 1 || *v != std::floor(*v))) r.fail(name, fmt::format("a whole number >= 1 expected, got {:g}", *v));
}

}  // namespace

void validate_machine(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"name", "doc", "clock", "peak", "speed", "memory", "procs", "disk", "topology", "groups",
                    "network", "nodes", "marked", "composition", "machine_name"});
  r.string("name");
  for (const char* f : {"clock", "peak", "speed", "memory", "disk", "marked"}) check_positive(r, f);
  check_count(r, "procs", false);
  // The interconnect (network = { ... } and topology = rings{ ... }) is checked by the reader that
  // simulate mode uses, so a machine accepted here is one simulate mode can read: the same fields
  // per network kind, the same messages.
  network::read_machine_network(L, index, r.where());
  if (r.push("groups", LUA_TTABLE, false)) {
    const auto n = static_cast<int>(lua_rawlen(L, -1));
    if (n == 0) r.fail("groups", "a list of node groups { name = ..., count = ..., speed = ... } expected");
    for (int i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("groups", fmt::format("group {} is not a table", i));
      lua::FieldReader g(L, -1, r.where(), fmt::format("groups[{}].", i));
      g.reject_unknown({"name", "count", "speed", "speeds", "memory", "doc"});
      g.string("name");
      check_count(g, "count", true);
      const bool has_speed = g.has("speed"), has_speeds = g.has("speeds");
      if (has_speed == has_speeds) g.fail("speed", "give the marked speed of each node: speed = ops/s, or speeds = { ... }");
      if (has_speed) check_positive(g, "speed");
      if (has_speeds && g.number_list("speeds").size() < static_cast<std::size_t>(g.number("count"))) {
        g.fail("speeds", "needs one speed per node (count of them)");
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

void validate_kernel(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"name", "doc", "params", "work", "memory", "model", "native", "command", "program", "size", "timer"});
  r.string_or("timer", "wall");
  r.string("name");
  for (const char* f : {"work", "memory", "model", "program"}) {
    if (r.push(f, LUA_TFUNCTION, false)) lua_pop(L, 1);
  }
  r.string_or("native", "");
  r.string_or("command", "");
  if (r.has("size")) {
    lua_getfield(L, index, "size");
    const int t = lua_type(L, -1);
    lua_pop(L, 1);
    if (t != LUA_TSTRING && t != LUA_TTABLE) r.fail("size", "the parameter a scaling rule varies (a name) expected");
  }
  if (r.push("params", LUA_TTABLE, false)) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || !is_identifier(lua_tostring(L, -2))) {
        lua_pop(L, 3);
        r.fail("params", "parameter names must be identifiers such as n or tau");
      }
      const std::string name = lua_tostring(L, -2);
      static const char* reserved[] = {"name", "params", "work", "memory", "model", "native",
                                       "command", "program", "size", "doc", "timer"};
      for (const char* word : reserved) {
        if (name == word) {
          lua_pop(L, 3);
          r.fail("params", fmt::format("'{}' cannot be a parameter name: kernels use it for their {} field", name, name));
        }
      }
      const int t = lua_type(L, -1);
      if (t == LUA_TTABLE) {
        const auto n = static_cast<int>(lua_rawlen(L, -1));
        for (int i = 1; i <= n; ++i) {
          if (lua_rawgeti(L, -1, i) != LUA_TNUMBER) {
            const std::string got = lua::type_name(L, -1);
            lua_pop(L, 4);
            r.fail("params", fmt::format("'{}'[{}]: number expected, got {}", name, i, got));
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

void validate_machine_sets(lua_State* L, int index, const lua::FieldReader& r) {
  r.reject_unknown({"machine", "start", "max_sets", "prefix"});
  r.push("machine", LUA_TTABLE, true);
  require_machine(L, lua_gettop(L), r, "machine");
  lua_getfield(L, -1, "groups");
  if (lua_type(L, -1) != LUA_TTABLE) r.fail("machine", "machine_sets{} needs a machine with node groups");
  lua_pop(L, 2);
  r.push("start", LUA_TTABLE, true);
  lua_pop(L, 1);
  check_count(r, "max_sets", false);
  r.string_or("prefix", "Set");
  (void)index;
}

void require_kernel(lua_State* L, int index, const lua::FieldReader& r, const char* field) {
  if (!has_metatable_name(L, index, "kernel")) {
    r.fail(field, fmt::format("kernel expected (made with kernel{{...}} or require \"kernels.name\"), got {}",
                              lua_type(L, index) == LUA_TTABLE ? "a plain table" : lua::type_name(L, index)));
  }
}

void require_machine(lua_State* L, int index, const lua::FieldReader& r, const char* field) {
  if (!has_metatable_name(L, index, "machine")) {
    r.fail(field, fmt::format("machine expected (made with machine{{...}} or require \"machines.name\"), got {}",
                              lua_type(L, index) == LUA_TTABLE ? "a plain table" : lua::type_name(L, index)));
  }
}

}  // namespace scalerun::study
