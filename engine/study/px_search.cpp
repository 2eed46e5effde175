#include "study/px_search.hpp"

#include <algorithm>
#include <cmath>

#include "runtime/stop.hpp"

namespace scalerun::study {

namespace {

constexpr double kGridRatio = 1.0 + 1.0 / 512;  // beyond the dense limit: 0.2 % apart
constexpr double kSamplesPerRefinement = 512;   // evenly spaced counts per refinement step

struct Searcher {
  const std::function<double(double)>& time_at;
  OptimumSearch result;

  void consider(double p) {
    // A poll per 256 evaluations: each is a model evaluation of microseconds.
    if ((++result.evaluations & 255) == 0) runtime::throw_if_stopped();
    const double t = time_at(p);
    if (std::isfinite(t) && (result.px == 0 || t < result.t_px)) {
      result.px = p;
      result.t_px = t;
    }
  }

  // Every count in [lo, hi] when there are few; else evenly spaced samples, then again between
  // the neighbours of the best count so far, until few are left and each is tried.
  void refine(double lo, double hi) {
    while (hi - lo > 2 * kSamplesPerRefinement) {
      const double step = std::floor((hi - lo) / kSamplesPerRefinement);
      for (double p = lo; p <= hi; p += step) consider(p);
      consider(hi);
      lo = std::max(lo, result.px - step);
      hi = std::min(hi, result.px + step);
    }
    for (double p = lo; p <= hi; ++p) consider(p);
  }
};

}  // namespace

OptimumSearch fixed_size_optimum(const std::function<double(double)>& time_at, double px_max) {
  Searcher s{time_at, {}};
  const double dense = std::min(std::floor(px_max), kDenseSearchLimit);
  for (double p = 1; p <= dense; ++p) s.consider(p);
  if (px_max <= kDenseSearchLimit) return s.result;
  s.result.exhaustive = false;
  // The geometric grid: each point a whole count, the last one px_max itself.
  auto grid_after = [&](double g) { return std::min(px_max, std::max(g + 1, std::floor(g * kGridRatio))); };
  const double dense_best = s.result.px;
  double bracket_lo = dense, bracket_hi = dense;
  for (double g = dense; g < px_max;) {
    const double next = grid_after(g);
    const double before = s.result.px;
    s.consider(next);
    if (s.result.px != before) {
      bracket_lo = g;
      bracket_hi = next < px_max ? grid_after(next) : px_max;
    }
    g = next;
  }
  // The best grid point lies between its neighbours on the grid: search every count there.
  if (s.result.px != dense_best) s.refine(bracket_lo, bracket_hi);
  return s.result;
}

}  // namespace scalerun::study
