#include "host/benchmarks.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

namespace scalerun::host {

namespace {

using Clock = std::chrono::steady_clock;

// Enough independent chains to cover the latency of a multiply followed by an add on current
// cores (about 6-8 cycles, two of each per cycle, two doubles per SSE2 register), and few enough
// that, vectorised, they stay in the 16 vector registers of x86-64 with the two constants.
constexpr int kChains = 24;
constexpr double kFlopsPerRound = 2.0 * kChains;

// The one body of the compute benchmark, for the single-core and the TBB path alike. With m < 1
// every chain converges to c/(1-m) = 1, so values stay normal (no slow denormal path) however
// many rounds run, and the sum of the chains (about kChains) checks the work was done.
// noinline: both paths then run the very same machine code.
volatile double chain_factor = 0.999999, chain_addend = 1e-6;
[[gnu::noinline]] double multiply_add_chains(std::uint64_t rounds) {
  // Read through volatile: a function without side effects may be moved by the compiler out of
  // the region between the two clock readings (it was: the speed came out at 4e16 flop/s).
  const double m = chain_factor, c = chain_addend;
  std::array<double, kChains> acc;
  for (int j = 0; j < kChains; ++j) acc[static_cast<std::size_t>(j)] = 1.0 + 1e-3 * j;
  for (std::uint64_t r = 0; r < rounds; ++r) {
    for (double& a : acc) a = a * m + c;
  }
  double sum = 0;
  for (const double a : acc) sum += a;
  return sum;
}

void check_chains(double sum) {
  if (!(std::fabs(sum - kChains) < 1.0)) throw std::runtime_error("the speed benchmark computed a wrong result");
}

// The body of the memory benchmark, for one block of the arrays.
void triad(double* __restrict a, const double* __restrict b, const double* __restrict c, double s,
           std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) a[i] = b[i] + s * c[i];
}

// Times run(units) with units doubling until one run lasts 2 ms (long against the clock and the
// start-up of a parallel loop), then sizes a repetition to a fifth of the budget and repeats it
// until the budget is spent. The best repetition counts: a marked speed is the best a node
// delivers, and anything slower measured interference, not the node.
template <class Run>
Rate best_rate(double budget_seconds, std::uint64_t units, Run run) {
  const auto started = Clock::now();
  const auto timed = [&run](std::uint64_t n) {
    const auto t0 = Clock::now();
    run(n);
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  double t = timed(units);
  while (t < 2e-3) {
    units *= t > 0 ? std::clamp<std::uint64_t>(static_cast<std::uint64_t>(4e-3 / t), 2, 1024) : 2;
    t = timed(units);
  }
  const double repetition = std::max(budget_seconds / 5, 2e-3);
  units = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(units) * repetition / t));
  Rate rate;
  do {
    t = timed(units);
    rate.per_second = std::max(rate.per_second, static_cast<double>(units) / t);
    ++rate.repetitions;
  } while (std::chrono::duration<double>(Clock::now() - started).count() < budget_seconds || rate.repetitions < 2);
  rate.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return rate;
}

Rate scaled(Rate rate, double factor) {
  rate.per_second *= factor;
  return rate;
}

}  // namespace

Rate measure_core_speed(double seconds) {
  const Rate rounds = best_rate(seconds, 1024, [](std::uint64_t n) { check_chains(multiply_add_chains(n)); });
  return scaled(rounds, kFlopsPerRound);
}

Rate measure_aggregate_speed(double seconds, int threads) {
  threads = std::max(1, threads);
  // Several chunks per thread, handed out dynamically: a thread the OS delays then costs a
  // chunk, not the whole run.
  const int chunks = 4 * threads;
  tbb::task_arena arena(threads);
  Rate rounds;
  arena.execute([&] {
    rounds = best_rate(seconds, 1024, [chunks](std::uint64_t n) {
      // Exactly n rounds in all, so the rate best_rate computes is the work done.
      const auto share = [n, chunks](int i) {
        const auto k = static_cast<std::uint64_t>(chunks), j = static_cast<std::uint64_t>(i);
        return n / k + (j < n % k ? 1 : 0);
      };
      std::vector<double> sums(static_cast<std::size_t>(chunks));
      tbb::parallel_for(
          tbb::blocked_range<int>(0, chunks, 1),
          [&](const tbb::blocked_range<int>& r) {
            for (int i = r.begin(); i != r.end(); ++i) sums[static_cast<std::size_t>(i)] = multiply_add_chains(share(i));
          },
          tbb::simple_partitioner());
      for (const double s : sums) check_chains(s);
    });
  });
  return scaled(rounds, kFlopsPerRound);
}

Rate measure_triad_bandwidth(double seconds, std::size_t array_bytes, int threads) {
  threads = std::max(1, threads);
  const std::size_t n = std::max<std::size_t>(1024, array_bytes / sizeof(double));
  const auto a = std::make_unique_for_overwrite<double[]>(n);
  const auto b = std::make_unique_for_overwrite<double[]>(n);
  const auto c = std::make_unique_for_overwrite<double[]>(n);
  const double s = 3.0;
  tbb::task_arena arena(threads);
  Rate passes;
  arena.execute([&] {
    // The same static partition for the first touch and every pass, so on a NUMA host each
    // thread streams the pages placed on its own node.
    const tbb::blocked_range<std::size_t> all(0, n);
    tbb::parallel_for(all, [&](const tbb::blocked_range<std::size_t>& r) {
      std::fill(a.get() + r.begin(), a.get() + r.end(), 0.0);
      std::fill(b.get() + r.begin(), b.get() + r.end(), 1.0);
      std::fill(c.get() + r.begin(), c.get() + r.end(), 2.0);
    }, tbb::static_partitioner());
    passes = best_rate(seconds, 1, [&](std::uint64_t count) {
      for (std::uint64_t pass = 0; pass < count; ++pass) {
        tbb::parallel_for(all, [&](const tbb::blocked_range<std::size_t>& r) {
          triad(a.get(), b.get(), c.get(), s, r.begin(), r.end());
        }, tbb::static_partitioner());
      }
    });
  });
  if (a[n / 2] != 1.0 + s * 2.0) throw std::runtime_error("the bandwidth benchmark computed a wrong result");
  return scaled(passes, 3.0 * sizeof(double) * static_cast<double>(n));
}

}  // namespace scalerun::host
