#include "store/point_key.hpp"

#include <fmt/format.h>

namespace scalerun::store {

std::string point_key(double p, const std::map<std::string, double>& params) {
  // fmt's "{}" for a double is the shortest round-trip representation, independent of locale.
  std::string key = fmt::format("p={}", p);
  for (const auto& [name, value] : params) key += fmt::format(",{}={}", name, value);
  return key;
}

}  // namespace scalerun::store
