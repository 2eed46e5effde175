#pragma once
// The NPB random number generator (randlc / vranlc): x(k+1) = a x(k) mod 2^46, each number
// returned as 2^-46 x(k+1). NPB computes it in double precision by splitting a and x into 23-bit
// halves; the 64-bit integer form below gives the same stream exactly (the low 46 bits of a
// product do not depend on the bits that overflow 2^64) and is what the kernels use. The split
// form is kept as the reference the tests hold the integer form to.
//
// Skip-ahead: x(k+n) = a^n x(k) mod 2^46, with a^n by binary exponentiation, lets every chunk of
// a parallel loop start at its own place in the stream, so the numbers never depend on p.

#include <cstddef>
#include <cstdint>

namespace scalerun::kernels::npb {

inline constexpr std::uint64_t kMultiplier = 1220703125;  // 5^13, NPB's a for EP, IS and CG
inline constexpr std::uint64_t kModulusMask = (std::uint64_t{1} << 46) - 1;
inline constexpr double kUnit = 0x1.0p-46;

// a x mod 2^46 for a, x < 2^46.
constexpr std::uint64_t lcg_step(std::uint64_t x, std::uint64_t a) { return (x * a) & kModulusMask; }

// a^n mod 2^46, by squaring (n = 0 gives 1).
std::uint64_t lcg_power(std::uint64_t a, std::uint64_t n);

// The state n steps after x: a^n x mod 2^46.
inline std::uint64_t lcg_skip(std::uint64_t x, std::uint64_t a, std::uint64_t n) {
  return lcg_step(x, lcg_power(a, n));
}

// NPB's randlc on the integer state: advances x one step and returns the new state times 2^-46.
inline double randlc(std::uint64_t& x, std::uint64_t a) {
  x = lcg_step(x, a);
  return static_cast<double>(x) * kUnit;
}

// NPB's vranlc: y[0..n) = the next n numbers of the stream; x is left at the last state. The n
// steps run as four interleaved streams (each stepping by a^4) so the multiplies overlap instead
// of waiting on one another; the values are those of plain stepping.
void vranlc(std::size_t n, std::uint64_t& x, std::uint64_t a, double* y);

// NPB's double-precision formulation of randlc (23-bit halves, every product exact in a double).
// x holds an integer below 2^46; it is advanced and 2^-46 x is returned. Used as the reference.
double randlc_split(double& x, double a);

}  // namespace scalerun::kernels::npb
