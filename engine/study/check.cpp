#include "study/check.hpp"

#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "lua/error.hpp"
#include "lua/native.hpp"
#include "lua/field_reader.hpp"
#include "study/results.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

const report::Table& find_table(const lua::FieldReader& r, const report::Section& section, const std::string& name) {
  for (const auto& t : section.tables) {
    if (t.name == name) return t;
  }
  std::string known;
  for (const auto& t : section.tables) known += (known.empty() ? "" : ", ") + t.name;
  r.fail("table", fmt::format("'{}' has no table '{}' (it has: {})", section.name, name, known));
}

int column_index(const lua::FieldReader& r, const report::Table& t, const std::string& name, const char* field) {
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (t.columns[i].name == name) return static_cast<int>(i);
  }
  std::string known;
  for (const auto& c : t.columns) known += (known.empty() ? "" : ", ") + c.name;
  r.fail(field, fmt::format("table '{}' has no column '{}' (it has: {})", t.name, name, known));
}

bool same_key(const report::Cell& cell, double key) {
  if (const double* d = std::get_if<double>(&cell)) return *d == key || std::abs(*d - key) <= 1e-12 * std::abs(key);
  if (const std::string* s = std::get_if<std::string>(&cell)) return *s == fmt::format("{:g}", key);
  return false;
}

}  // namespace

int check_native(lua_State* L) {
  Session& session = session_of(L);
  if (lua_type(L, 1) != LUA_TTABLE) throw lua::NativeError("check{} expects a table");
  const std::string where = lua::user_where(L);
  lua::FieldReader r(L, 1, where);
  r.reject_unknown({"name", "of", "table", "key", "columns", "expect", "decimals", "rel_tol", "abs_tol", "source", "show", "compare", "doc"});
  const std::string name = r.string("name");
  const std::string of = r.string("of");
  if (session.options.dry_run) {  // nothing was evaluated, so there is nothing to compare
    lua_pushboolean(L, 1);
    return 1;
  }
  const report::Section* section = find_section(L, of);
  if (section == nullptr) r.fail("of", fmt::format("no experiment, map or fit named '{}' has run before this check", of));
  const report::Table& table = find_table(r, *section, r.string("table"));
  const int key_col = column_index(r, table, r.string_or("key", table.columns.front().name), "key");
  const auto columns = r.string_list("columns");
  if (columns.empty()) r.fail("columns", "name the columns to compare");
  std::vector<int> cols;
  for (const auto& c : columns) cols.push_back(column_index(r, table, c, "columns"));
  const bool by_decimals = r.has("decimals");
  // A negative tolerance would fail every value; more than 15 decimals is below a double's grain.
  const double decimals = r.number_or("decimals", 0, lua::Range{0, 15, true});
  const double rel_tol = r.number_or("rel_tol", 0, lua::Range{0, HUGE_VAL});
  const double abs_tol = r.number_or("abs_tol", 0, lua::Range{0, HUGE_VAL});
  if (!by_decimals && !r.has("rel_tol") && !r.has("abs_tol") && r.string_or("compare", "equal") == "equal") {
    r.fail("rel_tol", "say how close is close enough: decimals = d, rel_tol = x or abs_tol = x");
  }
  // "equal": within the tolerance either way; "at_least" / "at_most": the expected values are
  // bounds (a finding such as "no contention" or "close to ideal"), the tolerance is slack.
  const std::string compare = r.string_or("compare", "equal");
  if (compare != "equal" && compare != "at_least" && compare != "at_most") {
    r.fail("compare", fmt::format("'{}': \"equal\", \"at_least\" or \"at_most\" expected", compare));
  }
  if (compare != "equal" && by_decimals) r.fail("compare", "bounds take rel_tol or abs_tol as slack, not decimals");
  const std::string source = r.string_or("source", "");
  const std::string show = r.string_or("show", "failures");
  if (show != "failures" && show != "all") r.fail("show", "\"failures\" or \"all\" expected");

  report::Table out;
  out.name = "check";
  out.title = fmt::format("{}: {}/{} against {}", name, of, table.name, source.empty() ? "reference values" : source);
  out.add_column(table.columns[static_cast<std::size_t>(key_col)].name, "{:.10g}");
  out.add_column("column").add_column("computed", "{:.6g}").add_column("expected", "{:.6g}");
  out.add_column("error", "{:.3g}").add_column("ok");

  r.push("expect", LUA_TTABLE, true);
  const auto nrows = static_cast<int>(lua_rawlen(L, -1));
  int compared = 0, failed = 0;
  for (int i = 1; i <= nrows; ++i) {
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) r.fail("expect", fmt::format("row {} is not a list {{ key, values... }}", i));
    // One value (or false to skip it) per column: a short row would silently compare less.
    if (const auto entries = lua_rawlen(L, -1); entries != cols.size() + 1) {
      r.fail("expect", fmt::format("row {}: {} value{} for {} column{} (a key, then one value per column; false skips one)",
                                   i, entries == 0 ? 0 : entries - 1, entries == 2 ? "" : "s", cols.size(),
                                   cols.size() == 1 ? "" : "s"));
    }
    if (lua_rawgeti(L, -1, 1) != LUA_TNUMBER) r.fail("expect", fmt::format("row {}: the first entry must be the key (a number)", i));
    const double key = lua_tonumber(L, -1);
    lua_pop(L, 1);
    const std::vector<report::Cell>* row = nullptr;
    for (const auto& candidate : table.rows) {
      if (same_key(candidate[static_cast<std::size_t>(key_col)], key)) row = &candidate;
    }
    if (row == nullptr) r.fail("expect", fmt::format("row {}: table '{}' has no row with {} = {:g}", i, table.name,
                                                     table.columns[static_cast<std::size_t>(key_col)].name, key));
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const int type = lua_rawgeti(L, -1, static_cast<lua_Integer>(c + 2));
      if (type == LUA_TNUMBER) {
        const double expected = lua_tonumber(L, -1);
        const report::Cell& cell = (*row)[static_cast<std::size_t>(cols[c])];
        const double* computed = std::get_if<double>(&cell);
        const double value = computed ? *computed : std::nan("");
        const double error = value - expected;
        bool ok = std::isfinite(value);
        if (by_decimals) {
          // Matches to the printed decimals: the value rounds to the expected figure.
          ok = ok && std::abs(error) <= 0.5 * std::pow(10.0, -decimals) * (1 + 1e-9);
        } else {
          const double tolerance = std::max(abs_tol, rel_tol * std::abs(expected));
          if (compare == "at_least") ok = ok && error >= -tolerance;
          else if (compare == "at_most") ok = ok && error <= tolerance;
          else ok = ok && std::abs(error) <= tolerance;
        }
        ++compared;
        if (!ok) ++failed;
        if (ok && show != "all") {
          lua_pop(L, 1);
          continue;
        }
        out.add_row({key, columns[c], computed ? report::Cell(value) : report::Cell(), expected,
                     by_decimals || rel_tol <= 0 || expected == 0 ? report::Cell(error) : report::Cell(error / expected),
                     std::string(ok ? "yes" : "NO")});
      } else if (type != LUA_TNIL && type != LUA_TBOOLEAN) {
        r.fail("expect", fmt::format("row {}, entry {}: number (or false to skip) expected", i, c + 2));
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::string how = fmt::format("to {:g} decimals", decimals);
  if (compare != "equal") {
    how = fmt::format("{} their bound{}", compare == "at_least" ? "at least" : "at most",
                      rel_tol > 0 ? fmt::format(" (slack {:g} %)", 100 * rel_tol)
                                  : (abs_tol > 0 ? fmt::format(" (slack {:g})", abs_tol) : std::string()));
  } else if (!by_decimals && rel_tol > 0 && abs_tol > 0) {
    how = fmt::format("within {:g} % or {:g}", 100 * rel_tol, abs_tol);
  } else if (!by_decimals) {
    how = rel_tol > 0 ? fmt::format("within {:g} %", 100 * rel_tol) : fmt::format("within {:g}", abs_tol);
  }
  out.notes.push_back(fmt::format("{} of {} values {} {}{}", compared - failed, compared, compare == "equal" ? "match" : "are", how,
                                  !by_decimals && rel_tol > 0 ? " (error is relative where the expected value is not 0)" : ""));
  ++session.checks_run;
  if (failed > 0) {
    ++session.checks_failed;
    if (compare == "equal") {
      session.warn(fmt::format("{}check '{}' failed: {} of {} values do not match {} {}", where, name, failed,
                               compared, source.empty() ? "the reference" : source, how));
    } else {
      session.warn(fmt::format("{}check '{}' failed: {} of {} values are not {} ({})", where, name, failed, compared,
                               how, source.empty() ? "the bounds given" : source));
    }
  }
  session.sections.push_back({name, "check", {out}});
  lua_pushboolean(L, failed == 0);
  return 1;
}

}  // namespace scalerun::study
