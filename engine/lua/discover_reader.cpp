#include "lua/discover_reader.hpp"

#include <fmt/format.h>

#include "lua/data_rows.hpp"
#include "lua/field_reader.hpp"
#include "lua/session_binding.hpp"
#include "lua/validate.hpp"
#include "study/discover.hpp"
#include "study/extrap_input.hpp"
#include "study/fit.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {

void set_number(lua_State* L, const char* key, double v) {
  lua_pushnumber(L, v);
  lua_setfield(L, -2, key);
}

void set_string(lua_State* L, const char* key, const std::string& v) {
  lua_pushlstring(L, v.data(), v.size());
  lua_setfield(L, -2, key);
}

// { formula, growth, constant, ci95, smape, cv_smape, adjusted_r2, rss, points, params = {...},
//   terms = { { text, coefficient, ci95, factors = { { param, exponent, log } } } } }: what the
// prelude's discover() turns into a model with predict().
void push_model(lua_State* L, const fit::DiscoveredModel& m) {
  lua_createtable(L, 0, 12);
  set_string(L, "formula", m.formula());
  set_string(L, "growth", m.growth());
  set_number(L, "constant", m.constant.value);
  set_number(L, "ci95", m.constant.ci95);
  set_number(L, "smape", m.smape);
  set_number(L, "cv_smape", m.cv_smape);
  set_number(L, "adjusted_r2", m.adjusted_r2);
  set_number(L, "rss", m.rss);
  set_number(L, "points", static_cast<double>(m.points));
  lua_createtable(L, static_cast<int>(m.names.size()), 0);
  for (std::size_t i = 0; i < m.names.size(); ++i) {
    lua_pushlstring(L, m.names[i].data(), m.names[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "params");
  lua_createtable(L, static_cast<int>(m.terms.size()), 0);
  for (std::size_t k = 0; k < m.terms.size(); ++k) {
    lua_createtable(L, 0, 4);
    set_string(L, "text", m.terms[k].text(m.names));
    set_number(L, "coefficient", m.coefficients[k].value);
    set_number(L, "ci95", m.coefficients[k].ci95);
    lua_createtable(L, static_cast<int>(m.terms[k].factors.size()), 0);
    for (std::size_t f = 0; f < m.terms[k].factors.size(); ++f) {
      const fit::Factor& factor = m.terms[k].factors[f];
      lua_createtable(L, 0, 3);
      set_string(L, "param", m.names[factor.param]);
      set_number(L, "exponent", factor.exponent());
      set_number(L, "log", factor.log);
      lua_rawseti(L, -2, static_cast<lua_Integer>(f + 1));
    }
    lua_setfield(L, -2, "factors");
    lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
  }
  lua_setfield(L, -2, "terms");
}

}  // namespace

int discover_native(lua_State* L) {
  study::Session& session = session_of(L);
  const FieldReader r = form_table(L, "discover");
  r.reject_unknown({"name", "params", "metric", "data", "csv", "extrap", "callpath", "stored", "kernel", "negative", "doc"});
  study::DiscoverSpec spec;
  spec.where = r.where();
  spec.name = r.string("name");
  spec.params = r.string_list("params");
  spec.negative = r.boolean_or("negative", false);
  if (r.has("stored")) {
    spec.stored = r.string("stored");
    // The kernel that ran: its name, or a kernel{} whose name it takes.
    if (!r.has("kernel")) r.fail("kernel", "stored points are found by experiment and kernel: give kernel = k (or its name)");
    if (r.push("kernel", LUA_TTABLE, false)) {
      raw_field(L, -1, "name");
      if (lua_type(L, -1) != LUA_TSTRING) r.fail("kernel", "expected a kernel{} with a name, or a kernel's name");
      spec.kernel = lua_tostring(L, -1);
      lua_pop(L, 2);
    } else {
      spec.kernel = r.string("kernel");
    }
  }
  spec.metric = r.string_or("metric", "time");
  if (session.options.dry_run && !spec.stored.empty()) {
    session.info(fmt::format("discover '{}': dry run, nothing was measured to discover from", spec.name));
    lua_pushnil(L);
    return 1;
  }
  study::NumericCsv data;
  if (r.has("extrap")) {  // Extra-P's JSON Lines or text input
    study::ExtrapData read;
    try {
      read = study::read_extrap(script_relative(r, r.string("extrap")),
                                {r.string_or("callpath", ""), r.has("metric") ? spec.metric : std::string()});
    } catch (const std::runtime_error& e) {
      r.fail("extrap", e.what());
    }
    spec.metric = read.metric;
    data = std::move(read.table);
  } else if (spec.stored.empty()) {
    data = read_data_rows(L, r);
  } else {
    data = study::stored_data(spec.where, spec.stored, session, spec.kernel);
  }
  if (!spec.stored.empty() && spec.metric == "T") spec.metric = "time";  // a stored point's T is its median time
  push_model(L, study::run_discover(spec, data, session));
  return 1;
}

}  // namespace scalerun::lua
