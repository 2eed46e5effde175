#pragma once
// The numeric parameters of a kernel, flattened into slots: a scalar parameter is one slot
// ("n"), a list parameter one slot per element ("beta[1]", "beta[2]"). Slots are what scaling
// rules vary, fits estimate, maps sweep and expression variables are named after.

#include <string>
#include <vector>

namespace scalerun::model {

// How a scaling rule leaves a size the kernel declares whole (kernel{ integer = { n = "up" } }):
// a matrix order or grid side solved as 990.894 is run, and reported, at 991.
enum class Rounding { none, nearest, up, down };

// "nearest", "up", "down"; none for any other text.
Rounding rounding_from(const std::string& text);
// The whole number a solved size becomes: never below 1 (a size of 0 has no time to report).
double round_size(double value, Rounding r);

struct ParamSlot {
  std::string name;   // "n" or "beta[2]"
  std::string param;  // "n" or "beta"
  int index = 0;      // 0 for a scalar, 1-based element of a list otherwise
  double value = 0;   // the kernel's value
  Rounding rounding = Rounding::none;  // declared by the kernel's integer = { ... }
};

struct ParamSpace {
  std::vector<ParamSlot> slots;

  // Index of the slot with that name (also accepts a scalar parameter's plain name), or -1.
  int find(const std::string& name) const;
  std::vector<double> values() const;
  std::vector<std::string> names() const;
};

}  // namespace scalerun::model
