#include "kernels/native/npb/npb_random.hpp"

#include <cmath>

namespace scalerun::kernels::npb {

std::uint64_t lcg_power(std::uint64_t a, std::uint64_t n) {
  std::uint64_t result = 1, square = a & kModulusMask;
  for (; n != 0; n >>= 1) {
    if (n & 1) result = lcg_step(result, square);
    square = lcg_step(square, square);
  }
  return result;
}

void vranlc(std::size_t n, std::uint64_t& x, std::uint64_t a, double* y) {
  constexpr std::size_t kLanes = 4;
  std::size_t i = 0;
  if (n >= kLanes) {
    const std::uint64_t stride = lcg_power(a, kLanes);
    std::uint64_t lane[kLanes];
    lane[0] = lcg_step(x, a);
    for (std::size_t j = 1; j < kLanes; ++j) lane[j] = lcg_step(lane[j - 1], a);
    for (; i + kLanes <= n; i += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) {
        y[i + j] = static_cast<double>(lane[j]) * kUnit;
        lane[j] = lcg_step(lane[j], stride);
      }
    }
    x = lcg_skip(x, a, i);  // the state of y[i - 1]
  }
  for (; i < n; ++i) y[i] = randlc(x, a);
}

double randlc_split(double& x, double a) {
  constexpr double r23 = 0x1.0p-23, r46 = r23 * r23, t23 = 0x1.0p23, t46 = t23 * t23;
  // a = 2^23 a1 + a2 and x = 2^23 x1 + x2, each half below 2^23.
  const double a1 = std::trunc(r23 * a), a2 = a - t23 * a1;
  const double x1 = std::trunc(r23 * x), x2 = x - t23 * x1;
  // a x mod 2^46 = 2^23 ((a1 x2 + a2 x1) mod 2^23) + a2 x2, reduced mod 2^46.
  const double t1 = a1 * x2 + a2 * x1;
  const double z = t1 - t23 * std::trunc(r23 * t1);
  const double t3 = t23 * z + a2 * x2;
  x = t3 - t46 * std::trunc(r46 * t3);
  return r46 * x;
}

}  // namespace scalerun::kernels::npb
