#pragma once
// The fixed-size optimum px (seed 000 §6.3): the processor count in 1..px_max with the least
// time. Time curves of the seeds' models are bumpy at small p (ring levels, log terms with whole
// counts) and smooth beyond, so every count is tried up to a dense limit and a geometric grid,
// refined around its best point, covers the rest: px_max = 1e9 costs tens of thousands of
// evaluations instead of a billion. The search polls runtime::throw_if_stopped() as it goes.

#include <functional>

namespace scalerun::study {

struct OptimumSearch {
  double px = 0;        // 0 when no count in the range gives a finite time
  double t_px = 0;
  long evaluations = 0;
  bool exhaustive = true;  // every count was tried (px_max within the dense limit)
};

// Every whole count up to this is evaluated.
inline constexpr double kDenseSearchLimit = 4096;

OptimumSearch fixed_size_optimum(const std::function<double(double)>& time_at, double px_max);

}  // namespace scalerun::study
