#include "lua/symbolic.hpp"

#include <cmath>
#include <cstdint>
#include <new>

#include "lua/native.hpp"

namespace scalerun::lua {

namespace {

constexpr const char* kSymbolMeta = "scalerun.symbol";
constexpr const char* kArrayMeta = "scalerun.symbol_array";

struct Symbol {
  expr::NodeId id;
  std::uint64_t generation;
};

// The trace in progress of one Lua state (traces do not nest), kept in that state's registry so
// two states, e.g. in two threads, never see each other's graph.
struct ActiveTrace {
  expr::Graph* graph = nullptr;
  std::uint64_t generation = 0;
};
const char kTraceKey = 0;  // its address is the registry key

ActiveTrace& trace_of(lua_State* L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kTraceKey) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    // Plain data in a userdata Lua owns: freed with the state, no finalizer needed.
    new (lua_newuserdatauv(L, sizeof(ActiveTrace), 0)) ActiveTrace{};
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kTraceKey);
  }
  auto* trace = static_cast<ActiveTrace*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return *trace;
}

expr::Graph& graph_or_raise(lua_State* L) {
  const ActiveTrace& trace = trace_of(L);
  if (trace.graph == nullptr) {
    throw NativeError("a symbolic value was used outside the model call that made it");
  }
  return *trace.graph;
}

bool symbol_at(lua_State* L, int index, expr::NodeId& id) {
  auto* s = static_cast<Symbol*>(luaL_testudata(L, index, kSymbolMeta));
  if (s == nullptr) return false;
  const ActiveTrace& trace = trace_of(L);
  if (trace.graph == nullptr || s->generation != trace.generation) {
    throw NativeError("a symbolic value was used outside the model call that made it");
  }
  id = s->id;
  return true;
}

// A number, boolean or symbol as a node of the active graph.
expr::NodeId operand(lua_State* L, int index) {
  expr::NodeId id;
  if (symbol_at(L, index, id)) return id;
  if (lua_type(L, index) == LUA_TNUMBER) return graph_or_raise(L).constant(lua_tonumber(L, index));
  if (lua_type(L, index) == LUA_TBOOLEAN) return graph_or_raise(L).constant(lua_toboolean(L, index) ? 1.0 : 0.0);
  throw NativeError(std::string("arithmetic on a symbolic value and a ") + luaL_typename(L, index) +
                    " value");
}

bool any_symbol(lua_State* L, int first, int last) {
  for (int i = first; i <= last; ++i) {
    if (luaL_testudata(L, i, kSymbolMeta) != nullptr) return true;
  }
  return false;
}

template <expr::Op O>
int binary_meta(lua_State* L) {
  expr::Graph& g = graph_or_raise(L);
  const expr::NodeId a = operand(L, 1);
  const expr::NodeId b = operand(L, 2);
  push_symbol(L, g.binary(O, a, b));
  return 1;
}

int idiv_meta(lua_State* L) {
  expr::Graph& g = graph_or_raise(L);
  push_symbol(L, g.unary(expr::Op::Floor, g.div(operand(L, 1), operand(L, 2))));
  return 1;
}

int mod_meta(lua_State* L) {
  expr::Graph& g = graph_or_raise(L);
  const expr::NodeId a = operand(L, 1);
  const expr::NodeId b = operand(L, 2);
  push_symbol(L, g.sub(a, g.mul(g.unary(expr::Op::Floor, g.div(a, b)), b)));
  return 1;
}

int unm_meta(lua_State* L) {
  push_symbol(L, graph_or_raise(L).unary(expr::Op::Neg, operand(L, 1)));
  return 1;
}

// Comparisons must produce a Lua boolean, which cannot stay symbolic: the model branches on a
// value, so it is evaluated by plain calls instead.
int compare_meta(lua_State*) {
  throw NativeError("the model compares a symbolic value (use lt/le/gt/ge/where to keep it traceable)");
}

int misuse_meta(lua_State*) {
  throw NativeError("this operation is not defined on a symbolic value");
}

int tostring_meta(lua_State* L) {
  expr::NodeId id;
  if (!symbol_at(L, 1, id)) return 0;
  const std::string text = graph_or_raise(L).to_string(id);
  lua_pushlstring(L, text.data(), text.size());
  return 1;
}

// The array's element table pushed. A script can still call the metamethods with any value
// (debug.getmetatable reaches them), so the userdata is checked before its user value is read.
void push_array_elements(lua_State* L) {
  if (luaL_testudata(L, 1, kArrayMeta) == nullptr) throw NativeError("this operation is not defined on a symbolic value");
  lua_getiuservalue(L, 1, 1);
}

// Array of symbols: the element ids live in the userdata's uservalue table.
int array_index(lua_State* L) {
  push_array_elements(L);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  if (lua_type(L, 2) == LUA_TNUMBER) {
    lua_Integer i = 0;
    if (lua_isinteger(L, 2)) {
      i = lua_tointeger(L, 2);
    } else {
      const double d = lua_tonumber(L, 2);
      if (d != std::floor(d)) return 0;  // a non-integer index finds nothing, as in a table
      i = static_cast<lua_Integer>(d);
    }
    if (i < 1 || i > n) return 0;
    lua_rawgeti(L, -1, i);
    return 1;
  }
  expr::NodeId index;
  if (!symbol_at(L, 2, index)) return 0;
  // A symbolic index selects among the elements: where(i == 1, e1, where(i == 2, e2, ... nan)).
  expr::Graph& g = graph_or_raise(L);
  expr::NodeId result = g.constant(std::nan(""));
  for (lua_Integer i = n; i >= 1; --i) {
    lua_rawgeti(L, -1, i);
    expr::NodeId element;
    symbol_at(L, -1, element);
    lua_pop(L, 1);
    result = g.where(g.binary(expr::Op::Eq, index, g.constant(static_cast<double>(i))), element, result);
  }
  push_symbol(L, result);
  return 1;
}

int array_len(lua_State* L) {
  push_array_elements(L);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// Helpers that work on numbers and symbols alike.
template <expr::Op O, bool Swap>
int compare_helper(lua_State* L) {
  luaL_checkany(L, 2);
  if (!any_symbol(L, 1, 2)) {
    const double a = luaL_checknumber(L, Swap ? 2 : 1);
    const double b = luaL_checknumber(L, Swap ? 1 : 2);
    bool r = false;
    if constexpr (O == expr::Op::Lt) r = a < b;
    if constexpr (O == expr::Op::Le) r = a <= b;
    if constexpr (O == expr::Op::Eq) r = a == b;
    lua_pushinteger(L, r ? 1 : 0);
    return 1;
  }
  expr::Graph& g = graph_or_raise(L);
  const expr::NodeId a = operand(L, Swap ? 2 : 1);
  const expr::NodeId b = operand(L, Swap ? 1 : 2);
  push_symbol(L, g.binary(O, a, b));
  return 1;
}

int where_helper(lua_State* L) {
  luaL_checkany(L, 3);
  if (!any_symbol(L, 1, 3)) {
    const bool c = lua_type(L, 1) == LUA_TBOOLEAN ? lua_toboolean(L, 1) != 0 : luaL_checknumber(L, 1) != 0.0;
    lua_pushvalue(L, c ? 2 : 3);
    return 1;
  }
  expr::Graph& g = graph_or_raise(L);
  push_symbol(L, g.where(operand(L, 1), operand(L, 2), operand(L, 3)));
  return 1;
}

int is_symbolic_helper(lua_State* L) {
  lua_pushboolean(L, luaL_testudata(L, 1, kSymbolMeta) != nullptr);
  return 1;
}

// math.* wrappers: numbers go to the original function (upvalue 1), symbols build nodes.
template <expr::Op O>
int unary_math(lua_State* L) {
  if (!any_symbol(L, 1, 1)) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
  }
  push_symbol(L, graph_or_raise(L).unary(O, operand(L, 1)));
  return 1;
}

int log_math(lua_State* L) {
  if (!any_symbol(L, 1, 2)) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
  }
  expr::Graph& g = graph_or_raise(L);
  expr::NodeId r = g.unary(expr::Op::Log, operand(L, 1));
  if (!lua_isnoneornil(L, 2)) r = g.div(r, g.unary(expr::Op::Log, operand(L, 2)));
  push_symbol(L, r);
  return 1;
}

int log2_helper(lua_State* L) {
  if (!any_symbol(L, 1, 1)) {
    lua_pushnumber(L, std::log2(luaL_checknumber(L, 1)));
    return 1;
  }
  expr::Graph& g = graph_or_raise(L);
  push_symbol(L, g.div(g.unary(expr::Op::Log, operand(L, 1)), g.constant(std::log(2.0))));
  return 1;
}

template <expr::Op O>
int minmax_math(lua_State* L) {
  const int n = lua_gettop(L);
  if (!any_symbol(L, 1, n)) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
  }
  expr::Graph& g = graph_or_raise(L);
  expr::NodeId r = operand(L, 1);
  for (int i = 2; i <= n; ++i) r = g.binary(O, r, operand(L, i));
  push_symbol(L, r);
  return 1;
}

void wrap_math(lua_State* L, const char* name, lua_CFunction wrapper) {
  lua_getglobal(L, "math");
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

}  // namespace

void push_symbol(lua_State* L, expr::NodeId id) {
  auto* s = static_cast<Symbol*>(lua_newuserdatauv(L, sizeof(Symbol), 0));
  s->id = id;
  s->generation = trace_of(L).generation;
  luaL_setmetatable(L, kSymbolMeta);
}

void push_symbol_array(lua_State* L, const std::vector<expr::NodeId>& ids) {
  lua_newuserdatauv(L, 1, 1);
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    push_symbol(L, ids[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, kArrayMeta);
}

bool to_symbol(lua_State* L, int index, expr::NodeId& id) { return symbol_at(L, index, id); }

TraceScope::TraceScope(lua_State* L, expr::Graph& graph) : L_(L) {
  ActiveTrace& trace = trace_of(L);
  trace.graph = &graph;
  ++trace.generation;
}

TraceScope::~TraceScope() {
  ActiveTrace& trace = trace_of(L_);  // exists: the constructor made it
  trace.graph = nullptr;
  ++trace.generation;
}

void open_symbolic(lua_State* L) {
  trace_of(L);  // created now, so later lookups never allocate
  const luaL_Reg symbol_meta[] = {
      {"__add", native<binary_meta<expr::Op::Add>>},
      {"__sub", native<binary_meta<expr::Op::Sub>>},
      {"__mul", native<binary_meta<expr::Op::Mul>>},
      {"__div", native<binary_meta<expr::Op::Div>>},
      {"__pow", native<binary_meta<expr::Op::Pow>>},
      {"__idiv", native<idiv_meta>},
      {"__mod", native<mod_meta>},
      {"__unm", native<unm_meta>},
      {"__lt", native<compare_meta>},
      {"__le", native<compare_meta>},
      {"__eq", native<compare_meta>},
      {"__concat", native<misuse_meta>},
      {"__len", native<misuse_meta>},
      {"__call", native<misuse_meta>},
      {"__index", native<misuse_meta>},
      {"__tostring", native<tostring_meta>},
      {nullptr, nullptr}};
  // __metatable: a script can neither read nor change the metatables (no __gc added to them, no
  // metamethod called with a value of another type).
  luaL_newmetatable(L, kSymbolMeta);
  luaL_setfuncs(L, symbol_meta, 0);
  lua_pushliteral(L, "symbolic value");
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  luaL_newmetatable(L, kArrayMeta);
  lua_pushcfunction(L, native<array_index>);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, native<array_len>);
  lua_setfield(L, -2, "__len");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  const luaL_Reg helpers[] = {
      {"where", native<where_helper>},
      {"lt", native<compare_helper<expr::Op::Lt, false>>},
      {"le", native<compare_helper<expr::Op::Le, false>>},
      {"gt", native<compare_helper<expr::Op::Lt, true>>},
      {"ge", native<compare_helper<expr::Op::Le, true>>},
      {"eq", native<compare_helper<expr::Op::Eq, false>>},
      {"log2", native<log2_helper>},
      {"is_symbolic", is_symbolic_helper},
      {nullptr, nullptr}};
  lua_pushglobaltable(L);
  luaL_setfuncs(L, helpers, 0);
  lua_pop(L, 1);

  wrap_math(L, "log", native<log_math>);
  wrap_math(L, "exp", native<unary_math<expr::Op::Exp>>);
  wrap_math(L, "sqrt", native<unary_math<expr::Op::Sqrt>>);
  wrap_math(L, "abs", native<unary_math<expr::Op::Abs>>);
  wrap_math(L, "floor", native<unary_math<expr::Op::Floor>>);
  wrap_math(L, "ceil", native<unary_math<expr::Op::Ceil>>);
  wrap_math(L, "sin", native<unary_math<expr::Op::Sin>>);
  wrap_math(L, "cos", native<unary_math<expr::Op::Cos>>);
  wrap_math(L, "min", native<minmax_math<expr::Op::Min>>);
  wrap_math(L, "max", native<minmax_math<expr::Op::Max>>);
}

}  // namespace scalerun::lua
