#pragma once
// The value of a `--set name=EXPRESSION` given to a numeric param(): numbers, unit constants
// (5*MB, 20*us), arithmetic and math's functions, nothing else. A command line is code the user
// may not have written (a job script, a sweep driver), so it is not run as Lua: this small
// evaluator cannot call anything but the arithmetic it lists, by construction. Hand-written
// because Lua's own parser accepts any chunk and no library offers this subset.

#include <functional>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace scalerun::lua {

struct SetNumber {
  double value = 0;
  bool integer = false;  // Lua's integer subtype, kept where Lua would keep it (4*KiB is 4096)
  long long as_integer = 0;
};

// Why an expression was refused, worded to follow "--set name=value: ".
class SetExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A name's value (a unit constant such as MB), or nothing when the name is not a number.
using SetNameLookup = std::function<std::optional<SetNumber>(std::string_view)>;

SetNumber evaluate_set_expression(std::string_view text, const SetNameLookup& lookup);

}  // namespace scalerun::lua
