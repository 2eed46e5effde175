// experiment{} in model mode, a PointSource: every point's size solved under the scaling rule
// with the kernel's model, times at p and at 1, the extra columns, the triple of seed 000 Fig. 14 and the
// fixed-size optimum, then the tables.

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "study/experiment.hpp"
#include "study/experiment_reports.hpp"
#include "study/point_source.hpp"
#include "study/px_search.hpp"
#include "study/session.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

model::PointContext context_for(const MachineSpec& machine, double p) {
  model::PointContext ctx;
  ctx.p = p;
  ctx.memory_per_proc = machine.memory;
  ctx.marked_speed = std::isfinite(machine.marked) ? machine.marked : (std::isfinite(machine.speed) ? p * machine.speed : kNaN);
  return ctx;
}

std::string nonfinite_word(double v) { return std::isnan(v) ? "NaN" : (v > 0 ? "infinity" : "-infinity"); }

// The sizes a scaled point ends up with must be ones the model can be evaluated at.
void check_evaluation(const model::KernelModel& model, const std::vector<double>& slots, double p,
                      const model::Evaluation& e) {
  auto at = [&] {
    std::string text;
    for (std::size_t i = 0; i < slots.size(); ++i) text += fmt::format("{}={:.6g}, ", model.params().slots[i].name, slots[i]);
    return text + fmt::format("p={:g}", p);
  };
  for (std::size_t i = 0; i < e.terms.size(); ++i) {
    if (!std::isfinite(e.terms[i])) {
      throw ScriptError(fmt::format("{}: model of kernel '{}' returned {} for term '{}' at {} (a time must be a "
                                    "finite number of seconds)",
                                    model.model_where(), model.kernel_name(), nonfinite_word(e.terms[i]),
                                    model.term_names()[i], at()));
    }
  }
  if (e.time < 0) {
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned a negative time ({:.6g} s) at {}",
                                  model.model_where(), model.kernel_name(), e.time, at()));
  }
  if (e.time == 0) {
    throw ScriptError(fmt::format("{}: model of kernel '{}' returned a zero time at {} (speeds and efficiencies "
                                  "need a positive time)", model.model_where(), model.kernel_name(), at()));
  }
}

PointData evaluate_point(model::KernelModel& m, const model::ScalingRule& rule, const model::PointContext& ctx) {
  check_stop();
  PointData pt;
  pt.ctx = ctx;
  model::RuleOutcome outcome = model::apply_rule(m, rule, m.params().values(), ctx);
  pt.slots = std::move(outcome.slots);
  pt.evaluations = outcome.evaluations;
  m.evaluate(pt.slots, ctx.p, pt.at_p);
  check_evaluation(m, pt.slots, ctx.p, pt.at_p);
  model::Evaluation at_1;
  m.evaluate(pt.slots, 1.0, at_1);
  check_evaluation(m, pt.slots, 1.0, at_1);
  pt.time_1 = at_1.time;
  return pt;
}

// Fixed-size optimum (seed 000 §6.3): the processor count with the least time up to px_max with
// the first point's problem size (study/px_search: bounded however large px_max is).
SpeedupExtras compute_px(const ExperimentSpec& spec, const Session& session, model::KernelModel& m,
                         const PointData& first) {
  model::Evaluation e;
  const OptimumSearch found = fixed_size_optimum(
      [&](double p) {
        m.evaluate(first.slots, p, e);
        return e.time;
      },
      spec.px_max);
  if (found.px == 0) {
    session.warn(fmt::format("{}no fixed-size optimum: the model's time is not finite at any p = 1..{:g}", spec.where,
                             spec.px_max));
    return {};
  }
  return SpeedupExtras{found.px, found.t_px, spec.px_max};
}

// The parameters a rule varies are problem sizes: at or below zero (fixed{} keeps the kernel's
// value) the model's times mean nothing, whatever sign they come out with.
void require_positive_sizes(const ExperimentSpec& spec, const model::KernelModel& m, const std::vector<double>& slots) {
  const auto& names = m.params().names();
  for (const auto& [name, ratio] : spec.rule.vary) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) continue;
    const double v = slots[static_cast<std::size_t>(it - names.begin())];
    if (!(v > 0) || !std::isfinite(v)) {
      throw ScriptError(fmt::format("{}kernel '{}': size '{}' is {:g}; a problem size must be a positive number",
                                    spec.where, m.kernel_name(), name, v));
    }
  }
}

// L(W, N) = Tpara - W tc / N (seed 000 eq. 3) at one point under the three bounds of Fig. 14.
void compute_triple(const ExperimentSpec& spec, model::KernelModel& m, const model::PointContext& ctx,
                    std::size_t point, TripleData& triple) {
  auto latency_under = [&](model::RuleKind kind, double target) {
    model::ScalingRule rule = spec.rule;
    rule.kind = kind;
    rule.target = target;
    rule.has_target = true;
    const PointData pt = evaluate_point(m, rule, ctx);
    return pt.at_p.time - pt.time_1 / ctx.p;
  };
  if (triple.time_bound.size() <= point) {
    triple.time_bound.resize(point + 1, kNaN);
    triple.e_conserved.resize(point + 1, kNaN);
    triple.memory_bound.resize(point + 1, kNaN);
  }
  triple.time_bound[point] = latency_under(model::RuleKind::TimeBound, *spec.bounds.T);
  triple.e_conserved[point] = latency_under(model::RuleKind::Efficiency, *spec.bounds.E);
  triple.memory_bound[point] = latency_under(model::RuleKind::MemoryBound, *spec.bounds.B);
}

void describe_model(ExperimentData& data, model::KernelModel& first, const Session& session) {
  data.kernel_name = first.kernel_name();
  data.term_names = first.term_names();
  data.slot_names = first.params().names();
  data.traced = first.traced();
  data.fallback_reason = first.fallback_reason();
  if (data.traced) {
    for (expr::NodeId id : first.term_nodes()) data.formulas.push_back(first.graph().to_string(id));
  } else {
    session.info(fmt::format("kernel '{}': model evaluated by plain Lua calls ({})", data.kernel_name,
                             data.fallback_reason));
  }
}

bool wants(const ExperimentSpec& spec, const char* report) {
  return std::find(spec.reports.begin(), spec.reports.end(), report) != spec.reports.end();
}

// The slots that differ between points: the sizes the rule solved for.
std::vector<int> varied_slots(const ExperimentData& data) {
  std::vector<int> varied;
  for (std::size_t s = 0; s < data.slot_names.size(); ++s) {
    for (const auto& pt : data.points) {
      if (pt.slots[s] != data.points.front().slots[s]) {
        varied.push_back(static_cast<int>(s));
        break;
      }
    }
  }
  return varied;
}

// The model evaluated at each point: one bound model per machine set, or one for every count.
class ModelSource final : public PointSource {
 public:
  ModelSource(const ExperimentInput& input, const Session& session) : spec_(input.spec) {
    for (std::size_t i = 0; i < input.machines.size(); ++i) {
      ModelMachine machine;
      machine.index = i;
      models_.push_back(std::make_unique<model::KernelModel>(input.kernel.bind_model(machine)));
    }
    data_.spec = spec_;
    describe_model(data_, *models_.front(), session);
  }

  bool shows_progress() const override { return false; }

  std::string take_point(const SweepPoint& at, Progress&) override {
    const bool by_set = over_sets(spec_);
    model::KernelModel& m = by_set ? *models_[at.index] : *models_.front();
    const model::PointContext ctx = context_for(*at.machine, at.p);
    if (at.index == 0 || by_set) require_positive_sizes(spec_, m, m.params().values());
    PointData pt = evaluate_point(m, spec_.rule, ctx);
    pt.label = at.label;
    for (const auto& column : spec_.columns) pt.extra.push_back(column.value(m.params(), pt.slots, at.p));
    if (wants(spec_, "triple")) compute_triple(spec_, m, ctx, at.index, triple_);
    data_.points.push_back(std::move(pt));
    return {};  // no progress line (shows_progress)
  }

  std::vector<report::Table> finish(Session& session) override {
    SpeedupExtras speedup;
    if (wants(spec_, "speedup")) speedup = compute_px(spec_, session, *models_.front(), base_point(data_));
    data_.varied = varied_slots(data_);
    return build_tables(spec_.reports, ModelTableInputs{data_, triple_, speedup});
  }

 private:
  const ExperimentSpec& spec_;
  std::vector<std::unique_ptr<model::KernelModel>> models_;  // one per machine (set)
  ExperimentData data_;
  TripleData triple_;
};

}  // namespace

std::unique_ptr<PointSource> model_source(const ExperimentInput& input, Session& session, PointStore&) {
  return std::make_unique<ModelSource>(input, session);
}

}  // namespace scalerun::study
