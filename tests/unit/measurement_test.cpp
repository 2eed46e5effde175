// Summaries of measured samples: the median and its distribution-free confidence interval.

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "study/measurement.hpp"

using scalerun::study::median_interval;
using scalerun::study::median_of;

TEST_CASE("median_interval: a few values give their whole range, none gives zero", "[measurement]") {
  const auto none = median_interval({});
  CHECK(none.low == 0);
  CHECK(none.high == 0);
  const auto few = median_interval({3, 1, 4, 1, 5});
  CHECK(few.low == 1);
  CHECK(few.high == 5);
}

TEST_CASE("median_interval: the interval holds the median and narrows as 1/sqrt(n)", "[measurement]") {
  auto ramp = [](int n) {
    std::vector<double> v;
    for (int i = n; i >= 1; --i) v.push_back(i);  // unsorted on purpose
    return v;
  };
  const auto small = median_interval(ramp(101)), large = median_interval(ramp(10001));
  CHECK(small.low < median_of(ramp(101)));
  CHECK(small.high > median_of(ramp(101)));
  // Width in ranks about 1.96 sqrt(n): 19.7 at n = 101, 196 at n = 10001.
  CHECK(small.high - small.low == Approx(1.96 * std::sqrt(101.0)).margin(3));
  CHECK(large.high - large.low == Approx(1.96 * std::sqrt(10001.0)).margin(3));
}

TEST_CASE("median_interval: covers the population median about 95 % of the time", "[measurement]") {
  std::mt19937_64 rng(12345);
  std::exponential_distribution<double> skewed(1.0);  // median ln 2, far from the mean
  const double true_median = std::log(2.0);
  for (int n : {15, 41, 200}) {
    int covered = 0;
    const int trials = 4000;
    for (int t = 0; t < trials; ++t) {
      std::vector<double> v(static_cast<std::size_t>(n));
      for (double& x : v) x = skewed(rng);
      const auto ci = median_interval(v);
      covered += ci.low <= true_median && true_median <= ci.high;
    }
    const double coverage = static_cast<double>(covered) / trials;
    INFO("n " << n << ": coverage " << coverage);
    CHECK(coverage >= 0.93);
    CHECK(coverage <= 0.995);  // conservative by a little, not by a lot
  }
}
