#pragma once
// NPB CG: an estimate of the smallest eigenvalue of the sparse symmetric matrix of cg_matrix.hpp
// by inverse power iteration. Each of niter outer iterations solves A z = x by 25 iterations of
// the conjugate gradient method (conj_grad), sets zeta = shift + 1 / (x . z), and x = z / ||z||.
// One untimed outer iteration comes first, after which x is reset to all ones.
//
// In parallel the sparse matrix-vector products and vector updates run over fixed chunks of rows,
// and every dot product is a reduction over the same chunks combined in the runtime's fixed
// pairwise tree, so zeta is bit-identical for every worker count.
//
// Parameters: na, nonzer, niter, shift (rcond = 0.1 as in every class; S = 1400, 7, 15, 10;
// W = 7000, 8, 15, 12; A = 14000, 11, 15, 20). Work W = 2 niter na (3 + nonzer (nonzer + 1) +
// 25 (5 + nonzer (nonzer + 1)) + 3) flops (NPB's Mop/s formula); memory M = 12 na (nonzer + 1)^2
// (values and columns at NPB's capacity; merging duplicates leaves fewer) + 8 (na + 1) (row starts)
// + 48 na (six vectors) bytes, as in kernels/npb_cg.lua.

#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/native/npb/cg_matrix.hpp"
#include "kernels/native/npb/npb_classes.hpp"
#include "kernels/native/npb/npb_loops.hpp"
#include "runtime/native_kernel.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels::npb {

inline constexpr int kCgInnerIterations = 25;  // NPB's cgitmax

struct CgSizes {
  std::uint64_t na = 1400, nonzer = 7, niter = 15, shift = 10;
};

// The solver's vectors; x starts as all ones.
struct CgVectors {
  explicit CgVectors(std::size_t n) : x(n, 1.0), x_next(n, 0.0), z(n, 0.0), p(n, 0.0), q(n, 0.0), r(n, 0.0) {}
  std::vector<double> x, x_next, z, p, q, r;
};

// One outer iteration: conj_grad from x, zeta, x = z / ||z|| (the previous x is left in x_next).
// Returns zeta; rnorm is set to ||x - A z|| of the inner solve, computed explicitly as NPB does.
double cg_outer_iteration(const CsrMatrix& a, double shift, CgVectors& v, const ChunkedLoops& loops, double& rnorm);

struct CgOutcome {
  std::optional<CgClass> npb_class;
  CgSizes sizes;
  double zeta = 0;
  double rnorm = 0;  // of the last inner solve, as the timed code computed it
};

// The timed part: niter outer iterations on rt, from the state the caller left in v.
CgOutcome run_cg(const CsrMatrix& a, const CgSizes& sizes, CgVectors& v, runtime::Runtime& rt);

// An official class: zeta within 1e-10 relative of NPB's value. Any other size: zeta finite, and
// the last inner solve's residual ||x - A z|| / ||x||, recomputed here on one thread from that
// solve's x (v.x_next) and z, below 1e-8 (25 CG iterations reach 1e-12 or less on NPB's
// matrices) and equal to the timed code's own figure within 1e-6 relative; zeta equal to
// shift + 1 / (x . z) recomputed the same way.
runtime::KernelResult verify_cg(const CsrMatrix& a, const CgVectors& v, const CgOutcome& outcome);

// native = "npb_cg": parameters, work, memory and run as one descriptor (see registry.hpp).
extern const runtime::NativeKernel npb_cg_kernel;

}  // namespace scalerun::kernels::npb
