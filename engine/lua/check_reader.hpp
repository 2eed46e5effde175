#pragma once
// check{} at the edge: reads the table and its expected rows into a study::CheckSpec, compares
// (study/check) and returns whether every value held.

#include <lua.hpp>

namespace scalerun::lua {

int check_native(lua_State* L);

}  // namespace scalerun::lua
