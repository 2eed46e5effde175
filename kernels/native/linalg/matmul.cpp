#include "kernels/native/linalg/matmul.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "kernels/native/counter_rng.hpp"
#include "kernels/native/linalg/packed_gemm.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 2> kParams{{
    {"N", 512, 1, "matrix order"},
    {"seed", 1, 0, "random stream of A (B uses seed + 1)"},
}};

// Rows of C per chunk: the loop's grain, a multiple of the tile height. Its A panels (48 x 256
// doubles, 96 KiB) stay in L2 while it runs through every B panel; 43 chunks at N = 2048 leave
// little imbalance at the end of the loop.
constexpr std::size_t kRowBlock = 8 * kTileRows;
constexpr std::size_t kPanelsPerChunk = 16;
constexpr std::size_t kSampledEntries = 64;

double tolerance(std::size_t n) { return 8.0 * static_cast<double>(n) * std::numeric_limits<double>::epsilon(); }

}  // namespace

Matrix random_matrix(std::size_t n, std::uint64_t seed) {
  Matrix m(n);
  fill_uniform(m.values, seed);
  return m;
}

void multiply(const Matrix& a, const Matrix& b, Matrix& c, runtime::Runtime& rt) {
  PackedB packed(b.n);
  rt.parallel_for(0, packed.panels(), kPanelsPerChunk,
                  [&](std::size_t lo, std::size_t hi) { pack_panels(b, packed, lo, hi); });
  rt.parallel_for(0, a.n, kRowBlock, [&](std::size_t lo, std::size_t hi) { multiply_rows(a, packed, c, lo, hi); });
}

runtime::KernelResult verify_product(const Matrix& a, const Matrix& b, const Matrix& c, std::uint64_t seed) {
  runtime::KernelResult r;
  const std::size_t n = a.n;
  if (b.n != n || c.n != n || n == 0) {
    r.message = fmt::format("matmul: orders differ or are zero (A {}, B {}, C {})", a.n, b.n, c.n);
    return r;
  }
  const double tol = tolerance(n);
  std::vector<double> x(n), bx(n, 0.0), abs_bx(n, 0.0);
  for (std::size_t j = 0; j < n; ++j) x[j] = 1.0 + unit_double(counter_random(seed, j));
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t j = 0; j < n; ++j) {
      bx[k] += b.at(k, j) * x[j];
      abs_bx[k] += std::abs(b.at(k, j)) * x[j];
    }
  double worst = 0;  // largest error as a fraction of its bound
  std::size_t worst_row = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double cx = 0, abx = 0, bound = 0;
    for (std::size_t k = 0; k < n; ++k) {
      cx += c.at(i, k) * x[k];
      abx += a.at(i, k) * bx[k];
      bound += std::abs(a.at(i, k)) * abs_bx[k];
    }
    const double ratio = std::abs(cx - abx) / (tol * bound + std::numeric_limits<double>::min());
    if (!(ratio <= worst) && !std::isnan(worst)) {  // a NaN sticks and fails the check
      worst = ratio;
      worst_row = i;
    }
  }
  double worst_entry = 0;
  for (std::size_t s = 0; s < kSampledEntries; ++s) {
    const std::size_t i = counter_random(seed + 1, 2 * s) % n, j = counter_random(seed + 1, 2 * s + 1) % n;
    double dot = 0, bound = 0;
    for (std::size_t k = 0; k < n; ++k) {
      dot += a.at(i, k) * b.at(k, j);
      bound += std::abs(a.at(i, k) * b.at(k, j));
    }
    const double ratio = std::abs(c.at(i, j) - dot) / (tol * bound + std::numeric_limits<double>::min());
    if (!(ratio <= worst_entry) && !std::isnan(worst_entry)) worst_entry = ratio;
  }
  r.verified = worst <= 1.0 && worst_entry <= 1.0;
  r.message = fmt::format(
      "matmul: N={} C x vs A (B x): worst row {} at {:.3g} of the bound; {} sampled entries: worst at {:.3g} "
      "of the bound (bound 8 N eps sum|a||b|)",
      n, worst_row, worst, kSampledEntries, worst_entry);
  return r;
}

static double matmul_work(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 2 * n * n * n;
}

static double matmul_memory(const runtime::Params& given) {
  const auto n = static_cast<double>(runtime::count_param(kParams, given, "N"));
  return 3 * 8 * n * n;
}

static runtime::KernelResult matmul_run(const runtime::Params& given, runtime::Runtime& rt) {
  const auto n = static_cast<std::size_t>(runtime::count_param(kParams, given, "N"));
  const std::uint64_t seed = runtime::count_param(kParams, given, "seed");
  const Matrix a = random_matrix(n, seed);
  const Matrix b = random_matrix(n, seed + 1);
  Matrix c(n);
  rt.measure([&] { multiply(a, b, c, rt); });
  runtime::KernelResult r = verify_product(a, b, c, seed + 2);
  double sum = 0;
  for (const double v : c.values) sum += v;
  r.checksum = sum;
  return r;
}

const runtime::NativeKernel matmul_kernel{
    .name = "matmul",
    .doc = "packed, register-blocked dense N x N matrix multiply, parallel over row blocks; W = 2 N^3",
    .params = kParams,
    .work = matmul_work,
    .memory = matmul_memory,
    .run = matmul_run,
};

}  // namespace scalerun::kernels
