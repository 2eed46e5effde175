// The dense linear algebra kernels: matmul's blocking (and the strided product the blocked QR
// factorizations use), Gaussian elimination, and the regularized least-squares problem by
// Householder and by Givens, each blocked and unblocked (the seed's). Each is verified on small odd
// sizes for p = 1, 2, 4 with results identical across p, the blocked versions agree with the
// unblocked ones, and a wrong answer fails its check.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "kernels/native/linalg/gauss.hpp"
#include "kernels/native/linalg/givens.hpp"
#include "kernels/native/linalg/householder.hpp"
#include "kernels/native/linalg/least_squares.hpp"
#include "kernels/native/linalg/matmul.hpp"
#include "kernels/native/linalg/packed_gemm.hpp"
#include "kernels/native/registry.hpp"
#include "runtime/runtime.hpp"
#include "tests/unit/kernels/kernel_runs.hpp"

using namespace scalerun;
using kernels::RectMatrix;
using runtime::Params;
using runtime::Runtime;

namespace {

double relative_difference(const std::vector<double>& x, const std::vector<double>& y) {
  double diff = 0, norm = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    diff += (x[i] - y[i]) * (x[i] - y[i]);
    norm += x[i] * x[i];
  }
  return std::sqrt(diff / norm);
}

using Reduction = void (*)(RectMatrix&, Runtime&);

// The blocked versions with their default panel width, as the native kernels run them.
void householder_blocked(RectMatrix& system, Runtime& rt) { kernels::householder_reduce(system, rt); }
void givens_blocked(RectMatrix& system, Runtime& rt) { kernels::givens_reduce(system, rt); }

// ||x - y||_F / ||y||_F over all entries.
double relative_distance(const RectMatrix& x, const RectMatrix& y) { return relative_difference(y.values, x.values); }

std::vector<double> least_squares(std::size_t n, std::uint64_t seed, Reduction reduce, int p) {
  RectMatrix system = kernels::regularized_system(n, seed);
  Runtime rt(p);
  reduce(system, rt);
  return kernels::back_substitute(system);
}

}  // namespace

TEST_CASE("linalg: the kernels take the Lua descriptions' parameters and counts", "[linalg]") {
  const auto& gauss = kernels::kernel("gauss");
  const auto& householder = kernels::kernel("householder");
  const auto& givens = kernels::kernel("givens");
  // kernels/gauss.lua's work and memory, evaluated here the way Lua does at N = 300.
  const double big_n = 300;
  CHECK(gauss.work({{"N", big_n}}) == 2.0 / 3 * big_n * big_n * big_n - 1.0 / 2 * big_n * big_n - 19.0 / 6 * big_n + 3);
  CHECK(gauss.memory({{"N", big_n}, {"elem", 8}}) == 8 * (big_n * big_n + 2 * big_n));
  CHECK(gauss.work({{"N", 1}}) == Approx(0).margin(1e-12));  // the seed's count vanishes at N = 1 and 2
  // kernels/rlsp.lua and kernels/givens.lua at n = 45, their model-only entries ignored.
  const double n = 45;
  CHECK(householder.work({{"n", n}, {"tau", 1.8e-7}}) == 2 * n * n * n + 3 * n * n);
  CHECK(givens.work({{"n", n}}) == 3 * n * n * n + 3 * n * n);
  CHECK(householder.memory({{"n", n}}) == 8 * 2 * n * n);
  CHECK(givens.memory({{"n", n}}) == 8 * 2 * n * n);
  CHECK(householder.work({}) == 2.0 * 64 * 64 * 64 + 3.0 * 64 * 64);  // the Lua default n = 64
  CHECK_THROWS_AS(givens.work({{"n", 0}}), std::invalid_argument);
}

TEST_CASE("linalg: matmul is the same whichever rows a chunk holds", "[linalg]") {
  const std::size_t n = 301;  // edge tiles in rows and columns, and two depth blocks
  const auto a = kernels::random_matrix(n, 11), b = kernels::random_matrix(n, 12);
  kernels::PackedB packed(n);
  kernels::pack_panels(b, packed, 0, packed.panels());
  kernels::Matrix whole(n), pieces(n);
  kernels::multiply_rows(a, packed, whole, 0, n);
  for (const auto& [lo, hi] : {std::pair<std::size_t, std::size_t>{0, 7}, {7, 100}, {100, 101}, {101, n}})
    kernels::multiply_rows(a, packed, pieces, lo, hi);
  CHECK(whole.values == pieces.values);
  CHECK(kernels::verify_product(a, b, whole, 4).verified);
  for (int p : {1, 2, 4}) {
    kernels::Matrix c(n);
    Runtime rt(p);
    kernels::multiply(a, b, c, rt);
    CHECK(c.values == whole.values);
  }
}

TEST_CASE("linalg: matmul sums every entry over k in increasing order", "[linalg]") {
  const std::size_t n = 263;  // edge tiles in rows and columns, and two depth blocks
  const auto a = kernels::random_matrix(n, 21), b = kernels::random_matrix(n, 22);
  kernels::Matrix c(n);
  Runtime rt(2);
  kernels::multiply(a, b, c, rt);
  // The plain loop, with the terms added one at a time, or fused multiply-adds where the CPU has FMA.
  std::vector<double> plain(n * n), fused(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double sum = 0, fused_sum = 0;
      for (std::size_t k = 0; k < n; ++k) {
        sum += a.at(i, k) * b.at(k, j);
        fused_sum = std::fma(a.at(i, k), b.at(k, j), fused_sum);
      }
      plain[i * n + j] = sum;
      fused[i * n + j] = fused_sum;
    }
  CHECK((c.values == plain || c.values == fused));
}

TEST_CASE("linalg: gauss is verified and identical for p = 1, 2, 4", "[linalg]") {
  for (double n : {1.0, 2.0, 37.0, 301.0}) {
    std::vector<double> first;
    for (int p : {1, 2, 4}) {
      RectMatrix ab = kernels::random_system(static_cast<std::size_t>(n), 3);
      const RectMatrix original = ab;
      Runtime rt(p);
      const std::vector<double> x = kernels::solve_gauss(ab, rt);
      const auto check = kernels::verify_solution(original, x);
      INFO(check.message);
      CHECK(check.verified);
      CHECK(rt.finish().reductions == static_cast<std::uint64_t>(n));  // the first search, then one per step
      if (p == 1) first = x;
      CHECK(x == first);
    }
    test::check_kernel_runs("gauss", {{"N", n}, {"seed", 3}});
  }
}

TEST_CASE("linalg: gauss pivots and finds a known solution", "[linalg]") {
  Runtime rt(2);
  SECTION("a zero in the corner needs the row swap") {
    RectMatrix ab(2, 3);
    ab.values = {0, 1, 2, 1, 0, 3};  // [0 1; 1 0] x = [2; 3]
    const auto x = kernels::solve_gauss(ab, rt);
    CHECK(x == std::vector<double>{3, 2});
  }
  SECTION("b = A x_true gives back x_true") {
    const std::size_t n = 53;
    RectMatrix ab = kernels::random_system(n, 8);
    std::vector<double> x_true(n);
    kernels::fill_uniform(x_true, 99);
    for (std::size_t i = 0; i < n; ++i) {
      ab.at(i, n) = 0;
      for (std::size_t j = 0; j < n; ++j) ab.at(i, n) += ab.at(i, j) * x_true[j];
    }
    const auto x = kernels::solve_gauss(ab, rt);
    CHECK(relative_difference(x_true, x) < 1e-10);
  }
}

TEST_CASE("linalg: a wrong solution of A x = b fails verification", "[linalg]") {
  const std::size_t n = 37;
  const RectMatrix original = kernels::random_system(n, 5);
  RectMatrix ab = original;
  Runtime rt(2);
  std::vector<double> x = kernels::solve_gauss(ab, rt);
  REQUIRE(kernels::verify_solution(original, x).verified);
  SECTION("one entry off by a millionth") {
    x[17] *= 1 + 1e-6;
    CHECK_FALSE(kernels::verify_solution(original, x).verified);
  }
  SECTION("a NaN") {
    x[0] = std::nan("");
    CHECK_FALSE(kernels::verify_solution(original, x).verified);
  }
  SECTION("the wrong length") {
    x.pop_back();
    CHECK_FALSE(kernels::verify_solution(original, x).verified);
  }
  SECTION("a singular system") {
    RectMatrix singular = original;
    for (std::size_t i = 0; i < n; ++i) singular.at(i, 20) = 0;  // a zero column stays zero: a zero pivot
    RectMatrix work = singular;
    const auto bad = kernels::solve_gauss(work, rt);
    CHECK_FALSE(kernels::verify_solution(singular, bad).verified);
  }
}

TEST_CASE("linalg: the strided product sums every entry over k in increasing order", "[linalg]") {
  // C (13 x 21, inside a 13 x 25 array) += A B with A read as a transpose (stride 17) and B a block of
  // a wider array: edge tiles in rows and columns, and a depth of two blocks.
  const std::size_t rows = 13, cols = 21, depth = 300, lda = 17, ldb = 29, ldc = 25;
  std::vector<double> a(depth * lda), b(depth * ldb), c(rows * ldc);
  kernels::fill_uniform(a, 31);
  kernels::fill_uniform(b, 32);
  kernels::fill_uniform(c, 33);
  std::vector<double> plain = c, fused = c;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j)
      for (std::size_t k = 0; k < depth; ++k) {
        plain[i * ldc + j] += a[k * lda + i] * b[k * ldb + j];
        fused[i * ldc + j] = std::fma(a[k * lda + i], b[k * ldb + j], fused[i * ldc + j]);
      }
  const std::vector<double> before = c;
  kernels::multiply_add({.a = a.data(), .lda = lda, .b = b.data(), .ldb = ldb, .c = c.data(), .ldc = ldc,
                         .rows = rows, .cols = cols, .depth = depth});
  CHECK((c == plain || c == fused));
  for (std::size_t i = 0; i < rows; ++i)  // the columns past cols are not C's
    for (std::size_t j = cols; j < ldc; ++j) CHECK(c[i * ldc + j] == before[i * ldc + j]);
}

TEST_CASE("linalg: householder and givens are verified and identical for p = 1, 2, 4", "[linalg]") {
  struct Version {
    const char* name;
    Reduction reduce;
    std::uint64_t panel;  // columns per update loop
  };
  const Version versions[] = {{"householder", householder_blocked, kernels::kHouseholderPanel},
                              {"householder_unblocked", kernels::householder_reduce_unblocked, 1},
                              {"givens", givens_blocked, kernels::kGivensPanel},
                              {"givens_unblocked", kernels::givens_reduce_unblocked, 1}};
  for (const Version& v : versions) {
    for (double n : {1.0, 2.0, 45.0, 101.0}) {
      INFO(v.name << " n=" << n);
      std::vector<double> first_values;
      for (int p : {1, 2, 4}) {
        RectMatrix system = kernels::regularized_system(static_cast<std::size_t>(n), 6);
        Runtime rt(p);
        v.reduce(system, rt);
        // One update loop per column, or per panel.
        CHECK(rt.finish().loops == (static_cast<std::uint64_t>(n) + v.panel - 1) / v.panel);
        if (p == 1) first_values = system.values;
        CHECK(system.values == first_values);  // all of R and Q^T rhs, bit for bit
      }
      test::check_kernel_runs(v.name, {{"n", n}, {"seed", 6}});
    }
  }
}

TEST_CASE("linalg: blocked householder and givens agree with the seed's unblocked versions", "[linalg]") {
  // Sizes below, at and past a panel, and panel widths that divide neither n nor the tile sizes.
  for (std::size_t n : {1, 2, 5, 7, 31, 32, 33, 47, 48, 49, 130}) {
    const RectMatrix system = kernels::regularized_system(n, 9);
    RectMatrix by_householder = system, by_givens = system;
    Runtime rt(2);
    kernels::householder_reduce_unblocked(by_householder, rt);
    kernels::givens_reduce_unblocked(by_givens, rt);
    const auto x = kernels::back_substitute(by_householder);
    for (std::size_t panel : {std::size_t{1}, std::size_t{7}, std::size_t{8}, kernels::kGivensPanel,
                              kernels::kHouseholderPanel}) {
      INFO("n=" << n << " panel=" << panel);
      for (int p : {1, 2}) {
        Runtime workers(p);
        // Givens: the seed's operations in another order of independent ones, so the same bits.
        RectMatrix givens = system;
        kernels::givens_reduce(givens, workers, panel);
        CHECK(givens.values == by_givens.values);
        // Householder: the same reflections applied through T, so the same up to rounding: R (with
        // the seed's signs), Q^T rhs and the residual part of rhs, and the solution.
        RectMatrix householder = system;
        kernels::householder_reduce(householder, workers, panel);
        CHECK(relative_distance(householder, by_householder) < 1e-13);
        CHECK(relative_difference(kernels::back_substitute(householder), x) < 1e-12);
        for (std::size_t i = 0; i < 2 * n; ++i)  // R's lower part is zero, as the seed leaves it
          for (std::size_t j = 0; j < std::min(i, n); ++j) CHECK(householder.at(i, j) == 0);
      }
    }
  }
}

TEST_CASE("linalg: householder, givens and the normal equations agree", "[linalg]") {
  const std::size_t n = 45;
  const auto by_householder = least_squares(n, 2, householder_blocked, 2);
  const auto by_givens = least_squares(n, 2, givens_blocked, 4);
  // (A^T A + lambda I) x = A^T b solved by Gaussian elimination: an independent third answer, less
  // accurate (the normal equations square B's condition number, at most ||B||^2 / lambda, some 6e3).
  const RectMatrix system = kernels::regularized_system(n, 2);
  RectMatrix normal(n, n + 1);
  for (std::size_t i = 0; i < 2 * n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k <= n; ++k) normal.at(j, k) += system.at(i, j) * system.at(i, k);
  Runtime rt(2);
  const auto by_normal_equations = kernels::solve_gauss(normal, rt);
  // The two QR solutions are backward stable: they differ by about cond(B)^2 eps (under 1e-12 here).
  CHECK(relative_difference(by_householder, by_givens) < 1e-10);
  CHECK(relative_difference(by_householder, by_normal_equations) < 1e-8);
  CHECK(kernels::verify_least_squares(system, by_householder, "householder").verified);
  CHECK(kernels::verify_least_squares(system, by_givens, "givens").verified);
}

TEST_CASE("linalg: a wrong least-squares solution fails verification", "[linalg]") {
  const std::size_t n = 45;
  const RectMatrix system = kernels::regularized_system(n, 4);
  auto x = least_squares(n, 4, givens_blocked, 2);
  REQUIRE(kernels::verify_least_squares(system, x, "givens").verified);
  SECTION("one entry off by a millionth") {
    x[30] *= 1 + 1e-6;
    CHECK_FALSE(kernels::verify_least_squares(system, x, "givens").verified);
  }
  SECTION("a NaN") {
    x[3] = std::nan("");
    CHECK_FALSE(kernels::verify_least_squares(system, x, "givens").verified);
  }
  SECTION("the unregularized solution A^-1 b") {
    RectMatrix ab(n, n + 1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j <= n; ++j) ab.at(i, j) = system.at(i, j);
    Runtime rt(2);
    const auto unregularized = kernels::solve_gauss(ab, rt);
    CHECK_FALSE(kernels::verify_least_squares(system, unregularized, "gauss").verified);
  }
}
