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

// c (kTileRows rows, stride ldc) += a b over `depth` terms, where step k reads the tile's A column
// at a + k lda (kTileRows entries) and its B row at b + k ldb (kTileCols entries): packed panels have
// lda = kTileRows and ldb = kTileCols, a strided operand its own row length. The tile lives in 12
// vector accumulators; each step broadcasts one A entry per row against two vectors of the B row.
[[gnu::always_inline]] inline void micro_kernel(std::size_t depth, const double* __restrict a, std::size_t lda,
                                                const double* __restrict b, std::size_t ldb, double* __restrict c,
                                                std::size_t ldc) {
  Lanes4 acc[kTileRows][2];
  for (std::size_t r = 0; r < kTileRows; ++r) {
    std::memcpy(&acc[r][0], c + r * ldc, sizeof(Lanes4));
    std::memcpy(&acc[r][1], c + r * ldc + 4, sizeof(Lanes4));
  }
  for (std::size_t k = 0; k < depth; ++k) {
    Lanes4 b_lo, b_hi;
    std::memcpy(&b_lo, b + k * ldb, sizeof(Lanes4));
    std::memcpy(&b_hi, b + k * ldb + 4, sizeof(Lanes4));
    for (std::size_t r = 0; r < kTileRows; ++r) {
      const double a_rk = a[k * lda + r];
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
        micro_kernel(job.depth, a_panel, kTileRows, b_panel, kTileCols, c_tile, job.n);
        continue;
      }
      double edge[kTileRows * kTileCols] = {};
      for (std::size_t r = 0; r < rows; ++r) std::copy_n(c_tile + r * job.n, cols, edge + r * kTileCols);
      micro_kernel(job.depth, a_panel, kTileRows, b_panel, kTileCols, edge, kTileCols);
      for (std::size_t r = 0; r < rows; ++r) std::copy_n(edge + r * kTileCols, cols, c_tile + r * job.n);
    }
  }
}

void multiply_block_generic(const BlockJob& job) { multiply_block_body(job); }

// Row tiles per block of the strided product: a block's A tiles (16 x 6 entries per depth step, 24
// KiB at depth 32) stay in L1 while every column tile passes over them.
constexpr std::size_t kRowTilesPerBlock = 16;

// A tile of the strided product cut by the edge of C: its A rows, B columns and C entries go through
// zero-padded copies, with the same arithmetic per entry as a whole tile.
[[gnu::always_inline]] inline void edge_tile(std::size_t depth, const double* a, std::size_t lda, std::size_t rows,
                                             const double* b, std::size_t ldb, std::size_t cols, double* c,
                                             std::size_t ldc) {
  double a_edge[kDepthBlock * kTileRows];
  if (rows < kTileRows) {
    for (std::size_t k = 0; k < depth; ++k)
      for (std::size_t r = 0; r < kTileRows; ++r) a_edge[k * kTileRows + r] = r < rows ? a[k * lda + r] : 0.0;
    a = a_edge;
    lda = kTileRows;
  }
  double b_edge[kDepthBlock * kTileCols];
  if (cols < kTileCols) {
    for (std::size_t k = 0; k < depth; ++k)
      for (std::size_t j = 0; j < kTileCols; ++j) b_edge[k * kTileCols + j] = j < cols ? b[k * ldb + j] : 0.0;
    b = b_edge;
    ldb = kTileCols;
  }
  double c_edge[kTileRows * kTileCols] = {};
  for (std::size_t r = 0; r < rows; ++r) std::copy_n(c + r * ldc, cols, c_edge + r * kTileCols);
  micro_kernel(depth, a, lda, b, ldb, c_edge, kTileCols);
  for (std::size_t r = 0; r < rows; ++r) std::copy_n(c_edge + r * kTileCols, cols, c + r * ldc);
}

// Depth blocks outermost (a block's B strip of kTileCols columns stays in L1 for all the row tiles
// of a row block), then blocks of row tiles, then column tiles.
[[gnu::always_inline]] inline void multiply_add_body(const StridedProduct& job) {
  for (std::size_t k0 = 0; k0 < job.depth; k0 += kDepthBlock) {
    const std::size_t depth = std::min(job.depth, k0 + kDepthBlock) - k0;
    for (std::size_t i0 = 0; i0 < job.rows; i0 += kRowTilesPerBlock * kTileRows) {
      const std::size_t i1 = std::min(job.rows, i0 + kRowTilesPerBlock * kTileRows);
      for (std::size_t j = 0; j < job.cols; j += kTileCols) {
        const std::size_t cols = std::min(kTileCols, job.cols - j);
        const double* b = job.b + k0 * job.ldb + j;
        for (std::size_t i = i0; i < i1; i += kTileRows) {
          const std::size_t rows = std::min(kTileRows, i1 - i);
          const double* a = job.a + k0 * job.lda + i;
          double* c = job.c + i * job.ldc + j;
          if (rows == kTileRows && cols == kTileCols)
            micro_kernel(depth, a, job.lda, b, job.ldb, c, job.ldc);
          else
            edge_tile(depth, a, job.lda, rows, b, job.ldb, cols, c, job.ldc);
        }
      }
    }
  }
}

void multiply_add_generic(const StridedProduct& job) { multiply_add_body(job); }

#if defined(__GNUC__) && defined(__x86_64__)
// The same body compiled for AVX2 + FMA (twice the vector width and a fused multiply-add), chosen at
// run time so the default build stays portable. One CPU, one choice: C is the same for every p.
[[gnu::target("avx2,fma")]] void multiply_block_avx2(const BlockJob& job) { multiply_block_body(job); }
[[gnu::target("avx2,fma")]] void multiply_add_avx2(const StridedProduct& job) { multiply_add_body(job); }

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

void multiply_add(const StridedProduct& product) {
#if defined(__GNUC__) && defined(__x86_64__)
  if (cpu_has_avx2_fma()) {
    multiply_add_avx2(product);
    return;
  }
#endif
  multiply_add_generic(product);
}

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
