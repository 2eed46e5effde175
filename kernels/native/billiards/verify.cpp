#include "kernels/native/billiards/verify.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

namespace scalerun::kernels::billiards {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

bool same_ball(const Ball& a, const Ball& b) {
  return same_bits(a.x, b.x) && same_bits(a.v, b.v) && same_bits(a.t, b.t) && same_bits(a.m, b.m);
}

struct Totals {
  double energy = 0, momentum = 0, abs_momentum = 0, max_speed = 0;
};

Totals totals(std::span<const Ball> balls) {
  Totals s;
  for (const Ball& b : balls) {
    s.energy += 0.5 * b.m * b.v * b.v;
    s.momentum += b.m * b.v;
    s.abs_momentum += b.m * std::abs(b.v);
    s.max_speed = std::max(s.max_speed, std::abs(b.v));
  }
  return s;
}

// The smallest clearance between neighbours (or a ball and a wall) at time t, less what it
// must be: negative when two balls overlap or a ball is through a wall. NaN propagates.
double worst_clearance(const Box& box, std::span<const Ball> balls, double t, std::size_t& where) {
  double worst = std::numeric_limits<double>::infinity(), previous = 0;
  where = 0;
  for (std::size_t i = 0; i <= balls.size(); ++i) {
    const double x = i < balls.size() ? balls[i].x + balls[i].v * (t - balls[i].t) : box.length + box.diameter / 2;
    const double clearance = i == 0 ? x - box.diameter / 2 : x - previous - box.diameter;
    if (!(clearance >= worst) && !std::isnan(worst)) {  // a NaN sticks and fails the check
      worst = clearance;
      where = i;
    }
    previous = x;
  }
  return worst;
}

}  // namespace

runtime::KernelResult verify_run(const Box& box, std::span<const Ball> start, const Outcome& run,
                                 const Outcome& reference) {
  runtime::KernelResult r;
  const std::size_t n = start.size();
  double checksum = 0;
  for (const Ball& b : run.balls) checksum += b.x + b.v;
  r.checksum = checksum;
  if (run.balls.size() != n || reference.balls.size() != n) {
    r.message = fmt::format("billiards: {} balls in the run, {} in the reference, {} at the start", run.balls.size(),
                            reference.balls.size(), n);
    return r;
  }
  std::size_t differing = 0, first_differing = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (!same_ball(run.balls[i], reference.balls[i])) {
      if (differing++ == 0) first_differing = i;
    }
  }
  const bool identical = differing == 0 && run.events == reference.events &&
                         same_bits(run.wall_impulse, reference.wall_impulse) &&
                         same_bits(run.end_time, reference.end_time);

  const Totals before = totals(start), after = totals(run.balls);
  const double factor = 16 * kEps * static_cast<double>(n + run.events);
  const double energy_drift = std::abs(after.energy - before.energy);
  const bool energy_ok = energy_drift <= factor * before.energy;
  const double momentum_drift = std::abs(after.momentum - before.momentum - run.wall_impulse);
  const bool momentum_ok =
      momentum_drift <= factor * (before.abs_momentum + after.abs_momentum + std::abs(run.wall_impulse));
  std::size_t where = 0;
  const double clearance = worst_clearance(box, run.balls, run.end_time, where);
  const double slack = 1024 * kEps * (box.length + std::max(before.max_speed, after.max_speed) * run.end_time);
  const bool order_ok = clearance >= -slack;

  r.verified = identical && energy_ok && momentum_ok && order_ok;
  const std::string match =
      identical ? "bit-identical to the serial reference"
                : fmt::format("DIFFERS from the serial reference ({} events vs {}, {} balls differ, first ball {})",
                              run.events, reference.events, differing, first_differing);
  r.message = fmt::format(
      "billiards: {} balls, {} events to t = {:.6g}, {}; energy drift {:.3g} (bound {:.3g}); momentum drift {:.3g} "
      "(bound {:.3g}); smallest clearance {:.3g} at gap {} (bound -{:.3g})",
      n, run.events, run.end_time, match, energy_drift, factor * before.energy, momentum_drift,
      factor * (before.abs_momentum + after.abs_momentum + std::abs(run.wall_impulse)), clearance, where, slack);
  return r;
}

}  // namespace scalerun::kernels::billiards
