#pragma once
// fit{} at the edge: reads the table, the kernel's model and the data rows, fits (study/fit) and
// returns the kernel configured with the fitted values.

#include <lua.hpp>

namespace scalerun::lua {

int fit_native(lua_State* L);

}  // namespace scalerun::lua
