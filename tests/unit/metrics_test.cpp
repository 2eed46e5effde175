#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/native/registry.hpp"
#include "study/measurement.hpp"
#include "study/metrics.hpp"
#include "study/rule_metrics.hpp"

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

// Issue 26: ML is measured (the growth of busy + serial over the one-worker run), not what is left
// of T, so unaccounted = T (1 - E) - (ML + IT + PT)/p is a check. The runtime's per-worker
// identity (busy + idle + primitive + serial + between_regions = Tpara) says what it must be: the
// time between regions at p, the median differing from the instrumented run, less the one-worker
// run's own idle, primitive and between-regions time over p. Even repeats make the median the
// mean of two samples, so that part is not zero.
TEST_CASE("breakdown of measured runs: ML is measured and unaccounted is what it leaves, on one T(1)", "[metrics]") {
  const scalerun::runtime::NativeKernel* pi = scalerun::kernels::find_kernel("montecarlo");
  REQUIRE(pi != nullptr);
  const scalerun::runtime::Params params{{"samples", 4e5}, {"seed", 271828183}};
  const scalerun::study::MeasureSettings settings{1, 4};
  const auto one = scalerun::study::measure_native(*pi, params, 1, settings);
  for (int p : {1, 2, 3}) {
    const auto run = p == 1 ? one : scalerun::study::measure_native(*pi, params, p, settings);
    const double t1 = one.median, tp = run.median;
    const auto o = m::breakdown(run.stats, one.stats, tp, t1);
    INFO("p = " << p << ", T(1) = " << t1 << ", T = " << tp);
    const double ulps_of_t = 1e-9 * tp;
    const double e = m::efficiency(t1, tp, p);
    CHECK(o.latency == Approx(tp * (1 - e)).epsilon(0).margin(ulps_of_t));
    CHECK(o.ml == Approx(run.stats.work_time() - one.stats.work_time()).epsilon(0).margin(ulps_of_t));
    const double missed = (tp - run.stats.tpara) + run.stats.between_regions -
                          (t1 - one.stats.tpara + one.stats.idle_sum() + one.stats.primitive_sum() +
                           one.stats.between_regions) / p;
    CHECK(o.unaccounted == Approx(missed).epsilon(0).margin(1e-6 * tp));
    CHECK(o.compute + o.serial + o.imbalance + o.sync + o.residual + o.unaccounted == Approx(tp).epsilon(1e-12));
    // The instrumented terms are the run's own.
    CHECK(o.imbalance == Approx(run.stats.idle_sum() / p));
    CHECK(o.sync == Approx(run.stats.primitive_sum() / p));
  }
  // Without a one-worker run at this size there is no ML and no check, rather than a closed one.
  const auto none = m::breakdown(one.stats.sums(), std::nan(""), one.median, one.median, 1);
  CHECK(std::isnan(none.ml));
  CHECK(std::isnan(none.unaccounted));
  CHECK(none.latency == 0);
}

// The rule's metrics (study/rule_metrics) on a law whose values are known by hand:
// T(n, p) = n/p + log2 p + 1 in seconds, W = n.
namespace {
double rule_law(double n, double p) { return n / p + std::log2(p) + 1; }
}  // namespace

TEST_CASE("rule metrics: a fixed size keeps S, E and Karp-Flatt of the same problem", "[rule_metrics]") {
  using scalerun::model::RuleKind;
  const m::BaseTimes base{rule_law(8, 1), 8};  // 9 s
  const m::PointMetrics at4 = m::point_metrics(RuleKind::Fixed, {4, 8, rule_law(8, 4)}, base);  // T = 5 s
  CHECK(at4.t1 == 9);
  CHECK(at4.speedup == Approx(9.0 / 5));
  CHECK(at4.efficiency == Approx(9.0 / 20));
  CHECK(at4.karp_flatt == Approx((5.0 / 9 - 0.25) / 0.75));
  CHECK(std::isnan(at4.weak));
  // No one-worker run: nothing is invented in its place.
  const m::PointMetrics none = m::point_metrics(RuleKind::Fixed, {4, 8, 5}, m::BaseTimes{});
  CHECK(std::isnan(none.t1));
  CHECK(std::isnan(none.speedup));
  CHECK(std::isnan(none.efficiency));
  CHECK(std::isnan(none.karp_flatt));
}

TEST_CASE("rule metrics: a size that grows with p takes E from the work rate at the base size", "[rule_metrics]") {
  using scalerun::model::RuleKind;
  // Base n0 = 8 on one worker: T = 9 s, tc = 9/8. At p = 4 the size is 32: T = 8 + 2 + 1 = 11 s.
  const m::BaseTimes base{rule_law(8, 1), 8};
  const m::PointTimes at4{4, 32, rule_law(32, 4)};
  for (RuleKind kind : {RuleKind::MemoryBound, RuleKind::TimeBound, RuleKind::Isospeed, RuleKind::IsospeedE,
                        RuleKind::Custom}) {
    const m::PointMetrics r = m::point_metrics(kind, at4, base);
    CHECK(r.efficiency == Approx(32 * (9.0 / 8) / (4 * 11)));  // 36/44, not T(1, 8)/(4 T(4, 32)) = 9/44
    CHECK(r.speedup == Approx(4 * 36.0 / 44));
    CHECK(std::isnan(r.karp_flatt));
    CHECK(std::isnan(r.weak) == (kind != RuleKind::MemoryBound));
  }
  CHECK(m::point_metrics(RuleKind::MemoryBound, at4, base).weak == Approx(9.0 / 11));
  CHECK(std::isnan(m::point_metrics(RuleKind::MemoryBound, at4, m::BaseTimes{}).efficiency));
  // A base taken at p = 2 is not one worker's share: no weak-scaling efficiency against it.
  CHECK(std::isnan(m::point_metrics(RuleKind::MemoryBound, at4, m::BaseTimes{9, 8, 2}).weak));
}

TEST_CASE("rule metrics: efficiency takes each point's own pair and the tuner's E", "[rule_metrics]") {
  using scalerun::model::RuleKind;
  // Own size n = 32 at p = 4: T(1) = 33 s, T(4) = 11 s, E = 0.75; the base is not used.
  const m::BaseTimes base{1, 1};
  const m::PointMetrics own = m::point_metrics(RuleKind::Efficiency, {4, 32, 11, 33}, base);
  CHECK(own.t1 == 33);
  CHECK(own.efficiency == Approx(0.75));
  CHECK(own.speedup == Approx(3));
  CHECK(std::isnan(own.karp_flatt));
  const m::PointMetrics tuned = m::point_metrics(RuleKind::Efficiency, {4, 32, 11, 33, 0.7}, base);
  CHECK(tuned.efficiency == 0.7);
  CHECK(tuned.speedup == Approx(2.8));
  // p = 1 is its own pair; p > 1 without one has none.
  CHECK(m::point_metrics(RuleKind::Efficiency, {1, 8, 9}, base).efficiency == 1);
  CHECK(std::isnan(m::point_metrics(RuleKind::Efficiency, {2, 8, 5}, base).efficiency));
}

TEST_CASE("The work-rate note names a W that is not proportional to one-worker time", "[metrics]") {
  using scalerun::study::metrics::work_proportionality_note;
  // T(1, n) = 2e-6 n: tc is the same at every size, nothing to say.
  CHECK(work_proportionality_note({2e-3, 4e-3, 8e-3}, {1000, 2000, 4000}).empty());
  // T(1, n) = 2e-6 n + 1e-3 (a fixed start-up cost): tc 3e-6 at n = 1000, 2.25e-6 at 4000.
  const std::string note = work_proportionality_note({3e-3, 5e-3, 9e-3}, {1000, 2000, 4000});
  CHECK_THAT(note, Catch::Matchers::Contains("from 2.25e-06 to 3e-06"));
  CHECK_THAT(note, Catch::Matchers::Contains("33 % apart"));
  // Within the tolerance (1 %): nothing.
  CHECK(work_proportionality_note({2e-3, 4.04e-3}, {1000, 2000}).empty());
}

TEST_CASE("rule metrics: the base is the point of fewest processors and E above 1 is kept and named", "[rule_metrics]") {
  using namespace scalerun::study::metrics;
  CHECK(base_index({2, 1, 4}) == 1);
  CHECK(base_index({8, 4, 16}) == 1);
  CHECK(base_index({1}) == 0);
  // T(n, p) = 1e-7 n/p + 0.01/p, W = n, memory_bound from n = 1e5 at p = 1 to 4e5 at p = 4:
  // tc = 0.02/1e5 = 2e-7, T(4) = (0.04 + 0.01)/4 = 0.0125, E = 4e5 2e-7/(4 0.0125) = 1.6 exactly,
  // which the work rate must report as it is (a clamp to 1 would hide what the note explains).
  const PointMetrics m = point_metrics(scalerun::model::RuleKind::MemoryBound, {4, 4e5, 0.0125, std::nan(""), std::nan("")},
                                       {0.02, 1e5, 1});
  CHECK(m.efficiency == Approx(1.6).epsilon(1e-12));
  CHECK(m.speedup == Approx(6.4).epsilon(1e-12));
  const std::string note = above_one_note(scalerun::model::RuleKind::MemoryBound, {1, 4}, {1.0, 1.6});
  CHECK_THAT(note, Catch::Matchers::Contains("p = 4 (E 1.6000)"));
  CHECK_THAT(note, Catch::Matchers::Contains("not proportional"));
  CHECK_FALSE(Catch::Matchers::Contains("p = 1").match(note));
  CHECK(above_one_note(scalerun::model::RuleKind::Fixed, {1, 2}, {1.0, 0.9}).empty());
  CHECK_THAT(above_one_note(scalerun::model::RuleKind::Fixed, {1, 2}, {1.0, 1.05}), Catch::Matchers::Contains("superlinear"));
  // The proportionality note speaks from a 2 % spread on: 3 % is named.
  CHECK_FALSE(work_proportionality_note({2e-3, 4.12e-3}, {1000, 2000}).empty());
}
