#pragma once
// Overhead functions as the SPASM paper tabulates them (003_*.txt §7, Tables VI-VIII): each
// measured overhead, as a function of p, fitted by least squares on a few terms of the basis
// {1/p, 1, log2 p, p, p log2 p, p^2}, so it can be read ("latency grows as log p, contention as
// p^2 on the bus") and extrapolated ("contention overtakes latency at p = 16").
//
// The subset of terms: the fewest terms (1, 2, then 3, never as many as there are points) whose
// fit leaves a residual within 2 % of the data's size, among the fits an overhead can have: no
// negative coefficient on a term that grows with p (one would make an extrapolation turn around),
// and no negative value from p = 1 to 2^20 (the constant and 1/p may be negative within that:
// serial work s costs s (1 - 1/p)). When no subset fits that well, the one with the best Bayesian
// information criterion, and the fit says so (within_goal false) with its real error.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scalerun::fit {

enum class Basis { InverseP, One, Log2P, P, PLog2P, P2 };

const char* basis_name(Basis b);  // "1/p", "1", "log2 p", "p", "p log2 p", "p^2"
double basis_value(Basis b, double p);

struct OverheadFit {
  struct Term {
    Basis basis;
    double coefficient;
  };
  std::vector<Term> terms;  // empty: the overhead is zero at every point
  double relative_rms = 0;  // residual RMS / RMS of the data: the fit's real error
  int points = 0;
  int max_terms = 0;         // the most terms the points allowed (points - 1, at most 3)
  bool within_goal = true;   // relative_rms <= 2 %

  double at(double p) const;
  // e.g. "0.0041 log2 p + 1.2e-05 p^2"; "0" for no terms. Coefficients scaled by `unit`.
  std::string formula(double unit = 1) const;
};

// Fits y(p). Throws std::invalid_argument when the spans differ in length. With fewer than two
// points the fit is a constant.
inline constexpr double kFitGoal = 0.02;
// The most terms a fit of this many points may have: a point more than terms, at most 3.
int max_fit_terms(std::size_t points);
OverheadFit fit_overhead(std::span<const double> p, std::span<const double> y);

// Where one fitted overhead overtakes another.
struct Crossover {
  double at = 2;              // p where the fitted functions cross
  double processors = 2;      // the first whole processor count >= at where `rising` is above
  bool above_from_start = false;  // `rising` is already above at p = 2, where the search starts
};

// Where `rising` overtakes `other`, from p = 2 up to 2^20: the first power of two at which
// rising(p) > other(p) and the one before it bracket the crossing, and bisection on the
// difference of the two functions finds it between them (one crossing per bracket is assumed:
// one that rises above and falls back between two powers of two goes unseen). nullopt if
// `rising` stays at or below `other`.
std::optional<Crossover> crossover(const OverheadFit& rising, const OverheadFit& other);

}  // namespace scalerun::fit
