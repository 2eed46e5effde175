#include "lua/check_reader.hpp"

#include <cmath>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/data_rows.hpp"
#include "lua/field_reader.hpp"
#include "lua/native.hpp"
#include "lua/session_binding.hpp"
#include "lua/validate.hpp"
#include "study/baseline_check.hpp"
#include "study/check.hpp"
#include "study/session.hpp"

namespace scalerun::lua {

namespace {

study::Comparison read_comparison(const FieldReader& r) {
  const std::string compare = r.string_or("compare", "equal");
  if (compare == "equal") return study::Comparison::equal;
  if (compare == "at_least") return study::Comparison::at_least;
  if (compare == "at_most") return study::Comparison::at_most;
  r.fail("compare", fmt::format("'{}': \"equal\", \"at_least\" or \"at_most\" expected", compare));
}

// expect = { { key, value, ... }, ... }: one value (or false to skip it) per column, since a short
// row would silently compare less.
void read_expected(lua_State* L, const FieldReader& r, study::CheckSpec& spec) {
  r.push("expect", LUA_TTABLE, true);
  const auto nrows = static_cast<int>(lua_rawlen(L, -1));
  const std::size_t ncols = spec.columns.size();
  for (int i = 1; i <= nrows; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("expect", fmt::format("row {} is not a list {{ key, values... }}", i));
    if (const auto entries = lua_rawlen(L, -1); entries != ncols + 1) {
      r.fail("expect", fmt::format("row {}: {} value{} for {} column{} (a key, then one value per column; false skips one)",
                                   i, entries == 0 ? 0 : entries - 1, entries == 2 ? "" : "s", ncols,
                                   ncols == 1 ? "" : "s"));
    }
    if (lua_rawgeti(L, -1, 1) != LUA_TNUMBER) r.fail("expect", fmt::format("row {}: the first entry must be the key (a number)", i));
    study::CheckSpec::Row row;
    row.key = lua_tonumber(L, -1);
    lua_pop(L, 1);
    for (std::size_t c = 0; c < ncols; ++c) {
      const int type = lua_rawgeti(L, -1, static_cast<lua_Integer>(c + 2));
      if (type == LUA_TNUMBER) {
        row.values.emplace_back(lua_tonumber(L, -1));
      } else if (type == LUA_TNIL || type == LUA_TBOOLEAN) {
        row.values.emplace_back(std::nullopt);
      } else {
        r.fail("expect", fmt::format("row {}, entry {}: number (or false to skip) expected", i, c + 2));
      }
      lua_pop(L, 1);
    }
    spec.expect.push_back(std::move(row));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

}  // namespace

// check{ of, baseline = RUN | "previous" | "label:NAME" | "file.json", tolerance, alpha }: a performance
// regression test against a stored run or a result file (study/baseline_check).
int baseline_check(lua_State* L, const FieldReader& r, study::Session& session) {
  r.reject_unknown({"name", "of", "baseline", "tolerance", "alpha", "source", "doc"});
  study::BaselineSpec spec;
  spec.where = r.where();
  spec.name = r.string("name");
  spec.of = r.string("of");
  spec.source = r.string_or("source", "");
  spec.options.tolerance = r.number_or("tolerance", 0.05, Range{0, 1e6});
  spec.options.alpha = r.number_or("alpha", 0.05, Range{0, 1, false, true});
  if (r.type("baseline") == LUA_TNUMBER) {
    const double run = r.number("baseline");
    // 2^53: past it a double no longer holds every whole number, and the conversion below would
    // overflow past 2^63.
    if (!(run >= 1) || run != std::floor(run) || run > 9007199254740992.0) {
      r.fail("baseline", fmt::format("a run number (scalerun runs lists them), \"previous\", \"label:NAME\" or a .json "
                                     "result file expected, got {:g}", run));
    }
    spec.run = static_cast<std::int64_t>(run);
  } else {
    const std::string baseline = r.string("baseline");
    if (baseline == "previous") {
      spec.previous = true;
    } else if (study::is_label_word(baseline)) {
      spec.label = baseline.substr(study::kLabelPrefix.size());
    } else if (baseline.ends_with(".json")) {
      spec.file = script_relative(r, baseline);
    } else {
      r.fail("baseline", fmt::format("'{}': a run number (scalerun runs lists them), \"previous\", \"label:NAME\" or a "
                                     ".json result file expected", baseline));
    }
  }
  if (session.options.dry_run) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, study::run_baseline_check(spec, session) ? 1 : 0);
  return 1;
}

int check_native(lua_State* L) {
  study::Session& session = session_of(L);
  const FieldReader r = form_table(L, "check");
  if (r.has("baseline")) return baseline_check(L, r, session);
  r.reject_unknown({"name", "of", "table", "key", "columns", "expect", "decimals", "rel_tol", "abs_tol", "source", "show",
                    "compare", "doc"});
  study::CheckSpec spec;
  spec.where = r.where();
  spec.name = r.string("name");
  spec.of = r.string("of");
  if (session.options.dry_run) {  // nothing was evaluated, so there is nothing to compare
    lua_pushboolean(L, 1);
    return 1;
  }
  spec.table = r.string("table");
  if (r.has("key")) spec.key = r.string("key");
  spec.columns = r.string_list("columns");
  if (spec.columns.empty()) r.fail("columns", "name the columns to compare");
  spec.by_decimals = r.has("decimals");
  // A negative tolerance would fail every value; more than 15 decimals is below a double's grain.
  spec.decimals = r.number_or("decimals", 0, Range{0, 15, true});
  spec.rel_tol = r.number_or("rel_tol", 0, Range{0, HUGE_VAL});
  spec.abs_tol = r.number_or("abs_tol", 0, Range{0, HUGE_VAL});
  if (!spec.by_decimals && !r.has("rel_tol") && !r.has("abs_tol") && r.string_or("compare", "equal") == "equal") {
    r.fail("rel_tol", "say how close is close enough: decimals = d, rel_tol = x or abs_tol = x");
  }
  // "equal": within the tolerance either way; "at_least" / "at_most": the expected values are
  // bounds (a finding such as "no contention" or "close to ideal"), the tolerance is slack.
  spec.compare = read_comparison(r);
  if (spec.compare != study::Comparison::equal && spec.by_decimals) {
    r.fail("compare", "bounds take rel_tol or abs_tol as slack, not decimals");
  }
  spec.source = r.string_or("source", "");
  const std::string show = r.string_or("show", "failures");
  if (show != "failures" && show != "all") r.fail("show", "\"failures\" or \"all\" expected");
  spec.show_all = show == "all";
  read_expected(L, r, spec);
  lua_pushboolean(L, study::run_check(spec, session) ? 1 : 0);
  return 1;
}

}  // namespace scalerun::lua
