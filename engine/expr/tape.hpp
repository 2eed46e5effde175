#pragma once
// Instruction codes of a Program's tape: every Op that computes, plus a few forms the compiler
// substitutes where it knows better than the generic op. x^2, x^3, x^4 and x^-1 are everywhere in
// timing models, and std::pow costs tens of cycles a point where a multiply costs one.
// x^2 and x^-1 are single correctly rounded operations; x^3 and x^4 round twice and may differ
// from std::pow in the last bit or two.

#include <cstddef>
#include <cstdint>

#include "expr/graph.hpp"
#include "expr/ops.hpp"

namespace scalerun::expr::tape {

// Points per register in bulk evaluation. A few dozen live registers of 256 doubles fit in L1/L2,
// and at this length the per-instruction dispatch is noise next to the loop itself.
constexpr std::size_t kBlock = 256;

constexpr std::uint8_t code(Op op) { return static_cast<std::uint8_t>(op); }

constexpr std::uint8_t kSquare = 64;
constexpr std::uint8_t kCube = 65;
constexpr std::uint8_t kFourth = 66;
constexpr std::uint8_t kRecip = 67;

struct Square { static double f(double x) { return x * x; } };
struct Cube { static double f(double x) { return x * x * x; } };
struct Fourth { static double f(double x) { const double s = x * x; return s * s; } };
struct Recip { static double f(double x) { return 1.0 / x; } };

// How many operand registers an instruction reads.
constexpr int reads(std::uint8_t c) {
  return c >= kSquare ? 1 : ops::arity(static_cast<Op>(c));
}

// The specialised code for x^e, or the generic Pow code when there is none.
constexpr std::uint8_t power_code(double e) {
  if (e == 2.0) return kSquare;
  if (e == 3.0) return kCube;
  if (e == 4.0) return kFourth;
  if (e == -1.0) return kRecip;
  return code(Op::Pow);
}

}  // namespace scalerun::expr::tape
