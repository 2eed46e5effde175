#include "model/solver.hpp"

#include <cmath>
#include <limits>

namespace scalerun::model {

namespace {

bool opposite_signs(double a, double b) { return (a < 0 && b > 0) || (a > 0 && b < 0); }

}  // namespace

SolveResult solve_first_root(const Residual& g, double target, SolveRange range, int per_decade) {
  SolveResult result;
  result.quantity_min = std::numeric_limits<double>::infinity();
  result.quantity_max = -std::numeric_limits<double>::infinity();
  auto eval = [&](double x) {
    ++result.evaluations;
    const double v = g(x, nullptr);
    if (std::isfinite(v)) {
      if (v + target < result.quantity_min) { result.quantity_min = v + target; result.x_at_min = x; }
      if (v + target > result.quantity_max) { result.quantity_max = v + target; result.x_at_max = x; }
    }
    return v;
  };

  // Scan from small to large sizes so the smallest size that meets the target is found: the
  // economical answer, and the one scaling studies mean.
  const double decades = std::log10(range.hi / range.lo);
  const int steps = std::max(2, static_cast<int>(std::ceil(decades * per_decade)));
  double x0 = range.lo, g0 = eval(x0);
  if (g0 == 0.0) {
    result.found = true;
    result.x = x0;
    return result;
  }
  double a = 0, b = 0, ga = 0, gb = 0;
  bool bracketed = false;
  for (int i = 1; i <= steps && !bracketed; ++i) {
    const double x1 = range.lo * std::pow(10.0, decades * i / steps);
    const double g1 = eval(x1);
    if (g1 == 0.0) {
      result.found = true;
      result.x = x1;
      return result;
    }
    if (std::isfinite(g0) && std::isfinite(g1) && opposite_signs(g0, g1)) {
      a = x0, b = x1, ga = g0, gb = g1;
      bracketed = true;
    }
    x0 = x1, g0 = g1;
  }
  if (!bracketed) return result;

  // Safeguarded Newton on [a, b].
  double x = 0.5 * (a + b);
  for (int iter = 0; iter < 200; ++iter) {
    double derivative = std::numeric_limits<double>::quiet_NaN();
    ++result.evaluations;
    const double gx = g(x, &derivative);
    if (gx == 0.0 || !std::isfinite(gx)) {
      if (gx == 0.0) break;
    } else if (opposite_signs(ga, gx)) {
      b = x, gb = gx;
    } else {
      a = x, ga = gx;
    }
    if (std::abs(b - a) <= 1e-14 * std::abs(x) + 1e-300) break;
    double next = 0.5 * (a + b);
    if (std::isfinite(derivative) && derivative != 0.0 && std::isfinite(gx)) {
      const double newton = x - gx / derivative;
      if (newton > a && newton < b) next = newton;
    } else if (std::isfinite(ga) && std::isfinite(gb) && gb != ga) {
      const double secant = b - gb * (b - a) / (gb - ga);  // regula falsi when no derivative
      if (secant > a && secant < b && std::abs(secant - x) > 0) next = 0.5 * (secant + 0.5 * (a + b));
    }
    if (std::abs(next - x) <= 1e-15 * std::abs(x)) {
      x = next;
      break;
    }
    x = next;
  }
  result.found = true;
  result.x = x;
  return result;
}

}  // namespace scalerun::model
