#pragma once
// The one typed reader for Lua tables. Every vocabulary form (machine, kernel, experiment, map,
// fit, check) is read through it, so a wrong field always reads
//   machines/x.lua:12: field 'bandwidth': number expected, got string
// and an unknown field is caught with a suggestion instead of being silently ignored.

#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <lua.hpp>

namespace scalerun::lua {

// The values a numeric field may take: a closed interval, optionally whole numbers only. The
// reader checks it, so every form refuses a number that cannot be right with the same words:
//   x.lua:3: field 'px_max': a whole number from 1 to 1e+09 expected, got -1
struct Range {
  double lo = -HUGE_VAL, hi = HUGE_VAL;
  bool whole = false;
  bool above_lo = false;  // lo itself excluded: Range{0, HUGE_VAL, false, true} is "a number > 0"

  bool contains(double v) const {
    return std::isfinite(v) && (above_lo ? v > lo : v >= lo) && v <= hi && (!whole || v == std::floor(v));
  }
  static Range positive() { return Range{0, HUGE_VAL, false, true}; }
  std::string describe() const;  // "a whole number from 1 to 1e+09"
};

class FieldReader {
 public:
  // Reads the table at `index`. `where` is the "file:line: " prefix for messages, `prefix` is
  // prepended to field names (e.g. "topology.levels[2]." for nested tables). A value that is no
  // table is refused here (ScriptError), so no reading below touches one.
  FieldReader(lua_State* L, int index, std::string where, std::string prefix = {});

  bool has(const char* name) const;
  int type(const char* name) const;  // the field's Lua type (LUA_TNIL when absent), nothing pushed
  double number(const char* name) const;                      // required
  double number_or(const char* name, double fallback) const;
  std::optional<double> optional_number(const char* name) const;
  std::string string(const char* name) const;                 // required
  std::string string_or(const char* name, const std::string& fallback) const;
  bool boolean_or(const char* name, bool fallback) const;
  std::vector<double> number_list(const char* name) const;    // required, non-empty sequence
  std::vector<std::string> string_list(const char* name) const;  // a string or a list of strings
  // The same, each value checked against `range` (a message names the range and the value).
  std::optional<double> optional_number(const char* name, const Range& range) const;
  double number(const char* name, const Range& range) const;
  double number_or(const char* name, double fallback, const Range& range) const;
  std::vector<double> number_list(const char* name, const Range& range) const;
  // Pushes the field's value if it has the given Lua type (required when `required`), and returns
  // whether it pushed. Used for functions and tables that the caller handles itself.
  bool push(const char* name, int lua_type, bool required) const;

  // Raises for any key not in `allowed`, suggesting the closest allowed name.
  void reject_unknown(std::initializer_list<const char*> allowed) const;

  // A message for a wrong value in this table: "<where>field '<prefix><name>': <what>".
  [[noreturn]] void fail(const char* name, const std::string& what) const;
  const std::string& where() const { return where_; }

 private:
  int get(const char* name) const;  // pushes t[name] (raw), returns its type
  [[noreturn]] void type_error(const char* name, const char* expected) const;
  lua_State* L_;
  int index_;
  std::string where_;
  std::string prefix_;
};

// t[name] pushed without metamethods, its type returned; nil when the value at `index` is not a
// table. Natives read script values only this way: a metamethod (even one set for every string
// with getmetatable("").__index) would run script code, or raise, in the middle of C++, and the
// C API's table functions on a value that is no table corrupt memory.
int raw_field(lua_State* L, int index, const char* name);

// The allowed name closest to `name` by edit distance, or empty when none is close.
std::string closest_name(const std::string& name, const std::vector<std::string>& allowed);

}  // namespace scalerun::lua
