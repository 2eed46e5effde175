#include "kernels/native/linalg/packed_gemm.hpp"

#include <algorithm>
#include <cstring>

namespace scalerun::kernels {

namespace {

// GCC/Clang vector extension: four doubles, one AVX register (two SSE registers where AVX is off).
typedef double Lanes4 __attribute__((vector_size(32)));

// One depth block of one row block: where the packed A panels are and which part of C they make.
struct BlockJob {
  const double* a_panels;  // tiles() panels of depth x kTileRows, zero rows past hi
  const PackedB* b;
  std::size_t k0, depth;
  double* c;  // C's storage, N x N row-major
  std::size_t n, lo, hi;
};

// c (kTileRows rows, stride ldc) += a_panel b_panel over `depth` terms. The tile lives in 12 vector
// accumulators; each step broadcasts one A entry per row against two vectors of the B row.
[[gnu::always_inline]] inline void micro_kernel(std::size_t depth, const double* __restrict a,
                                                const double* __restrict b, double* __restrict c,
                                                std::size_t ldc) {
  Lanes4 acc[kTileRows][2];
  for (std::size_t r = 0; r < kTileRows; ++r) {
    std::memcpy(&acc[r][0], c + r * ldc, sizeof(Lanes4));
    std::memcpy(&acc[r][1], c + r * ldc + 4, sizeof(Lanes4));
  }
  for (std::size_t k = 0; k < depth; ++k) {
    Lanes4 b_lo, b_hi;
    std::memcpy(&b_lo, b + k * kTileCols, sizeof(Lanes4));
    std::memcpy(&b_hi, b + k * kTileCols + 4, sizeof(Lanes4));
    for (std::size_t r = 0; r < kTileRows; ++r) {
      const double a_rk = a[k * kTileRows + r];
      acc[r][0] += a_rk * b_lo;
      acc[r][1] += a_rk * b_hi;
    }
  }
  for (std::size_t r = 0; r < kTileRows; ++r) {
    std::memcpy(c + r * ldc, &acc[r][0], sizeof(Lanes4));
    std::memcpy(c + r * ldc + 4, &acc[r][1], sizeof(Lanes4));
  }
}

// Every tile of the block: B panel outermost so it is reused from L1 by all the row block's tiles.
// A tile cut by the edge of C goes through a zero-padded copy, with the same arithmetic per entry.
[[gnu::always_inline]] inline void multiply_block_body(const BlockJob& job) {
  const std::size_t tiles = (job.hi - job.lo + kTileRows - 1) / kTileRows;
  for (std::size_t p = 0; p < job.b->panels(); ++p) {
    const double* b_panel = job.b->panel(job.k0, p);
    const std::size_t j0 = p * kTileCols, cols = std::min(kTileCols, job.n - j0);
    for (std::size_t t = 0; t < tiles; ++t) {
      const double* a_panel = job.a_panels + t * job.depth * kTileRows;
      const std::size_t i0 = job.lo + t * kTileRows, rows = std::min(kTileRows, job.hi - i0);
      double* c_tile = job.c + i0 * job.n + j0;
      if (rows == kTileRows && cols == kTileCols) {
        micro_kernel(job.depth, a_panel, b_panel, c_tile, job.n);
        continue;
      }
      double edge[kTileRows * kTileCols] = {};
      for (std::size_t r = 0; r < rows; ++r) std::copy_n(c_tile + r * job.n, cols, edge + r * kTileCols);
      micro_kernel(job.depth, a_panel, b_panel, edge, kTileCols);
      for (std::size_t r = 0; r < rows; ++r) std::copy_n(edge + r * kTileCols, cols, c_tile + r * job.n);
    }
  }
}

void multiply_block_generic(const BlockJob& job) { multiply_block_body(job); }

#if defined(__GNUC__) && defined(__x86_64__)
// The same body compiled for AVX2 + FMA (twice the vector width and a fused multiply-add), chosen at
// run time so the default build stays portable. One CPU, one choice: C is the same for every p.
[[gnu::target("avx2,fma")]] void multiply_block_avx2(const BlockJob& job) { multiply_block_body(job); }

bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}
#endif

void multiply_block(const BlockJob& job) {
#if defined(__GNUC__) && defined(__x86_64__)
  if (cpu_has_avx2_fma()) {
    multiply_block_avx2(job);
    return;
  }
#endif
  multiply_block_generic(job);
}

}  // namespace

AlignedDoubles::AlignedDoubles(std::size_t count)
    : values_(static_cast<double*>(::operator new[](std::max<std::size_t>(count, 1) * sizeof(double), kAlignment))) {}

PackedB::PackedB(std::size_t n)
    : n_(n), padded_((n + kTileCols - 1) / kTileCols * kTileCols), values_(n * padded_) {}

void pack_panels(const Matrix& b, PackedB& packed, std::size_t first, std::size_t last) {
  const std::size_t n = b.n;
  for (std::size_t k0 = 0; k0 < n; k0 += kDepthBlock) {
    const std::size_t k1 = std::min(n, k0 + kDepthBlock);
    for (std::size_t p = first; p < last; ++p) {
      double* out = packed.panel(k0, p);
      const std::size_t j0 = p * kTileCols, cols = std::min(kTileCols, n - j0);
      for (std::size_t k = k0; k < k1; ++k, out += kTileCols) {
        std::copy_n(&b.values[k * n + j0], cols, out);
        std::fill(out + cols, out + kTileCols, 0.0);
      }
    }
  }
}

void multiply_rows(const Matrix& a, const PackedB& b, Matrix& c, std::size_t lo, std::size_t hi) {
  const std::size_t n = a.n;
  if (hi <= lo) return;
  std::fill(c.values.begin() + static_cast<std::ptrdiff_t>(lo * n),
            c.values.begin() + static_cast<std::ptrdiff_t>(hi * n), 0.0);
  const std::size_t tiles = (hi - lo + kTileRows - 1) / kTileRows;
  AlignedDoubles a_panels(tiles * kTileRows * kDepthBlock);
  for (std::size_t k0 = 0; k0 < n; k0 += kDepthBlock) {
    const std::size_t depth = std::min(n, k0 + kDepthBlock) - k0;
    // Panel t holds rows lo + t kTileRows ... of A's columns [k0, k0 + depth), column after column.
    for (std::size_t t = 0; t < tiles; ++t) {
      double* panel = a_panels.data() + t * depth * kTileRows;
      for (std::size_t r = 0; r < kTileRows; ++r) {
        const std::size_t i = lo + t * kTileRows + r;
        const double* a_row = i < hi ? &a.values[i * n + k0] : nullptr;
        for (std::size_t k = 0; k < depth; ++k) panel[k * kTileRows + r] = a_row ? a_row[k] : 0.0;
      }
    }
    multiply_block({a_panels.data(), &b, k0, depth, c.values.data(), n, lo, hi});
  }
}

}  // namespace scalerun::kernels
