#include "lua/kernel_model_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"
#include "lua/field_reader.hpp"
#include "lua/native.hpp"
#include "lua/symbolic.hpp"

namespace scalerun::lua {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The metamethods of the stand-in machine: what the model touched first ("m.levels_spanned"),
// kept in the std::string the upvalue's box points at, then an error that ends the probe call.
// The probe clears the box when it ends, so a stand-in the model kept in a variable and used later
// touches no freed string.
int machine_probe(lua_State* L) {
  auto* use = *static_cast<std::string**>(lua_touserdata(L, lua_upvalueindex(1)));
  if (use == nullptr) throw lua::NativeError("the model kept the machine it was probed with: no machine was given");
  if (use->empty()) {
    *use = lua_type(L, 2) == LUA_TSTRING ? fmt::format("it reads m.{}", printable(lua_tostring(L, 2)))
                                         : std::string("it uses m as a value");
  }
  throw lua::NativeError("no machine");
}

// A table every use of which lands in machine_probe; `box` (a userdata holding `use`) is its upvalue.
void push_machine_stand_in(lua_State* L, int box) {
  box = lua_absindex(L, box);
  lua_newtable(L);
  lua_newtable(L);
  for (const char* event : {"__index", "__newindex", "__call", "__add", "__sub", "__mul", "__div", "__mod", "__pow",
                            "__unm", "__idiv", "__len", "__lt", "__le", "__concat"}) {
    lua_pushvalue(L, box);
    lua_pushcclosure(L, native<machine_probe>, 1);
    lua_setfield(L, -2, event);
  }
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

// The Lua side of one kernel model: the kernel (and machine) pinned in the registry, the views
// of the kernel the model is called with, the trace, and the plain calls of an untraced model.
class LuaKernelModel {
 public:
  LuaKernelModel(lua_State* L, int kernel_index, int machine_index, std::string owner);
  ~LuaKernelModel();
  LuaKernelModel(const LuaKernelModel&) = delete;
  LuaKernelModel& operator=(const LuaKernelModel&) = delete;

  model::ModelParts& parts() { return parts_; }
  bool trace(model::TracedModel& traced);
  void call_lua(std::span<const double> slots, double p, model::Evaluation& out);

 private:
  void read_params();
  void call_lua_plain(std::span<const double> slots, double p, model::Evaluation& out);
  std::string probe_machine_use(std::span<const double> slots, double p);
  void push_view(std::span<const double> slots, bool symbolic);
  void collect_terms(int index, std::vector<std::pair<std::string, double>>* numeric,
                     std::vector<std::pair<std::string, expr::NodeId>>* symbolic);

  lua_State* L_;
  int kernel_ref_ = LUA_NOREF;
  int machine_ref_ = LUA_NOREF;
  std::string owner_;
  model::ModelParts parts_;     // what the engine gets (plain is set by kernel_model_parts)
  expr::Graph* graph_ = nullptr;  // the graph being traced
};

LuaKernelModel::LuaKernelModel(lua_State* L, int kernel_index, int machine_index, std::string owner)
    : L_(L), owner_(std::move(owner)) {
  kernel_index = lua_absindex(L, kernel_index);
  raw_field(L, kernel_index, "name");
  parts_.kernel_name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
  lua_pop(L, 1);
  raw_field(L, kernel_index, "model");
  if (lua_type(L, -1) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    throw ScriptError(fmt::format("kernel '{}' has no model function: model mode needs "
                                  "model = function(k, p, m) ... end", parts_.kernel_name));
  }
  parts_.model_where = function_where(L, -1);
  lua_pop(L, 1);
  raw_field(L, kernel_index, "work");
  parts_.has_work = lua_type(L, -1) == LUA_TFUNCTION;
  raw_field(L, kernel_index, "memory");
  parts_.has_memory = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 2);

  lua_pushvalue(L, kernel_index);
  kernel_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  if (machine_index != 0) {
    lua_pushvalue(L, machine_index);
    machine_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  read_params();
}

LuaKernelModel::~LuaKernelModel() {
  luaL_unref(L_, LUA_REGISTRYINDEX, kernel_ref_);
  luaL_unref(L_, LUA_REGISTRYINDEX, machine_ref_);
}

void LuaKernelModel::read_params() {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, kernel_ref_);
  raw_field(L_, -1, "params");
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
    raw_field(L_, -1, name.c_str());
    if (lua_type(L_, -1) == LUA_TNUMBER) {
      parts_.params.slots.push_back({name, name, 0, lua_tonumber(L_, -1)});
    } else if (lua_type(L_, -1) == LUA_TTABLE) {
      const auto n = static_cast<int>(lua_rawlen(L_, -1));
      for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L_, -1, i);
        if (lua_type(L_, -1) == LUA_TNUMBER) {
          parts_.params.slots.push_back({fmt::format("{}[{}]", name, i), name, i, lua_tonumber(L_, -1)});
        }
        lua_pop(L_, 1);
      }
    }
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  // integer = { n = "nearest" }, as the prelude's kernel{} normalised and checked it.
  if (raw_field(L_, -1, "integer") == LUA_TTABLE) {
    for (auto& slot : parts_.params.slots) {
      if (slot.index != 0) continue;
      if (raw_field(L_, -1, slot.name.c_str()) == LUA_TSTRING) slot.rounding = model::rounding_from(lua_tostring(L_, -1));
      lua_pop(L_, 1);
    }
  }
  lua_pop(L_, 2);
}

// Pushes a copy of the kernel whose parameters are the given numbers, or symbols.
void LuaKernelModel::push_view(std::span<const double> slots, bool symbolic) {
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
  // params changed into something else after kernel{} (k.params = "x") reads as no settings.
  if (raw_field(L_, kernel, "params") != LUA_TTABLE) {
    lua_pop(L_, 1);
    lua_newtable(L_);
  }
  lua_newtable(L_);  // the view's params
  const int params = lua_gettop(L_);
  lua_pushnil(L_);
  while (lua_next(L_, params - 1) != 0) {  // keep non-numeric settings as they are
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_rawset(L_, params);
  }
  std::size_t i = 0;
  while (i < parts_.params.slots.size()) {
    const model::ParamSlot& slot = parts_.params.slots[i];
    if (slot.index == 0) {
      if (symbolic) {
        push_symbol(L_, graph_->variable(slot.name));
      } else {
        lua_pushnumber(L_, slots[i]);
      }
      ++i;
    } else {
      std::vector<expr::NodeId> ids;
      lua_newtable(L_);
      std::size_t j = i;
      for (; j < parts_.params.slots.size() && parts_.params.slots[j].param == slot.param; ++j) {
        if (symbolic) {
          ids.push_back(graph_->variable(parts_.params.slots[j].name));
        } else {
          lua_pushnumber(L_, slots[j]);
          lua_rawseti(L_, -2, parts_.params.slots[j].index);
        }
      }
      if (symbolic) {
        lua_pop(L_, 1);
        push_symbol_array(L_, ids);
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

void LuaKernelModel::collect_terms(int index, std::vector<std::pair<std::string, double>>* numeric,
                                std::vector<std::pair<std::string, expr::NodeId>>* symbolic) {
  index = lua_absindex(L_, index);
  auto add_term = [&](const std::string& term, int value_index) {
    expr::NodeId id;
    if (lua_type(L_, value_index) == LUA_TNUMBER) {
      if (numeric) numeric->emplace_back(term, lua_tonumber(L_, value_index));
      if (symbolic) symbolic->emplace_back(term, graph_->constant(lua_tonumber(L_, value_index)));
    } else if (symbolic && to_symbol(L_, value_index, id)) {
      symbolic->emplace_back(term, id);
    } else {
      throw ScriptError(fmt::format("{}: model of kernel '{}' returned {} for term '{}' "
                                    "(expected seconds as a number)",
                                    parts_.model_where, parts_.kernel_name, type_name(L_, value_index), term));
    }
  };
  if (lua_type(L_, index) == LUA_TTABLE) {
    lua_pushnil(L_);
    while (lua_next(L_, index) != 0) {
      if (lua_type(L_, -2) != LUA_TSTRING) {
        lua_pop(L_, 2);
        throw ScriptError(fmt::format("{}: model of kernel '{}' returned a table with a non-name key "
                                      "(return seconds, or named terms such as {{ compute = ..., comm = ... }})",
                                      parts_.model_where, parts_.kernel_name));
      }
      add_term(lua_tostring(L_, -2), lua_gettop(L_));
      lua_pop(L_, 1);
    }
  } else {
    add_term("total", index);
  }
}

bool LuaKernelModel::trace(model::TracedModel& traced) {
  graph_ = &traced.graph;
  const int top = lua_gettop(L_);
  try {
    TraceScope scope(L_, traced.graph);
    // Variables are made in slot order first, so variable i is slot i, then p.
    for (const auto& slot : parts_.params.slots) graph_->variable(slot.name);
    traced.p_variable = static_cast<std::uint32_t>(graph_->variables().size());
    const expr::NodeId p = graph_->variable("p");

    std::vector<std::pair<std::string, expr::NodeId>> terms;
    push_view({}, true);
    const int view = lua_gettop(L_);
    raw_field(L_, view, "model");
    lua_pushvalue(L_, view);
    push_symbol(L_, p);
    if (machine_ref_ != LUA_NOREF) {
      lua_rawgeti(L_, LUA_REGISTRYINDEX, machine_ref_);
    } else {
      lua_pushnil(L_);
    }
    protected_call(L_, 3, 1);
    collect_terms(-1, nullptr, &terms);
    lua_pop(L_, 1);
    if (terms.empty()) throw ScriptError(fmt::format("{}: model of kernel '{}' returned no terms", parts_.model_where, parts_.kernel_name));

    auto traced_scalar = [&](const char* field, bool present) -> expr::NodeId {
      if (!present) return graph_->constant(kNaN);
      raw_field(L_, view, field);
      lua_pushvalue(L_, view);
      protected_call(L_, 1, 1);
      expr::NodeId id;
      if (lua_type(L_, -1) == LUA_TNUMBER) {
        id = graph_->constant(lua_tonumber(L_, -1));
      } else if (!to_symbol(L_, -1, id)) {
        throw ScriptError(fmt::format("{}: {} of kernel '{}' returned {} (expected a number)",
                                      parts_.model_where, field, parts_.kernel_name, type_name(L_, -1)));
      }
      lua_pop(L_, 1);
      return id;
    };
    traced.work = traced_scalar("work", parts_.has_work);
    traced.memory = traced_scalar("memory", parts_.has_memory);
    lua_settop(L_, top);

    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return model::term_before(a.first, b.first); });
    parts_.term_names.clear();
    traced.terms.clear();
    expr::NodeId total = graph_->constant(0.0);
    for (const auto& [term, id] : terms) {
      parts_.term_names.push_back(term);
      traced.terms.push_back(id);
      total = graph_->add(total, id);
    }
    traced.time = total;
    return true;
  } catch (const Interrupted&) {
    throw;
  } catch (const ScriptError& e) {
    // Any failure under symbols (a branch on a value, a library function that wants a number,
    // or a genuine bug) sends the model down the plain path, where a genuine bug is reported
    // with its own position.
    lua_settop(L_, top);
    parts_.fallback_reason = e.what();
    traced = model::TracedModel();
    return false;
  }
}

// When no machine was given and the model fails, the model is called once more with a stand-in
// machine: if it touches it, the failure was the missing machine (m:levels_spanned on nil), and
// that is said at the study's line instead of a message from inside the kernel file. A model that
// tests `m and m.network` is never probed, since nil works for it.
std::string LuaKernelModel::probe_machine_use(std::span<const double> slots, double p) {
  const int top = lua_gettop(L_);
  std::string use;
  // The box stays on the stack (so alive) until it is cleared below.
  auto** box = static_cast<std::string**>(lua_newuserdatauv(L_, sizeof(std::string*), 0));
  *box = &use;
  struct Clear {
    std::string** box;
    ~Clear() { *box = nullptr; }
  } clear{box};
  const int box_index = lua_gettop(L_);
  push_view(slots, false);
  const int view = lua_gettop(L_);
  raw_field(L_, view, "model");
  lua_pushvalue(L_, view);
  lua_pushnumber(L_, p);
  push_machine_stand_in(L_, box_index);
  try {
    protected_call(L_, 3, 1);
  } catch (const ScriptError&) {
    // expected whenever the stand-in is touched; any other failure is the original one's
  }
  lua_settop(L_, top);
  return use;
}

void LuaKernelModel::call_lua(std::span<const double> slots, double p, model::Evaluation& out) {
  if (machine_ref_ != LUA_NOREF) {
    call_lua_plain(slots, p, out);
    return;
  }
  try {
    call_lua_plain(slots, p, out);
  } catch (const ScriptError&) {
    const std::string use = probe_machine_use(slots, p);
    if (use.empty()) throw;
    const std::string where = user_where(L_);
    if (owner_.empty()) {
      throw ScriptError(fmt::format("{}kernel '{}''s model uses a machine ({}), but none was given "
                                    "(add machine = ...)", where, parts_.kernel_name, use));
    }
    throw ScriptError(fmt::format("{}{} names no machine, but kernel '{}''s model uses one ({}; add machine = ...)",
                                  where, owner_, parts_.kernel_name, use));
  }
}

void LuaKernelModel::call_lua_plain(std::span<const double> slots, double p, model::Evaluation& out) {
  const int top = lua_gettop(L_);
  push_view(slots, false);
  const int view = lua_gettop(L_);
  raw_field(L_, view, "model");
  lua_pushvalue(L_, view);
  lua_pushnumber(L_, p);
  if (machine_ref_ != LUA_NOREF) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, machine_ref_);
  } else {
    lua_pushnil(L_);
  }
  protected_call(L_, 3, 1);
  std::vector<std::pair<std::string, double>> terms;
  collect_terms(-1, &terms, nullptr);
  lua_pop(L_, 1);
  std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return model::term_before(a.first, b.first); });
  if (parts_.term_names.empty()) {
    for (const auto& t : terms) parts_.term_names.push_back(t.first);
  }
  if (terms.size() != parts_.term_names.size() ||
      !std::equal(terms.begin(), terms.end(), parts_.term_names.begin(),
                  [](const auto& t, const std::string& n) { return t.first == n; })) {
    lua_settop(L_, top);
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned different terms at p={:g} than "
                                  "before (a model must return the same named terms at every point)",
                                  parts_.model_where, parts_.kernel_name, p));
  }
  out.terms.resize(terms.size());
  out.time = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    out.terms[i] = terms[i].second;
    out.time += terms[i].second;
  }
  auto scalar = [&](const char* field, bool present) {
    if (!present) return kNaN;
    raw_field(L_, view, field);
    lua_pushvalue(L_, view);
    protected_call(L_, 1, 1);
    if (lua_type(L_, -1) != LUA_TNUMBER) {
      const std::string got = type_name(L_, -1);
      lua_settop(L_, top);
      throw ScriptError(fmt::format("{}: {} of kernel '{}' returned {} (expected a number)", parts_.model_where,
                                    field, parts_.kernel_name, got));
    }
    const double v = lua_tonumber(L_, -1);
    lua_pop(L_, 1);
    return v;
  };
  out.work = scalar("work", parts_.has_work);
  out.memory = scalar("memory", parts_.has_memory);
  lua_settop(L_, top);
}

}  // namespace

model::ModelParts kernel_model_parts(lua_State* L, int kernel_index, int machine_index, std::string owner) {
  auto lua_model = std::make_shared<LuaKernelModel>(L, kernel_index, machine_index, std::move(owner));
  model::TracedModel traced;
  if (lua_model->trace(traced)) {
    model::ModelParts parts = lua_model->parts();
    parts.traced = std::move(traced);
    return parts;
  }
  // Learn the term names from one plain call at the kernel's own values.
  model::Evaluation probe;
  lua_model->call_lua(lua_model->parts().params.values(), 1.0, probe);
  model::ModelParts parts = lua_model->parts();
  parts.plain = [lua_model](std::span<const double> slots, double p, model::Evaluation& out) {
    lua_model->call_lua(slots, p, out);
  };
  return parts;
}

}  // namespace scalerun::lua
