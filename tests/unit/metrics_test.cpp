#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "kernels/native/registry.hpp"
#include "study/measurement.hpp"
#include "study/metrics.hpp"

namespace m = scalerun::study::metrics;

TEST_CASE("speedup, efficiency and Karp-Flatt agree with Amdahl's law") {
  // Serial fraction f = 0.1: T(p) = f + (1 - f)/p with T(1) = 1. Karp-Flatt recovers f exactly.
  const double f = 0.1;
  for (double p : {2.0, 4.0, 16.0, 64.0}) {
    const double tp = f + (1 - f) / p;
    const double s = m::speedup(1.0, tp);
    CHECK(m::efficiency(1.0, tp, p) == Approx(s / p));
    CHECK(m::karp_flatt(s, p) == Approx(f));
  }
  CHECK(std::isnan(m::karp_flatt(1.0, 1.0)));
}

TEST_CASE("psi is one when work per processor stays the same") {
  CHECK(m::psi(2, 100, 4, 200) == Approx(1.0));
  CHECK(m::psi(2, 100, 4, 800) == Approx(0.25));  // doubled p, work x8: psi = 1/m^2 for m = 2 (seed 001 eq. 20)
}

TEST_CASE("the isospeed prediction W' = a p' To / (1 - a delta) keeps the average speed") {
  // Seed 001 eq. 2: with T = W delta / p' + To, the speed W'/(p' T) must come back to a.
  const double a = 3.25e6, delta = 0.18e-6, p2 = 8, to = 0.05;
  const double w2 = m::isospeed_work(a, p2, to, delta);
  const double t = w2 * delta / p2 + to;
  CHECK(m::average_speed(w2, p2, t) == Approx(a));
}

TEST_CASE("latency and the time-bound scales follow seed 000 eq. 3, 10, 12 and 13") {
  const double t1 = 10, p = 4, tp = 4;  // E = 10/16
  const double e = m::efficiency(t1, tp, p);
  CHECK(m::latency(tp, t1, p) == Approx(tp * (1 - e)));  // eq. 10
  CHECK(m::time_bound_latency_scale(0.6, 0.5) == Approx(0.8));
  CHECK(m::time_bound_work_scale(0.6, 0.5) == Approx(1.2));
}

// Issue 10 item 10: speedup, efficiency, the overhead breakdown and L(W,N) on ONE T(1), so the
// overhead row adds up to T and L = T (1 - E) (seed 000 eq. 10), both exactly, at p = 1 too.
TEST_CASE("breakdown of measured runs: terms add up to T and L = T(1 - E), on one T(1)") {
  const scalerun::runtime::NativeKernel* pi = scalerun::kernels::find_kernel("montecarlo");
  REQUIRE(pi != nullptr);
  const scalerun::runtime::Params params{{"samples", 4e5}, {"seed", 271828183}};
  // Even repeats: the median is the mean of two samples, so no instrumented run is the median
  // itself and the identities must hold by construction, not by luck.
  const scalerun::study::MeasureSettings settings{1, 4};
  const auto one = scalerun::study::measure_native(*pi, params, 1, settings);
  for (int p : {1, 2, 3}) {
    const auto run = p == 1 ? one : scalerun::study::measure_native(*pi, params, p, settings);
    const double t1 = one.median, tp = run.median;
    const auto o = m::breakdown(run.stats, tp, t1, p);
    INFO("p = " << p << ", T(1) = " << t1 << ", T = " << tp);
    // Rounding is relative to T, not to L: at p = 1 L is exactly 0 while (ML + IT + PT) / p sums
    // terms of size T and lands a few ulps of T away from 0.
    const double ulps_of_t = 1e-12 * tp;
    CHECK(o.compute + o.serial + o.imbalance + o.sync + o.residual == Approx(tp).epsilon(1e-12));
    const double e = m::efficiency(t1, tp, p);
    CHECK(o.latency == Approx(tp * (1 - e)).epsilon(0).margin(ulps_of_t));
    CHECK((o.ml + o.it + o.pt) / p == Approx(o.latency).epsilon(0).margin(ulps_of_t));
    CHECK(o.latency == Approx(m::latency(tp, t1, p)).epsilon(0).margin(ulps_of_t));
    // The instrumented terms are the run's own: nothing is made up to close the sum but ML.
    CHECK(o.imbalance == Approx(run.stats.idle_sum() / p));
    CHECK(o.sync == Approx(run.stats.primitive_sum() / p));
  }
}
