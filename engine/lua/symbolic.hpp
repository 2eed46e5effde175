#pragma once
// Symbolic values in Lua. While a model is traced, its parameters and p are userdata "symbols"
// whose arithmetic metamethods build an expr::Graph instead of computing numbers. Comparing a
// symbol raises (a model that branches on values cannot be traced and falls back to plain
// calls); helpers such as where(), lt() and the wrapped math functions work on numbers and
// symbols alike, so one model text serves both paths.

#include <string>
#include <vector>

#include <lua.hpp>

#include "expr/graph.hpp"

namespace scalerun::lua {

// Registers the symbol metatables and the helpers (where, lt, le, gt, ge, eq, log2,
// is_symbolic) as globals, and wraps math.log/exp/sqrt/abs/floor/ceil/sin/cos/min/max.
void open_symbolic(lua_State* L);

// While alive, symbols built in L refer to `graph`. Symbols that outlive the trace are rejected.
class TraceScope {
 public:
  TraceScope(lua_State* L, expr::Graph& graph);
  ~TraceScope();
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

 private:
  lua_State* L_;
};

// Pushes a symbol for node `id` of the active trace's graph.
void push_symbol(lua_State* L, expr::NodeId id);
// Pushes an indexable, length-aware array of symbols (for parameters such as beta = {b1, b2}).
void push_symbol_array(lua_State* L, const std::vector<expr::NodeId>& ids);
// If the value at index is a symbol of the active trace, stores its node and returns true.
bool to_symbol(lua_State* L, int index, expr::NodeId& id);

}  // namespace scalerun::lua
