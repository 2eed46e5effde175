#pragma once
// The Mann-Whitney U test (Wilcoxon rank-sum test) of two independent samples: whether values of
// one tend to be larger than values of the other, without assuming a distribution. `scalerun
// compare` asks it whether two runs' times at a point differ.

#include <cstddef>
#include <span>

namespace scalerun::fit {

struct RankTest {
  // U of the first sample: the pairs (x_i, y_j) with x_i > y_j, a tie counting one half. The
  // second sample's U is n m - u.
  double u = 0;
  // Two-sided p-value: the chance, were both samples drawn from one distribution, of a U at least
  // as far from n m / 2 as this one. 1 when either sample is empty.
  double p_value = 1;
  // How p was found: the exact permutation distribution of the rank sum (both samples of at most
  // kExactLimit values; ties keep their mid-ranks, so the distribution is the one given the
  // observed ties), or the normal approximation with tie and continuity corrections beyond.
  bool exact = false;
  double z = 0;  // the normal approximation's z (0 when exact)
};

inline constexpr std::size_t kExactLimit = 10;

// Non-finite values are not allowed (std::invalid_argument).
RankTest mann_whitney_u(std::span<const double> x, std::span<const double> y);

}  // namespace scalerun::fit
