#pragma once
// The "typical" Monte Carlo simulator of the steady-state timing models paper
// (004_accb5d5a432b67f2.txt §5): n independent units simulated over t time slices. Each unit is a
// simple random walk on the integers: rho steps of +1 or -1 per slice, each step decided by one
// draw of a counter-based generator keyed by the unit. Slice s needs every unit's position after
// slice s - 1, so the slices run one after another (one parallel loop each, its join the barrier
// between slices); inside a slice the units are independent and share nothing.
//
// A unit's steps are a pure function of (seed, unit, step), so the positions are bit-identical for
// every worker count and for the serial reference, which runs the same body.
//
// Parameters: n (units), t (slices), rho (steps per unit per slice), seed. Work W = t n rho (one
// operation = one step: a draw, a shift and an add); memory M = 8 n bytes (one position per unit,
// the description's delta = 8 bytes per unit).

#include <cstdint>
#include <vector>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

struct WalkSetup {
  std::uint64_t units = 0;
  std::uint64_t slices = 0;
  std::uint64_t steps_per_slice = 0;  // rho
  std::uint64_t seed = 0;
  std::uint64_t total_steps() const { return slices * steps_per_slice; }
};

// Units per chunk of a slice's loop: about 2^18 steps (a few hundred microseconds) per chunk.
std::size_t units_per_chunk(const WalkSetup& setup);

// Moves units [lo, hi) through slice `slice`: the body every worker count runs.
void advance_units(const WalkSetup& setup, std::uint64_t slice, std::vector<std::int64_t>& positions, std::size_t lo,
                   std::size_t hi);

// All t slices from position 0, on rt or, with rt null, on the calling thread (the serial reference).
std::vector<std::int64_t> simulate_walks(const WalkSetup& setup, runtime::Runtime* rt);
// The same, into positions (sized by the caller) and without allocating: what the kernel measures.
void simulate_walks(const WalkSetup& setup, std::vector<std::int64_t>& positions, runtime::Runtime* rt);

// Checks the positions after T = t rho steps against the walk's known law, X = 2 Binomial(T, 1/2) - T:
// every |X| <= T with the parity of T (exact); the mean of X and the mean of X^2 / T (whose
// expectation is 1) within tail bounds that a correct run crosses with probability below 2e-9 each;
// and `sampled` units walked again alone, which must land on the same positions exactly.
runtime::KernelResult verify_walks(const WalkSetup& setup, const std::vector<std::int64_t>& positions,
                                   std::size_t sampled = 16);

// native = "montecarlo_slices": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel montecarlo_slices_kernel;

}  // namespace scalerun::kernels
