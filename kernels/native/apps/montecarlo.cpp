#include "kernels/native/apps/montecarlo.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 2> kParams{{
    {"samples", 1e7, 1, "random points drawn"},
    {"seed", 1, 0, "random stream"},
}};

}  // namespace

std::uint64_t count_hits(std::uint64_t seed, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t hits = 0;
  for (std::uint64_t i = lo; i < hi; ++i) {
    const double x = unit_double(counter_random(seed, 2 * i));
    const double y = unit_double(counter_random(seed, 2 * i + 1));
    hits += x * x + y * y < 1.0 ? 1 : 0;
  }
  return hits;
}

std::uint64_t samples_per_chunk(std::uint64_t samples, int workers) {
  const std::uint64_t p = static_cast<std::uint64_t>(std::max(workers, 1));
  auto ceil_div = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
  const std::uint64_t fine = std::min(kChunksPerWorker, std::max<std::uint64_t>(1, samples / (p * kMinChunkSamples)));
  const std::uint64_t per_worker = std::max(ceil_div(samples, p * kMaxChunkSamples), fine);
  return std::max<std::uint64_t>(1, ceil_div(samples, p * per_worker));
}

PiEstimate estimate_pi(std::uint64_t samples, std::uint64_t seed, runtime::Runtime& rt) {
  PiEstimate e;
  e.samples = samples;
  e.hits = rt.parallel_reduce(
      std::size_t{0}, static_cast<std::size_t>(samples), static_cast<std::size_t>(samples_per_chunk(samples, rt.workers())),
      std::uint64_t{0},
      [seed](std::size_t lo, std::size_t hi, std::uint64_t acc) { return acc + count_hits(seed, lo, hi); },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
  return e;
}

runtime::KernelResult verify_pi(const PiEstimate& e) {
  runtime::KernelResult r;
  r.checksum = e.pi();
  if (e.samples == 0 || e.hits > e.samples) {
    r.message = fmt::format("montecarlo: impossible count, {} hits in {} samples", e.hits, e.samples);
    return r;
  }
  constexpr double q = std::numbers::pi / 4;
  const double sigma = 4 * std::sqrt(q * (1 - q) / static_cast<double>(e.samples));
  const double error = e.pi() - std::numbers::pi;
  r.verified = std::abs(error) <= 6 * sigma;
  r.message = fmt::format("montecarlo: pi ~ {:.9f} from {} samples, error {:.3g} = {:.2f} sigma (bound 6)",
                          e.pi(), e.samples, error, error / sigma);
  return r;
}

static double montecarlo_work(const runtime::Params& given) {
  return static_cast<double>(runtime::count_param(kParams, given, "samples"));
}

static double montecarlo_memory(const runtime::Params&) { return sizeof(std::uint64_t); }

static runtime::KernelResult montecarlo_run(const runtime::Params& given, runtime::Runtime& rt) {
  const std::uint64_t samples = runtime::count_param(kParams, given, "samples");
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  PiEstimate e;
  rt.measure([&] { e = estimate_pi(samples, seed, rt); });
  return verify_pi(e);
}

const runtime::NativeKernel montecarlo_kernel{
    .name = "montecarlo",
    .doc = "Monte Carlo estimate of pi with a counter-based generator; W = samples",
    .params = kParams,
    .work = montecarlo_work,
    .memory = montecarlo_memory,
    .run = montecarlo_run,
};

}  // namespace scalerun::kernels
