#include "lua/call.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "lua/library_sandbox.hpp"
#include "lua/native.hpp"
#include "lua/state.hpp"
#include "errors/printable.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace {

constexpr std::string_view kTracebackMarker = "\nstack traceback:";

// "@path", the path's control characters escaped: positions are printed in one-line messages.
std::string chunk_name(const std::string& path) {
  std::string name = printable(path);
  name.insert(name.begin(), '@');
  return name;
}

// True when the message's first line already starts "file:line: " (Lua's own errors, natives'
// NativeError, the hook's time-out), so no second position is put in front of it.
bool has_position(std::string_view text) {
  const std::string_view line = text.substr(0, text.find('\n'));
  for (std::size_t colon = line.find(':'); colon != std::string_view::npos; colon = line.find(':', colon + 1)) {
    if (line.substr(0, colon).find(": ") != std::string_view::npos) return false;
    std::size_t end = colon + 1;
    while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
    if (end > colon + 1 && end < line.size() && line[end] == ':') return true;
  }
  return false;
}

// The length of a leading "scalerun/x.lua:12: " (a position in an embedded chunk), else 0.
std::size_t embedded_position_length(std::string_view text) {
  if (!text.starts_with("scalerun/")) return 0;
  const std::size_t colon = text.find(':');
  std::size_t end = colon + 1;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
  if (colon == std::string_view::npos || end == colon + 1 || text.substr(end, 2) != ": ") return 0;
  return end + 2;
}

// Lua shortens a chunk name to LUA_IDSIZE (60) characters, "…/tail", in every position it
// writes; a user must be able to open the file, so positions carry the whole path.
const char* full_source(const lua_Debug& ar) {
  return ar.source != nullptr && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
}

// A message that starts with a shortened "...tail:12: " gets the whole path of the frame whose
// short name it is; `out` receives the repaired message (empty when nothing was shortened).
void restore_long_source(lua_State* L, const char* msg, char* out, std::size_t size) {
  out[0] = '\0';
  if (std::strncmp(msg, "...", 3) != 0) return;
  const char* colon = std::strchr(msg, ':');
  if (colon == nullptr) return;
  const std::size_t length = static_cast<std::size_t>(colon - msg);
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
    if (lua_getinfo(L, "S", &ar) == 0) continue;
    if (std::strlen(ar.short_src) == length && std::strncmp(ar.short_src, msg, length) == 0) {
      std::snprintf(out, size, "%s%s", full_source(ar), colon);
      return;
    }
  }
}

// Message handler: any error value becomes one message with the user's position in front,
// followed by the traceback after a marker we split on later. Runs on top of the failing stack,
// so user_where() still sees the line that raised.
int message_handler(lua_State* L) {
  // No C++ object may live across the Lua calls below: __tostring may raise, and Lua unwinds
  // with longjmp. The position is copied out first.
  char where[512] = "";
  try {
    const std::string w = user_where(L);
    std::snprintf(where, sizeof where, "%s", w.c_str());
  } catch (...) {
    where[0] = '\0';
  }
  const char* msg = nullptr;
  if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
    msg = lua_tostring(L, 1);
  } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
    msg = lua_tostring(L, -1);
  } else if (lua_isnil(L, 1)) {
    msg = "error() was called with nil (give it a message string)";
  } else {
    msg = lua_pushfstring(L, "error() was called with a %s value (give it a message string, or a table with __tostring)",
                          luaL_typename(L, 1));
  }
  char restored[1024];
  restore_long_source(L, msg, restored, sizeof restored);
  if (restored[0] != '\0') msg = lua_pushstring(L, restored);
  if (where[0] != '\0') {
    if (!has_position(msg)) {
      msg = lua_pushfstring(L, "%s%s", where, msg);
    } else if (const std::size_t skip = embedded_position_length(msg); skip > 0) {
      // Raised inside scalerun's own Lua (a vocabulary check, the require guard): the user's
      // line is the one to show, not ours.
      msg = lua_pushfstring(L, "%s%s", where, msg + skip);
    }
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

// Lua's "module 'x' not found:" lists every file tried on lines of their own; the user gets one
// line saying where to look, the list goes with --verbose.
std::string shorten_module_not_found(std::string line) {
  const auto at = line.find("module '");
  if (at == std::string::npos || !line.ends_with("' not found:")) return line;
  line.pop_back();
  return line + " on package.path (the script's folder, its parent, the working directory, LUA_PATH; "
                "--verbose lists the files tried)";
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
  if (runtime::interrupt_requested()) throw Interrupted();
  if (status == LUA_ERRMEM) {
    // Lua calls no message handler for this one, so the position is the last the hook saw.
    throw ScriptError(State::last_user_position() + kOutOfMemory);
  }
  std::string traceback;
  if (auto pos = text.find(kTracebackMarker); pos != std::string::npos) {
    traceback = text.substr(pos + 1);
    text.resize(pos);
  }
  // One line: whatever follows the first line (a program's stderr tail, a multi-line message) is
  // detail, shown with --verbose in front of the traceback.
  if (auto newline = text.find('\n'); newline != std::string::npos) {
    std::string detail = text.substr(newline + 1);
    text.resize(newline);
    text = shorten_module_not_found(std::move(text));
    traceback = traceback.empty() ? detail : detail + "\n" + traceback;
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

namespace {

// A syntax error in a file with a long path starts "...tail:3:"; the message names the whole path.
std::string with_full_path(std::string text, const std::string& path) {
  if (!text.starts_with("...")) return text;
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || !path.ends_with(std::string_view(text).substr(3, colon - 3))) return text;
  return path + text.substr(colon);
}

}  // namespace

void load_file(lua_State* L, const std::string& path) {
  const std::string source = user_source(path);
  const int status = luaL_loadbufferx(L, source.data(), source.size(), chunk_name(path).c_str(), "t");
  if (status != LUA_OK) {
    std::string text = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "cannot load";
    lua_pop(L, 1);
    throw ScriptError(with_full_path(std::move(text), path));  // syntax errors carry "path:line:"
  }
}

namespace {

// package.searchers[2] replacement: finds a module on package.path like Lua's own searcher and
// loads it through load_file, so modules get the same chunk names and frame keeping as scripts.
// Each module chunk runs in a library environment of its own (library_sandbox.hpp): no io, os
// only for time, no way back to the real globals; the script that requires it keeps them.
// package.searchpath is the one captured when the searcher was installed: replacing the field
// cannot change what is loaded, or how.
constexpr const char* kSearchpathKey = "scalerun.searchpath";
constexpr const char* kScriptPathKey = "scalerun.script_path";

// The experiment script found again on package.path: loaded as a library, its chunk name would be
// a library's, and the natives would take the script's own experiments for a library's.
bool is_the_script(lua_State* L, const std::string& path) {
  std::string script;
  if (lua_getfield(L, LUA_REGISTRYINDEX, kScriptPathKey) == LUA_TSTRING) script = lua_tostring(L, -1);
  lua_pop(L, 1);
  std::error_code ec;
  return !script.empty() && std::filesystem::equivalent(script, path, ec);
}

int search_lua_module(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  if (lua_getfield(L, LUA_REGISTRYINDEX, kSearchpathKey) != LUA_TFUNCTION) {
    throw std::logic_error("internal error: the module searcher has no package.searchpath");
  }
  lua_pushstring(L, name);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "path");
  lua_remove(L, -2);
  if (lua_type(L, -1) != LUA_TSTRING) {
    throw NativeError(fmt::format("require '{}': package.path is not a string (set it to a string of ?.lua patterns)", name));
  }
  lua_call(L, 2, 2);
  if (lua_type(L, -2) != LUA_TSTRING) return 1;  // the "no file ..." message explains what was tried
  const std::string path = lua_tostring(L, -2);
  if (is_the_script(L, path)) {
    throw NativeError(fmt::format("require '{}' would load the experiment script itself ({}) as a library: move what "
                                  "it shares into a module of its own", name, path));
  }
  const std::string source = user_source(path);
  const std::string chunk = chunk_name(path);
  if (luaL_loadbufferx(L, source.data(), source.size(), chunk.c_str(), "t") != LUA_OK) {
    throw ScriptError(with_full_path(lua_tostring(L, -1), path));  // raised once strings are freed
  }
  sandbox_library_chunk(L, chunk.c_str());
  lua_pushstring(L, path.c_str());
  return 2;
}

}  // namespace

void install_module_searcher(lua_State* L, bool allow_c_modules) {
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchpath");
  lua_setfield(L, LUA_REGISTRYINDEX, kSearchpathKey);
  lua_getfield(L, -1, "searchers");
  lua_pushcfunction(L, native<search_lua_module>);
  lua_rawseti(L, -2, 2);
  if (!allow_c_modules) {
    // Native code runs outside every guard: C modules (searchers 3 and 4) and package.loadlib
    // are there only when the user asks for them on the command line (--allow-c-modules).
    lua_pushnil(L);
    lua_rawseti(L, -2, 4);
    lua_pushnil(L);
    lua_rawseti(L, -2, 3);
    lua_pushnil(L);
    lua_setfield(L, -3, "loadlib");
  }
  lua_pop(L, 2);
}

void set_script_path(lua_State* L, const std::string& path) {
  lua_pushlstring(L, path.data(), path.size());
  lua_setfield(L, LUA_REGISTRYINDEX, kScriptPathKey);
}

void load_chunk(lua_State* L, std::string_view source, const std::string& chunk_name) {
  const int status = luaL_loadbufferx(L, source.data(), source.size(), chunk_name.c_str(), "t");
  if (status != LUA_OK) {
    std::string text = lua_tostring(L, -1);
    lua_pop(L, 1);
    throw ScriptError(text);
  }
}

bool user_frame(lua_State* L, lua_Debug& ar) {
  for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
    if (lua_getinfo(L, "Sl", &ar) == 0) continue;
    if (ar.currentline <= 0) continue;  // C function or no line information
    const std::string_view source = ar.source != nullptr ? ar.source : "";
    if (source.starts_with("@scalerun/")) continue;
    return true;
  }
  return false;
}

std::string frame_where(const lua_Debug& ar) { return fmt::format("{}:{}", full_source(ar), ar.currentline); }

std::string user_where(lua_State* L) {
  lua_Debug ar;
  if (!user_frame(L, ar)) return {};
  return frame_where(ar) + ": ";
}

std::string function_where(lua_State* L, int index) {
  lua_Debug ar;
  lua_pushvalue(L, index);
  if (lua_getinfo(L, ">S", &ar) == 0 || ar.linedefined <= 0) return "?";
  return fmt::format("{}:{}", full_source(ar), ar.linedefined);
}

const char* type_name(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TNUMBER) return lua_isinteger(L, index) ? "integer" : "number";
  return luaL_typename(L, index);
}

}  // namespace scalerun::lua
