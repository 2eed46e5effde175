#include "lua/call.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"

namespace scalerun::lua {

namespace {

constexpr std::string_view kTracebackMarker = "\nstack traceback:";

// Message handler: honours __tostring, appends the traceback after a marker we split on later.
int message_handler(lua_State* L) {
  const char* msg = lua_tostring(L, 1);
  if (msg == nullptr) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      msg = lua_tostring(L, -1);
    } else {
      msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

}  // namespace

void protected_call(lua_State* L, int nargs, int nresults) {
  const int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, message_handler);
  lua_insert(L, base);
  const int status = lua_pcall(L, nargs, nresults, base);
  lua_remove(L, base);
  if (status == LUA_OK) return;

  std::string text = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "(unknown error)";
  lua_pop(L, 1);
  if (State::interrupt_requested.load()) throw Interrupted();
  if (status == LUA_ERRMEM) throw ScriptError("not enough memory to run the script");
  std::string traceback;
  if (auto pos = text.find(kTracebackMarker); pos != std::string::npos) {
    traceback = text.substr(pos + 1);
    text.resize(pos);
  }
  throw ScriptError(text, traceback);
}

std::string user_source(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScriptError(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  if (source.starts_with("\xEF\xBB\xBF")) source.erase(0, 3);
  // A to-be-closed local in the chunk's outer block keeps `return machine { ... }` from being a
  // tail call, which would erase the chunk's frame and with it the line a mistake is reported
  // at. It goes on line 1 so every line number stays the user's.
  std::string prefix = "local __scalerun_keep_frame <close> = nil; ";
  if (source.starts_with("#")) prefix += "--";  // a #! line becomes a comment
  return prefix + source;
}

void load_file(lua_State* L, const std::string& path) {
  const std::string source = user_source(path);
  const int status = luaL_loadbufferx(L, source.data(), source.size(), ("@" + path).c_str(), "t");
  if (status != LUA_OK) {
    std::string text = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "cannot load";
    lua_pop(L, 1);
    throw ScriptError(text);  // syntax errors already carry "path:line:"
  }
}

namespace {

// package.searchers[2] replacement: finds a module on package.path like Lua's own searcher and
// loads it through load_file, so modules get the same chunk names and frame keeping as scripts.
int search_lua_module(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchpath");
  lua_pushstring(L, name);
  lua_getfield(L, -3, "path");
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1;  // the "no file ..." message explains what was tried
  const std::string path = lua_tostring(L, -2);
  const std::string source = user_source(path);
  if (luaL_loadbufferx(L, source.data(), source.size(), ("@" + path).c_str(), "t") != LUA_OK) {
    throw ScriptError(lua_tostring(L, -1));  // the trampoline raises it once strings are freed
  }
  lua_pushstring(L, path.c_str());
  return 2;
}

}  // namespace

void install_module_searcher(lua_State* L) {
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchers");
  lua_pushcfunction(L, native<search_lua_module>);
  lua_rawseti(L, -2, 2);
  lua_pop(L, 2);
}

void load_chunk(lua_State* L, std::string_view source, const std::string& chunk_name) {
  const int status = luaL_loadbufferx(L, source.data(), source.size(), chunk_name.c_str(), "t");
  if (status != LUA_OK) {
    std::string text = lua_tostring(L, -1);
    lua_pop(L, 1);
    throw ScriptError(text);
  }
}

std::string user_where(lua_State* L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
    if (lua_getinfo(L, "Sl", &ar) == 0) continue;
    if (ar.currentline <= 0) continue;  // C function or no line information
    const std::string_view source = ar.source != nullptr ? ar.source : "";
    if (source.starts_with("@scalerun/")) continue;
    return fmt::format("{}:{}: ", ar.short_src, ar.currentline);
  }
  return {};
}

std::string function_where(lua_State* L, int index) {
  lua_Debug ar;
  lua_pushvalue(L, index);
  if (lua_getinfo(L, ">S", &ar) == 0 || ar.linedefined <= 0) return "?";
  return fmt::format("{}:{}", ar.short_src, ar.linedefined);
}

const char* type_name(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TNUMBER) return lua_isinteger(L, index) ? "integer" : "number";
  return luaL_typename(L, index);
}

}  // namespace scalerun::lua
