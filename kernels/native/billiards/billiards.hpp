#pragma once
// The billiard-ball kernel of the Scale-Graph paper (000_4d83e4b2b26c01b9.txt §5): a 1-D
// hard-sphere event simulation, the earliest independent collisions executed in parallel each
// step (simulation.hpp), checked against the serial event order (verify.hpp).
//
// Parameters (the names of kernels/billiards.lua): balls (>= 1), steps (events, >= 1), batch
// (candidate events per worker per step; the paper's 1), seed, masses (distinct masses drawn,
// 1: all equal). Work W = steps + balls (events and ball initialisations, as the Lua model);
// memory M = bytes_per_ball() * balls. The measured window covers the initialisation (copying
// the balls, predicting every gap, filling the queue) and the events; generating the starting
// state and the serial reference are outside it.

#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// native = "billiards": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel billiards_kernel;

}  // namespace scalerun::kernels
