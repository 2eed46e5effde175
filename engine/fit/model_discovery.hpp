#pragma once
// Model discovery: which function of the parameters explains measured values, searched in the
// performance model normal form of Extra-P,
//   f(x1, ..., xm) = c0 + sum_k ck * prod_l xl^(i_kl) * log2(xl)^(j_kl),
// without a model written by hand. Single parameter: the constant model first, then one term
// c0 + c1 x^i log2(x)^j for each of Extra-P's 42 default exponent pairs, each scored by
// leave-one-out cross-validation (fitted on all points but one, judged on that one) and chosen by
// the smallest symmetric mean absolute percentage error (SMAPE) of those predictions. Several
// parameters: each parameter's best term found along the lines of the data where only it varies,
// then the sums and products of those terms (c0 + c1 tx + c2 ty, c0 + c1 tx ty, ...) scored the
// same way. A term whose share of the fitted value stays below a minimum everywhere is dropped.
// No Lua, no study types: plain numbers in, a model with its statistics out.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace scalerun::fit {

// x^(num/den) * log2(x)^log of one parameter.
struct Factor {
  std::size_t param = 0;
  int num = 0, den = 1;
  int log = 0;
  double exponent() const { return static_cast<double>(num) / den; }
  double operator()(double x) const;
};

// A product of factors (an empty product is 1: the constant term).
struct Term {
  std::vector<Factor> factors;
  double operator()(std::span<const double> point) const;
  std::string text(std::span<const std::string> names) const;  // "p^(3/2) * log2(p)^2"
  // In the normal form as a growth order: "p^(3/2) log^2 p", "1" for the constant.
  std::string order(std::span<const std::string> names) const;
};

// Extra-P's default single-parameter exponents (i as num/den, j), in its order: 42 pairs.
struct ExponentPair {
  int num, den, log;
};
std::span<const ExponentPair> default_exponents();
// The same 42 and Extra-P's 19 negative polynomial exponents (p^(-1/4) .. p^-3, no logarithm):
// strong scaling's time falls as 1/p, which the default set cannot say.
std::span<const ExponentPair> exponents_with_negative();

struct Coefficient {
  double value = 0;
  double std_error = 0;  // from the residual variance; NaN with no degree of freedom left
  double ci95 = 0;       // half-width of the 95 % interval (Student's t)
};

struct DiscoveredModel {
  std::vector<std::string> names;  // the parameters
  Coefficient constant;
  std::vector<Term> terms;
  std::vector<Coefficient> coefficients;  // one per term
  double rss = 0;       // residual sum of squares on all points
  double smape = 0;     // % on all points
  double cv_smape = 0;  // % of the leave-one-out predictions: what the choice was made on
  double adjusted_r2 = 0;
  std::size_t points = 0;
  std::size_t hypotheses = 0;  // how many were scored

  double operator()(std::span<const double> point) const;
  std::string formula() const;  // "200 + 10 * p^(3/2) * log2(p)^2"
  // How it grows in each parameter, in the normal form: "p log p", "n^2, p log p"; "1" for the
  // constant.
  std::string growth() const;
};

struct DiscoveryOptions {
  std::span<const ExponentPair> exponents = default_exponents();
  double min_contribution = 1e-3;  // a term below this share of |f| at every point is dropped
};

// points: one row per measurement (its parameter values, all > 0), values: the measured metric.
// Throws std::invalid_argument on fewer than 3 points, a row of the wrong size, a non-positive or
// non-finite parameter value, or a non-finite value.
DiscoveredModel discover(std::span<const std::vector<double>> points, std::span<const double> values,
                         std::vector<std::string> names, const DiscoveryOptions& options = {});

// One parameter: x and y side by side.
DiscoveredModel discover(std::span<const double> x, std::span<const double> y, const std::string& name,
                         const DiscoveryOptions& options = {});

// The symmetric mean absolute percentage error of predictions against values, in %.
double smape(std::span<const double> predicted, std::span<const double> actual);

}  // namespace scalerun::fit
