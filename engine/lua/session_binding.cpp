#include "lua/session_binding.hpp"

namespace scalerun::lua {

namespace {
const char kSessionKey = 0;  // its address is the registry key
const char kStandInUsedKey = 0;  // true once a stand-in of the check pass was used

int refuse_use(lua_State* L) {
  note_check_divergence(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  return lua_error(L);
}
}  // namespace

void note_check_divergence(lua_State* L) {
  lua_pushboolean(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kStandInUsedKey);
}

void attach(lua_State* L, study::Session& session) {
  lua_pushlightuserdata(L, &session);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSessionKey);
}

study::Session& session_of(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kSessionKey);
  auto* s = static_cast<study::Session*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return *s;
}

void push_check_stand_in(lua_State* L, const char* form) {
  lua_newtable(L);
  lua_createtable(L, 0, 7);
  for (const char* event : {"__index", "__newindex", "__len", "__pairs", "__call", "__concat", "__eq"}) {
    lua_pushfstring(L, "the results of %s are known only when the script runs: the check pass stops here", form);
    lua_pushcclosure(L, refuse_use, 1);
    lua_setfield(L, -2, event);
  }
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

bool check_stand_in_used(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kStandInUsedKey);
  const bool used = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return used;
}

}  // namespace scalerun::lua
