#pragma once
// The session a run accumulates, found by the natives through their Lua state: the one pointer
// the facade keeps in the registry.

#include <lua.hpp>

#include "study/session.hpp"

namespace scalerun::lua {

// Installs `session` as the one the natives of L use.
void attach(lua_State* L, study::Session& session);
study::Session& session_of(lua_State* L);

// Pushes what an acting form returns in the check pass (session.checking): a value whose every
// use (a field read or written, its length, pairs, a call) is an error that ends the check pass,
// since what the form computes is known only when the script runs.
// Its first use is noted in L (even one a pcall catches): from then on the script may go where the
// run would not, so the check pass judges no later experiment (check_stand_in_used).
void push_check_stand_in(lua_State* L, const char* form);
bool check_stand_in_used(lua_State* L);
// Notes, as a stand-in's use does, that the check pass met what only the run can do (a file, a
// program): a pcall that caught it may have taken a way the run does not.
void note_check_divergence(lua_State* L);

}  // namespace scalerun::lua
