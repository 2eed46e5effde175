#pragma once
// The regularized least-squares problem of the isospeed paper (001_1a7b8ec92e9080bf.txt §3.2, and
// kernels/rlsp.lua, kernels/givens.lua): minimize ||B x - [b; 0]|| with the 2n x n matrix
// B = [A; sqrt(lambda) I], A n x n (the seed's m = n), whose minimizer solves
// (A^T A + lambda I) x = A^T b. Two kernels solve it by QR, reducing [B | rhs] in place to
// [R | Q^T rhs] (R in the first n rows) and back substituting: Householder reflections
// (householder.hpp) and Givens rotations (givens.hpp).
//
// B's structure bounds the work: at step i only rows i .. n + i can be nonzero in column i (the
// upper part, the lower rows already filled in, and row n + i's sqrt(lambda)), the seed's frame
// that moves down one row per step. Both kernels touch those rows only.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/native/linalg/dense.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

// lambda: small beside ||A||^2 (about n^2 / 3 for entries uniform in [-1, 1)), so A dominates, yet
// it keeps the smallest singular value of B at sqrt(lambda) or more, which bounds the condition
// number and makes every wrong x move the normal-equations residual by lambda ||dx|| or more.
inline constexpr double kRegularization = 0.01;

// [B | rhs], 2n x (n + 1): A uniform in [-1, 1) from stream seed, b from stream seed + 1.
RectMatrix regularized_system(std::size_t n, std::uint64_t seed);

// Rows of the seed's frame at step i: [i, n + i].
inline std::size_t frame_end(std::size_t n, std::size_t i) { return n + i + 1; }

// The normal-equations residual ||B^T (B x - rhs)||_2 against eps 2n ||B||_F (||B||_F ||x|| + ||B x - rhs||):
// the rounding a backward-stable solve leaves, and also what computing the residual itself costs. It is
// well below 1 for QR (1e-4 at n = 101); above kLeastSquaresBound (or x not finite) fails. The ||B x - rhs|| term keeps
// the bound fair when the fit is poor (a large residual vector rounds to a large B^T r).
inline constexpr double kLeastSquaresBound = 1;
runtime::KernelResult verify_least_squares(const RectMatrix& system, std::span<const double> x,
                                           std::string_view method);

// What the two kernels share: parameters n (>= 1) and seed, memory M = 8 * 2n * n bytes (B, as
// kernels/rlsp.lua counts it), and the run: build the system, reduce a copy with `reduce` and back
// substitute inside the measured window, then check x.
using QrReduction = void (*)(RectMatrix& system, runtime::Runtime& rt);
inline constexpr std::array<runtime::ParamSpec, 2> kLeastSquaresParams{{
    {"n", 64, 1, "columns of the 2n x n matrix B"},
    {"seed", 1, 0, "random stream of A (b uses seed + 1)"},
}};
double least_squares_order(const runtime::Params& given);  // n
double least_squares_memory(const runtime::Params& given);
runtime::KernelResult run_least_squares(const runtime::Params& given, runtime::Runtime& rt, std::string_view method,
                                        QrReduction reduce);

}  // namespace scalerun::kernels
