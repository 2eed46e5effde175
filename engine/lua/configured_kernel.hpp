#pragma once

#include <vector>

#include <lua.hpp>

#include "model/param_space.hpp"
#include "runtime/params.hpp"

namespace scalerun::lua {

// Pushes kernel(overrides): the kernel at `kernel` configured with the given slot values.
void push_configured(lua_State* L, int kernel, const model::ParamSpace& space, const std::vector<double>& slots);
// The same with scalar parameters by name (a native kernel's view of them).
void push_configured(lua_State* L, int kernel, const runtime::Params& params);

}  // namespace scalerun::lua
