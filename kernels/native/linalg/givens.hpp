#pragma once
// Givens QR of the regularized least-squares system (least_squares.hpp; the isospeed paper,
// 001_1a7b8ec92e9080bf.txt §3.2 and §4; kernels/givens.lua, native = "givens"), in two versions that
// reduce [B | rhs] (2n x (n + 1)) to [R | Q^T rhs] in place. Column i is zeroed by n rotations of
// row i against rows i + 1 .. n + i in turn; they all share row i, so they are generated one after
// the other.
//
// - givens_reduce_unblocked, the native kernel "givens_unblocked": the seed's algorithm, the scheme
//   kernels/givens.lua models. For each column the caller generates its n rotations; then one
//   parallel loop over the columns to the right, rhs included, applies them to every column in the
//   same order, each column inside one chunk. One loop per column, every rotation passing over the
//   whole trailing matrix: E(2) about 0.4 at n = 768 (docs/PERFORMANCE.md).
//
// - givens_reduce, the native kernel "givens": blocked. Panels of kGivensPanel columns have their
//   rotations generated (and applied within the panel); then one parallel loop over column chunks
//   applies the panel's rotations to the trailing matrix in row blocks: a block of 64 rows of the
//   chunk stays in L1 while all the panel's rotations pass over it, four pivot rows at a time held
//   in registers, instead of the whole trailing matrix streaming through once per rotation
//   sequence. The next panel is generated inside that loop (panel_sweep.hpp). Rotation (k, r) needs
//   only (k, r - 1) and (k - 1, r) before it, so this order performs exactly the seed's
//   floating-point operations: the result is bit-identical to the unblocked version, and so the
//   same for every p. (Both files are compiled without contracting a * b + c into fused
//   multiply-adds, kernels/native/CMakeLists.txt, so the two agree on every CPU.)
//
// A script picks the seed's version with givens { native = "givens_unblocked" }.
// Parameters: n (>= 1), seed. Work W = 3n^3 + 3n^2 (kernels/givens.lua) for both; memory
// M = 8 * 2n * n bytes.

#include <cstddef>

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// Columns per panel of the blocked version: each entry of the trailing matrix is loaded once per 32
// rotations instead of once per rotation. 48 and 64 measured the same at n = 2048, 16 slower.
inline constexpr std::size_t kGivensPanel = 32;

// Blocked, panels of `panel` (>= 1) columns.
void givens_reduce(RectMatrix& system, runtime::Runtime& rt, std::size_t panel = kGivensPanel);
// The seed's algorithm: one column's rotations, then one parallel loop, per column.
void givens_reduce_unblocked(RectMatrix& system, runtime::Runtime& rt);

// native = "givens" (blocked) and "givens_unblocked": descriptors (see registry.hpp).
extern const runtime::NativeKernel givens_kernel;
extern const runtime::NativeKernel givens_unblocked_kernel;

}  // namespace scalerun::kernels
