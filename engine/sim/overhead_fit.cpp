#include "sim/overhead_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Dense>
#include <fmt/format.h>

namespace scalerun::sim {

namespace {

constexpr Basis kBasis[] = {Basis::InverseP, Basis::One, Basis::Log2P, Basis::P, Basis::PLog2P, Basis::P2};
constexpr int kBasisCount = static_cast<int>(std::size(kBasis));
constexpr int kMaxTerms = 3;
constexpr double kGoodEnough = 0.02;    // relative RMS residual that ends the search
constexpr double kZeroSeconds = 1e-12;  // an overhead this small everywhere is zero

struct Candidate {
  std::vector<OverheadFit::Term> terms;
  double rss = std::numeric_limits<double>::infinity();
  bool nonnegative = false;
};

// Least squares of y on the chosen columns (scaled to unit size first: p^2 and 1/p differ by
// orders of magnitude). Empty terms when the columns are dependent at these points.
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
  c.rss = (a * x - b).squaredNorm();
  c.nonnegative = true;
  for (Eigen::Index j = 0; j < k; ++j) {
    const double coefficient = x(j) / scale[static_cast<std::size_t>(j)];
    c.terms.push_back({subset[static_cast<std::size_t>(j)], coefficient});
    if (coefficient < 0) c.nonnegative = false;
  }
  return c;
}

// The best subset of exactly k terms: among those that fit within kGoodEnough, nonnegative
// coefficients first, then the least residual; when none fits that well, the least residual.
Candidate best_of_size(std::span<const double> p, std::span<const double> y, int k, double limit_rss, bool& good) {
  Candidate best_any, best_good, best_good_nonnegative;
  // Subsets in a fixed order (bit masks), so equal fits always resolve the same way.
  for (int mask = 1; mask < (1 << kBasisCount); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != k) continue;
    std::vector<Basis> subset;
    for (int j = 0; j < kBasisCount; ++j) {
      if ((mask & (1 << j)) != 0) subset.push_back(kBasis[j]);
    }
    Candidate c = solve(p, y, subset);
    if (c.terms.empty()) continue;
    if (c.rss < best_any.rss) best_any = c;
    if (c.rss <= limit_rss && c.rss < best_good.rss) best_good = c;
    if (c.rss <= limit_rss && c.nonnegative && c.rss < best_good_nonnegative.rss) best_good_nonnegative = c;
  }
  good = !best_good.terms.empty();
  if (!best_good_nonnegative.terms.empty()) return best_good_nonnegative;
  return good ? best_good : best_any;
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
  if (p.size() == 1) {
    fit.terms.push_back({Basis::One, y[0]});
    return fit;
  }
  const int max_terms = std::min(kMaxTerms, static_cast<int>(p.size()) - 1);
  const double limit_rss = n * (kGoodEnough * scale_rms) * (kGoodEnough * scale_rms);
  Candidate chosen;
  double chosen_bic = std::numeric_limits<double>::infinity();
  for (int k = 1; k <= max_terms; ++k) {
    bool good = false;
    Candidate c = best_of_size(p, y, k, limit_rss, good);
    if (c.terms.empty()) continue;
    if (good) {
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
  if (chosen.terms.empty()) {  // every processor count the same: nothing to tell terms apart
    double mean = 0;
    for (double v : y) mean += v / n;
    chosen = solve(p.first(1), std::span<const double>(&mean, 1), {Basis::One});
    chosen.rss = 0;
    for (double v : y) chosen.rss += (v - mean) * (v - mean);
  }
  fit.terms = chosen.terms;
  fit.relative_rms = std::sqrt(chosen.rss / n) / scale_rms;
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

}  // namespace scalerun::sim
