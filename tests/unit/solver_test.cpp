#include <catch2/catch.hpp>

#include <cmath>

#include "model/solver.hpp"

using scalerun::model::solve_first_root;

TEST_CASE("the solver finds a root of a monotone quantity to full precision") {
  // quantity(x) = x^3, target 27 -> x = 3; no derivative given.
  auto g = [](double x, double*) { return x * x * x - 27.0; };
  auto r = solve_first_root(g, 27.0, {1e-3, 1e6});
  REQUIRE(r.found);
  CHECK(r.x == Approx(3.0).epsilon(1e-12));
}

TEST_CASE("the solver uses derivatives when it has them, and needs fewer evaluations") {
  int plain = 0, newton = 0;
  auto without = [&](double x, double*) { ++plain; return std::log(x) - 2.0; };
  auto with = [&](double x, double* d) { ++newton; if (d) *d = 1.0 / x; return std::log(x) - 2.0; };
  auto a = solve_first_root(without, 2.0, {1e-3, 1e6});
  auto b = solve_first_root(with, 2.0, {1e-3, 1e6});
  REQUIRE(a.found);
  REQUIRE(b.found);
  CHECK(a.x == Approx(std::exp(2.0)).epsilon(1e-12));
  CHECK(b.x == Approx(std::exp(2.0)).epsilon(1e-12));
  CHECK(newton < plain);
}

TEST_CASE("the smallest size meeting the target is returned when there are several") {
  // (x - 2)(x - 50) has roots 2 and 50.
  auto g = [](double x, double*) { return (x - 2.0) * (x - 50.0); };
  auto r = solve_first_root(g, 0.0, {1e-2, 1e4});
  REQUIRE(r.found);
  CHECK(r.x == Approx(2.0).epsilon(1e-10));
}

TEST_CASE("no root: the result says what the quantity did") {
  auto g = [](double x, double*) { return x / (1.0 + x) - 2.0; };  // quantity x/(1+x) < 1 < 2
  auto r = solve_first_root(g, 2.0, {1e-3, 1e6});
  CHECK_FALSE(r.found);
  CHECK(r.quantity_max < 1.0);
  CHECK(r.quantity_max > 0.99);
  CHECK(r.quantity_min == Approx(1e-3 / (1 + 1e-3)));
}

TEST_CASE("NaN regions are skipped while bracketing") {
  auto g = [](double x, double*) { return x < 1.0 ? std::nan("") : std::sqrt(x - 1.0) - 3.0; };
  auto r = solve_first_root(g, 3.0, {1e-3, 1e6});
  REQUIRE(r.found);
  CHECK(r.x == Approx(10.0).epsilon(1e-10));
}
