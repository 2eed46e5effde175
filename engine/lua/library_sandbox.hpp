#pragma once
// A library loaded with require (the machines, kernels and programs users share and run without
// reading) gets an environment of its own instead of the real globals: no io, os only for time,
// date and the environment, no debug, no way back to the real globals through load, loadfile,
// dofile, package or require (prelude/sandbox.lua says what exactly). So a shared library cannot
// touch files or start programs; the experiment script itself keeps io and os.

#include <lua.hpp>

namespace scalerun::lua {

// The native prelude/sandbox.lua hands its environment factory to (native.set_library_environment):
// kept in the registry, out of reach of scripts.
int set_library_environment(lua_State* L);

// Makes a fresh library environment the _ENV (first upvalue) of the Lua function on top of the
// stack, a module chunk just loaded. Throws (a C++ exception, for the native trampoline) when the
// vocabulary is not open: a module must never silently run with the real globals.
void sandbox_library_chunk(lua_State* L);

}  // namespace scalerun::lua
