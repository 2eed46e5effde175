#include "fit/overhead_functions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Dense>
#include <fmt/format.h>

namespace scalerun::fit {

namespace {

constexpr Basis kBasis[] = {Basis::InverseP, Basis::One, Basis::Log2P, Basis::P, Basis::PLog2P, Basis::P2};
constexpr int kBasisCount = static_cast<int>(std::size(kBasis));
constexpr int kMaxTerms = 3;
constexpr double kGoodEnough = kFitGoal;  // relative RMS residual that ends the search
constexpr double kZeroSeconds = 1e-12;  // an overhead this small everywhere is zero

struct Candidate {
  std::vector<OverheadFit::Term> terms;
  double rss = std::numeric_limits<double>::infinity();
};

// Least squares of y on the chosen columns (scaled to unit size first: p^2 and 1/p differ by
// orders of magnitude). Empty terms when the columns are dependent at these points, or when the
// fit is not one an overhead can have:
// - a negative coefficient on a term that grows with p (log2 p, p, p log2 p, p^2) would make an
//   extrapolation turn around and go below zero ("- 6.752e-10 p^2");
// - the function must not be negative anywhere from p = 1 up to the crossover search's 2^20
//   (checked at p = 1, at the points and at every power of two). The constant and 1/p may take
//   either sign within that: serial work s costs s (1 - 1/p), exactly "-s / p + s".
// Every subset is tried, so the best admissible one is found without an active-set iteration.
Candidate solve(std::span<const double> p, std::span<const double> y, const std::vector<Basis>& subset) {
  const auto n = static_cast<Eigen::Index>(p.size());
  const auto k = static_cast<Eigen::Index>(subset.size());
  Eigen::MatrixXd a(n, k);
  Eigen::VectorXd b(n);
  std::vector<double> scale(subset.size(), 0.0);
  for (Eigen::Index i = 0; i < n; ++i) b(i) = y[static_cast<std::size_t>(i)];
  for (Eigen::Index j = 0; j < k; ++j) {
    for (Eigen::Index i = 0; i < n; ++i) {
      a(i, j) = basis_value(subset[static_cast<std::size_t>(j)], p[static_cast<std::size_t>(i)]);
      scale[static_cast<std::size_t>(j)] = std::max(scale[static_cast<std::size_t>(j)], std::fabs(a(i, j)));
    }
    if (scale[static_cast<std::size_t>(j)] == 0) return {};
    a.col(j) /= scale[static_cast<std::size_t>(j)];
  }
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
  qr.setThreshold(1e-10);
  if (qr.rank() < k) return {};
  const Eigen::VectorXd x = qr.solve(b);
  Candidate c;
  for (Eigen::Index j = 0; j < k; ++j) {
    const Basis basis = subset[static_cast<std::size_t>(j)];
    const double coefficient = x(j) / scale[static_cast<std::size_t>(j)];
    const bool grows = basis != Basis::InverseP && basis != Basis::One;
    if (coefficient == 0 || (grows && coefficient < 0) || !std::isfinite(coefficient)) return {};
    c.terms.push_back({basis, coefficient});
  }
  OverheadFit as_fit;
  as_fit.terms = c.terms;
  double largest = 0;
  for (double v : y) largest = std::max(largest, std::fabs(v));
  // Below zero by less than 0.1 % of the data's size is the fit's rounding (-1.56 / p + 1.56 at
  // p = 1), not a negative overhead.
  const double floor = -1e-3 * largest;
  auto negative_at = [&](double at) { return as_fit.at(at) < floor; };
  if (negative_at(1)) return {};
  for (double at : p) {
    if (negative_at(at)) return {};
  }
  for (int e = 1; e <= 20; ++e) {
    if (negative_at(std::ldexp(1.0, e))) return {};
  }
  c.rss = (a * x - b).squaredNorm();
  return c;
}

// The best admissible subset of exactly k terms: the least residual.
Candidate best_of_size(std::span<const double> p, std::span<const double> y, int k) {
  Candidate best;
  // Subsets in a fixed order (bit masks), so equal fits always resolve the same way.
  for (int mask = 1; mask < (1 << kBasisCount); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != k) continue;
    std::vector<Basis> subset;
    for (int j = 0; j < kBasisCount; ++j) {
      if ((mask & (1 << j)) != 0) subset.push_back(kBasis[j]);
    }
    Candidate c = solve(p, y, subset);
    if (!c.terms.empty() && c.rss < best.rss) best = std::move(c);
  }
  return best;
}

}  // namespace

const char* basis_name(Basis b) {
  switch (b) {
    case Basis::InverseP: return "1/p";
    case Basis::One: return "1";
    case Basis::Log2P: return "log2 p";
    case Basis::P: return "p";
    case Basis::PLog2P: return "p log2 p";
    case Basis::P2: return "p^2";
  }
  return "?";
}

double basis_value(Basis b, double p) {
  switch (b) {
    case Basis::InverseP: return 1 / p;
    case Basis::One: return 1;
    case Basis::Log2P: return std::log2(p);
    case Basis::P: return p;
    case Basis::PLog2P: return p * std::log2(p);
    case Basis::P2: return p * p;
  }
  return 0;
}

int max_fit_terms(std::size_t points) { return std::max(1, std::min(kMaxTerms, static_cast<int>(points) - 1)); }

double OverheadFit::at(double p) const {
  double v = 0;
  for (const auto& t : terms) v += t.coefficient * basis_value(t.basis, p);
  return v;
}

std::string OverheadFit::formula(double unit) const {
  if (terms.empty()) return "0";
  std::string text;
  for (const auto& t : terms) {
    const double c = t.coefficient / unit;
    if (text.empty()) {
      text = fmt::format("{:.4g}", c);
    } else {
      text += fmt::format(" {} {:.4g}", c < 0 ? '-' : '+', std::fabs(c));
    }
    if (t.basis == Basis::InverseP) text += " / p";
    else if (t.basis != Basis::One) text += fmt::format(" {}", basis_name(t.basis));
  }
  return text;
}

OverheadFit fit_overhead(std::span<const double> p, std::span<const double> y) {
  if (p.size() != y.size()) throw std::invalid_argument("fit_overhead: one value per processor count expected");
  OverheadFit fit;
  fit.points = static_cast<int>(p.size());
  double sum_squares = 0, largest = 0;
  for (double v : y) {
    sum_squares += v * v;
    largest = std::max(largest, std::fabs(v));
  }
  if (p.empty() || largest < kZeroSeconds) return fit;
  const double n = static_cast<double>(p.size());
  const double scale_rms = std::sqrt(sum_squares / n);
  if (p.size() == 1) {  // one point says nothing about the shape: a constant
    if (y[0] > 0) fit.terms.push_back({Basis::One, y[0]});
    fit.relative_rms = y[0] > 0 ? 0 : 1;
    fit.max_terms = 1;
    fit.within_goal = y[0] > 0;
    return fit;
  }
  // A fit is judged by what it leaves over, so it needs a point more than it has terms: one point
  // gives a constant, two at most one term, and so on up to kMaxTerms.
  fit.max_terms = max_fit_terms(p.size());
  const double limit_rss = n * (kGoodEnough * scale_rms) * (kGoodEnough * scale_rms);
  Candidate chosen;
  double chosen_bic = std::numeric_limits<double>::infinity();
  for (int k = 1; k <= fit.max_terms; ++k) {
    Candidate c = best_of_size(p, y, k);
    if (c.terms.empty()) continue;
    if (c.rss <= limit_rss) {
      chosen = std::move(c);
      break;
    }
    // A floor under the residual keeps near-exact fits comparable (log of zero).
    const double bic = n * std::log(std::max(c.rss / n, 1e-24 * scale_rms * scale_rms)) + k * std::log(n);
    if (bic < chosen_bic) {
      chosen_bic = bic;
      chosen = std::move(c);
    }
  }
  if (chosen.terms.empty()) {
    // No term fits with a positive coefficient: the overhead is zero or negative (round-off below
    // a zero overhead) wherever it was measured; zero is the honest non-negative fit.
    chosen.rss = sum_squares;
  }
  fit.terms = chosen.terms;
  fit.relative_rms = std::sqrt(chosen.rss / n) / scale_rms;
  fit.within_goal = fit.relative_rms <= kGoodEnough;
  return fit;
}

std::optional<Crossover> crossover(const OverheadFit& rising, const OverheadFit& other) {
  auto above = [&](double p) { return rising.at(p) > other.at(p); };
  constexpr int kLargestPower = 20;
  if (above(2)) return Crossover{2, 2, true};
  for (int k = 2; k <= kLargestPower; ++k) {
    double hi = std::ldexp(1.0, k);
    if (!above(hi)) continue;
    // Invariant: not above at lo, above at hi. Halving a bracket of at most 2^19 down to 1e-9 of
    // it takes about 30 steps; the step cap only guards against a bracket that stops shrinking.
    double lo = hi / 2;
    for (int step = 0; step < 200 && hi - lo > 1e-9 * hi; ++step) {
      const double mid = lo + (hi - lo) / 2;
      (above(mid) ? hi : lo) = mid;
    }
    Crossover c;
    c.at = lo + (hi - lo) / 2;
    // The first whole count above: ceil(at), or the next one when at lands on a whole number where
    // the two are equal; never past hi, where rising is above.
    c.processors = std::ceil(lo);
    if (!above(c.processors)) c.processors += 1;
    c.processors = std::min(c.processors, std::ceil(hi));
    return c;
  }
  return std::nullopt;
}

}  // namespace scalerun::fit
