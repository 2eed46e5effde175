#include "lua/data_rows.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::lua {

// Data rows from the script (a list of tables) or from a CSV file; columns name parameters, p
// and the measured time.
std::string script_relative(const FieldReader& r, const std::string& path) {
  std::string script_dir;
  if (auto colon = r.where().find(':'); colon != std::string::npos) {
    script_dir = std::filesystem::path(r.where().substr(0, colon)).parent_path().string();
  }
  if (!std::filesystem::exists(path) && !script_dir.empty() && std::filesystem::path(path).is_relative()) {
    return (std::filesystem::path(script_dir) / path).string();
  }
  return path;
}

study::NumericCsv read_data_rows(lua_State* L, const FieldReader& r) {
  using study::NumericCsv;
  if (r.has("csv")) {
    const std::string path = script_relative(r, r.string("csv"));
    try {
      return study::read_numeric_csv(path);
    } catch (const std::runtime_error& e) {
      r.fail("csv", e.what());
    }
  }
  r.push("data", LUA_TTABLE, true);
  NumericCsv csv;
  const auto n = static_cast<int>(lua_rawlen(L, -1));
  if (n == 0) r.fail("data", "no data rows: give data = { { p = 2, n = 362, time = 1.9 }, ... } or csv = 'file.csv'");
  for (int i = 1; i <= n; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("data", fmt::format("row {} is not a table", i));
    std::vector<double> row(csv.columns.size(), std::numeric_limits<double>::quiet_NaN());
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TNUMBER) {
        r.fail("data", fmt::format("row {}: entries must be name = number", i));
      }
      const std::string key = lua_tostring(L, -2);
      auto it = std::find(csv.columns.begin(), csv.columns.end(), key);
      if (it == csv.columns.end()) {
        csv.columns.push_back(key);
        for (auto& earlier : csv.rows) earlier.push_back(std::numeric_limits<double>::quiet_NaN());
        row.push_back(lua_tonumber(L, -1));
      } else {
        row[static_cast<std::size_t>(it - csv.columns.begin())] = lua_tonumber(L, -1);
      }
      lua_pop(L, 1);
    }
    csv.rows.push_back(std::move(row));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return csv;
}

}  // namespace scalerun::lua
