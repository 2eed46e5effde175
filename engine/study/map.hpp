#pragma once
// map{}: a performance map (seed 004 Tables 1-3): one quantity over one or two swept
// parameters, evaluated over the whole grid at once (natively and in parallel when the model
// is traced).

#include <lua.hpp>

namespace scalerun::study {

int map_native(lua_State* L);

}  // namespace scalerun::study
