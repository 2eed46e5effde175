#include "lua/session_binding.hpp"

namespace scalerun::lua {

namespace {
const char kSessionKey = 0;  // its address is the registry key
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

}  // namespace scalerun::lua
