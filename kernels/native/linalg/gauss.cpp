#include "kernels/native/linalg/gauss.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 2> kParams{{
    {"N", 512, 1, "order of the system"},
    {"seed", 1, 0, "random stream of A (b uses seed + 1)"},
}};

// Entries updated per chunk (two flops each): tens of microseconds of work, so scheduling stays
// cheap, while the early steps of a large system still split into tens of chunks.
constexpr std::size_t kEntriesPerChunk = std::size_t{1} << 15;
// Rows per chunk of the first pivot search, which reads one entry per row.
constexpr std::size_t kSearchRows = 4096;

// A pivot candidate. The larger magnitude wins and a tie goes to the lower row, which makes the
// choice independent of the order candidates are compared in.
struct Pivot {
  double magnitude = -1;  // below every real candidate
  std::size_t row = 0;
};

Pivot larger(const Pivot& a, const Pivot& b) {
  return b.magnitude > a.magnitude || (b.magnitude == a.magnitude && b.row < a.row) ? b : a;
}

Pivot search_rows(const RectMatrix& ab, std::size_t column, std::size_t lo, std::size_t hi, Pivot best) {
  for (std::size_t r = lo; r < hi; ++r) best = larger(best, {std::abs(ab.at(r, column)), r});
  return best;
}

// Rows [lo, hi) eliminated against pivot row i; returns the best pivot for column i + 1 among them.
// A zero pivot means the whole column is zero from row i down: nothing to eliminate, and the zero
// on the diagonal makes the back substitution's x non-finite, so the check fails.
Pivot eliminate_rows(RectMatrix& ab, std::size_t i, std::size_t lo, std::size_t hi, Pivot best) {
  const std::size_t cols = ab.cols;
  const double* __restrict pivot_row = ab.row(i);
  for (std::size_t r = lo; r < hi; ++r) {
    double* __restrict row = ab.row(r);
    const double factor = pivot_row[i] != 0 ? row[i] / pivot_row[i] : 0.0;
    row[i] = 0;
    for (std::size_t j = i + 1; j < cols; ++j) row[j] -= factor * pivot_row[j];
    best = larger(best, {std::abs(row[i + 1]), r});
  }
  return best;
}

}  // namespace

RectMatrix random_system(std::size_t n, std::uint64_t seed) {
  RectMatrix ab(n, n + 1);
  std::vector<double> column(n);
  fill_uniform(column, seed + 1);
  for (std::size_t i = 0; i < n; ++i) {
    fill_uniform(std::span(ab.row(i), n), seed, i * n);
    ab.at(i, n) = column[i];
  }
  return ab;
}

std::vector<double> solve_gauss(RectMatrix& ab, runtime::Runtime& rt) {
  const std::size_t n = ab.rows, cols = ab.cols;
  Pivot pivot = rt.parallel_reduce(
      std::size_t{0}, n, kSearchRows, Pivot{},
      [&](std::size_t lo, std::size_t hi, Pivot best) { return search_rows(ab, 0, lo, hi, best); }, larger);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (pivot.row != i)
      rt.serial([&] { std::swap_ranges(ab.row(i) + i, ab.row(i) + cols, ab.row(pivot.row) + i); });
    const std::size_t grain = std::max<std::size_t>(1, kEntriesPerChunk / (cols - i));
    pivot = rt.parallel_reduce(
        i + 1, n, grain, Pivot{},
        [&](std::size_t lo, std::size_t hi, Pivot best) { return eliminate_rows(ab, i, lo, hi, best); }, larger);
  }
  std::vector<double> x;
  rt.serial([&] { x = back_substitute(ab); });
  return x;
}

runtime::KernelResult verify_solution(const RectMatrix& ab, std::span<const double> x) {
  runtime::KernelResult r;
  const std::size_t n = ab.rows;
  if (ab.cols != n + 1 || x.size() != n || n == 0) {
    r.message = fmt::format("gauss: sizes do not fit ([A | b] {} x {}, x {})", ab.rows, ab.cols, x.size());
    return r;
  }
  double residual = 0, a_norm = 0, x_norm = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double ax = 0, row_sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      ax += ab.at(i, j) * x[j];
      row_sum += std::abs(ab.at(i, j));
    }
    residual = std::max(residual, std::abs(ax - ab.at(i, n)));
    a_norm = std::max(a_norm, row_sum);
    x_norm = std::max(x_norm, std::abs(x[i]));
  }
  const double scaled =
      residual / (a_norm * x_norm * static_cast<double>(n) * std::numeric_limits<double>::epsilon());
  // std::max drops NaNs, so finiteness is checked on x itself.
  const bool finite = std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
  r.verified = finite && scaled <= kGaussResidualBound;
  r.message = fmt::format("gauss: N={} scaled residual ||Ax-b|| / (||A|| ||x|| N eps) = {:.3g} (bound {}){}", n,
                          scaled, kGaussResidualBound, finite ? "" : "; x is not finite");
  return r;
}

static double gauss_work(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 2.0 / 3 * n * n * n - 1.0 / 2 * n * n - 19.0 / 6 * n + 3;  // as kernels/gauss.lua evaluates it
}

static double gauss_memory(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 8 * (n * n + 2 * n);
}

static runtime::KernelResult gauss_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kParams, given, "N"));
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  const RectMatrix original = random_system(n, seed);
  RectMatrix ab = original;
  std::vector<double> x;
  rt.measure([&] { x = solve_gauss(ab, rt); });
  runtime::KernelResult r = verify_solution(original, x);
  for (const double v : x) r.checksum += v;
  return r;
}

const runtime::NativeKernel gauss_kernel{
    .name = "gauss",
    .doc = "Gaussian elimination with partial pivoting, parallel row updates per pivot step; "
         "W = 2/3 N^3 - 1/2 N^2 - 19/6 N + 3",
    .params = kParams,
    .work = gauss_work,
    .memory = gauss_memory,
    .run = gauss_run,
};

}  // namespace scalerun::kernels
