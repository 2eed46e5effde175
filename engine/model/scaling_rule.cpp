#include "model/scaling_rule.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "expr/program.hpp"
#include "errors/errors.hpp"

namespace scalerun::model {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

constexpr RuleInfo kRules[] = {
    {RuleKind::Fixed, "fixed", nullptr, "problem size"},
    {RuleKind::MemoryBound, "memory_bound", "per_proc", "memory per processor M/p"},
    {RuleKind::TimeBound, "time_bound", "T", "parallel time T"},
    {RuleKind::Efficiency, "efficiency", "E", "efficiency E = T(1)/(p T(p))"},
    {RuleKind::Isospeed, "isospeed", "speed", "average speed a = W/(p T)"},
    {RuleKind::IsospeedE, "isospeed_e", "Es", "speed-efficiency Es = W/(T C)"},
    {RuleKind::Custom, "custom", nullptr, "custom growth"},
};

const RuleInfo& info(RuleKind kind) {
  for (const auto& r : kRules) {
    if (r.kind == kind) return r;
  }
  return kRules[0];
}

}  // namespace

std::span<const RuleInfo> rule_infos() { return kRules; }
const char* rule_name(RuleKind kind) { return info(kind).name; }
const char* rule_quantity(RuleKind kind) { return info(kind).quantity; }

std::string ScalingRule::describe() const {
  std::string text = rule_name(kind);
  std::vector<std::string> parts;
  if (kind == RuleKind::Fixed) return text;
  if (const char* field = info(kind).target_field; field != nullptr && has_target) {
    parts.push_back(fmt::format("{} = {:g}", field, target));
  }
  if (!vary.empty()) {
    std::string v = "vary ";
    for (std::size_t i = 0; i < vary.size(); ++i) {
      if (i) v += ":";
      v += vary[i].first;
    }
    if (vary.size() > 1) {
      v += " at ";
      for (std::size_t i = 0; i < vary.size(); ++i) v += fmt::format("{}{:g}", i ? ":" : "", vary[i].second);
    }
    parts.push_back(v);
  }
  if (!parts.empty()) {
    text += " (";
    for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
    text += ")";
  }
  return text;
}

double rule_quantity_value(RuleKind kind, const Evaluation& at, double time_at_1, const PointContext& ctx) {
  switch (kind) {
    case RuleKind::MemoryBound: return at.memory / ctx.p;
    case RuleKind::TimeBound: return at.time;
    case RuleKind::Efficiency: return time_at_1 / (ctx.p * at.time);
    case RuleKind::Isospeed: return at.work / (ctx.p * at.time);
    case RuleKind::IsospeedE: return at.work / (at.time * ctx.marked_speed);
    case RuleKind::Fixed:
    case RuleKind::Custom: return kNaN;
  }
  return kNaN;
}

namespace {

std::vector<int> varied_slots(const KernelModel& model, const ScalingRule& rule) {
  std::vector<int> slots;
  for (const auto& [name, ratio] : rule.vary) {
    const int slot = model.params().find(name);
    if (slot < 0) {
      std::string known;
      for (const auto& s : model.params().slots) known += (known.empty() ? "" : ", ") + s.name;
      throw ScriptError(fmt::format("{}{} varies '{}', but kernel '{}' has no numeric parameter of that name "
                                    "(it has: {})", rule.where, rule_name(rule.kind), name, model.kernel_name(), known));
    }
    slots.push_back(slot);
  }
  return slots;
}

RuleOutcome apply_custom(KernelModel& model, const ScalingRule& rule, std::vector<double> slots,
                         const PointContext& ctx) {
  for (const auto& [name, value] : rule.custom(ctx.p)) {
    const int slot = model.params().find(name);
    if (slot < 0) {
      throw ScriptError(fmt::format("{}custom rule returned '{}' at p={:g}, which is not a numeric parameter of "
                                    "kernel '{}'", rule.where, name, ctx.p, model.kernel_name()));
    }
    if (!std::isfinite(value)) {
      throw ScriptError(fmt::format("{}custom rule returned {} = {} at p={:g}: a finite number expected", rule.where,
                                    name, std::isnan(value) ? "NaN" : value > 0 ? "inf" : "-inf", ctx.p));
    }
    // A size the kernel declares whole is run whole, as a solved one is.
    slots[static_cast<std::size_t>(slot)] = round_size(value, model.params().slots[static_cast<std::size_t>(slot)].rounding);
  }
  return {std::move(slots), 1, false};
}

// The rule's residual g(x) = quantity(x) - target built as an expression in x, with its
// derivative, when the model is traced.
struct SymbolicResidual {
  expr::Program program;
  std::vector<double> vars;
  std::size_t x_var = 0;
};

SymbolicResidual build_symbolic(KernelModel& model, const ScalingRule& rule, const std::vector<int>& varied,
                                const std::vector<double>& base, const PointContext& ctx, double target) {
  expr::Graph& g = model.graph();
  const expr::NodeId x = g.variable("__x");
  const std::size_t nvars = g.variables().size();
  std::vector<expr::NodeId> replacement(nvars, 0);
  // A plain bool array (zeroed), not std::vector<bool>, so substitute() can take it as a span.
  const auto replace_flags = std::make_unique<bool[]>(nvars);
  for (std::size_t i = 0; i < base.size(); ++i) {
    replacement[i] = g.constant(base[i]);
    replace_flags[i] = true;
  }
  for (std::size_t k = 0; k < varied.size(); ++k) {
    replacement[static_cast<std::size_t>(varied[k])] = g.mul(g.constant(rule.vary[k].second), x);
  }
  const std::uint32_t p = model.p_variable();
  auto bind = [&](expr::NodeId node, double p_value) {
    replacement[p] = g.constant(p_value);
    replace_flags[p] = true;
    return g.substitute(node, replacement, std::span<const bool>(replace_flags.get(), nvars));
  };
  const expr::NodeId time_p = bind(model.time_node(), ctx.p);
  expr::NodeId quantity = 0;
  switch (rule.kind) {
    case RuleKind::MemoryBound: quantity = g.div(bind(model.memory_node(), ctx.p), g.constant(ctx.p)); break;
    case RuleKind::TimeBound: quantity = time_p; break;
    case RuleKind::Efficiency:
      quantity = g.div(bind(model.time_node(), 1.0), g.mul(g.constant(ctx.p), time_p));
      break;
    case RuleKind::Isospeed: quantity = g.div(bind(model.work_node(), ctx.p), g.mul(g.constant(ctx.p), time_p)); break;
    case RuleKind::IsospeedE:
      quantity = g.div(bind(model.work_node(), ctx.p), g.mul(time_p, g.constant(ctx.marked_speed)));
      break;
    case RuleKind::Fixed:
    case RuleKind::Custom: break;
  }
  const expr::NodeId residual = g.sub(quantity, g.constant(target));
  const expr::NodeId derivative = g.derivative(residual, static_cast<std::uint32_t>(nvars - 1));
  const expr::NodeId roots[] = {residual, derivative};
  SymbolicResidual out{expr::Program(g, roots), std::vector<double>(g.variables().size(), 0.0), nvars - 1};
  (void)x;
  return out;
}

// The rule's target at this point, after checking the model and machine give what it needs.
double checked_target(const KernelModel& model, const ScalingRule& rule, const PointContext& ctx) {
  double target = rule.target;
  if (rule.kind == RuleKind::MemoryBound && !rule.has_target) {
    if (!(ctx.memory_per_proc > 0)) {
      throw ScriptError(fmt::format("{}memory_bound needs per_proc = bytes, or a machine with memory = bytes per "
                                    "processor", rule.where));
    }
    target = ctx.memory_per_proc;
  }
  if ((rule.kind == RuleKind::Isospeed || rule.kind == RuleKind::IsospeedE) && !model.has_work()) {
    throw ScriptError(fmt::format("{}{} needs the work W: kernel '{}' has no work = function(k) ... end",
                                  rule.where, rule_name(rule.kind), model.kernel_name()));
  }
  if (rule.kind == RuleKind::MemoryBound && !model.has_memory()) {
    throw ScriptError(fmt::format("{}memory_bound needs the memory M: kernel '{}' has no memory = function(k) ... end",
                                  rule.where, model.kernel_name()));
  }
  if (rule.kind == RuleKind::IsospeedE && !(ctx.marked_speed > 0)) {
    throw ScriptError(fmt::format("{}isospeed_e needs marked speeds: give the machine speed = ops/s, or iterate "
                                  "over machine_sets{{}}", rule.where));
  }
  if (rule.vary.empty()) {
    throw ScriptError(fmt::format("{}{} needs vary = 'parameter' (or give kernel '{}' size = 'parameter')",
                                  rule.where, rule_name(rule.kind), model.kernel_name()));
  }
  return target;
}

[[noreturn]] void throw_unsolved(const ScalingRule& rule, const PointContext& ctx, const SolveResult& solved,
                                 double target) {
  std::string names;
  for (const auto& [name, ratio] : rule.vary) names += (names.empty() ? "" : ":") + name;
  const bool finite = std::isfinite(solved.quantity_min);
  throw ScriptError(fmt::format(
      "{}no problem size satisfies {} at p={:g}: searched {} in [{:g}, {:g}], where the {} {} "
      "(target {:g}); change the target or the range = {{ lo, hi }}",
      rule.where, rule.describe(), ctx.p, names, rule.range.lo, rule.range.hi, rule_quantity(rule.kind),
      finite ? fmt::format("took values from {:.6g} (at {:.4g}) to {:.6g} (at {:.4g})", solved.quantity_min,
                           solved.x_at_min, solved.quantity_max, solved.x_at_max)
             : std::string("was never a finite number"),
      target));
}

// The root a whole-sized kernel is rounded from. A solver's root carries its last bits (an exact 6
// found as 5.999999999999998, an exact 508.5 as 508.49999999999983), and where the rule's quantity
// levels off (efficiency near 1 at large n) it can sit many ulps from the exact size while the
// quantity there is already the target to the last bit. So the nearest whole number (and, under
// "nearest", the nearest half) is taken instead of the root when it is within a millionth of it
// and the quantity there equals the target to within a few ulps: the quantity, not the root's
// bits, decides. A genuine root off a whole or a half (memory = n, per_proc = 700.4999999996)
// has a quantity that differs there and keeps its side. One varied size only: with several, the
// whole sizes need not lie on the rule's line.
double exact_size(const KernelModel& model, const ScalingRule& rule, const std::vector<int>& varied, double x,
                  double target, const std::function<double(double)>& residual) {
  if (varied.size() != 1) return x;
  const Rounding rounding = model.params().slots[static_cast<std::size_t>(varied.front())].rounding;
  if (rounding == Rounding::none) return x;
  const double ratio = rule.vary.front().second;
  const double size = ratio * x;
  const double close = 1e-6 * std::max(1.0, std::abs(size));
  const double exactly = 8 * std::numeric_limits<double>::epsilon() * std::max(std::abs(target), 1e-300);
  const double candidates[] = {std::round(size), std::floor(size) + 0.5};
  const std::size_t count = rounding == Rounding::nearest ? 2 : 1;  // halves matter to "nearest" only
  for (std::size_t c = 0; c < count; ++c) {
    const double candidate = candidates[c];
    if (candidate == size || std::abs(candidate - size) > close) continue;
    const double at = residual(candidate / ratio);
    if (std::isfinite(at) && std::abs(at) <= exactly) return candidate / ratio;
  }
  return x;
}

}  // namespace

RuleOutcome apply_rule(KernelModel& model, const ScalingRule& rule, const std::vector<double>& base,
                       const PointContext& ctx) {
  if (rule.kind == RuleKind::Fixed) return {base, 0, false};
  // On one processor every size has E = 1: there is nothing to solve, the kernel's size stands.
  if (rule.kind == RuleKind::Efficiency && ctx.p == 1) return {base, 0, false};
  if (rule.kind == RuleKind::Custom) return apply_custom(model, rule, base, ctx);

  const double target = checked_target(model, rule, ctx);
  const std::vector<int> varied = varied_slots(model, rule);
  std::vector<double> slots = base;
  auto set_x = [&](double x) {
    for (std::size_t k = 0; k < varied.size(); ++k) slots[static_cast<std::size_t>(varied[k])] = rule.vary[k].second * x;
  };

  SolveResult solved;
  bool symbolic = false;
  std::function<double(double)> residual;  // the rule's quantity minus its target, at x
  std::optional<SymbolicResidual> traced;
  if (model.traced()) {
    traced.emplace(build_symbolic(model, rule, varied, base, ctx, target));
    SymbolicResidual& r = *traced;
    double out[2];
    auto g = [&r, out](double x, double* derivative) mutable {
      r.vars[r.x_var] = x;
      r.program.eval(r.vars, out);
      if (derivative) *derivative = out[1];
      return out[0];
    };
    solved = solve_first_root(g, target, rule.range);
    residual = [g](double x) mutable { return g(x, nullptr); };
    symbolic = true;
  } else {
    Evaluation at_p, at_1;
    auto g = [&](double x, double*) {
      set_x(x);
      model.evaluate(slots, ctx.p, at_p);
      double t1 = kNaN;
      if (rule.kind == RuleKind::Efficiency) {
        model.evaluate(slots, 1.0, at_1);
        t1 = at_1.time;
      }
      return rule_quantity_value(rule.kind, at_p, t1, ctx) - target;
    };
    solved = solve_first_root(g, target, rule.range);
    residual = [g](double x) mutable { return g(x, nullptr); };
  }
  if (!solved.found) throw_unsolved(rule, ctx, solved, target);
  const double x = exact_size(model, rule, varied, solved.x, target, residual);
  set_x(x);
  // Sizes the kernel declares whole are run at a whole size: the rule's quantity is then reported
  // at that size (the caller evaluates the returned slots), not at the fraction that meets it.
  for (const int slot : varied) {
    const auto i = static_cast<std::size_t>(slot);
    slots[i] = round_size(slots[i], model.params().slots[i].rounding);
  }
  return {std::move(slots), solved.evaluations, symbolic};
}

}  // namespace scalerun::model
