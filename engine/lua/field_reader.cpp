#include "lua/field_reader.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "lua/call.hpp"
#include "errors/errors.hpp"
#include "errors/printable.hpp"

namespace scalerun::lua {

namespace {

// 2^63 reads better than 9.22337e+18 when a script wrote a power of two.
std::string shown(double v) {
  if (std::isnan(v)) return "nan";  // fmt writes "-nan" for some NaNs; the sign means nothing
  int exponent = 0;
  if (std::isfinite(v) && v > 1e6 && std::frexp(v, &exponent) == 0.5) return fmt::format("2^{}", exponent - 1);
  return fmt::format("{:g}", v);
}

}  // namespace

FieldReader::FieldReader(lua_State* L, int index, std::string where, std::string prefix)
    : L_(L), index_(lua_absindex(L, index)), where_(std::move(where)), prefix_(std::move(prefix)) {
  if (lua_type(L_, index_) != LUA_TTABLE) {
    std::string field = prefix_;
    if (field.ends_with('.')) field.pop_back();
    const std::string what = fmt::format("table expected, got {}", type_name(L_, index_));
    throw ScriptError(field.empty() ? where_ + what : fmt::format("{}field '{}': {}", where_, field, what));
  }
}

int raw_field(lua_State* L, int index, const char* name) {
  if (lua_type(L, index) != LUA_TTABLE) {
    lua_pushnil(L);
    return LUA_TNIL;
  }
  index = lua_absindex(L, index);
  lua_pushstring(L, name);
  return lua_rawget(L, index);
}

int FieldReader::get(const char* name) const {
  lua_pushstring(L_, name);
  return lua_rawget(L_, index_);
}

bool FieldReader::has(const char* name) const {
  const bool present = get(name) != LUA_TNIL;
  lua_pop(L_, 1);
  return present;
}

void FieldReader::fail(const char* name, const std::string& what) const {
  // Names and values quoted in `what` may come from the script: one line whatever they hold.
  throw ScriptError(fmt::format("{}field '{}{}': {}", where_, prefix_, printable(name), printable(what)));
}

void FieldReader::type_error(const char* name, const char* expected) const {
  const std::string got = type_name(L_, -1);
  lua_pop(L_, 1);
  fail(name, fmt::format("{} expected, got {}", expected, got));
}

std::optional<double> FieldReader::optional_number(const char* name) const { return optional_number(name, Range{}); }

double FieldReader::number(const char* name) const {
  if (auto v = optional_number(name)) return *v;
  fail(name, "number expected, got nil (this field is required)");
}

double FieldReader::number_or(const char* name, double fallback) const {
  return optional_number(name).value_or(fallback);
}

std::string FieldReader::string(const char* name) const {
  const int type = get(name);
  if (type == LUA_TNIL) {
    lua_pop(L_, 1);
    fail(name, "string expected, got nil (this field is required)");
  }
  if (type != LUA_TSTRING) type_error(name, "string");
  std::string s = lua_tostring(L_, -1);
  lua_pop(L_, 1);
  return s;
}

std::string FieldReader::string_or(const char* name, const std::string& fallback) const {
  return has(name) ? string(name) : fallback;
}

bool FieldReader::boolean_or(const char* name, bool fallback) const {
  const int type = get(name);
  if (type == LUA_TNIL) {
    lua_pop(L_, 1);
    return fallback;
  }
  if (type != LUA_TBOOLEAN) type_error(name, "boolean");
  const bool b = lua_toboolean(L_, -1) != 0;
  lua_pop(L_, 1);
  return b;
}

std::vector<double> FieldReader::number_list(const char* name) const {
  const int type = get(name);
  if (type == LUA_TNIL) {
    lua_pop(L_, 1);
    fail(name, "list of numbers expected, got nil (this field is required)");
  }
  if (type != LUA_TTABLE) type_error(name, "list of numbers");
  std::vector<double> out;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L_, -1));
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L_, -1, i) != LUA_TNUMBER) {
      const std::string got = type_name(L_, -1);
      lua_pop(L_, 2);
      fail(name, fmt::format("item {}: number expected, got {}", i, got));
    }
    out.push_back(lua_tonumber(L_, -1));
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  if (out.empty()) fail(name, "a non-empty list of numbers expected, got an empty table");
  return out;
}

std::vector<std::string> FieldReader::string_list(const char* name) const {
  const int type = get(name);
  if (type == LUA_TNIL) {
    lua_pop(L_, 1);
    return {};
  }
  if (type == LUA_TSTRING) {
    std::vector<std::string> one{lua_tostring(L_, -1)};
    lua_pop(L_, 1);
    return one;
  }
  if (type != LUA_TTABLE) type_error(name, "string or list of strings");
  std::vector<std::string> out;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L_, -1));
  for (lua_Integer i = 1; i <= n; ++i) {
    if (lua_rawgeti(L_, -1, i) != LUA_TSTRING) {
      const std::string got = type_name(L_, -1);
      lua_pop(L_, 2);
      fail(name, fmt::format("item {}: string expected, got {}", i, got));
    }
    out.emplace_back(lua_tostring(L_, -1));
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  return out;
}

std::string Range::describe() const {
  const char* kind = whole ? "a whole number" : "a number";
  const bool low = std::isfinite(lo), high = std::isfinite(hi);
  if (low && high && above_lo) return fmt::format("{} > {:g} and <= {:g}", kind, lo, hi);
  if (low && high) return fmt::format("{} from {:g} to {:g}", kind, lo, hi);
  if (low) return fmt::format("{} {} {:g}", kind, above_lo ? ">" : ">=", lo);
  if (high) return fmt::format("{} <= {:g}", kind, hi);
  return whole ? "a finite whole number" : "a finite number";
}


std::optional<double> FieldReader::optional_number(const char* name, const Range& range) const {
  const int type = get(name);
  if (type == LUA_TNIL) {
    lua_pop(L_, 1);
    return std::nullopt;
  }
  if (type != LUA_TNUMBER) type_error(name, "number");
  const double v = lua_tonumber(L_, -1);
  lua_pop(L_, 1);
  if (!range.contains(v)) fail(name, fmt::format("{} expected, got {}", range.describe(), shown(v)));
  return v;
}

double FieldReader::number(const char* name, const Range& range) const {
  if (auto v = optional_number(name, range)) return *v;
  fail(name, fmt::format("{} expected, got nil (this field is required)", range.describe()));
}

double FieldReader::number_or(const char* name, double fallback, const Range& range) const {
  return optional_number(name, range).value_or(fallback);
}

std::vector<double> FieldReader::number_list(const char* name, const Range& range) const {
  std::vector<double> values = number_list(name);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!range.contains(values[i])) {
      fail(name, fmt::format("item {}: {} expected, got {}", i + 1, range.describe(), shown(values[i])));
    }
  }
  return values;
}

int FieldReader::type(const char* name) const {
  const int t = get(name);
  lua_pop(L_, 1);
  return t;
}

bool FieldReader::push(const char* name, int lua_type, bool required) const {
  const int type = get(name);
  if (type == LUA_TNIL && !required) {
    lua_pop(L_, 1);
    return false;
  }
  if (type != lua_type) type_error(name, lua_typename(L_, lua_type));
  return true;
}

void FieldReader::reject_unknown(std::initializer_list<const char*> allowed) const {
  std::vector<std::string> names(allowed.begin(), allowed.end());
  lua_pushnil(L_);
  while (lua_next(L_, index_) != 0) {
    lua_pop(L_, 1);  // value
    if (lua_type(L_, -1) == LUA_TSTRING) {
      const std::string key = lua_tostring(L_, -1);
      if (std::find(names.begin(), names.end(), key) == names.end()) {
        lua_pop(L_, 1);
        const std::string near = closest_name(key, names);
        throw ScriptError(fmt::format("{}unknown field '{}{}'{}", where_, prefix_, printable(key),
                                      near.empty() ? std::string(" (see docs/VOCABULARY.md)")
                                                   : fmt::format(" (did you mean '{}'?)", near)));
      }
    }
  }
}

std::string closest_name(const std::string& name, const std::vector<std::string>& allowed) {
  // Levenshtein distance; names are short, so the quadratic table is nothing.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0u : 1u)});
        diag = up;
      }
    }
    return row[b.size()];
  };
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, name.size() / 3) + 1;
  for (const auto& candidate : allowed) {
    const std::size_t d = distance(name, candidate);
    if (d < best_d) {
      best_d = d;
      best = candidate;
    }
  }
  return best;
}

}  // namespace scalerun::lua
