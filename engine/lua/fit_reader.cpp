#include "lua/fit_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/configured_kernel.hpp"
#include "lua/field_reader.hpp"
#include "lua/kernel_model_reader.hpp"
#include "lua/native.hpp"
#include "lua/session_binding.hpp"
#include "lua/validate.hpp"
#include "model/kernel_model.hpp"
#include "study/csv_data.hpp"
#include "study/fit.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {

// Data rows from the script (a list of tables) or from a CSV file; columns name parameters, p
// and the measured time.
study::NumericCsv read_data(lua_State* L, const FieldReader& r, const std::string& script_dir) {
  using study::NumericCsv;
  if (r.has("csv")) {
    std::string path = r.string("csv");
    if (!std::filesystem::exists(path) && !script_dir.empty() && std::filesystem::path(path).is_relative()) {
      path = (std::filesystem::path(script_dir) / path).string();
    }
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

}  // namespace

// fit{}: the facade reads the table and the data; study::run_fit solves (engine/fit); the kernel
// comes back configured with the fitted values.
int fit_native(lua_State* L) {
  study::Session& session = session_of(L);
  const FieldReader r = form_table(L, "fit");
  const std::string& where = r.where();
  r.reject_unknown({"name", "kernel", "machine", "params", "data", "csv", "stored", "time", "doc"});
  study::FitSpec spec;
  spec.where = where;
  spec.name = r.string("name");
  spec.time_column = r.string_or("time", "time");
  const KernelAndMachine at = push_kernel_and_machine(L, r);
  const int kernel = at.kernel;
  model::KernelModel m(kernel_model_parts(L, kernel, at.machine, fmt::format("fit '{}'", spec.name)));
  spec.params = r.string_list("params");
  study::fitted_slots(spec, m);  // names checked before any data is read
  if (r.has("stored")) spec.stored = r.string("stored");
  if (session.options.dry_run && !spec.stored.empty()) {  // nothing was measured, so nothing to fit
    session.info(fmt::format("fit '{}': dry run, the kernel keeps its parameters", spec.name));
    lua_pushvalue(L, kernel);
    return 1;
  }
  std::string script_dir;
  if (auto colon = where.find(':'); colon != std::string::npos) {
    script_dir = std::filesystem::path(where.substr(0, colon)).parent_path().string();
  }
  const study::NumericCsv data =
      spec.stored.empty() ? read_data(L, r, script_dir) : study::stored_data(spec, session, m.kernel_name());
  const study::FitResult fitted = study::run_fit(spec, data, m, session);
  push_configured(L, kernel, m.params(), fitted.slots);
  return 1;
}

}  // namespace scalerun::lua
