#include "lua/library_sandbox.hpp"

#include <stdexcept>
#include <string>

#include "runtime/stop.hpp"

namespace scalerun::lua {

namespace {

constexpr const char* kFactoryKey = "scalerun.library_environment";

}  // namespace

int set_library_environment(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, kFactoryKey);
  return 0;
}

void sandbox_library_chunk(lua_State* L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, kFactoryKey) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    throw std::logic_error("internal error: a module was loaded before the library sandbox was installed");
  }
  // A protected call: the caller (the module searcher) holds C++ objects a longjmp would skip.
  // Only the budget's hook or memory can make the factory fail.
  if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
    std::string message = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "cannot create a library environment";
    lua_pop(L, 1);
    runtime::throw_if_stopped();
    throw std::runtime_error(message);
  }
  // A main chunk has exactly one upvalue, _ENV; lua_setupvalue pops the environment.
  if (lua_setupvalue(L, -2, 1) == nullptr) {
    lua_pop(L, 1);
    throw std::logic_error("internal error: a module chunk without _ENV");
  }
}

}  // namespace scalerun::lua
