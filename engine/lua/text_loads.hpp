#pragma once
// load, loadfile and dofile that read text chunks only, for scripts and libraries alike: a binary
// chunk is bytecode Lua does not verify, and a crafted one reads and writes memory at will.
// Installed as C functions with no upvalues in place of Lua's own, which then nothing holds: no
// debug.getupvalue can hand the originals back.

#include <lua.hpp>

namespace scalerun::lua {

void install_text_loads(lua_State* L);

}  // namespace scalerun::lua
