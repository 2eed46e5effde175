#pragma once
// Lua's os.execute waits for its shell with SIGINT ignored (system() does that), so Ctrl-C and the
// time budget could not end a script blocked in it, and the program it started would outlive
// scalerun. This replaces it with the same call run like a kernel's command: in its own process
// group, ended on Ctrl-C, on the budget's end or when scalerun is killed; io.popen's shell too. It
// also narrows the
// script's debug library to what reads (process_guards.cpp says why).

#include <lua.hpp>

namespace scalerun::lua {

void install_process_guards(lua_State* L);

}  // namespace scalerun::lua
