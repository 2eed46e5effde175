#pragma once
// Data rows a form reads from the script, for fit{} and discover{}: data = { { p = 2, n = 362,
// time = 1.9 }, ... } or csv = "file.csv" (relative to the script's folder when not found as
// given). Columns are the names the rows use.

#include <string>

#include <lua.hpp>

#include "lua/field_reader.hpp"
#include "study/csv_data.hpp"

namespace scalerun::lua {

// The form's table is r's; fails through r (file:line: field 'data' ...) on bad rows.
study::NumericCsv read_data_rows(lua_State* L, const FieldReader& r);

// A file the script names: as given when it exists, else relative to the script's folder.
std::string script_relative(const FieldReader& r, const std::string& path);

}  // namespace scalerun::lua
