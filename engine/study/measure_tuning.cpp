#include "study/measure_tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "model/solver.hpp"
#include "runtime/stop.hpp"

namespace scalerun::study {

namespace {

// Native size parameters are counts: the varied ones are rounded to whole numbers.
runtime::Params at_size(const TuneRequest& r, double x) {
  runtime::Params params = r.base;
  for (const auto& [name, ratio] : r.rule->vary) params[name] = std::max(1.0, std::round(ratio * x));
  return params;
}

double base_x(const TuneRequest& r) {
  const auto& [name, ratio] = r.rule->vary.front();
  const auto it = r.base.find(name);
  return it == r.base.end() ? 1.0 : it->second / ratio;
}

// One evaluation of the search: the size and, for efficiency, the interval of its median.
struct Step {
  double x;
  Interval interval;
  bool has_interval;
};

// Why an efficiency search missed, where its evaluations show it: the last one could not tell
// whether its size is in the band, or two sizes gave efficiencies in the wrong order with intervals
// apart (a host whose speed changes between evaluations does that).
std::string diagnose(const std::vector<Step>& steps, const TunedPoint& last, double tolerance) {
  if (!last.decided) {
    return fmt::format("at the last size the 95 % interval of E from {} pairs of runs, [{:.4g}, {:.4g}], straddles "
                       "the band of +-{:g} %: the host's run-to-run spread is too large for this tolerance (raise "
                       "max_repeats or tolerance, or measure on steadier cores)",
                       last.pairs, last.interval.low, last.interval.high, 100 * tolerance);
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    for (std::size_t j = 0; j < steps.size(); ++j) {
      const Step &a = steps[i], &b = steps[j];
      if (!a.has_interval || !b.has_interval || !(a.x < b.x) || !(a.interval.low > b.interval.high)) continue;
      return fmt::format("E fell as the size grew, with intervals apart ({:.6g} -> [{:.4g}, {:.4g}], {:.6g} -> "
                         "[{:.4g}, {:.4g}]): the host's speed changed between evaluations, or the kernel's "
                         "efficiency is not monotone in its size",
                         a.x, a.interval.low, a.interval.high, b.x, b.interval.low, b.interval.high);
    }
  }
  return "";
}

// The short name of the tuned quantity, for the progress lines.
const char* quantity_symbol(model::RuleKind kind) {
  switch (kind) {
    case model::RuleKind::Efficiency: return "E";
    case model::RuleKind::Isospeed: return "speed";
    case model::RuleKind::TimeBound: return "T";
    default: return "value";
  }
}

// The run limit in force for the tuner's runs, and whether a run that passes it hit the tuner's
// own cap (the search ends) rather than the user's run_timeout (an error).
double effective_limit(const TuneRequest& r) {
  const double user = r.settings.run_limit_seconds, cap = r.max_run_seconds;
  if (user > 0 && cap > 0) return std::min(user, cap);
  return user > 0 ? user : cap;
}
bool cap_is_tuners(const TuneRequest& r) {
  return r.max_run_seconds > 0 && !(r.settings.run_limit_seconds > 0 && r.settings.run_limit_seconds < r.max_run_seconds);
}

}  // namespace

TunedPoint tune_point(const TuneRequest& r) {
  using model::RuleKind;
  TunedPoint out;
  const RuleKind kind = r.rule->kind;
  if (r.rule->vary.empty()) throw ScriptError(r.rule->where + "the rule needs vary = 'parameter' to tune");

  if (kind == RuleKind::MemoryBound) {
    // No measurement needed to size it: M(x) = p B, solved on the kernel's memory.
    const double target = r.rule->target;
    if (std::isnan(r.kernel.memory(r.base))) {
      throw ScriptError(r.rule->where + "memory_bound needs the kernel's memory = function(k) ... end (bytes)");
    }
    auto g = [&](double x, double*) { return r.kernel.memory(at_size(r, x)) / r.p - target; };
    const auto solved = model::solve_first_root(g, target, r.rule->range);
    if (!solved.found) throw ScriptError(fmt::format("{}no size gives {:g} bytes per processor", r.rule->where, target));
    out.params = at_size(r, solved.x);
    const double bytes = r.kernel.memory(out.params);
    if (r.host_memory > 0 && bytes > 0.8 * r.host_memory) {
      throw ScriptError(fmt::format("{}memory_bound at p={:g} needs {:.3g} bytes, more than this host can hold ({:.3g} "
                                    "bytes of memory); lower per_proc", r.rule->where, r.p, bytes, r.host_memory));
    }
    out.at_p = r.kernel.measure(out.params, static_cast<int>(r.p), r.settings);
    out.runs = 1;
    out.quantity = bytes / r.p;
    out.reached = true;
    return out;
  }
  if (kind != RuleKind::Efficiency && kind != RuleKind::Isospeed && kind != RuleKind::TimeBound) {
    throw ScriptError(fmt::format("{}{} cannot be tuned on this host (efficiency, isospeed, time_bound and "
                                  "memory_bound can)", r.rule->where, model::rule_name(kind)));
  }
  const double target = r.rule->target;
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  const bool point_capped_possible = r.max_point_seconds > 0;
  MeasureSettings limited = r.settings;
  limited.run_limit_seconds = effective_limit(r);
  auto evaluate = [&](double x) {
    TunedPoint t;
    t.params = at_size(r, x);
    t.runs = 1;
    if (kind == RuleKind::Efficiency) {
      // T(1) and T(p) taken in turns, so a change in the host's load during the evaluation
      // shifts both alike instead of biasing their ratio; E is the median of the pairs' ratios.
      // More pairs are taken while the 95 % interval of that median straddles an edge of the
      // band: a noisy host gets the samples it needs to decide, a steady one stops at `repeat`.
      std::vector<Measurement> ones, ps;
      std::vector<double> pair_e;
      const double band_low = target * (1 - r.tolerance), band_high = target * (1 + r.tolerance);
      while (true) {
        for (int i = 0; i < r.settings.repeat; ++i) {
          const MeasureSettings single{ones.empty() ? r.settings.warmup : 0, 1, limited.run_limit_seconds};
          ones.push_back(r.kernel.measure(t.params, 1, single));
          ps.push_back(r.kernel.measure(t.params, static_cast<int>(r.p), single));
          if (!ones.back().samples.empty() && !ps.back().samples.empty())
            pair_e.push_back(ones.back().samples.front() / (r.p * ps.back().samples.front()));
        }
        t.interval = median_interval(pair_e);
        const bool inside = t.interval.low >= band_low && t.interval.high <= band_high;
        const bool outside = t.interval.high < band_low || t.interval.low > band_high;
        t.decided = inside || outside;
        if (t.decided || static_cast<int>(ones.size()) >= std::max(r.max_pairs, r.settings.repeat)) break;
        if (point_capped_possible && elapsed() >= r.max_point_seconds) break;  // undecided; the cap is said below
      }
      t.at_1 = combine(ones);
      t.at_p = combine(ps);
      t.runs = 2;
      t.pairs = static_cast<int>(pair_e.size());
      t.quantity = median_of(std::move(pair_e));
    } else if (kind == RuleKind::Isospeed) {
      t.at_p = r.kernel.measure(t.params, static_cast<int>(r.p), limited);
      t.quantity = r.kernel.work(t.params) / (r.p * t.at_p.median);
    } else {
      t.at_p = r.kernel.measure(t.params, static_cast<int>(r.p), limited);
      t.quantity = t.at_p.median;
    }
    return t;
  };
  // Local exponent of quantity against size, until two measurements give a secant.
  double k = kind == RuleKind::TimeBound ? 1.0 : 0.5;
  double x = r.seed.value_or(base_x(r));
  double prev_x = 0, prev_q = 0;
  int runs = 0;
  std::vector<Step> steps;
  const std::string& size_name = r.rule->vary.front().first;
  const double size_ratio = r.rule->vary.front().second;
  bool evaluated = false;
  while (true) {
    runtime::throw_if_stopped();
    if (evaluated && point_capped_possible && elapsed() >= r.max_point_seconds) {
      out.capped = fmt::format("the point's evaluations took {:.0f} s, past max_point_time = {:g} s", elapsed(),
                               r.max_point_seconds);
      out.diagnosis = diagnose(steps, out, r.tolerance);
      return out;
    }
    TunedPoint t;
    try {
      t = evaluate(x);
    } catch (const runtime::Stopped& stop) {
      if (stop.cause() != runtime::StopCause::run_limit || !cap_is_tuners(r)) throw;
      const std::string what = fmt::format("a run at {}={:.6g} passed max_run_time = {:g} s", size_name,
                                           x * size_ratio, r.max_run_seconds);
      if (!evaluated) {
        throw ScriptError(fmt::format("{}p={:g}: {}, the first size tried: lower the kernel's {} or raise max_run_time",
                                      r.rule->where, r.p, what, size_name));
      }
      out.capped = what + ", so the search stopped there";
      out.diagnosis = diagnose(steps, out, r.tolerance);
      return out;
    }
    evaluated = true;
    runs += t.runs;
    steps.push_back({x, t.interval, t.pairs > 1});
    out.trail += fmt::format("{}{:.6g} -> {:.4g}", out.trail.empty() ? "" : ", ", x, t.quantity);
    if (t.pairs > 1) out.trail += fmt::format(" [{:.4g}, {:.4g}]", t.interval.low, t.interval.high);
    const bool reached = std::abs(t.quantity / target - 1) <= r.tolerance;
    if (r.on_evaluation) {
      r.on_evaluation(fmt::format("p={:g}: {}={:.6g} -> {} = {:.4g}{} (target {:.4g}{}; {} runs, {:.1f} s)", r.p,
                                  size_name, x * size_ratio, quantity_symbol(kind), t.quantity,
                                  t.pairs > 1 ? fmt::format(", 95 % interval [{:.4g}, {:.4g}] from {} pairs",
                                                            t.interval.low, t.interval.high, t.pairs)
                                              : std::string(),
                                  target, reached ? ", reached" : "", runs, elapsed()));
    }
    t.trail = out.trail;
    t.runs = runs;
    t.reached = reached;
    out = std::move(t);
    if (!reached && runs >= r.budget) out.diagnosis = diagnose(steps, out, r.tolerance);
    if (reached || runs >= r.budget) return out;
    if (prev_x > 0 && prev_q > 0 && out.quantity > 0 && x != prev_x) {
      const double secant = std::log(out.quantity / prev_q) / std::log(x / prev_x);
      if (std::isfinite(secant) && std::abs(secant) > 0.02) k = secant;
    }
    prev_x = x;
    prev_q = out.quantity;
    double factor = std::clamp(std::pow(target / out.quantity, 1.0 / k), 1.0 / 16, 16.0);
    if (kind == RuleKind::Efficiency && out.at_1) {
      // The latency step (seed 000 eq. 3 and 11): with Tp = T1/p + L and L measured as
      // Tp - T1/p, efficiency E needs T1 = p L E/(1 - E); the work, and so T1, grow with the size.
      const double t1 = out.at_1->median, tp = out.at_p.median;
      const double latency = tp - t1 / r.p;
      if (latency > 0 && target < 1) {
        const double needed = r.p * latency * target / (1 - target);
        // A step from measured figures, not an extrapolated slope: trusted further than the secant.
        if (std::isfinite(needed) && needed > 0) factor = std::clamp(needed / t1, 1.0 / 1024, 1024.0);
      }
    }
    x = std::max(1.0, x * factor);
    if (x == prev_x) return out;  // rounding cannot move it further
  }
}

}  // namespace scalerun::study
