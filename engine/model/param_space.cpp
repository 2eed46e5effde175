#include "model/param_space.hpp"

#include <algorithm>
#include <cmath>

namespace scalerun::model {

Rounding rounding_from(const std::string& text) {
  if (text == "nearest") return Rounding::nearest;
  if (text == "up") return Rounding::up;
  if (text == "down") return Rounding::down;
  return Rounding::none;
}

// A solved size within kSnap (relative) of a whole number, or under "nearest" of a half, is taken
// as exactly that: the root finder's last bits (5.999999999999998 for an exact 6, 508.49999999999983
// for an exact 508.5) must not decide which whole size a rule gives. Halves round away from zero.
double round_size(double value, Rounding r) {
  if (r == Rounding::none) return value;
  constexpr double kSnap = 1e-12;  // a hundred times the root finder's own tolerance (model/solver.cpp)
  // At most a thousandth: beyond 1e9 the relative bound grows past that, and from 1e12 on it would
  // reach a whole unit and move a genuine x.7 to x + 1 under "down".
  const double tolerance = std::min(kSnap * std::max(1.0, std::abs(value)), 1e-3);
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
