// The fitting module (engine/fit/): least squares on plain residuals, the overhead functions of
// simulate mode and the growth order of isoefficiency; no Lua and no model types.

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "fit/growth_order.hpp"
#include "fit/least_squares.hpp"
#include "fit/overhead_functions.hpp"

using namespace scalerun;

TEST_CASE("growth order recovers the exponent of a power law", "[fit]") {
  std::vector<double> p{2, 4, 8, 16, 32}, w;
  for (double x : p) w.push_back(7.0 * std::pow(x, 1.5));
  CHECK(fit::growth_order(p, w) == Approx(1.5));
  CHECK(std::isnan(fit::growth_order(std::vector<double>{2}, std::vector<double>{3})));
  CHECK(std::isnan(fit::growth_order(std::vector<double>{2, 2}, std::vector<double>{3, 5})));
}

namespace {

// y = a exp(-b x) + c at known x: nonlinear in b.
fit::Problem decay_problem(const std::vector<double>& x, const std::vector<double>& y) {
  fit::Problem problem;
  problem.observations = static_cast<Eigen::Index>(x.size());
  problem.residuals = [x, y](const Eigen::VectorXd& t, Eigen::VectorXd& r) {
    r.resize(static_cast<Eigen::Index>(x.size()));
    for (std::size_t i = 0; i < x.size(); ++i) r[static_cast<Eigen::Index>(i)] = t[0] * std::exp(-t[1] * x[i]) + t[2] - y[i];
  };
  problem.jacobian = [x](const Eigen::VectorXd& t, Eigen::MatrixXd& j) {
    j.resize(static_cast<Eigen::Index>(x.size()), 3);
    for (std::size_t i = 0; i < x.size(); ++i) {
      const auto row = static_cast<Eigen::Index>(i);
      j(row, 0) = std::exp(-t[1] * x[i]);
      j(row, 1) = -t[0] * x[i] * std::exp(-t[1] * x[i]);
      j(row, 2) = 1;
    }
  };
  return problem;
}

}  // namespace

TEST_CASE("least squares: Levenberg-Marquardt recovers the parameters of exact data", "[fit]") {
  std::vector<double> x, y;
  for (int i = 0; i < 12; ++i) {
    x.push_back(0.25 * i);
    y.push_back(3.0 * std::exp(-1.7 * x.back()) + 0.4);
  }
  Eigen::VectorXd start(3);
  start << 1, 1, 0;
  const fit::Solution s = fit::solve(decay_problem(x, y), start);
  CHECK_FALSE(s.linear);
  CHECK(s.theta[0] == Approx(3.0).epsilon(1e-9));
  CHECK(s.theta[1] == Approx(1.7).epsilon(1e-9));
  CHECK(s.theta[2] == Approx(0.4).epsilon(1e-9));
  CHECK(s.rms() < 1e-10);
  CHECK(s.iterations > 1);
  CHECK_THAT(s.method, Catch::StartsWith("Levenberg-Marquardt"));
}

TEST_CASE("least squares: a linear problem is solved in one step, noise left in the residuals", "[fit]") {
  // y = 2 + 0.5 x with alternating noise of 0.01: the fit is the least-squares line, not the data.
  const std::vector<double> x{1, 2, 3, 4, 5, 6};
  std::vector<double> y;
  for (std::size_t i = 0; i < x.size(); ++i) y.push_back(2 + 0.5 * x[i] + (i % 2 == 0 ? 0.01 : -0.01));
  fit::Problem problem;
  problem.linear = true;
  problem.observations = 6;
  problem.residuals = [&](const Eigen::VectorXd& t, Eigen::VectorXd& r) {
    r.resize(6);
    for (Eigen::Index i = 0; i < 6; ++i) r[i] = t[0] + t[1] * x[static_cast<std::size_t>(i)] - y[static_cast<std::size_t>(i)];
  };
  problem.jacobian = [&](const Eigen::VectorXd&, Eigen::MatrixXd& j) {
    j.resize(6, 2);
    for (Eigen::Index i = 0; i < 6; ++i) j(i, 0) = 1, j(i, 1) = x[static_cast<std::size_t>(i)];
  };
  const fit::Solution s = fit::solve(problem, Eigen::VectorXd::Zero(2));
  CHECK(s.linear);
  CHECK(s.iterations == 1);
  CHECK(s.theta[1] == Approx(0.5).epsilon(0.01));
  CHECK(s.rms() == Approx(0.01).epsilon(0.2));  // what is left is the noise
  CHECK_THROWS_AS(fit::solve(problem, Eigen::VectorXd::Zero(7)), std::invalid_argument);
}

TEST_CASE("overhead functions: the fit recovers the terms of known functions", "[fit]") {
  const std::vector<double> p = {2, 4, 8, 16, 32, 64};
  auto values = [&](auto f) {
    std::vector<double> y;
    for (double x : p) y.push_back(f(x));
    return y;
  };
  const fit::OverheadFit latency = fit::fit_overhead(p, values([](double x) { return 0.065 * std::log2(x); }));
  REQUIRE(latency.terms.size() == 1);
  CHECK(latency.terms[0].basis == fit::Basis::Log2P);
  CHECK(latency.terms[0].coefficient == Approx(0.065));
  CHECK(latency.formula() == "0.065 log2 p");

  const fit::OverheadFit compute =
      fit::fit_overhead(p, values([](double x) { return 0.717 / x + 0.05 * std::log2(x); }));
  REQUIRE(compute.terms.size() == 2);
  CHECK(compute.at(128) == Approx(0.717 / 128 + 0.05 * 7));

  const fit::OverheadFit zero = fit::fit_overhead(p, values([](double) { return 0.0; }));
  CHECK(zero.terms.empty());
  CHECK(zero.formula() == "0");

  // Contention 0.0001 p^2 against latency 0.0025 log2 p: the first p (a power of two) where
  // the square wins, found here by walking the functions themselves.
  const fit::OverheadFit contention = fit::fit_overhead(p, values([](double x) { return 1e-4 * x * x; }));
  const fit::OverheadFit lat = fit::fit_overhead(p, values([](double x) { return 2.5e-3 * std::log2(x); }));
  double expected = 0;
  for (double x = 2; x <= 1 << 20; x *= 2) {
    if (1e-4 * x * x > 2.5e-3 * std::log2(x)) {
      expected = x;
      break;
    }
  }
  REQUIRE(fit::crossover(contention, lat).has_value());
  // The bisection lands between that power of two and the one before it.
  CHECK(fit::crossover(contention, lat)->at > expected / 2);
  CHECK(fit::crossover(contention, lat)->at <= expected);
  CHECK_FALSE(fit::crossover(zero, lat).has_value());
}

TEST_CASE("overhead functions: growing terms stay non-negative and the real error is reported", "[fit]") {
  auto grows = [](fit::Basis b) { return b != fit::Basis::InverseP && b != fit::Basis::One; };
  // Three points of an overhead that falls faster than 1/p (the audit's case): an unconstrained
  // two-term fit takes 1/p and a negative p^2, which turns below zero past the points.
  const std::vector<double> p = {2, 4, 8};
  const std::vector<double> y = {1.0e-4, 0.5e-4, 0.2e-4};
  const fit::OverheadFit fit = fit::fit_overhead(p, y);
  for (const auto& term : fit.terms) {
    if (grows(term.basis)) CHECK(term.coefficient > 0);
  }
  for (double at = 1; at <= 1 << 20; at *= 2) CHECK(fit.at(at) >= 0);
  CHECK(fit.terms.size() <= 2);  // three points: at most two terms
  CHECK(fit.max_terms == 2);
  // relative_rms is the fit's own residual, computed here from the terms it reports.
  double rss = 0, ss = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    rss += (fit.at(p[i]) - y[i]) * (fit.at(p[i]) - y[i]);
    ss += y[i] * y[i];
  }
  CHECK(fit.relative_rms == Approx(std::sqrt(rss / ss)).margin(1e-12));
  CHECK(fit.within_goal == (fit.relative_rms <= fit::kFitGoal));

  // Data no positive combination can follow within 2 %: said, not hidden.
  const std::vector<double> p6 = {2, 4, 8, 16, 32, 64};
  const std::vector<double> zigzag = {1, 3, 1, 3, 1, 3};
  const fit::OverheadFit rough = fit::fit_overhead(p6, zigzag);
  CHECK_FALSE(rough.within_goal);
  CHECK(rough.relative_rms > fit::kFitGoal);
  for (const auto& term : rough.terms) {
    if (grows(term.basis)) CHECK(term.coefficient > 0);
  }

  // Serial work s costs s (1 - 1/p): a negative 1/p term is right there, and kept exactly.
  std::vector<double> serial;
  for (double x : p6) serial.push_back(0.0195 * (1 - 1 / x));
  const fit::OverheadFit s = fit::fit_overhead(p6, serial);
  CHECK(s.within_goal);
  CHECK(s.relative_rms < 1e-9);
  CHECK(s.at(1024) == Approx(0.0195 * (1 - 1.0 / 1024)));

  // Round-off below a zero overhead (tiny negatives) fits as zero, not as a negative term.
  const fit::OverheadFit below = fit::fit_overhead(p6, std::vector<double>{-5e-7, -1e-7, -3e-7, -2e-7, -4e-7, -1e-7});
  CHECK(below.terms.empty());
  CHECK(below.formula() == "0");

  // Two points: one term at most; one point: a constant.
  CHECK(fit::fit_overhead(std::vector<double>{2, 4}, std::vector<double>{1, 2}).terms.size() == 1);
  const fit::OverheadFit one = fit::fit_overhead(std::vector<double>{4}, std::vector<double>{0.5});
  REQUIRE(one.terms.size() == 1);
  CHECK(one.terms[0].basis == fit::Basis::One);
}

TEST_CASE("crossover: bisection finds where two fitted functions cross, between powers of two", "[fit]") {
  auto fit = [](std::vector<fit::OverheadFit::Term> terms) {
    fit::OverheadFit f;
    f.terms = std::move(terms);
    return f;
  };
  // c p^2 against a p cross at p = a / c.
  const double a = 2.93e-3, c = 1e-4;
  const auto square = fit::crossover(fit({{fit::Basis::P2, c}}), fit({{fit::Basis::P, a}}));
  REQUIRE(square.has_value());
  CHECK(square->at == Approx(a / c).epsilon(1e-8));
  CHECK(square->processors == std::ceil(a / c));
  CHECK_FALSE(square->above_from_start);

  // b p log2 p against d p cross where log2 p = d / b, at p = 2^(d/b).
  const double b = 2e-3, d = 9e-3;
  const auto plogp = fit::crossover(fit({{fit::Basis::PLog2P, b}}), fit({{fit::Basis::P, d}}));
  REQUIRE(plogp.has_value());
  CHECK(plogp->at == Approx(std::exp2(d / b)).epsilon(1e-8));
  CHECK(plogp->processors == std::ceil(std::exp2(d / b)));

  // A rising function with a constant part against a constant: e + f p against g, at (g - e) / f;
  // the crossing sits exactly on a whole number, where the two are equal, so the first whole
  // count above is the next one.
  const double e = 0.5, f = 0.25, g = 0.5 + 0.25 * 40;
  const auto whole = fit::crossover(fit({{fit::Basis::One, e}, {fit::Basis::P, f}}), fit({{fit::Basis::One, g}}));
  REQUIRE(whole.has_value());
  CHECK(whole->at == Approx((g - e) / f).epsilon(1e-8));
  CHECK(whole->processors == (g - e) / f + 1);

  // Above from the start of the search: nothing to bisect.
  const auto start = fit::crossover(fit({{fit::Basis::One, 1.0}}), fit({{fit::Basis::Log2P, 0.1}}));
  REQUIRE(start.has_value());
  CHECK(start->above_from_start);
  CHECK(start->processors == 2);
  // Beyond 2^20: none.
  CHECK_FALSE(fit::crossover(fit({{fit::Basis::P, 1.0}}), fit({{fit::Basis::One, std::ldexp(1.0, 21)}})).has_value());
}
