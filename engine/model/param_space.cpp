#include "model/param_space.hpp"

namespace scalerun::model {

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
