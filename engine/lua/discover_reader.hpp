#pragma once
// discover{} at the edge: reads the table and its data (rows, a CSV file or an experiment's stored
// points), discovers the model (study/discover) and returns it to the script as plain data.

#include <lua.hpp>

namespace scalerun::lua {

int discover_native(lua_State* L);

}  // namespace scalerun::lua
