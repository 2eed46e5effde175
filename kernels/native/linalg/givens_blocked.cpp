// The blocked Givens QR of givens.hpp: a panel's rotations applied to the trailing matrix one row
// block at a time, the seed's operations in a cache-friendly order.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernels/native/linalg/givens.hpp"
#include "kernels/native/linalg/least_squares.hpp"
#include "kernels/native/linalg/panel_sweep.hpp"

namespace scalerun::kernels {

namespace {

// Pivot rows whose stretch of a strip is held in registers while the rows of a block pass under
// them: 4 pivots x 8 columns are 8 AVX registers, leaving 8 for the row and the products.
constexpr std::size_t kPivotGroup = 4;
// Columns of a register strip: two vectors of four doubles.
constexpr std::size_t kStrip = 8;
// Rows of a block: 64 rows of a 32-column chunk (16 KiB) stay in L1 while all the panel's pivot
// groups pass over them.
constexpr std::size_t kRowBlock = 64;

// GCC/Clang vector extension: four doubles, one AVX register (two SSE registers where AVX is off).
typedef double Lanes4 __attribute__((vector_size(32)));

std::size_t round_up(std::size_t v, std::size_t to) { return (v + to - 1) / to * to; }

// One panel's rotations, columns [first, first + width): for pivot k (row first + k) and each row r
// of the panel's frame [first, n + first + width), the rotation (c, s) row r gets against it, at
// k * rows + (r - first). Rows it does not rotate hold the identity (1, 0): those above the pivot,
// below its frame, and those whose entry was zero already (the seed skips them). Pivots past the
// width, up to a whole group, are all identity.
struct RotationPanel {
  std::size_t first = 0, width = 0, rows = 0, pivots = 0;
  std::vector<double> c, s;
};

// Generates columns [first, last)'s rotations, each applied to the rest of the panel at once: the
// seed's generation, and for each of the panel's columns its rotations in the seed's order.
void factor_panel(RectMatrix& m, std::size_t n, std::size_t first, std::size_t last, RotationPanel& p) {
  p.first = first;
  p.width = last - first;
  p.rows = n + p.width;
  p.pivots = round_up(p.width, kPivotGroup);
  p.c.assign(p.pivots * p.rows, 1.0);
  p.s.assign(p.pivots * p.rows, 0.0);
  for (std::size_t k = 0; k < p.width; ++k) {
    const std::size_t i = first + k, end = frame_end(n, i);
    double* top = m.row(i);
    for (std::size_t r = i + 1; r < end; ++r) {
      double* row = m.row(r);
      const double a = top[i], b = row[i];
      if (b == 0) continue;
      const double h = std::hypot(a, b);
      const double c = a / h, s = b / h;
      top[i] = h;
      row[i] = 0;
      if (s == 0) continue;  // the seed applies no rotation whose s is zero: the identity stays
      p.c[k * p.rows + (r - first)] = c;
      p.s[k * p.rows + (r - first)] = s;
      for (std::size_t j = i + 1; j < last; ++j) {
        const double t = top[j], u = row[j];
        top[j] = c * t + s * u;
        row[j] = c * u - s * t;
      }
    }
  }
}

// The rows of a block, `count` rows from u on (stride ldu), one strip of kStrip columns wide,
// rotated against a group of pivots (their strips at pivot[q]) with the rotations c[q][r], s[q][r]:
// for each row, pivot after pivot, the seed's c t + s u and c u - s t.
[[gnu::always_inline]] inline void rotate_strip(const double* const* c, const double* const* s, double* const* pivot,
                                                double* u, std::size_t ldu, std::size_t count) {
  Lanes4 t[kPivotGroup][2];
  for (std::size_t q = 0; q < kPivotGroup; ++q) {
    std::memcpy(&t[q][0], pivot[q], sizeof(Lanes4));
    std::memcpy(&t[q][1], pivot[q] + 4, sizeof(Lanes4));
  }
  for (std::size_t r = 0; r < count; ++r) {
    double* row = u + r * ldu;
    Lanes4 u0, u1;
    std::memcpy(&u0, row, sizeof(Lanes4));
    std::memcpy(&u1, row + 4, sizeof(Lanes4));
    for (std::size_t q = 0; q < kPivotGroup; ++q) {
      const double cq = c[q][r], sq = s[q][r];
      const Lanes4 t0 = t[q][0], t1 = t[q][1];
      t[q][0] = cq * t0 + sq * u0;
      t[q][1] = cq * t1 + sq * u1;
      u0 = cq * u0 - sq * t0;
      u1 = cq * u1 - sq * t1;
    }
    std::memcpy(row, &u0, sizeof(Lanes4));
    std::memcpy(row + 4, &u1, sizeof(Lanes4));
  }
  for (std::size_t q = 0; q < kPivotGroup; ++q) {
    std::memcpy(pivot[q], &t[q][0], sizeof(Lanes4));
    std::memcpy(pivot[q] + 4, &t[q][1], sizeof(Lanes4));
  }
}

// The same for the columns past the last whole strip, one column at a time.
[[gnu::always_inline]] inline void rotate_column(const double* const* c, const double* const* s, double* const* pivot,
                                                 double* u, std::size_t ldu, std::size_t count) {
  double t[kPivotGroup];
  for (std::size_t q = 0; q < kPivotGroup; ++q) t[q] = *pivot[q];
  for (std::size_t r = 0; r < count; ++r) {
    double v = u[r * ldu];
    for (std::size_t q = 0; q < kPivotGroup; ++q) {
      const double cq = c[q][r], sq = s[q][r], tq = t[q];
      t[q] = cq * tq + sq * v;
      v = cq * v - sq * tq;
    }
    u[r * ldu] = v;
  }
  for (std::size_t q = 0; q < kPivotGroup; ++q) *pivot[q] = t[q];
}

// What one chunk of columns [lo, hi) does with a panel's rotations. Its pivot rows are copied to a
// buffer (pivots x stride, zero past the width) so that padding pivots have rows of their own.
struct ChunkJob {
  const RotationPanel* panel;
  double* pivots;    // the buffer
  std::size_t stride;  // its row length: the chunk's width
  double* trailing;  // row first + width of the system, at column lo
  std::size_t ldm;   // the system's row length
  std::size_t width;  // hi - lo
};

// Rotations among the pivot rows themselves (pivot k against rows first + k + 1 .. last - 1), then
// every row below them, block by block: within a block, pivot group after pivot group over all its
// rows. Each rotation (k, r) still follows (k, r - 1) and (k - 1, r), as in the seed.
[[gnu::always_inline]] inline void rotate_chunk_body(const ChunkJob& job) {
  const RotationPanel& p = *job.panel;
  for (std::size_t k = 0; k < p.width; ++k) {
    double* top = job.pivots + k * job.stride;
    for (std::size_t m = k + 1; m < p.width; ++m) {
      const double c = p.c[k * p.rows + m], s = p.s[k * p.rows + m];
      if (s == 0) continue;
      double* row = job.pivots + m * job.stride;
      for (std::size_t j = 0; j < job.width; ++j) {
        const double t = top[j], u = row[j];
        top[j] = c * t + s * u;
        row[j] = c * u - s * t;
      }
    }
  }
  const std::size_t strips = job.width / kStrip * kStrip;
  for (std::size_t b0 = p.width; b0 < p.rows; b0 += kRowBlock) {
    const std::size_t count = std::min(p.rows, b0 + kRowBlock) - b0;
    double* block = job.trailing + (b0 - p.width) * job.ldm;
    for (std::size_t g = 0; g < p.pivots; g += kPivotGroup) {
      const double* c[kPivotGroup];
      const double* s[kPivotGroup];
      for (std::size_t q = 0; q < kPivotGroup; ++q) {
        c[q] = p.c.data() + (g + q) * p.rows + b0;
        s[q] = p.s.data() + (g + q) * p.rows + b0;
      }
      double* pivot[kPivotGroup];
      for (std::size_t j = 0; j < strips; j += kStrip) {
        for (std::size_t q = 0; q < kPivotGroup; ++q) pivot[q] = job.pivots + (g + q) * job.stride + j;
        rotate_strip(c, s, pivot, block + j, job.ldm, count);
      }
      for (std::size_t j = strips; j < job.width; ++j) {
        for (std::size_t q = 0; q < kPivotGroup; ++q) pivot[q] = job.pivots + (g + q) * job.stride + j;
        rotate_column(c, s, pivot, block + j, job.ldm, count);
      }
    }
  }
}

void rotate_chunk_generic(const ChunkJob& job) { rotate_chunk_body(job); }

#if defined(__GNUC__) && defined(__x86_64__)
// The same body compiled for AVX2 (four doubles per vector), chosen at run time so the default build
// stays portable; without contraction (the file's flags) AVX2 changes the width, not the results.
[[gnu::target("avx2")]] void rotate_chunk_avx2(const ChunkJob& job) { rotate_chunk_body(job); }

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

void rotate_chunk(const ChunkJob& job) {
#if defined(__GNUC__) && defined(__x86_64__)
  if (cpu_has_avx2()) {
    rotate_chunk_avx2(job);
    return;
  }
#endif
  rotate_chunk_generic(job);
}

// Columns [lo, hi) get the panel's rotations: pivot rows copied out, rotated with every row below
// them, copied back.
void apply_panel(RectMatrix& m, const RotationPanel& p, std::size_t lo, std::size_t hi) {
  const std::size_t width = hi - lo;
  std::vector<double> pivots(p.pivots * width, 0.0);
  for (std::size_t k = 0; k < p.width; ++k) std::copy_n(m.row(p.first + k) + lo, width, pivots.data() + k * width);
  rotate_chunk({.panel = &p, .pivots = pivots.data(), .stride = width, .trailing = m.row(p.first + p.width) + lo,
                .ldm = m.cols, .width = width});
  for (std::size_t k = 0; k < p.width; ++k) std::copy_n(pivots.data() + k * width, width, m.row(p.first + k) + lo);
}

}  // namespace

void givens_reduce(RectMatrix& system, runtime::Runtime& rt, std::size_t panel) {
  const std::size_t n = system.cols - 1;
  RotationPanel panels[2];
  sweep_panels(
      rt, n, std::max<std::size_t>(panel, 1),
      [&](std::size_t first, std::size_t last, int b) { factor_panel(system, n, first, last, panels[b]); },
      [&](std::size_t, std::size_t, int b, std::size_t lo, std::size_t hi) { apply_panel(system, panels[b], lo, hi); });
}

}  // namespace scalerun::kernels
