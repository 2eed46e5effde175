#include "model/kernel_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/symbolic.hpp"

namespace scalerun::model {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

constexpr std::array<std::string_view, 9> kTermOrder = {
    "compute", "serial", "imbalance", "comm", "latency", "contention", "sync", "io", "idle"};

std::size_t term_rank(const std::string& name) {
  const auto it = std::find(kTermOrder.begin(), kTermOrder.end(), name);
  return static_cast<std::size_t>(it - kTermOrder.begin());
}

}  // namespace

bool term_before(const std::string& a, const std::string& b) {
  const auto ra = term_rank(a), rb = term_rank(b);
  if (ra != rb) return ra < rb;
  return a < b;
}

KernelModel::KernelModel(lua_State* L, int kernel_index, int machine_index, std::string owner)
    : L_(L), owner_(std::move(owner)) {
  kernel_index = lua_absindex(L, kernel_index);
  lua_getfield(L, kernel_index, "name");
  name_ = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "?";
  lua_pop(L, 1);
  lua_getfield(L, kernel_index, "model");
  if (lua_type(L, -1) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    throw ScriptError(fmt::format("kernel '{}' has no model function: model mode needs "
                                  "model = function(k, p, m) ... end", name_));
  }
  model_where_ = lua::function_where(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, kernel_index, "work");
  has_work_ = lua_type(L, -1) == LUA_TFUNCTION;
  lua_getfield(L, kernel_index, "memory");
  has_memory_ = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 2);

  lua_pushvalue(L, kernel_index);
  kernel_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  if (machine_index != 0) {
    lua_pushvalue(L, machine_index);
    machine_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  read_params();
  traced_ = trace();
  if (!traced_) {
    // Learn the term names from one plain call at the kernel's own values.
    Evaluation probe;
    call_lua(params_.values(), 1.0, probe);
  }
}

KernelModel::~KernelModel() {
  luaL_unref(L_, LUA_REGISTRYINDEX, kernel_ref_);
  luaL_unref(L_, LUA_REGISTRYINDEX, machine_ref_);
}

void KernelModel::read_params() {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, kernel_ref_);
  lua_getfield(L_, -1, "params");
  std::vector<std::string> names;
  if (lua_type(L_, -1) == LUA_TTABLE) {
    lua_pushnil(L_);
    while (lua_next(L_, -2) != 0) {
      if (lua_type(L_, -2) == LUA_TSTRING) names.emplace_back(lua_tostring(L_, -2));
      lua_pop(L_, 1);
    }
  }
  // Sorted, so slots (and expression variables) come out the same on every run.
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    lua_getfield(L_, -1, name.c_str());
    if (lua_type(L_, -1) == LUA_TNUMBER) {
      params_.slots.push_back({name, name, 0, lua_tonumber(L_, -1)});
    } else if (lua_type(L_, -1) == LUA_TTABLE) {
      const auto n = static_cast<int>(lua_rawlen(L_, -1));
      for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L_, -1, i);
        if (lua_type(L_, -1) == LUA_TNUMBER) {
          params_.slots.push_back({fmt::format("{}[{}]", name, i), name, i, lua_tonumber(L_, -1)});
        }
        lua_pop(L_, 1);
      }
    }
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  // integer = { n = "nearest" }, as the prelude's kernel{} normalised and checked it.
  if (lua_getfield(L_, -1, "integer") == LUA_TTABLE) {
    for (auto& slot : params_.slots) {
      if (slot.index != 0) continue;
      if (lua_getfield(L_, -1, slot.name.c_str()) == LUA_TSTRING) slot.rounding = rounding_from(lua_tostring(L_, -1));
      lua_pop(L_, 1);
    }
  }
  lua_pop(L_, 2);
}

// Pushes a copy of the kernel whose parameters are the given numbers, or symbols.
void KernelModel::push_view(std::span<const double> slots, bool symbolic) {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, kernel_ref_);
  const int kernel = lua_gettop(L_);
  lua_newtable(L_);
  const int view = lua_gettop(L_);
  lua_pushnil(L_);
  while (lua_next(L_, kernel) != 0) {
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_rawset(L_, view);
  }
  lua_getfield(L_, kernel, "params");
  lua_newtable(L_);  // the view's params
  const int params = lua_gettop(L_);
  lua_pushnil(L_);
  while (lua_next(L_, params - 1) != 0) {  // keep non-numeric settings as they are
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_rawset(L_, params);
  }
  std::size_t i = 0;
  while (i < params_.slots.size()) {
    const ParamSlot& slot = params_.slots[i];
    if (slot.index == 0) {
      if (symbolic) {
        lua::push_symbol(L_, graph_.variable(slot.name));
      } else {
        lua_pushnumber(L_, slots[i]);
      }
      ++i;
    } else {
      std::vector<expr::NodeId> ids;
      lua_newtable(L_);
      std::size_t j = i;
      for (; j < params_.slots.size() && params_.slots[j].param == slot.param; ++j) {
        if (symbolic) {
          ids.push_back(graph_.variable(params_.slots[j].name));
        } else {
          lua_pushnumber(L_, slots[j]);
          lua_rawseti(L_, -2, params_.slots[j].index);
        }
      }
      if (symbolic) {
        lua_pop(L_, 1);
        lua::push_symbol_array(L_, ids);
      }
      i = j;
    }
    lua_pushvalue(L_, -1);
    lua_setfield(L_, view, slot.param.c_str());  // k.n
    lua_setfield(L_, params, slot.param.c_str());  // k.params.n
  }
  lua_setfield(L_, view, "params");
  lua_pop(L_, 1);  // kernel's params
  if (lua_getmetatable(L_, kernel) != 0) lua_setmetatable(L_, view);
  lua_remove(L_, kernel);
}

void KernelModel::collect_terms(int index, std::vector<std::pair<std::string, double>>* numeric,
                                std::vector<std::pair<std::string, expr::NodeId>>* symbolic) {
  index = lua_absindex(L_, index);
  auto take = [&](const std::string& term, int value_index) {
    expr::NodeId id;
    if (lua_type(L_, value_index) == LUA_TNUMBER) {
      if (numeric) numeric->emplace_back(term, lua_tonumber(L_, value_index));
      if (symbolic) symbolic->emplace_back(term, graph_.constant(lua_tonumber(L_, value_index)));
    } else if (symbolic && lua::to_symbol(L_, value_index, id)) {
      symbolic->emplace_back(term, id);
    } else {
      throw ScriptError(fmt::format("{}: model of kernel '{}' returned {} for term '{}' "
                                    "(expected seconds as a number)",
                                    model_where_, name_, lua::type_name(L_, value_index), term));
    }
  };
  if (lua_type(L_, index) == LUA_TTABLE) {
    lua_pushnil(L_);
    while (lua_next(L_, index) != 0) {
      if (lua_type(L_, -2) != LUA_TSTRING) {
        lua_pop(L_, 2);
        throw ScriptError(fmt::format("{}: model of kernel '{}' returned a table with a non-name key "
                                      "(return seconds, or named terms such as {{ compute = ..., comm = ... }})",
                                      model_where_, name_));
      }
      take(lua_tostring(L_, -2), lua_gettop(L_));
      lua_pop(L_, 1);
    }
  } else {
    take("total", index);
  }
}

bool KernelModel::trace() {
  const int top = lua_gettop(L_);
  try {
    lua::TraceScope scope(L_, graph_);
    // Variables are made in slot order first, so variable i is slot i, then p.
    for (const auto& slot : params_.slots) graph_.variable(slot.name);
    p_var_ = static_cast<std::uint32_t>(graph_.variables().size());
    const expr::NodeId p = graph_.variable("p");

    std::vector<std::pair<std::string, expr::NodeId>> terms;
    push_view({}, true);
    const int view = lua_gettop(L_);
    lua_getfield(L_, view, "model");
    lua_pushvalue(L_, view);
    lua::push_symbol(L_, p);
    if (machine_ref_ != LUA_NOREF) {
      lua_rawgeti(L_, LUA_REGISTRYINDEX, machine_ref_);
    } else {
      lua_pushnil(L_);
    }
    lua::protected_call(L_, 3, 1);
    collect_terms(-1, nullptr, &terms);
    lua_pop(L_, 1);
    if (terms.empty()) throw ScriptError(fmt::format("{}: model of kernel '{}' returned no terms", model_where_, name_));

    auto traced_scalar = [&](const char* field, bool present) -> expr::NodeId {
      if (!present) return graph_.constant(kNaN);
      lua_getfield(L_, view, field);
      lua_pushvalue(L_, view);
      lua::protected_call(L_, 1, 1);
      expr::NodeId id;
      if (lua_type(L_, -1) == LUA_TNUMBER) {
        id = graph_.constant(lua_tonumber(L_, -1));
      } else if (!lua::to_symbol(L_, -1, id)) {
        throw ScriptError(fmt::format("{}: {} of kernel '{}' returned {} (expected a number)",
                                      model_where_, field, name_, lua::type_name(L_, -1)));
      }
      lua_pop(L_, 1);
      return id;
    };
    work_node_ = traced_scalar("work", has_work_);
    memory_node_ = traced_scalar("memory", has_memory_);
    lua_settop(L_, top);

    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return term_before(a.first, b.first); });
    term_names_.clear();
    term_nodes_.clear();
    expr::NodeId total = graph_.constant(0.0);
    for (const auto& [term, id] : terms) {
      term_names_.push_back(term);
      term_nodes_.push_back(id);
      total = graph_.add(total, id);
    }
    time_node_ = total;
    std::vector<expr::NodeId> roots = term_nodes_;
    roots.push_back(work_node_);
    roots.push_back(memory_node_);
    program_ = expr::Program(graph_, roots);
    return true;
  } catch (const Interrupted&) {
    throw;
  } catch (const ScriptError& e) {
    // Any failure under symbols (a branch on a value, a library function that wants a number,
    // or a genuine bug) sends the model down the plain path, where a genuine bug is reported
    // with its own position.
    lua_settop(L_, top);
    fallback_reason_ = e.what();
    graph_ = expr::Graph();
    return false;
  }
}

namespace {

// The metamethods of the stand-in machine: what the model touched first ("m.levels_spanned"),
// kept in the std::string the upvalue points at, then an error that ends the probe call.
int machine_probe(lua_State* L) {
  auto* use = static_cast<std::string*>(lua_touserdata(L, lua_upvalueindex(1)));
  if (use->empty()) {
    *use = lua_type(L, 2) == LUA_TSTRING ? fmt::format("it reads m.{}", lua_tostring(L, 2))
                                         : std::string("it uses m as a value");
  }
  throw lua::NativeError("no machine");
}

// A table every use of which lands in machine_probe.
void push_machine_stand_in(lua_State* L, std::string* use) {
  lua_newtable(L);
  lua_newtable(L);
  for (const char* event : {"__index", "__newindex", "__call", "__add", "__sub", "__mul", "__div", "__mod", "__pow",
                            "__unm", "__idiv", "__len", "__lt", "__le", "__concat"}) {
    lua_pushlightuserdata(L, use);
    lua_pushcclosure(L, lua::native<machine_probe>, 1);
    lua_setfield(L, -2, event);
  }
  lua_setmetatable(L, -2);
}

}  // namespace

// When no machine was given and the model fails, the model is called once more with a stand-in
// machine: if it touches it, the failure was the missing machine (m:levels_spanned on nil), and
// that is said at the study's line instead of a message from inside the kernel file. A model that
// tests `m and m.network` is never probed, since nil works for it.
std::string KernelModel::probe_machine_use(std::span<const double> slots, double p) {
  const int top = lua_gettop(L_);
  std::string use;
  push_view(slots, false);
  const int view = lua_gettop(L_);
  lua_getfield(L_, view, "model");
  lua_pushvalue(L_, view);
  lua_pushnumber(L_, p);
  push_machine_stand_in(L_, &use);
  try {
    lua::protected_call(L_, 3, 1);
  } catch (const ScriptError&) {
    // expected whenever the stand-in is touched; any other failure is the original one's
  }
  lua_settop(L_, top);
  return use;
}

void KernelModel::call_lua(std::span<const double> slots, double p, Evaluation& out) {
  if (machine_ref_ != LUA_NOREF) {
    call_lua_plain(slots, p, out);
    return;
  }
  try {
    call_lua_plain(slots, p, out);
  } catch (const ScriptError&) {
    const std::string use = probe_machine_use(slots, p);
    if (use.empty()) throw;
    const std::string where = lua::user_where(L_);
    if (owner_.empty()) {
      throw ScriptError(fmt::format("{}kernel '{}''s model uses a machine ({}), but none was given "
                                    "(add machine = ...)", where, name_, use));
    }
    throw ScriptError(fmt::format("{}{} names no machine, but kernel '{}''s model uses one ({}; add machine = ...)",
                                  where, owner_, name_, use));
  }
}

void KernelModel::call_lua_plain(std::span<const double> slots, double p, Evaluation& out) {
  const int top = lua_gettop(L_);
  push_view(slots, false);
  const int view = lua_gettop(L_);
  lua_getfield(L_, view, "model");
  lua_pushvalue(L_, view);
  lua_pushnumber(L_, p);
  if (machine_ref_ != LUA_NOREF) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, machine_ref_);
  } else {
    lua_pushnil(L_);
  }
  lua::protected_call(L_, 3, 1);
  std::vector<std::pair<std::string, double>> terms;
  collect_terms(-1, &terms, nullptr);
  lua_pop(L_, 1);
  std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return term_before(a.first, b.first); });
  if (term_names_.empty()) {
    for (const auto& t : terms) term_names_.push_back(t.first);
  }
  if (terms.size() != term_names_.size() ||
      !std::equal(terms.begin(), terms.end(), term_names_.begin(),
                  [](const auto& t, const std::string& n) { return t.first == n; })) {
    lua_settop(L_, top);
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned different terms at p={:g} than "
                                  "before (a model must return the same named terms at every point)",
                                  model_where_, name_, p));
  }
  out.terms.resize(terms.size());
  out.time = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    out.terms[i] = terms[i].second;
    out.time += terms[i].second;
  }
  auto scalar = [&](const char* field, bool present) {
    if (!present) return kNaN;
    lua_getfield(L_, view, field);
    lua_pushvalue(L_, view);
    lua::protected_call(L_, 1, 1);
    if (lua_type(L_, -1) != LUA_TNUMBER) {
      const std::string got = lua::type_name(L_, -1);
      lua_settop(L_, top);
      throw ScriptError(fmt::format("{}: {} of kernel '{}' returned {} (expected a number)", model_where_,
                                    field, name_, got));
    }
    const double v = lua_tonumber(L_, -1);
    lua_pop(L_, 1);
    return v;
  };
  out.work = scalar("work", has_work_);
  out.memory = scalar("memory", has_memory_);
  lua_settop(L_, top);
}

void KernelModel::evaluate(std::span<const double> slots, double p, Evaluation& out) {
  if (!traced_) {
    call_lua(slots, p, out);
    return;
  }
  scratch_vars_.assign(slots.begin(), slots.end());
  scratch_vars_.push_back(p);
  scratch_out_.resize(program_.num_outputs());
  program_.eval(scratch_vars_, scratch_out_);
  const std::size_t n = term_nodes_.size();
  out.terms.assign(scratch_out_.begin(), scratch_out_.begin() + static_cast<std::ptrdiff_t>(n));
  out.time = 0;
  for (double t : out.terms) out.time += t;
  out.work = scratch_out_[n];
  out.memory = scratch_out_[n + 1];
}

}  // namespace scalerun::model
