#include "lua/configured_kernel.hpp"

#include "lua/call.hpp"

namespace scalerun::lua {

void push_configured(lua_State* L, int kernel, const model::ParamSpace& space, const std::vector<double>& slots) {
  kernel = lua_absindex(L, kernel);
  lua_pushvalue(L, kernel);
  lua_newtable(L);
  for (std::size_t i = 0; i < space.slots.size(); ++i) {
    const auto& s = space.slots[i];
    if (s.index == 0) {
      lua_pushnumber(L, slots[i]);
      lua_setfield(L, -2, s.name.c_str());
      continue;
    }
    if (lua_getfield(L, -1, s.param.c_str()) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_setfield(L, -3, s.param.c_str());
    }
    lua_pushnumber(L, slots[i]);
    lua_rawseti(L, -2, s.index);
    lua_pop(L, 1);
  }
  lua::protected_call(L, 1, 1);  // the kernel's __call returns the configured copy
}

void push_configured(lua_State* L, int kernel, const runtime::Params& params) {
  kernel = lua_absindex(L, kernel);
  lua_pushvalue(L, kernel);
  lua_createtable(L, 0, static_cast<int>(params.size()));
  for (const auto& [name, value] : params) {
    lua_pushnumber(L, value);
    lua_setfield(L, -2, name.c_str());
  }
  lua::protected_call(L, 1, 1);  // the kernel's __call returns the configured copy
}

}  // namespace scalerun::lua
