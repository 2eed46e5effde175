#include "runtime/params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::runtime {

namespace {

const ParamSpec& spec_of(std::span<const ParamSpec> specs, std::string_view name) {
  for (const auto& s : specs)
    if (s.name == name) return s;
  throw std::logic_error(fmt::format("native kernel asks for undeclared parameter '{}'", name));
}

double given_or_default(const ParamSpec& spec, const Params& given) {
  const auto it = given.find(spec.name);
  return it == given.end() ? spec.default_value : it->second;
}

}  // namespace

std::uint64_t count_param(std::span<const ParamSpec> specs, const Params& given, std::string_view name) {
  const ParamSpec& spec = spec_of(specs, name);
  const double v = given_or_default(spec, given);
  constexpr double kExactLimit = 9007199254740992.0;  // 2^53
  if (!(v >= spec.min) || v > kExactLimit || std::floor(v) != v)
    throw std::invalid_argument(fmt::format("parameter '{}' = {} must be an integer in [{}, 2^53]", name, v,
                                            spec.min));
  return static_cast<std::uint64_t>(v);
}

double real_param(std::span<const ParamSpec> specs, const Params& given, std::string_view name) {
  const ParamSpec& spec = spec_of(specs, name);
  const double v = given_or_default(spec, given);
  if (!std::isfinite(v) || v < spec.min)
    throw std::invalid_argument(fmt::format("parameter '{}' = {} must be a finite number >= {}", name, v, spec.min));
  return v;
}

}  // namespace scalerun::runtime
