#include "kernels/native/apps/montecarlo_slices.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

#include "kernels/native/apps/chunked_loop.hpp"
#include "kernels/native/counter_rng.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 4> kParams{{
    {"n", 1000, 1, "simulated units (random walkers)"},
    {"t", 20, 1, "time slices, each depending on the one before"},
    {"rho", 32000, 1, "random-walk steps per unit per slice"},
    {"seed", 1, 0, "random stream"},
}};

// Each statistical bound fails a correct run with probability at most e^-20 (2e-9).
constexpr double kTail = 20;

WalkSetup setup_of(const runtime::Params& given) {
  WalkSetup s;
  s.units = runtime::count_param(kParams, given, "n");
  s.slices = runtime::count_param(kParams, given, "t");
  s.steps_per_slice = runtime::count_param(kParams, given, "rho");
  s.seed = runtime::count_param(kParams, given, "seed");
  // Positions are int64 and step indices uint64: T = t rho must stay far from both limits.
  if (static_cast<double>(s.slices) * static_cast<double>(s.steps_per_slice) > 0x1.0p62)
    throw std::invalid_argument(
        fmt::format("t rho = {} x {} steps per walker is more than 2^62", s.slices, s.steps_per_slice));
  return s;
}

// Unit u's own stream: its steps are draws 0, 1, 2, ... of it, slice after slice.
std::uint64_t unit_key(const WalkSetup& setup, std::uint64_t unit) { return counter_random(setup.seed, unit); }

// An order-sensitive hash of the positions, 53 bits so a double holds it exactly.
double positions_checksum(const std::vector<std::int64_t>& positions) {
  std::uint64_t h = 0;
  for (std::size_t u = 0; u < positions.size(); ++u) h += counter_random(static_cast<std::uint64_t>(positions[u]), u);
  return static_cast<double>(h >> 11);
}

}  // namespace

std::size_t units_per_chunk(const WalkSetup& setup) {
  constexpr std::uint64_t kStepsPerChunk = std::uint64_t{1} << 18;
  return static_cast<std::size_t>(
      std::max<std::uint64_t>(1, kStepsPerChunk / std::max<std::uint64_t>(1, setup.steps_per_slice)));
}

void advance_units(const WalkSetup& setup, std::uint64_t slice, std::vector<std::int64_t>& positions, std::size_t lo,
                   std::size_t hi) {
  const std::uint64_t first = slice * setup.steps_per_slice;
  for (std::size_t u = lo; u < hi; ++u) {
    const std::uint64_t key = unit_key(setup, u);
    std::int64_t x = positions[u];
    for (std::uint64_t k = first; k < first + setup.steps_per_slice; ++k)
      x += static_cast<std::int64_t>(counter_random(key, k) >> 63) * 2 - 1;  // the top bit: up or down
    positions[u] = x;
  }
}

void simulate_walks(const WalkSetup& setup, std::vector<std::int64_t>& positions, runtime::Runtime* rt) {
  std::fill(positions.begin(), positions.end(), 0);
  const std::size_t grain = units_per_chunk(setup);
  for (std::uint64_t slice = 0; slice < setup.slices; ++slice)
    for_chunks(rt, 0, positions.size(), grain,
               [&](std::size_t lo, std::size_t hi) { advance_units(setup, slice, positions, lo, hi); });
}

std::vector<std::int64_t> simulate_walks(const WalkSetup& setup, runtime::Runtime* rt) {
  std::vector<std::int64_t> positions(setup.units);
  simulate_walks(setup, positions, rt);
  return positions;
}

runtime::KernelResult verify_walks(const WalkSetup& setup, const std::vector<std::int64_t>& positions,
                                   std::size_t sampled) {
  runtime::KernelResult r;
  r.checksum = positions_checksum(positions);
  const auto steps = static_cast<std::int64_t>(setup.total_steps());
  if (positions.size() != setup.units || setup.units == 0) {
    r.message = fmt::format("montecarlo_slices: {} positions for {} units", positions.size(), setup.units);
    return r;
  }
  std::size_t impossible = 0;
  double sum = 0, sum_sq = 0;
  for (const std::int64_t x : positions) {
    if (x > steps || x < -steps || (x - steps) % 2 != 0) ++impossible;
    const auto xd = static_cast<double>(x);
    sum += xd;
    sum_sq += xd * xd;
  }
  const auto n = static_cast<double>(positions.size());
  const auto T = static_cast<double>(steps);
  // Bounds that hold for every n, not only where the normal approximation does. The n T steps are
  // independent +-1: Hoeffding bounds their sum. Y = X^2 / T has E Y = 1 and, X / sqrt(T) being
  // sub-Gaussian with variance proxy 1, a moment generating function no larger than a chi-square's
  // with one degree of freedom: the chi-square upper tail of Laurent and Massart (2000) holds for
  // the sum of the Y. Its lower tail follows from E Y^2 = 3 - 2 / T <= 3 (Maurer 2003, sums of
  // nonnegative variables).
  const double mean_bound = std::sqrt(2 * n * T * (kTail + std::numbers::ln2)) / n;
  const double mean_sq = sum_sq / T / n;
  const double sq_high = 1 + (2 * std::sqrt(n * kTail) + 2 * kTail) / n;
  const double sq_low = 1 - std::sqrt(6 * n * kTail) / n;
  const double mean = sum / n;
  // A few units walked again on their own, slice by slice, through the same body.
  std::size_t mismatched = 0;
  const std::size_t samples = std::min<std::size_t>(sampled, positions.size());
  std::vector<std::int64_t> alone(positions.size(), 0);
  for (std::size_t s = 0; s < samples; ++s) {
    const std::size_t u = counter_random(setup.seed + 1, s) % positions.size();
    alone[u] = 0;
    for (std::uint64_t slice = 0; slice < setup.slices; ++slice) advance_units(setup, slice, alone, u, u + 1);
    if (alone[u] != positions[u]) ++mismatched;
  }
  r.verified =
      impossible == 0 && std::abs(mean) <= mean_bound && mean_sq >= sq_low && mean_sq <= sq_high && mismatched == 0;
  r.message = fmt::format(
      "montecarlo_slices: {} walkers after {} slices of {} steps: {} impossible positions; mean {:.4g} (bound "
      "{:.4g}); mean X^2 / T = {:.5f} (bounds [{:.5f}, {:.5f}]); {} of {} units walked again alone differ",
      setup.units, setup.slices, setup.steps_per_slice, impossible, mean, mean_bound, mean_sq, std::max(sq_low, 0.0),
      sq_high, mismatched, samples);
  return r;
}

static double montecarlo_slices_work(const runtime::Params& given) {
  const WalkSetup s = setup_of(given);
  return static_cast<double>(s.units) * static_cast<double>(s.total_steps());
}

static double montecarlo_slices_memory(const runtime::Params& given) {
  return 8.0 * static_cast<double>(setup_of(given).units);
}

static runtime::KernelResult montecarlo_slices_run(const runtime::Params& given, runtime::Runtime& rt) {
  const WalkSetup setup = setup_of(given);
  std::vector<std::int64_t> positions(setup.units);
  rt.measure([&] { simulate_walks(setup, positions, &rt); });
  return verify_walks(setup, positions);
}

const runtime::NativeKernel montecarlo_slices_kernel{
    .name = "montecarlo_slices",
    .doc = "n random walkers over t dependent time slices of rho steps each, one parallel loop per slice; "
         "W = t n rho",
    .params = kParams,
    .work = montecarlo_slices_work,
    .memory = montecarlo_slices_memory,
    .run = montecarlo_slices_run,
};

}  // namespace scalerun::kernels
