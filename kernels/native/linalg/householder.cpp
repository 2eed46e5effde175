#include "kernels/native/linalg/householder.hpp"

#include <array>
#include <cmath>
#include <span>
#include <vector>

#include "kernels/native/linalg/least_squares.hpp"

namespace scalerun::kernels {

namespace {

// Columns per chunk: the chunk's coefficients fit a small array, and a chunk's rows of the frame
// (32 doubles each) are read twice while they are still in cache.
constexpr std::size_t kColumnsPerChunk = 32;

// Columns [lo, hi) of rows [i, i + w.size()) reflected by I - w w^T / denominator.
void reflect_columns(RectMatrix& m, std::size_t i, std::span<const double> w, double denominator, std::size_t lo,
                     std::size_t hi) {
  const std::size_t width = hi - lo;
  std::array<double, kColumnsPerChunk> alpha{};
  for (std::size_t k = 0; k < w.size(); ++k) {
    const double* __restrict row = m.row(i + k) + lo;
    const double wk = w[k];
    for (std::size_t j = 0; j < width; ++j) alpha[j] += wk * row[j];
  }
  for (std::size_t j = 0; j < width; ++j) alpha[j] /= denominator;
  for (std::size_t k = 0; k < w.size(); ++k) {
    double* __restrict row = m.row(i + k) + lo;
    const double wk = w[k];
    for (std::size_t j = 0; j < width; ++j) row[j] -= alpha[j] * wk;
  }
}

}  // namespace

void householder_reduce_unblocked(RectMatrix& system, runtime::Runtime& rt) {
  const std::size_t n = system.cols - 1;
  std::vector<double> w;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t end = frame_end(n, i);
    // The reflector of column i: the caller alone, serial time.
    double denominator = 0;
    rt.serial([&] {
      double norm = 0;
      for (std::size_t r = i; r < end; ++r) norm += system.at(r, i) * system.at(r, i);
      norm = std::sqrt(norm);
      if (norm == 0) return;  // nothing to reflect; R gets a zero pivot and x is not finite
      // sigma = -sign(a_ii) ||column||: w's first entry a_ii - sigma then adds two numbers of one sign.
      const double a_ii = system.at(i, i);
      const double sigma = a_ii >= 0 ? -norm : norm;
      w.assign(end - i, 0.0);
      w[0] = a_ii - sigma;
      for (std::size_t r = i + 1; r < end; ++r) {
        w[r - i] = system.at(r, i);
        system.at(r, i) = 0;
      }
      system.at(i, i) = sigma;
      denominator = sigma * sigma - sigma * a_ii;  // w^T w / 2
    });
    if (denominator == 0) continue;
    rt.parallel_for(i + 1, n + 1, kColumnsPerChunk,
                    [&](std::size_t lo, std::size_t hi) { reflect_columns(system, i, w, denominator, lo, hi); });
  }
}

static double householder_work(const runtime::Params& given) {
  const double n = least_squares_order(given);
  return 2 * n * n * n + 3 * n * n;
}

static double householder_memory(const runtime::Params& given) { return least_squares_memory(given); }

static runtime::KernelResult householder_run(const runtime::Params& given, runtime::Runtime& rt) {
  return run_least_squares(given, rt, "householder",
                           [](RectMatrix& system, runtime::Runtime& r) { householder_reduce(system, r); });
}

static runtime::KernelResult householder_unblocked_run(const runtime::Params& given, runtime::Runtime& rt) {
  return run_least_squares(given, rt, "householder_unblocked", householder_reduce_unblocked);
}

const runtime::NativeKernel householder_kernel{
    .name = "householder",
    .doc = "blocked Householder QR (compact WY, panels of 48 columns, GEMM-shaped trailing updates) of the 2n x n "
           "regularized least-squares matrix [A; sqrt(lambda) I]; W = 2n^3 + 3n^2",
    .params = kLeastSquaresParams,
    .work = householder_work,
    .memory = householder_memory,
    .run = householder_run,
};

const runtime::NativeKernel householder_unblocked_kernel{
    .name = "householder_unblocked",
    .doc = "the seed's Householder QR of the 2n x n regularized least-squares matrix [A; sqrt(lambda) I], one "
           "reflection at a time, parallel over the columns of each update; W = 2n^3 + 3n^2",
    .params = kLeastSquaresParams,
    .work = householder_work,
    .memory = householder_memory,
    .run = householder_unblocked_run,
};

}  // namespace scalerun::kernels
