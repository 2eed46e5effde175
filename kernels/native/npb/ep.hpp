#pragma once
// NPB EP ("embarrassingly parallel"): 2^m pairs of uniform numbers from the NPB generator become
// Gaussian deviates by the Marsaglia polar method; the kernel sums them and counts them in square
// annuli l <= max(|X|, |Y|) < l + 1. The whole run is one stream of 2^(m+1) numbers from the seed
// 271828183; NPB cuts it into batches of 2^16 pairs and starts each batch by skip-ahead, which is
// what makes the work independent: here a batch is a chunk of the runtime's reduction, the
// partial sums are combined in the runtime's fixed pairwise tree, and the sums are bit-identical
// for every worker count.
//
// Parameters: m (log2 of the pairs; class S = 24, W = 25, A = 28). Work W = 2^(m+1) operations
// (NPB's Mop/s counts the random numbers); memory M = 16 KiB, the block of random numbers each
// worker fills at a time (the stream is generated, never stored), as in kernels/npb_ep.lua.

#include <array>
#include <cstdint>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels::npb {

inline constexpr std::uint64_t kEpSeed = 271828183;
inline constexpr int kEpAnnuli = 10;        // NPB's nq
inline constexpr unsigned kEpBatchLog2 = 16;  // NPB's mk: 2^16 pairs per batch
inline constexpr std::size_t kEpBlockPairs = 1024;  // pairs generated at a time (16 KiB of numbers, in L1)

struct EpTally {
  double sx = 0, sy = 0;
  std::array<std::uint64_t, kEpAnnuli> counts{};  // the last annulus also takes any deviate beyond it

  std::uint64_t accepted() const;
  EpTally& operator+=(const EpTally& other);
};

// Adds pairs [first, last) of the stream to t, in order: pair i is made of numbers 2i + 1 and
// 2i + 2 after the seed. The body every worker count runs.
void accumulate_pairs(std::uint64_t first, std::uint64_t last, EpTally& t);

// The timed part: all 2^m pairs, one batch per chunk.
EpTally run_ep(std::uint64_t m, runtime::Runtime& rt);

// An official class (m = 24, 25, 28): sx and sy within 1e-8 relative of NPB's values. Any other
// m: the statistical check. The accepted fraction is binomial with q = pi/4; given N accepted
// pairs, X and Y are independent standard normals, so sx and sy are N(0, N) and the annulus
// counts are multinomial with P(max(|X|,|Y|) < r) = erf(r / sqrt 2)^2. It asks the acceptance
// and both sums to be within 6 sigma and the chi-square of the counts (annuli expecting fewer
// than 5 merged into the one below) to be below its 1e-9 quantile (Wilson-Hilferty): a correct
// run fails with probability of order 1e-8.
runtime::KernelResult verify_ep(std::uint64_t m, const EpTally& t);

// native = "npb_ep": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel npb_ep_kernel;

}  // namespace scalerun::kernels::npb
