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

double round_size(double value, Rounding r) {
  double whole = value;
  switch (r) {
    case Rounding::nearest: whole = std::round(value); break;
    case Rounding::up: whole = std::ceil(value); break;
    case Rounding::down: whole = std::floor(value); break;
    case Rounding::none: return value;
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
