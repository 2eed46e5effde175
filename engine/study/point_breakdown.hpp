#pragma once
// Seed 000's split of every instrumented point of a measured sweep (metrics::breakdown), each on
// the T(1) of its S and E and, for ML, on the one-worker run's work time at the SAME size:
//   a tuned point       its own one-worker run at its tuned size
//   a processor count   the sweep's p = 1 point, when its parameters are the point's own
//   a machine set       W/C in place of T(1)/p (seed 002's speed-efficiency); no one-worker run
// Where that one-worker run is missing (a rule that grows the size with p, a machine set) the
// split of the latency into ML, IT, PT and unaccounted is not available: ML and unaccounted stay
// NaN rather than being closed on T. An external program has no instrumentation and gets none.

#include <vector>

#include "study/measured_point.hpp"

namespace scalerun::study {

void split_latency_of_points(std::vector<MeasuredPoint>& points, bool tuned);

}  // namespace scalerun::study
