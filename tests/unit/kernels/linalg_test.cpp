// The dense linear algebra kernels: matmul's blocking, Gaussian elimination, and the regularized
// least-squares problem by Householder and by Givens. Each is verified on small odd sizes for
// p = 1, 2, 4 with results identical across p, and a wrong answer fails its check.

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

TEST_CASE("linalg: householder and givens are verified and identical for p = 1, 2, 4", "[linalg]") {
  for (const char* name : {"householder", "givens"}) {
    const Reduction reduce = std::string(name) == "householder" ? kernels::householder_reduce : kernels::givens_reduce;
    for (double n : {1.0, 2.0, 45.0, 101.0}) {
      INFO(name << " n=" << n);
      std::vector<double> first_values;
      for (int p : {1, 2, 4}) {
        RectMatrix system = kernels::regularized_system(static_cast<std::size_t>(n), 6);
        Runtime rt(p);
        reduce(system, rt);
        CHECK(rt.finish().loops == static_cast<std::uint64_t>(n));  // one update loop per column
        if (p == 1) first_values = system.values;
        CHECK(system.values == first_values);  // all of R and Q^T rhs, bit for bit
      }
      test::check_kernel_runs(name, {{"n", n}, {"seed", 6}});
    }
  }
}

TEST_CASE("linalg: householder, givens and the normal equations agree", "[linalg]") {
  const std::size_t n = 45;
  const auto by_householder = least_squares(n, 2, kernels::householder_reduce, 2);
  const auto by_givens = least_squares(n, 2, kernels::givens_reduce, 4);
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
  auto x = least_squares(n, 4, kernels::givens_reduce, 2);
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
