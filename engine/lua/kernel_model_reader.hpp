#pragma once
// The facade side of a kernel's model: reads the kernel table, calls its model, work and memory
// functions once with symbolic arguments (lua/symbolic) and hands the engine the expression
// graph; a model that cannot be traced is handed over as a callable that calls Lua per point.

#include <string>

#include <lua.hpp>

#include "model/kernel_model.hpp"

namespace scalerun::lua {

// The kernel table is at kernel_index; machine_index may be 0 for "no machine" (nil). `owner`
// names the study that gave no machine ("map 'm'"), for the message when the model needs one.
// The returned parts keep the kernel and machine alive in L's registry while they are in use.
model::ModelParts kernel_model_parts(lua_State* L, int kernel_index, int machine_index, std::string owner = {});

}  // namespace scalerun::lua
