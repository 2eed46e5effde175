#pragma once
// Monte Carlo estimate of pi: the fraction of uniform points in the unit square that fall inside
// the quarter circle is pi/4. Samples come from a counter-based generator and the hits are an
// integer sum, so the estimate is bit-identical for every worker count.
//
// Parameters: samples (>= 1), seed. Work W = samples (one operation = one sample: two draws, two
// multiplies, an add and a compare); memory M = 8 bytes (one hit counter: the sample stream is
// generated, never stored).

#include <cstdint>

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

struct PiEstimate {
  std::uint64_t samples = 0;
  std::uint64_t hits = 0;
  double pi() const { return 4.0 * static_cast<double>(hits) / static_cast<double>(samples); }
};

// How the samples are cut: into equal chunks, a whole number of them per worker, so no worker gets
// a structural extra piece (the hit count is an integer sum, exact for any cut). A chunk is at
// most kMaxChunkSamples (0.2 ms or so) and, while the run is small, the workers get
// kChunksPerWorker each so a late-starting worker can be made up for, but never below
// kMinChunkSamples (a few us, so the per-chunk accounting stays far under 1 %).
inline constexpr std::uint64_t kMaxChunkSamples = 1 << 16;
inline constexpr std::uint64_t kMinChunkSamples = 1 << 11;
inline constexpr std::uint64_t kChunksPerWorker = 4;
std::uint64_t samples_per_chunk(std::uint64_t samples, int workers);

// Hits among samples [lo, hi) of stream `seed`: the body every worker count runs.
std::uint64_t count_hits(std::uint64_t seed, std::uint64_t lo, std::uint64_t hi);

PiEstimate estimate_pi(std::uint64_t samples, std::uint64_t seed, runtime::Runtime& rt);

// Within 6 standard deviations of pi: sigma = 4 sqrt(q (1 - q) / samples), q = pi / 4. A correct
// run fails with probability 2e-9.
runtime::KernelResult verify_pi(const PiEstimate& e);

// native = "montecarlo": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel montecarlo_kernel;

}  // namespace scalerun::kernels
