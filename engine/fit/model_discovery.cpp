#include "fit/model_discovery.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include <Eigen/Dense>
#include <fmt/format.h>

namespace scalerun::fit {

namespace {

// Extra-P's default single-parameter building blocks (i = num/den, j = log), its 42 in its order,
// then its negative polynomial exponents for strong scaling.
constexpr std::size_t kDefaultCount = 42;
constexpr ExponentPair kWithNegative[] = {
    {0, 1, 1}, {0, 1, 2}, {1, 4, 0}, {1, 3, 0}, {1, 4, 1}, {1, 3, 1}, {1, 4, 2}, {1, 3, 2}, {1, 2, 0},
    {1, 2, 1}, {1, 2, 2}, {2, 3, 0}, {3, 4, 0}, {2, 3, 1}, {3, 4, 1}, {4, 5, 0}, {2, 3, 2}, {3, 4, 2},
    {1, 1, 0}, {1, 1, 1}, {1, 1, 2}, {5, 4, 0}, {5, 4, 1}, {4, 3, 0}, {4, 3, 1}, {3, 2, 0}, {3, 2, 1},
    {3, 2, 2}, {5, 3, 0}, {7, 4, 0}, {2, 1, 0}, {2, 1, 1}, {2, 1, 2}, {9, 4, 0}, {7, 3, 0}, {5, 2, 0},
    {5, 2, 1}, {5, 2, 2}, {8, 3, 0}, {11, 4, 0}, {3, 1, 0}, {3, 1, 1},
    {-1, 4, 0}, {-1, 3, 0}, {-1, 2, 0}, {-2, 3, 0}, {-3, 4, 0}, {-4, 5, 0}, {-1, 1, 0}, {-5, 4, 0}, {-4, 3, 0},
    {-3, 2, 0}, {-5, 3, 0}, {-7, 4, 0}, {-2, 1, 0}, {-9, 4, 0}, {-7, 3, 0}, {-5, 2, 0}, {-8, 3, 0}, {-11, 4, 0},
    {-3, 1, 0}};

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kLikelyTerms = 3;  // per parameter, tried in combination

// Student's t at 0.975 for 1 to 30 degrees of freedom (standard tables); beyond, 1.96 + 2.5/df
// is within 0.002 of it.
double t975(std::size_t df) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) return std::nan("");
  return df <= 30 ? kTable[df - 1] : 1.96 + 2.5 / static_cast<double>(df);
}

std::string fraction_text(int num, int den) { return den == 1 ? fmt::format("{}", num) : fmt::format("({}/{})", num, den); }

// "", "^(3/2)", "^-1": the power a factor raises its parameter to, as both spellings write it.
std::string power_text(const Factor& f) { return f.num == f.den ? std::string() : fmt::format("^{}", fraction_text(f.num, f.den)); }

// Fits minimise relative residuals, (y - f) / y: measured times span orders of magnitude and
// their noise grows with them, and the choice is made on a relative error (SMAPE). This is each
// point's weight on its residual.
double weight(double y) { return y != 0 ? 1.0 / std::abs(y) : 1.0; }

Eigen::VectorXd weights(const Eigen::VectorXd& y) { return y.unaryExpr([](double v) { return weight(v); }); }

// c0 + c1 t over the points but `skip` (none when skip >= n), weighted, centred; with t empty the
// weighted mean.
std::pair<double, double> fit_affine(std::span<const double> t, std::span<const double> y, std::size_t skip) {
  double sw = 0, tm = 0, ym = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (i == skip) continue;
    const double w = weight(y[i]) * weight(y[i]);
    sw += w;
    tm += w * (t.empty() ? 0.0 : t[i]);
    ym += w * y[i];
  }
  tm /= sw;
  ym /= sw;
  if (t.empty()) return {ym, 0.0};
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (i == skip) continue;
    const double w = weight(y[i]) * weight(y[i]);
    sxx += w * (t[i] - tm) * (t[i] - tm);
    sxy += w * (t[i] - tm) * (y[i] - ym);
  }
  const double c1 = sxx > 0 ? sxy / sxx : 0.0;
  return {ym - c1 * tm, c1};
}

// Leave-one-out SMAPE of c0 + c1 t (of the constant when t is empty).
double loo_affine(std::span<const double> t, std::span<const double> y, std::vector<double>& predicted) {
  predicted.resize(y.size());
  for (std::size_t k = 0; k < y.size(); ++k) {
    const auto [c0, c1] = fit_affine(t, y, k);
    predicted[k] = c0 + (t.empty() ? 0.0 : c1 * t[k]);
  }
  return smape(predicted, y);
}

// The columns of a model's terms at every point.
Eigen::MatrixXd design(std::span<const std::vector<double>> points, const std::vector<Term>& terms) {
  Eigen::MatrixXd x(static_cast<Eigen::Index>(points.size()), static_cast<Eigen::Index>(terms.size() + 1));
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto r = static_cast<Eigen::Index>(i);
    x(r, 0) = 1.0;
    for (std::size_t k = 0; k < terms.size(); ++k) x(r, static_cast<Eigen::Index>(k + 1)) = terms[k](points[i]);
  }
  return x;
}

// Weighted as fit_affine: each row scaled by its point's weight.
Eigen::VectorXd solve_least_squares(const Eigen::MatrixXd& x, const Eigen::VectorXd& y) {
  const Eigen::VectorXd w = weights(y);
  return (w.asDiagonal() * x).colPivHouseholderQr().solve(w.asDiagonal() * y);
}

// Leave-one-out SMAPE of a linear model with design x.
double loo(const Eigen::MatrixXd& x, const Eigen::VectorXd& y) {
  const Eigen::Index n = x.rows();
  std::vector<double> predicted(static_cast<std::size_t>(n)), actual(y.data(), y.data() + n);
  for (Eigen::Index k = 0; k < n; ++k) {
    Eigen::MatrixXd xs(n - 1, x.cols());
    Eigen::VectorXd ys(n - 1);
    for (Eigen::Index i = 0, r = 0; i < n; ++i) {
      if (i == k) continue;
      xs.row(r) = x.row(i);
      ys(r++) = y(i);
    }
    predicted[static_cast<std::size_t>(k)] = x.row(k).dot(solve_least_squares(xs, ys));
  }
  return smape(predicted, actual);
}

// Fits `terms` on every point and fills in the model's coefficients and statistics.
DiscoveredModel finish(std::span<const std::vector<double>> points, std::span<const double> values,
                       std::vector<std::string> names, std::vector<Term> terms, double cv_smape,
                       std::size_t hypotheses) {
  const Eigen::MatrixXd x = design(points, terms);
  const Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
  const Eigen::VectorXd c = solve_least_squares(x, y);
  const Eigen::VectorXd fitted = x * c;
  DiscoveredModel m;
  m.names = std::move(names);
  m.terms = std::move(terms);
  m.points = values.size();
  m.hypotheses = hypotheses;
  m.cv_smape = cv_smape;
  m.rss = (y - fitted).squaredNorm();
  std::vector<double> f(fitted.data(), fitted.data() + fitted.size());
  m.smape = smape(f, values);
  const double n = static_cast<double>(values.size()), k = static_cast<double>(c.size());
  const double tss = (y.array() - y.mean()).square().sum();
  m.adjusted_r2 = tss > 0 && n > k ? 1.0 - (m.rss / (n - k)) / (tss / (n - 1)) : 1.0;
  const std::size_t df = values.size() > static_cast<std::size_t>(c.size()) ? values.size() - static_cast<std::size_t>(c.size()) : 0;
  Eigen::VectorXd variance = Eigen::VectorXd::Constant(c.size(), std::nan(""));
  if (df > 0) {  // of the weighted problem the coefficients solve
    const Eigen::VectorXd w = weights(y);
    const Eigen::MatrixXd xw = w.asDiagonal() * x;
    const double sigma2 = (w.asDiagonal() * (y - fitted)).squaredNorm() / static_cast<double>(df);
    variance = sigma2 * (xw.transpose() * xw).inverse().diagonal();
  }
  auto coefficient = [&](Eigen::Index i) {
    const double se = std::sqrt(std::max(0.0, variance(i)));
    return Coefficient{c(i), df > 0 ? se : std::nan(""), df > 0 ? t975(df) * se : std::nan("")};
  };
  m.constant = coefficient(0);
  for (Eigen::Index i = 1; i < c.size(); ++i) m.coefficients.push_back(coefficient(i));
  return m;
}

// Drops, one at a time and refitting each time, a term whose coefficient is not told apart from
// zero (its 95 % interval holds 0) and then a term whose share of |f| stays below the minimum at
// every point.
DiscoveredModel prune(std::span<const std::vector<double>> points, std::span<const double> values, DiscoveredModel m,
                      double min_contribution) {
  for (;;) {
    // The vaguest term, its ci95 / |c| above 1 (NaN, no degree of freedom left, never is) ...
    std::size_t drop = m.terms.size();
    double vaguest = 1.0;
    for (std::size_t k = 0; k < m.terms.size(); ++k) {
      const Coefficient& c = m.coefficients[k];
      const double ratio = std::abs(c.value) > 0 ? c.ci95 / std::abs(c.value) : kInf;
      if (ratio > vaguest) {
        vaguest = ratio;
        drop = k;
      }
    }
    // ... else the weakest, its largest share of |f| the smallest, below the minimum.
    const bool vague = drop < m.terms.size();
    double weakest_share = min_contribution;
    for (std::size_t k = 0; !vague && k < m.terms.size(); ++k) {
      double share = 0;
      for (const auto& point : points) {
        const double f = std::abs(m(point));
        if (f > 0) share = std::max(share, std::abs(m.coefficients[k].value * m.terms[k](point)) / f);
      }
      if (share < weakest_share) {
        weakest_share = share;
        drop = k;
      }
    }
    if (drop == m.terms.size()) return m;
    std::vector<Term> terms = m.terms;
    terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(drop));
    m = finish(points, values, m.names, std::move(terms), m.cv_smape, m.hypotheses);
  }
}

void check_input(std::span<const std::vector<double>> points, std::span<const double> values, std::size_t params) {
  if (points.size() != values.size()) throw std::invalid_argument("model discovery: one value per point expected");
  if (points.size() < 3) throw std::invalid_argument(fmt::format("model discovery needs at least 3 points, got {}", points.size()));
  for (const auto& point : points) {
    if (point.size() != params)
      throw std::invalid_argument(fmt::format("model discovery: a point has {} values for {} parameters", point.size(), params));
    for (double v : point)
      if (!(v > 0) || !std::isfinite(v))
        throw std::invalid_argument(fmt::format("model discovery: parameter value {} is not a positive number", v));
  }
  for (double v : values)
    if (!std::isfinite(v)) throw std::invalid_argument("model discovery: a measured value is not finite");
}

// The most likely single-parameter terms along lines where only parameter `l` varies, best first:
// each hypothesis's leave-one-out SMAPE summed over the lines; an empty term stands for the
// constant (the parameter does not matter). Lines where the parameter's effect is small next to
// the noise can rank a neighbouring exponent first, so the few best go on to be tried together.
std::vector<std::optional<Term>> likely_terms(std::span<const std::vector<double>> points,
                                              std::span<const double> values, std::size_t l,
                                              const DiscoveryOptions& options, std::size_t& hypotheses) {
  std::map<std::vector<double>, std::vector<std::size_t>> lines;
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::vector<double> key = points[i];
    key.erase(key.begin() + static_cast<std::ptrdiff_t>(l));
    lines[key].push_back(i);
  }
  bool any = false, logs = true;
  for (const auto& point : points) logs = logs && point[l] >= 1;
  std::vector<double> score(options.exponents.size() + 1, 0.0);  // [0]: the constant
  std::vector<double> t, y, predicted;
  for (const auto& [key, rows] : lines) {
    if (rows.size() < 3) continue;
    any = true;
    y.clear();
    for (std::size_t r : rows) y.push_back(values[r]);
    score[0] += loo_affine({}, y, predicted);
    for (std::size_t h = 0; h < options.exponents.size(); ++h) {
      const ExponentPair e = options.exponents[h];
      if (e.log != 0 && !logs) {
        score[h + 1] = kInf;
        continue;
      }
      const Factor f{l, e.num, e.den, e.log};
      t.clear();
      for (std::size_t r : rows) t.push_back(f(points[r][l]));
      score[h + 1] += loo_affine(t, y, predicted);
      ++hypotheses;
    }
  }
  if (!any) return {std::nullopt};
  std::vector<std::size_t> order(score.size());
  for (std::size_t h = 0; h < order.size(); ++h) order[h] = h;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return score[a] < score[b]; });
  std::vector<std::optional<Term>> likely;
  for (std::size_t k = 0; k < std::min<std::size_t>(kLikelyTerms, order.size()); ++k) {
    if (order[k] == 0) {
      likely.emplace_back(std::nullopt);
      if (k == 0) break;  // the constant first: the parameter does not matter
      continue;
    }
    const ExponentPair e = options.exponents[order[k] - 1];
    likely.emplace_back(Term{{Factor{l, e.num, e.den, e.log}}});
  }
  return likely;
}

}  // namespace

double Factor::operator()(double x) const {
  double v = num == 0 ? 1.0 : std::pow(x, exponent());
  if (log != 0) v *= std::pow(std::log2(x), log);
  return v;
}

double Term::operator()(std::span<const double> point) const {
  double v = 1.0;
  for (const Factor& f : factors) v *= f(point[f.param]);
  return v;
}

std::string Term::text(std::span<const std::string> names) const {
  std::string out;
  for (const Factor& f : factors) {
    const std::string& x = names[f.param];
    if (f.num != 0) out += fmt::format("{}{}{}", out.empty() ? "" : " * ", x, power_text(f));
    if (f.log != 0) out += fmt::format("{}log2({}){}", out.empty() ? "" : " * ", x, f.log == 1 ? "" : fmt::format("^{}", f.log));
  }
  return out.empty() ? "1" : out;
}

std::string Term::order(std::span<const std::string> names) const {
  std::string out;
  for (const Factor& f : factors) {
    const std::string& x = names[f.param];
    if (f.num != 0) out += fmt::format("{}{}{}", out.empty() ? "" : " ", x, power_text(f));
    if (f.log != 0) out += fmt::format("{}log{} {}", out.empty() ? "" : " ", f.log == 1 ? "" : fmt::format("^{}", f.log), x);
  }
  return out.empty() ? "1" : out;
}

std::span<const ExponentPair> default_exponents() { return std::span(kWithNegative).first(kDefaultCount); }
std::span<const ExponentPair> exponents_with_negative() { return kWithNegative; }

double DiscoveredModel::operator()(std::span<const double> point) const {
  double v = constant.value;
  for (std::size_t k = 0; k < terms.size(); ++k) v += coefficients[k].value * terms[k](point);
  return v;
}

std::string DiscoveredModel::formula() const {
  std::string out = fmt::format("{:.6g}", constant.value);
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const double c = coefficients[k].value;
    out += fmt::format(" {} {:.6g} * {}", c < 0 ? "-" : "+", std::abs(c), terms[k].text(names));
  }
  return out;
}

std::string DiscoveredModel::growth() const {
  // Per parameter, its fastest-growing factor in any term: the largest exponent, then log exponent.
  std::string out;
  for (std::size_t l = 0; l < names.size(); ++l) {
    const Factor* fastest = nullptr;
    for (const Term& t : terms)
      for (const Factor& f : t.factors)
        if (f.param == l && (fastest == nullptr || std::pair{f.exponent(), f.log} > std::pair{fastest->exponent(), fastest->log}))
          fastest = &f;
    if (fastest != nullptr) out += fmt::format("{}{}", out.empty() ? "" : ", ", Term{{*fastest}}.order(names));
  }
  return out.empty() ? "1" : out;
}

double smape(std::span<const double> predicted, std::span<const double> actual) {
  if (actual.empty()) return 0;
  double sum = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double scale = std::abs(predicted[i]) + std::abs(actual[i]);
    if (scale > 0) sum += 2 * std::abs(predicted[i] - actual[i]) / scale;
  }
  return 100 * sum / static_cast<double>(actual.size());
}

DiscoveredModel discover(std::span<const double> x, std::span<const double> y, const std::string& name,
                         const DiscoveryOptions& options) {
  std::vector<std::vector<double>> points;
  points.reserve(x.size());
  for (double v : x) points.push_back({v});
  check_input(points, y, 1);
  // The constant first: data it explains exactly need no search.
  std::vector<double> predicted, t;
  const double constant_score = loo_affine({}, y, predicted);
  std::size_t hypotheses = 1;
  double best_score = constant_score;
  std::optional<ExponentPair> best;
  if (constant_score > 0) {
    const bool logs = std::all_of(x.begin(), x.end(), [](double v) { return v >= 1; });
    for (const ExponentPair& e : options.exponents) {
      if (e.log != 0 && !logs) continue;
      const Factor f{0, e.num, e.den, e.log};
      t.clear();
      for (double v : x) t.push_back(f(v));
      const double score = loo_affine(t, y, predicted);
      ++hypotheses;
      if (score < best_score) {
        best_score = score;
        best = e;
      }
    }
  }
  std::vector<Term> terms;
  if (best) terms.push_back(Term{{Factor{0, best->num, best->den, best->log}}});
  return prune(points, y, finish(points, y, {name}, std::move(terms), best_score, hypotheses), options.min_contribution);
}

DiscoveredModel discover(std::span<const std::vector<double>> points, std::span<const double> values,
                         std::vector<std::string> names, const DiscoveryOptions& options) {
  check_input(points, values, names.size());
  if (names.size() == 1) {
    std::vector<double> x;
    for (const auto& p : points) x.push_back(p[0]);
    return discover(x, values, names[0], options);
  }
  if (names.size() > 3) throw std::invalid_argument("model discovery: at most 3 parameters in this version");
  // Each parameter's likely terms, from the lines where only it varies.
  std::size_t hypotheses = 0;
  std::vector<std::vector<std::optional<Term>>> likely;
  for (std::size_t l = 0; l < names.size(); ++l) likely.push_back(likely_terms(points, values, l, options, hypotheses));
  const Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
  struct Candidate {
    std::vector<Term> terms;
    double score;
  };
  std::vector<Candidate> candidates{{{}, loo(design(points, {}), y)}};
  ++hypotheses;
  // For each choice of one likely term per parameter, every set of products of the chosen terms
  // that uses each of them: for two, tx + ty, tx ty, tx + tx ty, ty + tx ty and tx + ty + tx ty.
  std::vector<std::size_t> pick(names.size(), 0);
  for (;;) {
    std::vector<Term> own;
    for (std::size_t l = 0; l < names.size(); ++l)
      if (likely[l][pick[l]]) own.push_back(*likely[l][pick[l]]);
    const std::size_t m = own.size();
    const unsigned products = (1u << m) - 1;  // non-empty subsets of the chosen terms
    for (unsigned set = 1; m > 0 && set < (1u << products); ++set) {
      std::vector<Term> terms;
      unsigned used = 0;
      for (unsigned product = 1; product <= products; ++product) {
        if (!(set & (1u << (product - 1)))) continue;
        Term t;
        for (std::size_t k = 0; k < m; ++k)
          if (product & (1u << k)) t.factors.insert(t.factors.end(), own[k].factors.begin(), own[k].factors.end());
        terms.push_back(std::move(t));
        used |= product;
      }
      if (used != products || terms.size() + 1 >= values.size()) continue;
      const double score = loo(design(points, terms), y);
      ++hypotheses;
      candidates.push_back({std::move(terms), score});
    }
    std::size_t l = 0;  // the next choice, like an odometer
    for (; l < pick.size() && ++pick[l] == likely[l].size(); ++l) pick[l] = 0;
    if (l == pick.size()) break;
  }
  // Noise lets a model with more terms predict a little better by chance: the fewest terms whose
  // cross-validated error is within kParsimony of the best win (the one-standard-error idea).
  constexpr double kParsimony = 0.25;
  double best_score = kInf;
  for (const Candidate& c : candidates) best_score = std::min(best_score, c.score);
  const Candidate* chosen = nullptr;
  for (const Candidate& c : candidates) {
    if (c.score > best_score * (1 + kParsimony) + 1e-12) continue;
    if (chosen == nullptr || c.terms.size() < chosen->terms.size() ||
        (c.terms.size() == chosen->terms.size() && c.score < chosen->score))
      chosen = &c;
  }
  std::vector<Term> best_terms = chosen->terms;
  best_score = chosen->score;
  return prune(points, values, finish(points, values, std::move(names), std::move(best_terms), best_score, hypotheses),
               options.min_contribution);
}

}  // namespace scalerun::fit
