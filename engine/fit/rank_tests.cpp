#include "fit/rank_tests.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace scalerun::fit {

namespace {

struct Ranked {
  std::vector<long> doubled;  // 2 x each value's mid-rank, x first then y: integers even with ties
  double tie_term = 0;        // sum over tie groups of t^3 - t
};

Ranked rank_together(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = x.size() + y.size();
  std::vector<double> values(x.begin(), x.end());
  values.insert(values.end(), y.begin(), y.end());
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  Ranked r;
  r.doubled.assign(n, 0);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && values[order[j + 1]] == values[order[i]]) ++j;
    // Ranks i+1 .. j+1 share their mean, (i + j + 2) / 2; doubled, i + j + 2.
    for (std::size_t k = i; k <= j; ++k) r.doubled[order[k]] = static_cast<long>(i + j + 2);
    const auto t = static_cast<double>(j - i + 1);
    r.tie_term += t * t * t - t;
    i = j + 1;
  }
  return r;
}

// P(S <= s) and P(S >= s) for S the doubled rank sum of n values drawn without replacement from
// all the doubled ranks: every subset of size n counted by dynamic programming over the values.
std::pair<double, double> exact_tails(const std::vector<long>& doubled, std::size_t n, long s) {
  const long total = std::accumulate(doubled.begin(), doubled.end(), 0L);
  // ways[k][t]: subsets of size k of the values seen so far with doubled sum t.
  std::vector<std::vector<double>> ways(n + 1, std::vector<double>(static_cast<std::size_t>(total) + 1, 0.0));
  ways[0][0] = 1;
  for (const long r : doubled) {
    for (std::size_t k = n; k >= 1; --k) {
      for (long t = total; t >= r; --t) ways[k][static_cast<std::size_t>(t)] += ways[k - 1][static_cast<std::size_t>(t - r)];
    }
  }
  double below = 0, above = 0, all = 0;
  for (long t = 0; t <= total; ++t) {
    const double w = ways[n][static_cast<std::size_t>(t)];
    all += w;
    if (t <= s) below += w;
    if (t >= s) above += w;
  }
  return {below / all, above / all};
}

}  // namespace

RankTest mann_whitney_u(std::span<const double> x, std::span<const double> y) {
  for (const auto sample : {x, y}) {
    if (!std::all_of(sample.begin(), sample.end(), [](double v) { return std::isfinite(v); })) {
      throw std::invalid_argument("mann_whitney_u: the samples must be finite");
    }
  }
  RankTest test;
  if (x.empty() || y.empty()) return test;
  const auto n = static_cast<double>(x.size()), m = static_cast<double>(y.size());
  const Ranked ranked = rank_together(x, y);
  const long doubled_sum = std::accumulate(ranked.doubled.begin(), ranked.doubled.begin() + static_cast<long>(x.size()), 0L);
  test.u = static_cast<double>(doubled_sum) / 2 - n * (n + 1) / 2;
  if (x.size() <= kExactLimit && y.size() <= kExactLimit) {
    const auto [below, above] = exact_tails(ranked.doubled, x.size(), doubled_sum);
    test.exact = true;
    test.p_value = std::min(1.0, 2 * std::min(below, above));
    return test;
  }
  const double total = n + m;
  const double variance = n * m / 12 * ((total + 1) - ranked.tie_term / (total * (total - 1)));
  if (!(variance > 0)) return test;  // every value equal: nothing tells the samples apart
  const double distance = std::max(0.0, std::abs(test.u - n * m / 2) - 0.5);  // continuity correction
  test.z = distance / std::sqrt(variance);
  test.p_value = std::min(1.0, std::erfc(test.z / std::sqrt(2.0)));
  return test;
}

}  // namespace scalerun::fit
