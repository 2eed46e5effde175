#include "runtime/params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::runtime {

std::uint64_t count_param(std::span<const ParamSpec> specs, const Params& given, std::string_view name) {
  const ParamSpec* spec = nullptr;
  for (const auto& s : specs)
    if (s.name == name) spec = &s;
  if (!spec) throw std::logic_error(fmt::format("native kernel asks for undeclared parameter '{}'", name));
  const auto it = given.find(name);
  const double v = it == given.end() ? spec->default_value : it->second;
  constexpr double kExactLimit = 9007199254740992.0;  // 2^53
  if (!(v >= spec->min) || v > kExactLimit || std::floor(v) != v)
    throw std::invalid_argument(fmt::format("parameter '{}' = {} must be an integer in [{}, 2^53]", name, v,
                                            spec->min));
  return static_cast<std::uint64_t>(v);
}

}  // namespace scalerun::runtime
