#pragma once
// experiment{ mode = "simulate" }: the kernel's program run on a simulated machine (the SPASM
// paper, 003_*.txt §3): every processor count three times, on the ideal machine, on the machine's
// network with contention switched off, and on the machine as it is, so the overheads separate
// (engine/sim/). Reported beside the kernel's model when it has one.

#include <lua.hpp>

#include "lua/field_reader.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

// kernel and machine are stack indices of validated values; pushes the results table.
int run_simulate_experiment(lua_State* L, ExperimentSpec& spec, int kernel, int machine, const lua::FieldReader& r);

}  // namespace scalerun::study
