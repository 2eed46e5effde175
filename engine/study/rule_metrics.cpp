#include "study/rule_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "study/metrics.hpp"

namespace scalerun::study::metrics {

Basis basis_of(model::RuleKind kind) {
  switch (kind) {
    case model::RuleKind::Fixed: return Basis::FixedSize;
    case model::RuleKind::Efficiency: return Basis::OwnPair;
    default: return Basis::WorkRate;
  }
}

bool shows_weak(model::RuleKind kind) { return kind == model::RuleKind::MemoryBound; }

PointMetrics point_metrics(model::RuleKind kind, const PointTimes& pt, const BaseTimes& base) {
  PointMetrics m;
  switch (basis_of(kind)) {
    case Basis::FixedSize:
      if (!base.measured()) return m;
      m.t1 = base.t1;
      m.speedup = speedup(base.t1, pt.tp);
      m.efficiency = m.speedup / pt.p;
      m.karp_flatt = karp_flatt(m.speedup, pt.p);
      return m;
    case Basis::OwnPair:
      // At p = 1 the pair is the point itself.
      m.t1 = std::isfinite(pt.t1_own) ? pt.t1_own : (pt.p == 1 ? pt.tp : std::nan(""));
      m.efficiency = std::isfinite(pt.e_own) ? pt.e_own : efficiency(m.t1, pt.tp, pt.p);
      m.speedup = pt.p * m.efficiency;
      return m;
    case Basis::WorkRate: {
      if (!base.measured()) return m;
      m.t1 = base.t1;
      const double tc = base.t1 / base.work;
      m.efficiency = pt.work * tc / (pt.p * pt.tp);
      m.speedup = pt.p * m.efficiency;
      if (shows_weak(kind) && base.p == 1) m.weak = base.t1 / pt.tp;
      return m;
    }
  }
  return m;
}

std::string definition_note(model::RuleKind kind, const std::string& base) {
  switch (basis_of(kind)) {
    case Basis::FixedSize:
      return "fixed size: S = T(1)/T(p), E = S/p, karp_flatt = (1/S - 1/p)/(1 - 1/p), T(1) the one-worker time "
             "of the same size";
    case Basis::OwnPair:
      return "efficiency{}: each point against its own one-worker time at its own size, E = T(1, n)/(p T(p, n)), "
             "S = p E; no karp_flatt (the size changes with p)";
    case Basis::WorkRate:
      return fmt::format("{}: E = W(p) tc/(p T(p)) with tc = T(1)/W on one worker at the base size ({}) (seed 000 "
                         "eq. 9), scaled speedup S = p E{}; no karp_flatt (the size changes with p)",
                         model::rule_name(kind), base,
                         shows_weak(kind) ? "; E_weak = T(1)/T(p), the weak-scaling efficiency, where the base size is "
                                            "that of p = 1"
                                          : "");
  }
  return {};
}

std::size_t base_index(const std::vector<double>& ps) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < ps.size(); ++i) {
    if (ps[i] < ps[best]) best = i;
  }
  return best;
}

std::string above_one_note(model::RuleKind kind, const std::vector<double>& ps, const std::vector<double>& es,
                           bool simulated) {
  std::string where;
  for (std::size_t i = 0; i < ps.size() && i < es.size(); ++i) {
    // A hair above 1 is rounding of the same time, not a claim.
    if (std::isfinite(es[i]) && es[i] > 1 + 1e-9) where += fmt::format("{}p = {:g} (E {:.4f})", where.empty() ? "" : ", ", ps[i], es[i]);
  }
  if (where.empty()) return {};
  if (simulated) {
    return fmt::format("E above 1 at {}: {}", where,
                       basis_of(kind) == Basis::WorkRate
                           ? "the work rate against tc at the base size overstates where one unit of work costs less "
                             "at larger sizes (W not proportional to one-processor time)"
                           : "the p processors do more per second than p copies of the one T(1) ran on");
  }
  return fmt::format("E above 1 at {}: {}", where,
                     basis_of(kind) == Basis::WorkRate
                         ? "the work rate against tc at the base size overstates where one unit of work costs less "
                           "at larger sizes (W not proportional to one-worker time), or the runs are superlinear "
                           "(caches) or noisy"
                         : "superlinear (the parallel run's data fit in caches the one-worker run's did not) or "
                           "within the noise of the times");
}

std::string work_proportionality_note(const std::vector<double>& t1_own, const std::vector<double>& work,
                                      double tolerance) {
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (std::size_t i = 0; i < t1_own.size() && i < work.size(); ++i) {
    const double tc = t1_own[i] / work[i];
    if (!std::isfinite(tc) || tc <= 0) return {};
    low = std::min(low, tc);
    high = std::max(high, tc);
  }
  if (!(high > low) || high / low - 1 <= tolerance) return {};
  return fmt::format("W is not proportional to the one-worker time here: tc = T(1, n)/W ranges from {:.4g} to {:.4g} "
                     "s ({:.0f} % apart) over the points, so E from the work rate differs from T(1, n)/(p T(p, n)) "
                     "and can exceed 1; a W that counts work in units of equal cost makes them agree",
                     low, high, 100 * (high / low - 1));
}

std::string missing_reference_note(model::RuleKind kind) {
  switch (basis_of(kind)) {
    case Basis::FixedSize:
      return "T(1) is not measured (no p = 1 point): S, E and karp_flatt are left empty; add 1 to procs";
    case Basis::OwnPair:
      return "T(1) is not measured at a point without its own one-worker run: S and E are left empty there";
    case Basis::WorkRate:
      return "tc is not measured (no p = 1 point at the base size): S and E are left empty; add 1 to procs";
  }
  return {};
}

}  // namespace scalerun::study::metrics
