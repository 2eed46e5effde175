#pragma once
// A library loaded with require (the machines, kernels and programs users share and run without
// reading) gets an environment of its own that never reaches the real globals (prelude/sandbox.lua
// builds it; docs/SECURITY.md is the threat model). Libraries describe, scripts act: the natives
// that run experiments, maps, fits, discovery and checks (and so start programs or read files)
// refuse any call made while a library function is on the Lua stack, however the library got
// hold of them.

#include <string_view>

#include <lua.hpp>

namespace scalerun::lua {

// The native prelude/sandbox.lua hands its environment factory and the chunk-name prefix of the
// chunks libraries load to (native.set_library_environment): kept in the registry, out of reach
// of scripts.
int set_library_environment(lua_State* L);

// Makes a fresh library environment the _ENV (first upvalue) of the Lua function on top of the
// stack, a module chunk just loaded from `source` (its chunk name, "@path"), and remembers that
// source as a library's. Throws (a C++ exception, for the native trampoline) when the vocabulary
// is not open: a module must never silently run with the real globals.
void sandbox_library_chunk(lua_State* L, const char* source);

// The same environment for the script's chunk on top of the stack when `scalerun SCRIPT --help`
// runs it only to list its param()s: nothing is started or read, experiments and the other
// acting forms are skipped (they return empty tables).
void sandbox_script_for_listing(lua_State* L);
// The same for the check pass before a run (lua/script_runner): experiment{} is the real one (the
// session checks without measuring), print writes nothing, os.exit and the other acting forms end
// the check pass.
void sandbox_script_for_checking(lua_State* L);

// Throws NativeError ("<what> cannot run from a library ...") when a function of a library (a
// module chunk, a function it defined, a chunk it loaded) is on the current thread's stack.
void refuse_in_library(lua_State* L, std::string_view what);

}  // namespace scalerun::lua
