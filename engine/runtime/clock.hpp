#pragma once
// The runtime's one clock. steady_clock is CLOCK_MONOTONIC through the vDSO on Linux: about 20 ns a
// read with the TSC clocksource and consistent across cores, which the accounting needs because a
// barrier's release is stamped on one core and compared with arrivals stamped on others. rdtsc
// would be a few ns cheaper but needs calibration and an invariant-TSC check, and at two reads per
// chunk the difference is far below the 2 % budget for any grain worth parallelising.

#include <chrono>
#include <cstdint>

namespace scalerun::runtime {

using Ticks = std::int64_t;  // nanoseconds on the steady clock

inline Ticks now() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline double to_seconds(Ticks t) { return static_cast<double>(t) * 1e-9; }

}  // namespace scalerun::runtime
