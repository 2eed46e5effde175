#pragma once
// A real-valued kernel parameter. runtime::count_param reads counts and seeds; a few Lua
// descriptions also carry fractions that only scale the work a native kernel reports (the
// fractal's fill and ops_iter), and those must pass through as they are.

#include <cmath>
#include <span>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "runtime/params.hpp"

namespace scalerun::kernels {

// The value of `name` (declared in specs) from given, or its default. Throws std::invalid_argument
// when it is not finite or below the minimum.
inline double real_param(std::span<const runtime::ParamSpec> specs, const runtime::Params& given,
                         std::string_view name) {
  const runtime::ParamSpec* spec = nullptr;
  for (const auto& s : specs)
    if (s.name == name) spec = &s;
  if (spec == nullptr) throw std::logic_error(fmt::format("native kernel asks for undeclared parameter '{}'", name));
  const auto it = given.find(name);
  const double v = it == given.end() ? spec->default_value : it->second;
  if (!std::isfinite(v) || v < spec->min)
    throw std::invalid_argument(fmt::format("parameter '{}' = {} must be a finite number >= {}", name, v, spec->min));
  return v;
}

}  // namespace scalerun::kernels
