#include "lua/text_loads.hpp"

namespace scalerun::lua {

namespace {

// These are plain Lua C functions, not native<> trampolines: they hold no C++ object, and Lua's
// own errors (a bad argument, an error raised by a reader function or by the chunk dofile runs)
// unwind through them as through Lua's library. Their behaviour is Lua 5.4's but for the mode.
constexpr int kReaderSlot = 5;  // keeps the piece a reader function returned alive while parsed

const char* function_reader(lua_State* L, void*, size_t* size) {
  luaL_checkstack(L, 2, "too many nested functions");
  lua_pushvalue(L, 1);
  lua_call(L, 0, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    *size = 0;
    return nullptr;
  }
  if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "reader function must return a string");
  lua_replace(L, kReaderSlot);
  return lua_tolstring(L, kReaderSlot, size);
}

// The chunk on top of the stack gets the value at env_index as its _ENV, when one was given.
int loaded(lua_State* L, int status, int env_index) {
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;  // nil and the message, as Lua's load
  }
  if (env_index != 0) {
    lua_pushvalue(L, env_index);
    if (lua_setupvalue(L, -2, 1) == nullptr) lua_pop(L, 1);
  }
  return 1;
}

int load_text(lua_State* L) {
  const int env_index = lua_isnone(L, 4) ? 0 : 4;
  int status;
  size_t length = 0;
  if (const char* text = lua_tolstring(L, 1, &length); text != nullptr && lua_type(L, 1) == LUA_TSTRING) {
    const char* name = luaL_optstring(L, 2, text);
    status = luaL_loadbufferx(L, text, length, name, "t");
  } else {
    const char* name = luaL_optstring(L, 2, "=(load)");
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, kReaderSlot);
    status = lua_load(L, function_reader, nullptr, name, "t");
  }
  return loaded(L, status, env_index);
}

int loadfile_text(lua_State* L) {
  const char* name = luaL_optstring(L, 1, nullptr);
  const int env_index = lua_isnone(L, 3) ? 0 : 3;
  return loaded(L, luaL_loadfilex(L, name, "t"), env_index);
}

int dofile_text(lua_State* L) {
  const char* name = luaL_optstring(L, 1, nullptr);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, name, "t") != LUA_OK) return lua_error(L);
  lua_call(L, 0, LUA_MULTRET);
  return lua_gettop(L) - 1;
}

}  // namespace

void install_text_loads(lua_State* L) {
  lua_pushcfunction(L, load_text);
  lua_setglobal(L, "load");
  lua_pushcfunction(L, loadfile_text);
  lua_setglobal(L, "loadfile");
  lua_pushcfunction(L, dofile_text);
  lua_setglobal(L, "dofile");
}

}  // namespace scalerun::lua
