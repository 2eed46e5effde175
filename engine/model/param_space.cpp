#include "model/param_space.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scalerun::model {

Rounding rounding_from(const std::string& text) {
  if (text == "nearest") return Rounding::nearest;
  if (text == "up") return Rounding::up;
  if (text == "down") return Rounding::down;
  return Rounding::none;
}

// Rounds by the mode, halves away from zero. A value within a few ulps of a whole number (or, under
// "nearest", of a half) is taken as exactly that first, so arithmetic like (0.7 + 0.1) * 10 =
// 7.9999999999999991 is 8 under "down". Whether a solver's root stands for an exact whole or half
// is decided by the rule, from its quantity (scaling_rule.cpp: exact_size), not here.
double round_size(double value, Rounding r) {
  if (r == Rounding::none) return value;
  const double tolerance = 8 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(value));
  double exact = value;
  if (const double whole = std::round(value); std::abs(value - whole) <= tolerance) {
    exact = whole;
  } else if (const double half = std::floor(value) + 0.5; r == Rounding::nearest && std::abs(value - half) <= tolerance) {
    exact = half;
  }
  double whole = exact;
  switch (r) {
    case Rounding::nearest: whole = std::round(exact); break;
    case Rounding::up: whole = std::ceil(exact); break;
    case Rounding::down: whole = std::floor(exact); break;
    case Rounding::none: break;
  }
  return std::max(whole, 1.0);
}

int ParamSpace::find(const std::string& name) const {
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::vector<double> ParamSpace::values() const {
  std::vector<double> v;
  v.reserve(slots.size());
  for (const auto& s : slots) v.push_back(s.value);
  return v;
}

std::vector<std::string> ParamSpace::names() const {
  std::vector<std::string> v;
  v.reserve(slots.size());
  for (const auto& s : slots) v.push_back(s.name);
  return v;
}

}  // namespace scalerun::model
