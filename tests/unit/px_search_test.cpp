#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/stop.hpp"
#include "study/px_search.hpp"

using scalerun::study::fixed_size_optimum;

namespace {

// The answer every count would give, for comparison.
double brute_force(const std::function<double(double)>& f, double px_max) {
  double best_p = 0, best_t = std::numeric_limits<double>::infinity();
  for (double p = 1; p <= px_max; ++p) {
    if (f(p) < best_t) best_t = f(p), best_p = p;
  }
  return best_p;
}

}  // namespace

TEST_CASE("px search: every count within the dense limit, the exact optimum", "[px]") {
  // Amdahl plus a log2 p barrier: the optimum is 95 ln 2 / 0.01, about 6585.
  auto f = [](double p) { return 95 / p + 5 + 0.01 * std::log2(p) + (p > 32 ? 0.5 : 0.0); };
  const auto small = fixed_size_optimum(f, 1000);
  CHECK(small.exhaustive);
  CHECK(small.px == brute_force(f, 1000));
  CHECK(small.evaluations == 1000);
}

TEST_CASE("px search: beyond the dense limit it finds the optimum without visiting every count", "[px]") {
  for (double c : {1e-3, 1e-4, 3e-5}) {
    auto f = [c](double p) { return 95 / p + 5 + c * p; };  // optimum sqrt(95 / c)
    const double px_max = 400000;
    const auto found = fixed_size_optimum(f, px_max);
    CHECK_FALSE(found.exhaustive);
    CHECK(found.px == brute_force(f, px_max));
    CHECK(found.evaluations < 20000);
  }
  // The largest range a script may give costs tens of thousands of evaluations, not a billion.
  auto g = [](double p) { return 95 / p + 1e-6 * std::log2(p); };
  const auto huge = fixed_size_optimum(g, 1e9);
  // Near the continuous optimum 95 ln 2 / 1e-6 the time is flat to the last bit over many counts,
  // so the count found must be as good as every count around that optimum.
  const double optimum = std::round(95 * std::log(2.0) / 1e-6);
  CHECK(std::fabs(huge.px - optimum) < 1e5);
  double best_nearby = std::numeric_limits<double>::infinity();
  for (double p = optimum - 5000; p <= optimum + 5000; ++p) best_nearby = std::min(best_nearby, g(p));
  CHECK(g(huge.px) <= best_nearby);
  CHECK(huge.evaluations < 50000);
  // Time still falling at px_max: px_max itself.
  CHECK(fixed_size_optimum([](double p) { return 1 / p; }, 123456).px == 123456);
}

TEST_CASE("px search: no finite time anywhere gives no optimum", "[px]") {
  const auto none = fixed_size_optimum([](double) { return std::numeric_limits<double>::quiet_NaN(); }, 5000);
  CHECK(none.px == 0);
}

TEST_CASE("px search: it stops when the run must end", "[px]") {
  scalerun::runtime::request_stop(scalerun::runtime::StopCause::interrupt);
  CHECK_THROWS_AS(fixed_size_optimum([](double p) { return 1 / p; }, 1e9), scalerun::runtime::Stopped);
  scalerun::runtime::reset_stop_for_tests();
}
