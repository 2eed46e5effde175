#pragma once
// map{} at the edge: reads the script's table into a study::MapSpec, binds the kernel's model to
// the machine (or to none), runs the map and returns its table to Lua.

#include <lua.hpp>

namespace scalerun::lua {

int map_native(lua_State* L);

}  // namespace scalerun::lua
