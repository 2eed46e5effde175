#pragma once
// Speedup and efficiency as the scaling rule means them, defined once for model, measure and
// simulate mode (issue 26). A fixed size compares two times of the same problem; a rule that
// changes the size with p does not, and dividing T(1, n1) by T(p, np) there compares different
// problems. So:
//   fixed size:        S = T(1)/T(p), E = S/p, Karp-Flatt e = (1/S - 1/p)/(1 - 1/p);
//   efficiency{}:      each point's own pair at its own size, E = T(1, np)/(p T(p, np)), S = p E
//                      (a tuner's median over pairs when it has one);
//   every other rule   (memory_bound, time_bound, isospeed, isospeed_e, custom): E from the work
//                      per unit time, E = W(p) tc/(p T(p)) with tc = T(1, n0)/W(n0) taken on one
//                      worker at a base size n0 (seed 000 eq. 9), scaled speedup S = p E; under
//                      memory_bound also the weak-scaling efficiency T(1, n0)/T(p, np);
//   no Karp-Flatt where the size changes: its serial fraction assumes one problem.

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "model/scaling_rule.hpp"

namespace scalerun::study::metrics {

enum class Basis {
  FixedSize,  // one problem at every p
  OwnPair,    // efficiency{}: each point's one-worker run at its own size
  WorkRate,   // the size changes: work per unit time against tc at the base size
};

Basis basis_of(model::RuleKind kind);

// A point as the metrics need it, whatever mode produced it.
struct PointTimes {
  double p = 1;
  double work = std::nan("");    // W at the point's size (NaN: the kernel does not say)
  double tp = std::nan("");      // T(p) at the point's size
  double t1_own = std::nan("");  // T(1) at the point's own size, where it was taken
  double e_own = std::nan("");   // efficiency{} tuned points: the tuner's E over its pairs
};

// The one-worker reference: T(1) and W at the base size (NaN where not taken).
struct BaseTimes {
  double t1 = std::nan("");
  double work = std::nan("");
  // The processors the base size belongs to (the first point's p): E_weak = T(1, n0)/T(p, np)
  // compares one worker's share only when the base is a one-worker point, so only then is it given.
  double p = 1;
  bool measured() const { return std::isfinite(t1) && t1 > 0; }
};

// Every metric of one point; NaN where the definition has no value (an empty cell).
struct PointMetrics {
  double t1 = std::nan("");          // the T(1) the metrics are taken against
  double speedup = std::nan("");     // S (scaled speedup p E where the size changes)
  double efficiency = std::nan("");  // E
  double karp_flatt = std::nan("");  // fixed size only, p > 1
  double weak = std::nan("");        // memory_bound: T(1, n0)/T(p, np)
};

PointMetrics point_metrics(model::RuleKind kind, const PointTimes& pt, const BaseTimes& base);

// Which point is the base, whatever order the sweep lists its processor counts in: the p = 1
// point where there is one, else the one of fewest processors (the first of those). `ps` must
// not be empty.
std::size_t base_index(const std::vector<double>& ps);

// The note for points whose E exceeds 1 ("" when none does): where the size changes with p, the
// work rate can overstate (W not proportional to one-worker time); a measured point can be
// superlinear (caches) or noisy. `ps` and `es` are the points' p and E.
// `simulated`: the times are a simulation's, which has no caches and no noise; E above 1 there
// can only come from the definition (the work rate) or from processors unlike T(1)'s.
std::string above_one_note(model::RuleKind kind, const std::vector<double>& ps, const std::vector<double>& es,
                           bool simulated = false);

// Whether the weak-scaling efficiency T(1, n0)/T(p, np) is what the rule means (memory_bound:
// the work per worker held, so T would stay put under perfect scaling).
bool shows_weak(model::RuleKind kind);

// The note every table that shows S or E carries: which definition it used, with the base size
// (`base`, e.g. "p = 1, n = 512") where the work rate needs one.
std::string definition_note(model::RuleKind kind, const std::string& base);

// Eq. 9 assumes every unit of work costs one worker the same tc. Where one-worker times at each
// point's own size are known (model mode), this says when they are not proportional to W: tc =
// T(1, n)/W spread by more than `tolerance` (relative) between the points. The work-rate E then
// differs from T(1, n)/(p T(p, n)) and can exceed 1. "" when W is proportional (or unknown).
std::string work_proportionality_note(const std::vector<double>& t1_own, const std::vector<double>& work,
                                      double tolerance = 0.02);

// The note for a table without the one-worker reference it needs ("" when it has one).
std::string missing_reference_note(model::RuleKind kind);

}  // namespace scalerun::study::metrics
