#pragma once
// experiment{ mode = "measure" }: the kernel's native implementation run on this host with p
// TBB workers, every point instrumented, stored in the results database as it completes, and
// reported beside the kernel's model when it has one.

#include <lua.hpp>

#include "lua/field_reader.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

// kernel and machine are stack indices of validated values; pushes the results table.
int run_measure_experiment(lua_State* L, ExperimentSpec& spec, int kernel, int machine, const lua::FieldReader& r);

}  // namespace scalerun::study
