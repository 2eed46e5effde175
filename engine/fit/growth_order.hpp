#pragma once
// The growth order k of y ~ c x^k: the slope of a straight-line least-squares fit of log y on
// log x (the isoefficiency function's order, W ~ p^k, from the solved sizes of a scaling rule).

#include <span>

namespace scalerun::fit {

// Pairs with x <= 0 or y <= 0 are left out; NaN with fewer than 2 pairs left or all x equal.
double growth_order(std::span<const double> x, std::span<const double> y);

}  // namespace scalerun::fit
