#pragma once
// Gaussian elimination with partial pivoting for A x = b, A N x N (the STAS paper,
// 002_f0da52e7e2d6c7d5.txt §4.2.1, and kernels/gauss.lua). Each pivot step is one parallel loop over
// the rows below the pivot: every row is eliminated against the pivot row, and the same loop finds
// the next pivot (the largest magnitude in the next column) as a reduction whose ties go to the
// lowest row, so the pivots, and x, are the same for every p. Between steps the caller swaps the
// pivot row into place; at the end it runs the back substitution alone, as process 0 does in the
// seed.
//
// Parameters: N (>= 1), seed. Work W(N) = 2/3 N^3 - 1/2 N^2 - 19/6 N + 3, the seed's count as
// kernels/gauss.lua reads it; memory M = 8 (N^2 + 2N) bytes (A, b, x).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// [A | b], N x (N + 1): A uniform in [-1, 1) from stream seed, b from stream seed + 1.
RectMatrix random_system(std::size_t n, std::uint64_t seed);

// Reduces ab to [U | y] in place (U upper triangular, rows swapped as pivoted) and returns x.
std::vector<double> solve_gauss(RectMatrix& ab, runtime::Runtime& rt);

// The scaled residual ||A x - b|| / (||A|| ||x|| N eps), infinity norms, against the original [A | b]:
// partial pivoting keeps it of order 1 in practice; above kGaussResidualBound (or not finite) fails.
inline constexpr double kGaussResidualBound = 16;
runtime::KernelResult verify_solution(const RectMatrix& ab, std::span<const double> x);

// native = "gauss": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel gauss_kernel;

}  // namespace scalerun::kernels
