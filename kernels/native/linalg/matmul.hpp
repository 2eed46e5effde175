#pragma once
// Dense C = A B for N x N doubles, row-major: B packed into panels once, then blocks of rows of C in
// parallel, each computed by a register-blocked micro-kernel (packed_gemm.hpp). Every entry of C is
// summed over k in increasing order whatever the blocking or the worker count, so C is
// bit-identical for every p.
//
// Parameters: N (>= 1), seed. Work W = 2 N^3 (flops); memory M = 3 * 8 N^2 bytes (A, B, C), as in
// kernels/matmul.lua (the packed copy of B is the implementation's, not the problem's).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// Entries uniform in [-1, 1) from a counter-based stream, so inputs do not depend on p either.
Matrix random_matrix(std::size_t n, std::uint64_t seed);

// Two loops: pack B's column panels, then the blocks of rows of C.
void multiply(const Matrix& a, const Matrix& b, Matrix& c, runtime::Runtime& rt);

// O(N^2) check of C = A B: C x against A (B x) for a random x with entries in [1, 2) (Freivalds;
// positive entries so no corrupted column hides behind a near-zero weight), and a sample of
// entries against their dot products, each within 8 N eps times the same sums taken over
// absolute values (the rounding bound of a dot product of length N, with room to spare).
runtime::KernelResult verify_product(const Matrix& a, const Matrix& b, const Matrix& c, std::uint64_t seed);

// native = "matmul": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel matmul_kernel;

}  // namespace scalerun::kernels
