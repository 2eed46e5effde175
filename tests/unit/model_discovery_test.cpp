// Model discovery in the performance model normal form: the exponents it finds and the
// coefficients it fits, from exact and from noisy data.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fit/model_discovery.hpp"

using namespace scalerun::fit;

TEST_CASE("discovery recovers 200 + 10 p^i log2(p)^j exactly for every default exponent pair", "[discovery]") {
  const std::vector<double> p{2, 4, 8, 16, 32};
  REQUIRE(default_exponents().size() == 42);
  for (const ExponentPair& e : default_exponents()) {
    const Factor truth{0, e.num, e.den, e.log};
    std::vector<double> y;
    for (double x : p) y.push_back(200 + 10 * truth(x));
    const DiscoveredModel m = discover(p, y, "p");
    INFO("p^(" << e.num << "/" << e.den << ") log2(p)^" << e.log << ": found " << m.formula());
    REQUIRE(m.terms.size() == 1);
    REQUIRE(m.terms[0].factors.size() == 1);
    const Factor& f = m.terms[0].factors[0];
    CHECK(f.exponent() == Approx(truth.exponent()).margin(1e-12));
    CHECK(f.log == e.log);
    CHECK(m.constant.value == Approx(200).epsilon(1e-6));
    CHECK(m.coefficients[0].value == Approx(10).epsilon(1e-6));
    CHECK(m.cv_smape < 1e-6);
    CHECK(m.hypotheses == 43);  // the constant and the 42 pairs
  }
}

TEST_CASE("discovery finds c0 + c1 x^a log2(x)^b y^c from a noisy 5 x 5 grid", "[discovery]") {
  struct Case {
    int num, den, log;  // x's factor
    int ynum, yden;     // y's exponent
  };
  for (const Case& c : {Case{3, 2, 1, 1, 1}, Case{1, 1, 0, 1, 2}, Case{2, 1, 0, 1, 1}, Case{1, 2, 2, 2, 1}})
  for (unsigned seed = 1; seed <= 10; ++seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> noise(-0.01, 0.01);  // 1 %
    std::vector<std::vector<double>> points;
    std::vector<double> values;
    const Factor fx{0, c.num, c.den, c.log}, fy{1, c.ynum, c.yden, 0};
    for (double x : {2.0, 4.0, 8.0, 16.0, 32.0})
      for (double y : {10.0, 20.0, 40.0, 80.0, 160.0}) {
        points.push_back({x, y});
        values.push_back((50 + 2 * fx(x) * fy(y)) * (1 + noise(rng)));
      }
    const DiscoveredModel m = discover(points, values, {"x", "y"});
    INFO("seed " << seed << ": expected x^(" << c.num << "/" << c.den << ") log2(x)^" << c.log << " y^(" << c.ynum << "/" << c.yden
                        << "), found " << m.formula());
    REQUIRE(m.terms.size() == 1);
    REQUIRE(m.terms[0].factors.size() == 2);
    const Factor& x = m.terms[0].factors[0];
    const Factor& y = m.terms[0].factors[1];
    CHECK(x.param == 0);
    CHECK(x.exponent() == Approx(fx.exponent()));
    CHECK(x.log == c.log);
    CHECK(y.param == 1);
    CHECK(y.exponent() == Approx(fy.exponent()));
    CHECK(y.log == 0);
    CHECK(m.coefficients[0].value == Approx(2).epsilon(0.05));
    CHECK(m.adjusted_r2 > 0.99);
  }
}

TEST_CASE("discovery keeps the constant model for constant data and names growth orders", "[discovery]") {
  const std::vector<double> p{1, 2, 4, 8, 16};
  const DiscoveredModel flat = discover(p, std::vector<double>(5, 3.5), "p");
  CHECK(flat.terms.empty());
  CHECK(flat.constant.value == Approx(3.5));
  CHECK(flat.growth() == "1");
  std::vector<double> y;
  for (double x : p) y.push_back(4 + 0.5 * x * std::log2(x));
  const DiscoveredModel plogp = discover(p, y, "p");
  CHECK(plogp.growth() == "p log p");
  CHECK(plogp.formula() == "4 + 0.5 * p * log2(p)");
  // A coefficient's 95 % interval is reported; exact data leave it at zero width.
  CHECK(plogp.coefficients[0].ci95 == Approx(0).margin(1e-9));
}

TEST_CASE("discovery refuses data it cannot model", "[discovery]") {
  CHECK_THROWS_AS(discover(std::vector<double>{1, 2}, std::vector<double>{1, 2}, "p"), std::invalid_argument);
  CHECK_THROWS_AS(discover(std::vector<double>{0, 1, 2}, std::vector<double>{1, 2, 3}, "p"), std::invalid_argument);
  CHECK_THROWS_AS(discover(std::vector<double>{1, 2, 3}, std::vector<double>{1, NAN, 3}, "p"), std::invalid_argument);
}

TEST_CASE("discovery with negative exponents finds strong scaling's 1/p", "[discovery]") {
  const std::vector<double> p{1, 2, 4, 8, 16, 32};
  std::vector<double> y;
  for (double x : p) y.push_back(0.5 + 8.0 / x);
  const DiscoveredModel without = discover(p, y, "p");
  CHECK((without.terms.empty() || without.terms[0].factors[0].exponent() >= 0));
  DiscoveryOptions options;
  options.exponents = exponents_with_negative();
  const DiscoveredModel with = discover(p, y, "p", options);
  REQUIRE(with.terms.size() == 1);
  CHECK(with.terms[0].factors[0].exponent() == Approx(-1));
  CHECK(with.formula() == "0.5 + 8 * p^-1");
  CHECK(exponents_with_negative().size() == 42 + 19);
}
