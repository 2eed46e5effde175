#pragma once
// check{}: compares computed table values with reference values (published figures, known
// answers). Every comparison is printed; any mismatch makes the run exit with status 1.

#include <lua.hpp>

namespace scalerun::study {

int check_native(lua_State* L);

}  // namespace scalerun::study
