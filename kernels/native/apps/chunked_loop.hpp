#pragma once
// One loop for a kernel's parallel run and its serial reference: body(lo, hi) over [begin, end) in
// chunks of `grain`, on a Runtime's workers or, without one, chunk after chunk on the calling
// thread. The chunks are the same either way, so the serial reference runs exactly the body the
// workers run, and a result that differs between them points at the parallel code.

#include <algorithm>
#include <cstddef>

#include "runtime/runtime.hpp"

namespace scalerun::kernels {

template <class Body>
void for_chunks(runtime::Runtime* rt, std::size_t begin, std::size_t end, std::size_t grain, Body&& body) {
  if (rt != nullptr) {
    rt->parallel_for(begin, end, grain, body);
    return;
  }
  const std::size_t step = std::max<std::size_t>(grain, 1);
  for (std::size_t lo = begin; lo < end; lo += std::min(step, end - lo)) body(lo, std::min(end, lo + step));
}

}  // namespace scalerun::kernels
