#pragma once
// The inside of the dense multiply C = A B (matmul.hpp), written by hand because it must run in the
// Runtime's chunks and keep a fixed summation order, which a BLAS promises neither of.
//
// B is copied once into panels of kTileCols columns that the micro-kernel reads front to back. Each
// block of rows of C then copies its rows of A, one depth block at a time, into panels of kTileRows
// rows, and computes its kTileRows x kTileCols tiles of C with the tile held in registers while it
// is summed over the depth block. A B panel (kDepthBlock x kTileCols, 16 KiB) stays in L1 while every
// tile of the row block uses it; the row block's A panels stay in L2.
//
// Summation order: entry (i, j) starts at 0 and adds a(i,k) b(k,j) for k = 0, 1, ..., n-1, one term
// at a time (as a fused multiply-add on CPUs with FMA, the same CPU for every worker). Blocking
// decides when a term is added, never the order, so C does not depend on how the rows are split.
//
// The same tile serves the blocked QR factorizations' trailing updates (householder_wy.hpp) through
// multiply_add, on operands read where they lie rather than packed.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>

#include "kernels/native/linalg/dense.hpp"

namespace scalerun::kernels {

inline constexpr std::size_t kTileRows = 6;  // 6 x 8 doubles: 12 AVX accumulators of 16 registers
inline constexpr std::size_t kTileCols = 8;
inline constexpr std::size_t kDepthBlock = 256;

// Doubles on a cache-line boundary, so a panel row of 8 doubles is one line.
class AlignedDoubles {
 public:
  explicit AlignedDoubles(std::size_t count);
  double* data() { return values_.get(); }
  const double* data() const { return values_.get(); }

 private:
  static constexpr std::align_val_t kAlignment{64};
  struct Free {
    void operator()(double* p) const { ::operator delete[](p, kAlignment); }
  };
  std::unique_ptr<double[], Free> values_;
};

// B (N x N) by depth blocks of kDepthBlock rows; within a block, by panels of kTileCols columns
// (the last padded with zero columns), each panel's rows one after the other.
class PackedB {
 public:
  explicit PackedB(std::size_t n);
  std::size_t n() const { return n_; }
  std::size_t panels() const { return padded_ / kTileCols; }
  // Panel p of the depth block starting at row k0 (a multiple of kDepthBlock).
  const double* panel(std::size_t k0, std::size_t p) const { return values_.data() + offset(k0, p); }
  double* panel(std::size_t k0, std::size_t p) { return values_.data() + offset(k0, p); }

 private:
  std::size_t depth(std::size_t k0) const { return std::min(n_, k0 + kDepthBlock) - k0; }
  std::size_t offset(std::size_t k0, std::size_t p) const { return k0 * padded_ + p * depth(k0) * kTileCols; }
  std::size_t n_, padded_;
  AlignedDoubles values_;
};

// Panels [first, last) of b into packed, every depth block: the packing body every worker count runs.
void pack_panels(const Matrix& b, PackedB& packed, std::size_t first, std::size_t last);

// Rows [lo, hi) of C = A B from A and the packed B (C's rows are overwritten): the multiply body.
void multiply_rows(const Matrix& a, const PackedB& b, Matrix& c, std::size_t lo, std::size_t hi);

// C += A B on operands that live inside other arrays, for the GEMM-shaped updates of other kernels
// (the blocked QR factorizations): A is rows x depth with entry (i, k) at a[k * lda + i], so a
// row-major depth x rows array read as its transpose without a copy; B is depth x cols with (k, j)
// at b[k * ldb + j]; C is rows x cols with (i, j) at c[i * ldc + j]. The same tile and the same
// order as multiply_rows: c(i, j) gets a(i, k) b(k, j) added for k = 0, 1, ..., depth - 1, one term
// at a time, whatever the blocking, so C does not depend on how a caller splits its rows or columns.
struct StridedProduct {
  const double* a;
  std::size_t lda;
  const double* b;
  std::size_t ldb;
  double* c;
  std::size_t ldc;
  std::size_t rows, cols, depth;
};
void multiply_add(const StridedProduct& product);

}  // namespace scalerun::kernels
