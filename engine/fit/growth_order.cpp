#include "fit/growth_order.hpp"

#include <cmath>
#include <limits>

namespace scalerun::fit {

double growth_order(std::span<const double> x, std::span<const double> y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!(x[i] > 0) || !(y[i] > 0)) continue;
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    ++n;
  }
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (n < 2) return kNaN;
  const double dn = static_cast<double>(n);
  const double denom = dn * sxx - sx * sx;
  if (denom == 0) return kNaN;
  return (dn * sxy - sx * sy) / denom;
}

}  // namespace scalerun::fit
