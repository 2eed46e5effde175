#include "lua/library_sandbox.hpp"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "lua/native.hpp"
#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace {

constexpr const char* kFactoryKey = "scalerun.library_environment";
constexpr const char* kChunkPrefixKey = "scalerun.library_chunk_prefix";
constexpr const char* kSourcesKey = "scalerun.library_sources";  // set: "@path" -> true

// True when the frame's function was compiled from a library: a module chunk (its source was
// noted when the searcher loaded it) or a chunk a library loaded (named with the prefix).
bool library_source(lua_State* L, const char* source) {
  if (source == nullptr) return false;
  bool found = false;
  if (lua_getfield(L, LUA_REGISTRYINDEX, kChunkPrefixKey) == LUA_TSTRING) {
    const std::string_view prefix = lua_tostring(L, -1);
    found = std::string_view(source).starts_with(prefix);
  }
  lua_pop(L, 1);
  if (found) return true;
  if (lua_getfield(L, LUA_REGISTRYINDEX, kSourcesKey) == LUA_TTABLE) {
    found = lua_getfield(L, -1, source) != LUA_TNIL;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return found;
}

}  // namespace

int set_library_environment(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TSTRING);
  lua_settop(L, 2);
  lua_setfield(L, LUA_REGISTRYINDEX, kChunkPrefixKey);
  lua_setfield(L, LUA_REGISTRYINDEX, kFactoryKey);
  return 0;
}

namespace {

// Makes a fresh environment from the factory the _ENV of the chunk on top of the stack.
// purpose: nullptr for a library, "listing" for --help, "checking" for the check pass.
void set_environment(lua_State* L, const char* purpose) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, kFactoryKey) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    throw std::logic_error("internal error: a chunk was loaded before the library sandbox was installed");
  }
  if (purpose != nullptr) {
    lua_pushstring(L, purpose);
  } else {
    lua_pushboolean(L, 0);
  }
  // A protected call: the caller (the module searcher) holds C++ objects a longjmp would skip.
  // Only the budget's hook or memory can make the factory fail.
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    std::string message = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "cannot create a library environment";
    lua_pop(L, 1);
    runtime::throw_if_stopped();
    throw std::runtime_error(message);
  }
  // A main chunk has exactly one upvalue, _ENV; lua_setupvalue pops the environment.
  if (lua_setupvalue(L, -2, 1) == nullptr) {
    lua_pop(L, 1);
    throw std::logic_error("internal error: a chunk without _ENV");
  }
}

}  // namespace

void sandbox_script_for_listing(lua_State* L) { set_environment(L, "listing"); }

void sandbox_script_for_checking(lua_State* L) { set_environment(L, "checking"); }

void sandbox_library_chunk(lua_State* L, const char* source) {
  set_environment(L, nullptr);
  if (lua_getfield(L, LUA_REGISTRYINDEX, kSourcesKey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, kSourcesKey);
  }
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, source);
  lua_pop(L, 1);
}

void refuse_in_library(lua_State* L, std::string_view what) {
  const bool libraries_loaded = lua_getfield(L, LUA_REGISTRYINDEX, kSourcesKey) == LUA_TTABLE;
  lua_pop(L, 1);
  if (!libraries_loaded) return;
  // The code that calls experiment{} must be the script's own: the first Lua function below the
  // prelude's wrapper (level 1; level 0 is this native), past C functions such as pcall or
  // table.sort that a library could have handed it to. A script function a library calls back
  // acts as the script wrote it. What the stack cannot show is refused: the caller a tail call
  // replaced, and a wrapper run as a metamethod or finalizer.
  lua_Debug ar;
  if (lua_getstack(L, 1, &ar) != 0 && lua_getinfo(L, "tn", &ar) != 0) {
    if (ar.istailcall != 0) {
      throw NativeError(fmt::format("{} was reached through a tail call (return f(...)), which hides its caller, "
                                    "perhaps a library's function: write return (f(...)) or call it as a statement",
                                    what));
    }
    if (ar.namewhat != nullptr && std::string_view(ar.namewhat) == "metamethod") {
      throw NativeError(fmt::format("{} cannot run as a metamethod or finalizer: call it in the experiment script", what));
    }
  }
  for (int level = 2; lua_getstack(L, level, &ar) != 0; ++level) {
    if (lua_getinfo(L, "S", &ar) == 0 || std::string_view(ar.what) == "C") continue;
    if (!library_source(L, ar.source)) return;
    throw NativeError(fmt::format("{} cannot run from a library loaded with require ({} is one): libraries "
                                  "describe, scripts act (call it in the experiment script)",
                                  what, ar.source[0] == '@' ? ar.source + 1 : ar.short_src));
  }
}

}  // namespace scalerun::lua
