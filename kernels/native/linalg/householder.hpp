#pragma once
// Householder QR of the regularized least-squares system (least_squares.hpp), the algorithm of the
// isospeed paper (001_1a7b8ec92e9080bf.txt §3.2; kernels/rlsp.lua, native = "householder"), in two
// versions that reduce [B | rhs] (2n x (n + 1)) to [R | Q^T rhs] in place:
//
// - householder_reduce, the native kernel "householder": blocked, in compact WY form. Panels of
//   kHouseholderPanel columns are factored one reflection at a time; the panel's reflections
//   H_0 ... H_{b-1} = I - Y T Y^T (T upper triangular, LAPACK's dlarft idea) then reach the columns
//   to its right as two matrix products, W = Y^T C and C -= Y (T^T W), in column chunks on the
//   project's register-tiled GEMM tile (packed_gemm.hpp). The next panel is factored inside the
//   update loop (panel_sweep.hpp), so almost all the work is in the parallel GEMM-shaped updates.
//   Each entry's sums run in a fixed order whatever the chunk or the worker, so the result is
//   identical for every p; it differs from the unblocked one by rounding (the reflections are
//   applied through T instead of one after the other).
//
// - householder_reduce_unblocked, the native kernel "householder_unblocked": the seed's algorithm.
//   For each column i the caller builds the reflection w_i from column i of the frame (rows i .. n + i);
//   then one parallel loop over the columns to its right, rhs included, gives each column b_j its
//   coefficient alpha_j = w_i^T b_j / (sigma_i^2 - sigma_i a_ii) and the update b_j -= alpha_j w_i.
//   Each column's sums run over the rows in a fixed order inside one chunk, so the result is
//   identical for every p. One loop per column: at n = 768 the update is too short for two workers
//   (E(2) about 0.3, docs/PERFORMANCE.md).
//
// A script picks the seed's version with rlsp { native = "householder_unblocked" }.
// Parameters: n (>= 1), seed. Work W = 2n^3 + 3n^2 (seed eq. 14) for both, the problem's count; the
// blocked version performs about 2.25 b / n more with panels of b columns (the zeros inside Y's
// frame rows, T^T W and Y^T Y: 5 % at n = 2048). Memory M = 8 * 2n * n bytes.

#include <cstddef>

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// Columns per panel of the blocked version: a whole number of the GEMM tile's 6 rows and 8 columns,
// so Y needs no zero padding and a chunk no edge tiles; deep enough (rank 48) for the tile to run
// near its speed, while the panel's factorization (order n b^2, serial) stays small beside a loop's
// update (order n^2 b at the start) so the look-ahead hides it. 32 and 64 measured a few % slower
// at n = 2048.
inline constexpr std::size_t kHouseholderPanel = 48;

// Blocked, panels of `panel` (>= 1) columns.
void householder_reduce(RectMatrix& system, runtime::Runtime& rt, std::size_t panel = kHouseholderPanel);
// The seed's algorithm: one reflection, then one parallel loop, per column.
void householder_reduce_unblocked(RectMatrix& system, runtime::Runtime& rt);

// native = "householder" (blocked) and "householder_unblocked": descriptors (see registry.hpp).
extern const runtime::NativeKernel householder_kernel;
extern const runtime::NativeKernel householder_unblocked_kernel;

}  // namespace scalerun::kernels
