#pragma once
// experiment{} at the edge: reads the script's table, its kernel and its machines (or machine
// sets) into study::ExperimentInput once, where the script wrote them (so errors point at that
// line), binds what must call back into the script (the kernel's model, work and memory, extra
// columns, simulate programs) as callables, runs the experiment and returns its tables to Lua.

#include <lua.hpp>

#include "study/experiment.hpp"

namespace scalerun::lua {

// machine{} (or one machine set) at `machine`, checked by machine{} already, as the engine needs it.
study::MachineSpec read_machine(lua_State* L, int machine);

// The native behind experiment{}: the table at index 1; leaves a results table on the stack.
int experiment_native(lua_State* L);

}  // namespace scalerun::lua
