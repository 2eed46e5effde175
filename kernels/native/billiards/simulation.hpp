#pragma once
// The two ways to run the billiard simulation (000_4d83e4b2b26c01b9.txt §5.2) for a number of
// events (the paper's steps: each step of its loop is one collision, a wall bounce included):
//
// simulate_serial: the paper's sequential loop, the reference. It pops the earliest event from a
// binary heap (not the binned queue, so the queue is checked too), executes it, and predicts
// the events of the neighbouring gaps anew.
//
// simulate_parallel: the paper's parallel loop on an instrumented Runtime, in one spmd region.
// In each step every rank reads the W = batch * p earliest events from the binned queue (the
// paper takes one per processor: batch = 1), the ranks work out what each would do (barrier),
// and all find the longest independent prefix and execute it, rescheduling the neighbouring
// gaps under the queue's locks (barrier). A prefix e1..ek is independent when
//   - no two of its events share a ball (the paper's overlaps), and
//   - no event its execution schedules comes before ek (the paper's early re-collisions),
//     counting the events the serial order would schedule on the way: a gap between two
//     executed events is predicted once after the first and again after the second.
// Then the serial loop would execute exactly e1..ek next, in that order, on the same states,
// and since the events share no ball the parallel execution computes the same numbers. The
// first event is always independent, so every step makes progress; the result is identical
// (bit for bit) to simulate_serial for every p and batch.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/native/billiards/physics.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels::billiards {

struct Outcome {
  std::vector<Ball> balls;
  std::uint64_t events = 0;   // executed: the steps asked for, fewer only when nothing moves
  double end_time = 0;        // time of the last event
  double wall_impulse = 0;    // momentum the walls gave, summed in event order
};

Outcome simulate_serial(const Box& box, std::span<const Ball> start, std::uint64_t steps);

// Throws std::invalid_argument when the balls do not fit in the box, or batch is 0.
Outcome simulate_parallel(const Box& box, std::span<const Ball> start, std::uint64_t steps, std::size_t batch,
                          runtime::Runtime& rt);

// Bytes of problem data per ball in simulate_parallel (balls and the event queue).
double bytes_per_ball();

}  // namespace scalerun::kernels::billiards
