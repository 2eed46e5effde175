#pragma once
// The facade side of scaling rules: reads a rule table (what the prelude's efficiency{},
// isospeed{}, custom(fn), ... build) into the engine's model::ScalingRule. A custom rule's Lua
// function becomes a callable the engine calls with p.

#include <string>

#include <lua.hpp>

#include "model/scaling_rule.hpp"

namespace scalerun::lua {

// Validates the rule table at `index` and reads it; errors are ScriptError with `where` in front.
model::ScalingRule read_rule(lua_State* L, int index, const std::string& where);

}  // namespace scalerun::lua
