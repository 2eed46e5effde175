#pragma once
// Installs the script vocabulary into a state: the symbolic helpers, the natives the prelude
// calls, and the embedded prelude itself (chunk "@scalerun/prelude.lua").

#include <lua.hpp>

namespace scalerun::lua {

void open_vocabulary(lua_State* L);

}  // namespace scalerun::lua
