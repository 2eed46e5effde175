#pragma once
// Parameters of a native kernel: numbers by name, each with a default and a lower bound.
//
// Names a kernel does not declare are ignored, because the engine passes a kernel description's
// whole parameter table and that also holds model-only entries (element size, machine speeds).

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace scalerun::runtime {

using Params = std::map<std::string, double, std::less<>>;

struct ParamSpec {
  std::string_view name;
  double default_value;
  double min;  // inclusive
  std::string_view doc;
};

// The value of `name` (declared in specs) from given, or its default. Throws std::invalid_argument
// when the value is below the minimum, not an integer, or beyond 2^53 (where doubles stop
// counting exactly). Every native parameter so far is a count or a seed.
std::uint64_t count_param(std::span<const ParamSpec> specs, const Params& given, std::string_view name);

// The same for a real-valued parameter (fractions that scale the work a kernel reports, such as the
// fractal's fill): throws std::invalid_argument when it is not finite or below the minimum.
double real_param(std::span<const ParamSpec> specs, const Params& given, std::string_view name);

}  // namespace scalerun::runtime
