#pragma once
// The loop the blocked QR factorizations share (householder_wy.hpp, givens_blocked.hpp): the columns
// of [B | rhs] are reduced in panels of `width` columns, left to right. Each panel is factored
// (its transformations found and applied to its own columns), then one parallel loop applies them
// to every column to its right, rhs included, in chunks of `width` columns.
//
// Look-ahead: the chunk that holds the next panel's columns is the loop's first, and once it has
// updated them it factors that panel too, into the other of two buffers, while the other workers
// go on with the remaining chunks. Factoring a panel is serial work of order n width^2 per panel;
// without this it would run between the loops with every other worker idle, a serial fraction
// of about width / n that alone would cost E(2) several percent at n = 2048. The first chunk is the
// leftmost, which TBB's depth-first splitting hands to the calling thread first.
//
// Nothing here depends on p: the chunks are fixed by the range and the width, and each column's
// arithmetic is the same whichever worker runs its chunk.

#include <algorithm>
#include <cstddef>

#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// factor(first, last, buffer): factor columns [first, last) into buffer 0 or 1.
// update(first, last, buffer, lo, hi): apply that panel's transformations to columns [lo, hi).
// n: columns of B (rhs is column n). width >= 1.
template <class Factor, class Update>
void sweep_panels(runtime::Runtime& rt, std::size_t n, std::size_t width, Factor&& factor, Update&& update) {
  if (n == 0) return;
  rt.serial([&] { factor(std::size_t{0}, std::min(width, n), 0); });
  int buffer = 0;
  for (std::size_t first = 0; first < n; first += width, buffer ^= 1) {
    const std::size_t last = std::min(first + width, n);
    rt.parallel_for(last, n + 1, width, [&](std::size_t lo, std::size_t hi) {
      update(first, last, buffer, lo, hi);
      if (lo == last && last < n) factor(last, std::min(last + width, n), buffer ^ 1);
    });
  }
}

}  // namespace scalerun::kernels
