#pragma once
// Results handed back to the script as plain Lua data, so a script can use one experiment's
// numbers in the next (e.g. a check{}, or a size found by one rule as the start of another).

#include <lua.hpp>

#include "report/table.hpp"

namespace scalerun::lua {

// Pushes { name = ..., kind = ..., tables = { <name> = { name, title, columns = {...},
// rows = { {...}, ... }, notes = {...} }, ... } }; tables also in order at tables[1..n].
void push_section(lua_State* L, const report::Section& section);

}  // namespace scalerun::lua
