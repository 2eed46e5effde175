#pragma once
// A calibration kernel whose time is a known law, for checking the measurement pipeline against
// numbers that are right by construction rather than against itself:
//   T(n, p) = a n / p + b log2 p + c + hidden
// Each of the p spmd ranks waits a n / p + b log2 p (busy time: the growth b log2 p is ML), the
// caller then waits c in serial() (serial time) and `hidden` in no region at all, which the
// instrumentation does not see: the latency split must show it as unaccounted, d (1 - 1/p).
// Every wait is a sleep (timer slack 1 us), so p may exceed the cores; the kernel computes nothing
// and its W = n is a count, not operations.

#include "runtime/native_kernel.hpp"

namespace scalerun::kernels {

extern const runtime::NativeKernel timed_law_kernel;

}  // namespace scalerun::kernels
