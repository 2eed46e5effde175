#pragma once
// The measured half of `scalerun --describe-host`. Seed 002 §3.1 defines a node's marked speed as
// its benchmarked sustained speed, measured with a computation-intensive benchmark and then used
// as a constant; these are the benchmarks, with a memory bandwidth beside them.

#include <cstddef>

namespace scalerun::host {

struct Rate {
  double per_second = 0;  // the best repetition: flop/s or bytes/s
  int repetitions = 0;    // timed repetitions after calibration
  double seconds = 0;     // time spent, calibration included
};

inline constexpr const char* kSpeedBenchmark =
    "24 independent multiply-add chains (a = a*m + c) on registers and L1, 2 flops each, "
    "best of repeated timed runs";
inline constexpr const char* kBandwidthBenchmark =
    "STREAM triad a[i] = b[i] + s*c[i] over three arrays, 24 bytes per element "
    "(write-allocate traffic not counted, as in STREAM), best of repeated passes";

// The compute benchmark on the calling thread, for about `seconds`.
Rate measure_core_speed(double seconds);

// The same benchmark on `threads` threads at once (a TBB arena of that size): the aggregate.
Rate measure_aggregate_speed(double seconds, int threads);

// The triad on `threads` threads over three arrays of `array_bytes` each, for about `seconds`
// (at least two timed passes, however long they take).
Rate measure_triad_bandwidth(double seconds, std::size_t array_bytes, int threads);

}  // namespace scalerun::host
