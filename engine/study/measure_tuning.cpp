#include "study/measure_tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
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

// memory_bound needs no measurement to size it: M(x) = p B, solved on the kernel's memory; the
// point is then measured once at that size.
TunedPoint size_for_memory(const TuneRequest& r) {
  TunedPoint out;
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

// The search for one tuned point: evaluations at sizes x, each step sized from the last ones.
class Search {
 public:
  explicit Search(const TuneRequest& r)
      : r_(r), kind_(r.rule->kind), target_(r.rule->target), started_(std::chrono::steady_clock::now()),
        size_name_(r.rule->vary.front().first), size_ratio_(r.rule->vary.front().second) {
    limited_ = r.settings;
    limited_.run_limit_seconds = effective_limit(r);
  }

  TunedPoint run() {
    // Local exponent of quantity against size, until two measurements give a secant.
    k_ = kind_ == model::RuleKind::TimeBound ? 1.0 : 0.5;
    double x = r_.seed.value_or(base_x(r_));
    while (true) {
      runtime::throw_if_stopped();
      if (evaluated_ && point_capped() && elapsed() >= r_.max_point_seconds) {
        out_.capped = fmt::format("the point's evaluations took {:.0f} s, past max_point_time = {:g} s", elapsed(),
                                  r_.max_point_seconds);
        out_.diagnosis = diagnose(steps_, out_, r_.tolerance);
        return out_;
      }
      std::optional<TunedPoint> t = evaluate_or_cap(x);
      if (!t) return out_;
      if (record(x, std::move(*t))) return out_;
      double next = next_size(x);
      if (next == x) return out_;  // rounding cannot move it further
      next = within_memory(x, next);
      if (next == x) {
        out_.capped = fmt::format("the next size, {}={:.6g}, needs more than 80 % of this host's {:.3g} bytes of "
                                  "memory, so the search stopped at the largest that fits",
                                  size_name_, next_size_wanted_ * size_ratio_, r_.host_memory);
        out_.diagnosis = diagnose(steps_, out_, r_.tolerance);
        return out_;
      }
      x = next;
    }
  }

 private:
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }
  bool point_capped() const { return r_.max_point_seconds > 0; }

  // T(1) and T(p) taken in turns, so a change in the host's load during the evaluation shifts both
  // alike instead of biasing their ratio; E is the median of the pairs' ratios. More pairs are
  // taken while the 95 % interval of that median straddles an edge of the band: a noisy host gets
  // the samples it needs to decide, a steady one stops at `repeat`.
  void measure_efficiency(TunedPoint& t) const {
    std::vector<Measurement> ones, ps;
    std::vector<double> pair_e;
    const double band_low = target_ * (1 - r_.tolerance), band_high = target_ * (1 + r_.tolerance);
    while (true) {
      for (int i = 0; i < r_.settings.repeat; ++i) {
        MeasureSettings single = limited_;
        single.warmup = ones.empty() ? r_.settings.warmup : 0;
        single.repeat = 1;
        single.record_timeline = false;
        ones.push_back(r_.kernel.measure(t.params, 1, single));
        ps.push_back(r_.kernel.measure(t.params, static_cast<int>(r_.p), single));
        if (!ones.back().samples.empty() && !ps.back().samples.empty())
          pair_e.push_back(ones.back().samples.front() / (r_.p * ps.back().samples.front()));
      }
      t.interval = median_interval(pair_e);
      const bool inside = t.interval.low >= band_low && t.interval.high <= band_high;
      const bool outside = t.interval.high < band_low || t.interval.low > band_high;
      t.decided = inside || outside;
      if (t.decided || static_cast<int>(ones.size()) >= std::max(r_.max_pairs, r_.settings.repeat)) break;
      if (point_capped() && elapsed() >= r_.max_point_seconds) break;  // undecided; the cap is said by run()
    }
    t.at_1 = combine(ones);
    t.at_p = combine(ps);
    t.runs = 2;
    t.pairs = static_cast<int>(pair_e.size());
    t.quantity = median_of(std::move(pair_e));
  }

  TunedPoint evaluate(double x) const {
    TunedPoint t;
    t.params = at_size(r_, x);
    t.runs = 1;
    if (kind_ == model::RuleKind::Efficiency) {
      measure_efficiency(t);
    } else {
      t.at_p = r_.kernel.measure(t.params, static_cast<int>(r_.p), limited_);
      t.quantity = kind_ == model::RuleKind::Isospeed    ? r_.kernel.work(t.params) / (r_.p * t.at_p.median)
                   : kind_ == model::RuleKind::IsospeedE ? r_.kernel.work(t.params) / (t.at_p.median * r_.marked)
                                                         : t.at_p.median;
    }
    return t;
  }

  // An evaluation, or none when a run passed the tuner's own max_run_time (the search ends there;
  // on the first size that is an error, as nothing was found).
  std::optional<TunedPoint> evaluate_or_cap(double x) {
    try {
      return evaluate(x);
    } catch (const runtime::Stopped& stop) {
      if (stop.cause() != runtime::StopCause::run_limit || !cap_is_tuners(r_)) throw;
      const std::string what = fmt::format("a run at {}={:.6g} passed max_run_time = {:g} s", size_name_,
                                           x * size_ratio_, r_.max_run_seconds);
      if (!evaluated_) {
        throw ScriptError(fmt::format("{}p={:g}: {}, the first size tried: lower the kernel's {} or raise max_run_time",
                                      r_.rule->where, r_.p, what, size_name_));
      }
      out_.capped = what + ", so the search stopped there";
      out_.diagnosis = diagnose(steps_, out_, r_.tolerance);
      return std::nullopt;
    }
  }

  // Keeps the evaluation at x as the point's latest; true when the search is over (target reached
  // or budget spent).
  bool record(double x, TunedPoint t) {
    evaluated_ = true;
    runs_ += t.runs;
    steps_.push_back({x, t.interval, t.pairs > 1});
    out_.trail += fmt::format("{}{:.6g} -> {:.4g}", out_.trail.empty() ? "" : ", ", x, t.quantity);
    if (t.pairs > 1) out_.trail += fmt::format(" [{:.4g}, {:.4g}]", t.interval.low, t.interval.high);
    const bool reached = std::abs(t.quantity / target_ - 1) <= r_.tolerance;
    if (r_.on_evaluation) {
      r_.on_evaluation(fmt::format("p={:g}: {}={:.6g} -> {} = {:.4g}{} (target {:.4g}{}; {} runs, {:.1f} s)", r_.p,
                                   size_name_, x * size_ratio_, quantity_symbol(kind_), t.quantity,
                                   t.pairs > 1 ? fmt::format(", 95 % interval [{:.4g}, {:.4g}] from {} pairs",
                                                             t.interval.low, t.interval.high, t.pairs)
                                               : std::string(),
                                   target_, reached ? ", reached" : "", runs_, elapsed()));
    }
    t.trail = out_.trail;
    t.runs = runs_;
    t.reached = reached;
    out_ = std::move(t);
    if (!reached && runs_ >= r_.budget) out_.diagnosis = diagnose(steps_, out_, r_.tolerance);
    return reached || runs_ >= r_.budget;
  }

  // A step towards `next` that this host can hold: a size whose memory (the kernel's own formula)
  // passes 80 % of the host's is never run, since the kernel would be killed for memory or swap
  // for minutes. The largest size that fits between x and next, by bisection; x when none does.
  double within_memory(double x, double next) {
    next_size_wanted_ = next;
    const auto fits = [&](double size) {
      const double bytes = r_.kernel.memory(at_size(r_, size));
      return !(r_.host_memory > 0 && std::isfinite(bytes) && bytes > 0.8 * r_.host_memory);
    };
    if (fits(next)) return next;
    double lo = x, hi = next;
    if (!fits(lo)) return x;
    for (int i = 0; i < 60 && hi / lo > 1.001; ++i) {
      const double mid = std::sqrt(lo * hi);
      (fits(mid) ? lo : hi) = mid;
    }
    return lo / x > 1.01 ? lo : x;
  }

  // The next size: the secant of the last two evaluations, or for efficiency the latency step.
  double next_size(double x) {
    if (prev_x_ > 0 && prev_q_ > 0 && out_.quantity > 0 && x != prev_x_) {
      const double secant = std::log(out_.quantity / prev_q_) / std::log(x / prev_x_);
      // A falling secant is noise (the quantity grows with the size): the last exponent stands.
      if (std::isfinite(secant) && secant > 0.02) k_ = secant;
    }
    prev_x_ = x;
    prev_q_ = out_.quantity;
    // Every tuned quantity grows with the size; the sizes measured on either side of the target
    // bound where it is met. Noise can make two measurements disagree with that order and send a
    // secant the wrong way: a step that leaves the bracket is replaced by its geometric middle.
    if (out_.quantity < target_) {
      below_ = std::max(below_, x);
    } else {
      above_ = above_ > 0 ? std::min(above_, x) : x;
    }
    double next = propose(x);
    if (below_ > 0 && above_ > 0 && below_ < above_ && (next <= below_ || next >= above_)) {
      next = std::sqrt(below_ * above_);
    }
    return std::max(1.0, next);
  }

  double propose(double x) const {
    double factor = std::clamp(std::pow(target_ / out_.quantity, 1.0 / k_), 1.0 / 16, 16.0);
    if (kind_ == model::RuleKind::Efficiency && out_.at_1) {
      // The latency step (seed 000 eq. 3 and 11): with Tp = T1/p + L and L measured as
      // Tp - T1/p, efficiency E needs T1 = p L E/(1 - E); the work, and so T1, grow with the size.
      const double t1 = out_.at_1->median, tp = out_.at_p.median;
      const double latency = tp - t1 / r_.p;
      if (latency > 0 && target_ < 1) {
        const double needed = r_.p * latency * target_ / (1 - target_);
        // A step from measured figures, not an extrapolated slope: trusted further than the secant.
        if (std::isfinite(needed) && needed > 0) factor = std::clamp(needed / t1, 1.0 / 1024, 1024.0);
      }
    }
    return x * factor;
  }

  const TuneRequest& r_;
  const model::RuleKind kind_;
  const double target_;
  const std::chrono::steady_clock::time_point started_;
  const std::string& size_name_;
  const double size_ratio_;
  MeasureSettings limited_;
  TunedPoint out_;
  std::vector<Step> steps_;
  int runs_ = 0;
  bool evaluated_ = false;
  double k_ = 0.5, prev_x_ = 0, prev_q_ = 0;
  double below_ = 0, above_ = 0;
  double next_size_wanted_ = 0;   // the size the last step asked for, before the memory cap  // the largest size measured under the target, the smallest over it
};

}  // namespace

const char* quantity_symbol(model::RuleKind kind) {
  switch (kind) {
    case model::RuleKind::Efficiency: return "E";
    case model::RuleKind::Isospeed: return "speed";
    case model::RuleKind::IsospeedE: return "Es";
    case model::RuleKind::TimeBound: return "T";
    case model::RuleKind::MemoryBound: return "M/p";
    default: return "value";
  }
}

TunedPoint tune_point(const TuneRequest& r) {
  using model::RuleKind;
  if (r.rule->vary.empty()) throw ScriptError(r.rule->where + "the rule needs vary = 'parameter' to tune");
  const RuleKind kind = r.rule->kind;
  if (kind == RuleKind::MemoryBound) return size_for_memory(r);
  if (kind != RuleKind::Efficiency && kind != RuleKind::Isospeed && kind != RuleKind::TimeBound &&
      kind != RuleKind::IsospeedE) {
    throw ScriptError(fmt::format("{}{} cannot be tuned on this host (efficiency, isospeed, isospeed_e, time_bound "
                                  "and memory_bound can)", r.rule->where, model::rule_name(kind)));
  }
  if (kind == RuleKind::IsospeedE && !(r.marked > 0)) {
    throw ScriptError(r.rule->where + "isospeed_e needs the machine's marked speed: run it over machine_sets{}");
  }
  return Search(r).run();
}

}  // namespace scalerun::study
