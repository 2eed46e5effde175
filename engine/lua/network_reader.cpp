#include "lua/network_reader.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <lua.hpp>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "lua/field_reader.hpp"

namespace scalerun::lua {

using network::NetworkSpec;
using network::RingLevel;
using network::Switching;

namespace {

// Fields that only some kinds take, and which.
struct KindField {
  const char* field;
  std::vector<std::string_view> kinds;
};

const std::vector<KindField>& kind_fields() {
  static const std::vector<KindField> fields{
      {"switching", {"hypercube", "mesh", "torus", "fattree"}},
      {"hop_latency", {"hypercube", "mesh", "torus", "fattree"}},
      {"dims", {"mesh", "torus"}},
      {"arity", {"fattree"}},
      {"growth", {"fattree"}},
      {"cycle", {"bus", "ethernet"}},
      {"width", {"bus", "ethernet"}},
  };
  return fields;
}

int whole(const FieldReader& r, const char* name, double value, int least) {
  if (value != std::floor(value) || value < least || value > 1e9) {
    r.fail(name, fmt::format("a whole number >= {} expected, got {:g}", least, value));
  }
  return static_cast<int>(value);
}

std::vector<std::string> names_of(const std::vector<std::string_view>& views) {
  return {views.begin(), views.end()};
}

// topology = rings{ { name, size, latency [, bandwidth] }, ... } (the table is on top of the stack).
std::vector<RingLevel> read_rings(lua_State* L, const std::string& where) {
  FieldReader t(L, -1, where, "topology.");
  t.reject_unknown({"kind", "levels"});
  const std::string kind = t.string("kind");
  if (kind != "rings") t.fail("kind", fmt::format("unknown topology '{}' (known: rings)", kind));
  t.push("levels", LUA_TTABLE, true);
  const auto n = static_cast<int>(lua_rawlen(L, -1));
  if (n == 0) t.fail("levels", "rings{} needs at least one level { name = ..., size = ..., latency = ... }");
  std::vector<RingLevel> levels;
  for (int i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) t.fail("levels", fmt::format("level {} is not a table", i));
    FieldReader r(L, -1, where, fmt::format("topology.levels[{}].", i));
    r.reject_unknown({"name", "size", "latency", "bandwidth"});
    RingLevel level;
    level.name = r.string_or("name", fmt::format("ring:{}", i - 1));
    level.size = whole(r, "size", r.number("size"), 1);
    level.latency = r.number_or("latency", 0);
    if (level.latency < 0) r.fail("latency", fmt::format("must not be negative, got {:g}", level.latency));
    level.bandwidth = r.optional_number("bandwidth");
    if (level.bandwidth && !(*level.bandwidth > 0)) r.fail("bandwidth", fmt::format("must be positive, got {:g}", *level.bandwidth));
    levels.push_back(std::move(level));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);  // levels
  return levels;
}

std::string read_kind(const FieldReader& net, bool has_rings) {
  if (!net.has("kind")) {
    if (has_rings) return "rings";
    net.fail("kind", fmt::format("missing: one of {}", fmt::join(network::network_kinds(), ", ")));
  }
  const std::string kind = net.string("kind");
  const auto& kinds = network::network_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
    const std::string near = lua::closest_name(kind, names_of(kinds));
    net.fail("kind", fmt::format("unknown network kind '{}'{} (known: {})", kind,
                                 near.empty() ? "" : fmt::format(", did you mean '{}'?", near), fmt::join(kinds, ", ")));
  }
  for (const KindField& f : kind_fields()) {
    if (net.has(f.field) && std::find(f.kinds.begin(), f.kinds.end(), kind) == f.kinds.end()) {
      net.fail(f.field, fmt::format("applies to {} networks, not to a {} network", fmt::join(f.kinds, " and "), kind));
    }
  }
  return kind;
}

Switching read_switching(const FieldReader& net) {
  const std::string name = net.string_or("switching", "wormhole");
  for (const Switching s : {Switching::Wormhole, Switching::Circuit, Switching::StoreAndForward}) {
    if (name == network::switching_name(s)) return s;
  }
  const std::string near = lua::closest_name(name, {"wormhole", "circuit", "store_and_forward"});
  net.fail("switching", fmt::format("unknown switching '{}'{} (known: wormhole, circuit, store_and_forward)", name,
                                    near.empty() ? "" : fmt::format(", did you mean '{}'?", near)));
}

// network = { ... } (the table is on top of the stack).
void read_network_table(lua_State* L, const std::string& where, bool has_rings, NetworkSpec& spec) {
  FieldReader net(L, -1, where, "network.");
  net.reject_unknown({"kind", "bandwidth", "latency", "overhead", "capacity", "switching", "hop_latency", "dims",
                      "arity", "growth", "cycle", "width"});
  spec.kind = read_kind(net, has_rings);
  spec.bandwidth = net.optional_number("bandwidth");
  spec.latency = net.number_or("latency", 0);
  spec.overhead = net.number_or("overhead", 0);
  spec.capacity = net.optional_number("capacity");
  spec.switching = read_switching(net);
  spec.hop_latency = net.number_or("hop_latency", 0);
  if (net.has("dims")) {
    for (const double k : net.number_list("dims")) spec.dims.push_back(whole(net, "dims", k, 1));
  }
  if (net.has("arity")) spec.arity = whole(net, "arity", net.number("arity"), 2);
  spec.growth = net.optional_number("growth");
  spec.cycle = net.optional_number("cycle");
  spec.width = net.optional_number("width");
  // A bus described by its cycle spends one cycle on arbitration unless told otherwise.
  if (spec.cycle && !net.has("latency")) spec.latency = *spec.cycle;
}

}  // namespace

std::optional<NetworkSpec> read_machine_network(lua_State* L, int machine_index, const std::string& where) {
  const int top = lua_gettop(L);
  const FieldReader machine(L, machine_index, where);
  NetworkSpec spec;
  const bool has_rings = machine.push("topology", LUA_TTABLE, false);
  if (has_rings) {
    spec.rings = read_rings(L, where);
    lua_pop(L, 1);
  }
  const bool has_network = machine.push("network", LUA_TTABLE, false);
  if (has_network) {
    read_network_table(L, where, has_rings, spec);
    lua_pop(L, 1);
  } else if (has_rings) {
    spec.kind = "rings";
  }
  lua_settop(L, top);
  if (!has_network && !has_rings) return std::nullopt;
  try {
    network::check_network_spec(spec);
  } catch (const std::invalid_argument& e) {
    throw ScriptError(where + e.what());
  }
  return spec;
}

NetworkSpec read_network_spec(lua_State* L, int machine_index) {
  const int machine = lua_absindex(L, machine_index);
  const std::string where = user_where(L);
  if (auto spec = read_machine_network(L, machine, where)) return *spec;
  raw_field(L, machine, "name");
  const std::string name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(unnamed)";
  lua_pop(L, 1);
  throw ScriptError(fmt::format("{}machine '{}' has no network: simulate mode needs network = {{ kind = ..., bandwidth = ... }} "
                                "(kinds: {})", where, name, fmt::join(network::network_kinds(), ", ")));
}

}  // namespace scalerun::lua
