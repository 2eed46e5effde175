#pragma once
// The session a run accumulates, found by the natives through their Lua state: the one pointer
// the facade keeps in the registry.

#include <lua.hpp>

#include "study/session.hpp"

namespace scalerun::lua {

// Installs `session` as the one the natives of L use.
void attach(lua_State* L, study::Session& session);
study::Session& session_of(lua_State* L);

}  // namespace scalerun::lua
