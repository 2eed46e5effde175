#pragma once
// Finds the problem size at which a scaled quantity meets its target: a log-spaced scan brackets
// the first sign change of g(x) = quantity(x) - target, then a safeguarded Newton iteration
// (Newton steps when the derivative is known and the step stays inside the bracket, bisection
// otherwise) closes in. When no sign change exists the result says what the quantity did.

#include <functional>
#include <optional>
#include <string>

namespace scalerun::model {

struct SolveRange {
  double lo = 1e-3;
  double hi = 1e12;
};

struct SolveResult {
  bool found = false;
  double x = 0;
  int evaluations = 0;
  // When not found: what g + target took over the scan, for the message.
  double quantity_min = 0, quantity_max = 0;
  double x_at_min = 0, x_at_max = 0;
};

// g(x, derivative): returns g(x) = quantity - target; when `derivative` is non-null and the
// derivative is known, stores dg/dx there (leave it untouched otherwise).
using Residual = std::function<double(double x, double* derivative)>;

SolveResult solve_first_root(const Residual& g, double target, SolveRange range, int scan_points_per_decade = 12);

}  // namespace scalerun::model
