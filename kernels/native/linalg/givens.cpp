#include "kernels/native/linalg/givens.hpp"

#include <cmath>
#include <span>
#include <vector>

#include "kernels/native/linalg/least_squares.hpp"

namespace scalerun::kernels {

namespace {

// Columns per chunk: the chunk's stretch of row i stays in L1 while every rotation passes over it.
constexpr std::size_t kColumnsPerChunk = 32;

// [c s; -s c] applied to (row i, row i + 1 + k) for rotation k.
struct Rotation {
  double c = 1, s = 0;
};

void rotate_columns(RectMatrix& m, std::size_t i, std::span<const Rotation> rotations, std::size_t lo,
                    std::size_t hi) {
  const std::size_t width = hi - lo;
  double* __restrict top = m.row(i) + lo;
  for (std::size_t k = 0; k < rotations.size(); ++k) {
    const auto [c, s] = rotations[k];
    if (s == 0) continue;  // the identity: the entry was zero already
    double* __restrict row = m.row(i + 1 + k) + lo;
    for (std::size_t j = 0; j < width; ++j) {
      const double t = top[j], u = row[j];
      top[j] = c * t + s * u;
      row[j] = c * u - s * t;
    }
  }
}

}  // namespace

void givens_reduce_unblocked(RectMatrix& system, runtime::Runtime& rt) {
  const std::size_t n = system.cols - 1;
  std::vector<Rotation> rotations;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t end = frame_end(n, i);
    rt.serial([&] {  // the rotations of column i: the caller alone, serial time
      rotations.assign(end - i - 1, Rotation{});
      for (std::size_t r = i + 1; r < end; ++r) {
        const double a = system.at(i, i), b = system.at(r, i);
        if (b == 0) continue;
        const double h = std::hypot(a, b);
        rotations[r - i - 1] = {a / h, b / h};
        system.at(i, i) = h;
        system.at(r, i) = 0;
      }
    });
    rt.parallel_for(i + 1, n + 1, kColumnsPerChunk,
                    [&](std::size_t lo, std::size_t hi) { rotate_columns(system, i, rotations, lo, hi); });
  }
}

static double givens_work(const runtime::Params& given) {
  const double n = least_squares_order(given);
  return 3 * n * n * n + 3 * n * n;
}

static double givens_memory(const runtime::Params& given) { return least_squares_memory(given); }

static runtime::KernelResult givens_run(const runtime::Params& given, runtime::Runtime& rt) {
  return run_least_squares(given, rt, "givens",
                           [](RectMatrix& system, runtime::Runtime& r) { givens_reduce(system, r); });
}

static runtime::KernelResult givens_unblocked_run(const runtime::Params& given, runtime::Runtime& rt) {
  return run_least_squares(given, rt, "givens_unblocked", givens_reduce_unblocked);
}

const runtime::NativeKernel givens_kernel{
    .name = "givens",
    .doc = "blocked Givens-rotation QR (panels of 32 columns, rotations applied to row blocks of the trailing "
           "matrix) of the 2n x n regularized least-squares matrix [A; sqrt(lambda) I]; W = 3n^3 + 3n^2",
    .params = kLeastSquaresParams,
    .work = givens_work,
    .memory = givens_memory,
    .run = givens_run,
};

const runtime::NativeKernel givens_unblocked_kernel{
    .name = "givens_unblocked",
    .doc = "the seed's Givens-rotation QR of the 2n x n regularized least-squares matrix [A; sqrt(lambda) I], "
           "parallel over the columns each column's rotations are applied to; W = 3n^3 + 3n^2",
    .params = kLeastSquaresParams,
    .work = givens_work,
    .memory = givens_memory,
    .run = givens_unblocked_run,
};

}  // namespace scalerun::kernels
