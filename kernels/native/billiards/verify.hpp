#pragma once
// The checks of a billiard run. The main one is exact: the run must have executed as many events
// as the serial reference and end bit for bit in the same state (every ball's position, velocity,
// time of last event and mass, and the walls' impulse). The physics checks hold whatever the
// reference says, so a bug shared by both still shows:
//   - kinetic energy conserved: |E - E0| <= 16 eps (N + events) E0 (each collision rounds the
//     energy of two balls by a few eps; equal masses only swap velocities, so then only the
//     summation rounds);
//   - momentum conserved once the walls' impulse is counted: |P - P0 - J| within the same
//     factor of sum m|v| before and after plus |J|;
//   - the balls in order and apart, inside the walls: moved to the time of the last event, no two
//     centres closer than d and no centre nearer a wall than d/2, less 1024 eps (L + max|v| t).

#include <span>

#include "kernels/native/billiards/physics.hpp"
#include "kernels/native/billiards/simulation.hpp"
#include "runtime/native_kernel.hpp"

namespace scalerun::kernels::billiards {

runtime::KernelResult verify_run(const Box& box, std::span<const Ball> start, const Outcome& run,
                                 const Outcome& reference);

}  // namespace scalerun::kernels::billiards
