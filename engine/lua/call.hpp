#pragma once
// The only way into Lua: every call goes through protected_call, whose message handler keeps
// the one-line message apart from the traceback and turns failures into ScriptError.

#include <string>
#include <string_view>

#include <lua.hpp>

namespace scalerun::lua {

// Calls the function below its nargs arguments on the stack, like lua_pcall, leaving nresults
// values. On error the stack is restored and ScriptError is thrown (Interrupted after SIGINT).
void protected_call(lua_State* L, int nargs, int nresults);

// Loads a file as a chunk named "@<path>" so errors read "path:line: ...".
void load_file(lua_State* L, const std::string& path);
// Makes `require` load Lua modules through load_file's rules (real paths, frames kept), each in a
// library environment of its own; C modules and package.loadlib only when allow_c_modules.
void install_module_searcher(lua_State* L, bool allow_c_modules);
// The experiment script's path: require refuses to load it again as a library.
void set_script_path(lua_State* L, const std::string& path);

// Loads source text under the given chunk name (e.g. "@scalerun/prelude.lua").
void load_chunk(lua_State* L, std::string_view source, const std::string& chunk_name);

// "file:line: " of the innermost frame that belongs to the user: C functions and the embedded
// vocabulary (@scalerun/...) are skipped, so a mistake is reported where the user wrote it.
// Empty when no such frame is active.
std::string user_where(lua_State* L);
// The frame user_where names, in ar (its "Sl" fields filled); false when there is none.
bool user_frame(lua_State* L, lua_Debug& ar);
// "file:line" of such a frame, the whole path.
std::string frame_where(const lua_Debug& ar);

// "file:line" where a Lua function was defined, e.g. "kernels/rlsp.lua:14".
std::string function_where(lua_State* L, int index);

// The Lua type name of the value at index, with "integer" told apart from "number".
const char* type_name(lua_State* L, int index);

}  // namespace scalerun::lua
