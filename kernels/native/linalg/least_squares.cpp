#include "kernels/native/linalg/least_squares.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace scalerun::kernels {

namespace {


double norm2(std::span<const double> v) {
  double sum = 0;
  for (const double x : v) sum += x * x;
  return std::sqrt(sum);
}

}  // namespace

RectMatrix regularized_system(std::size_t n, std::uint64_t seed) {
  RectMatrix system(2 * n, n + 1);
  std::vector<double> b(n);
  fill_uniform(b, seed + 1);
  const double root = std::sqrt(kRegularization);
  for (std::size_t i = 0; i < n; ++i) {
    fill_uniform(std::span(system.row(i), n), seed, i * n);
    system.at(i, n) = b[i];
    system.at(n + i, i) = root;  // the rest of the lower part, and of rhs, is zero
  }
  return system;
}

runtime::KernelResult verify_least_squares(const RectMatrix& system, std::span<const double> x,
                                           std::string_view method) {
  runtime::KernelResult r;
  const std::size_t n = system.cols - 1;
  if (system.rows != 2 * n || x.size() != n || n == 0) {
    r.message = fmt::format("{}: sizes do not fit ([B | rhs] {} x {}, x {})", method, system.rows, system.cols,
                            x.size());
    return r;
  }
  std::vector<double> residual(system.rows), gradient(n, 0.0);
  double b_frobenius = 0;
  for (std::size_t i = 0; i < system.rows; ++i) {
    const double* row = system.row(i);
    double bx = 0;
    for (std::size_t j = 0; j < n; ++j) {
      bx += row[j] * x[j];
      b_frobenius += row[j] * row[j];
    }
    residual[i] = bx - row[n];
  }
  b_frobenius = std::sqrt(b_frobenius);
  for (std::size_t i = 0; i < system.rows; ++i)
    for (std::size_t j = 0; j < n; ++j) gradient[j] += system.at(i, j) * residual[i];
  const double scale = std::numeric_limits<double>::epsilon() * static_cast<double>(system.rows) * b_frobenius *
                       (b_frobenius * norm2(x) + norm2(residual));
  const double scaled = norm2(gradient) / scale;
  const bool finite = std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
  r.verified = finite && scaled <= kLeastSquaresBound;  // a NaN compares false
  r.message = fmt::format(
      "{}: n={} lambda={} normal-equations residual ||B^T (Bx - rhs)|| = {:.3g} of eps 2n ||B|| "
      "(||B|| ||x|| + ||Bx - rhs||) (bound {}){}",
      method, n, kRegularization, scaled, kLeastSquaresBound, finite ? "" : "; x is not finite");
  return r;
}

double least_squares_order(const runtime::Params& given) {
  return static_cast<double>(runtime::count_param(kLeastSquaresParams, given, "n"));
}

double least_squares_memory(const runtime::Params& given) {
  const double n = least_squares_order(given);
  return 8 * 2 * n * n;
}

runtime::KernelResult run_least_squares(const runtime::Params& given, runtime::Runtime& rt, std::string_view method,
                                        QrReduction reduce) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kLeastSquaresParams, given, "n"));
  const std::uint64_t seed = runtime::count_param(kLeastSquaresParams, given, "seed");
  const RectMatrix system = regularized_system(n, seed);
  RectMatrix reduced = system;
  std::vector<double> x;
  rt.measure([&] {
    reduce(reduced, rt);
    rt.serial([&] { x = back_substitute(reduced); });
  });
  runtime::KernelResult r = verify_least_squares(system, x, method);
  for (const double v : x) r.checksum += v;
  return r;
}

}  // namespace scalerun::kernels
