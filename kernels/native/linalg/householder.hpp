#pragma once
// Householder QR of the regularized least-squares system (least_squares.hpp), the algorithm of the
// isospeed paper (001_1a7b8ec92e9080bf.txt §3.2; kernels/rlsp.lua, native = "householder"). For each
// column i the caller builds the reflection w_i from column i of the frame (rows i .. n + i); then one
// parallel loop over the columns to its right, rhs included, gives each column b_j its coefficient
// alpha_j = w_i^T b_j / (sigma_i^2 - sigma_i a_ii) and the update b_j -= alpha_j w_i. Each column's
// sums run over the rows in a fixed order inside one chunk, so the result is identical for every p.
//
// Parameters: n (>= 1), seed. Work W = 2n^3 + 3n^2 (seed eq. 14); memory M = 8 * 2n * n bytes.

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// [B | rhs] (2n x (n + 1)) to [R | Q^T rhs] in place.
void householder_reduce(RectMatrix& system, runtime::Runtime& rt);

// native = "householder": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel householder_kernel;

}  // namespace scalerun::kernels
