#pragma once
// Scaling rules: how the problem grows with the machine (seed 000 §2, seed 001, seed 002).
// Each rule names a quantity that must stay at a target as p grows; the engine solves the
// kernel's size parameter(s) for it. Several parameters can grow together at fixed ratios
// (seed 000 scales balls and steps 5:1): each varied slot is ratio * x and x is solved for.

#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "model/kernel_model.hpp"
#include "model/solver.hpp"

namespace scalerun::model {

enum class RuleKind { Fixed, MemoryBound, TimeBound, Efficiency, Isospeed, IsospeedE, Custom };

struct ScalingRule {
  RuleKind kind = RuleKind::Fixed;
  double target = 0;       // speed a, E, T, B per processor or Es, by kind
  bool has_target = false; // memory_bound may take B from the machine's memory per processor
  std::vector<std::pair<std::string, double>> vary;  // parameter name, ratio
  SolveRange range;
  // custom: the sizes at p, { {"n", 512}, ... } (the facade calls the script's function).
  std::function<std::vector<std::pair<std::string, double>>(double p)> custom;
  std::string where;           // "file:line: " where the rule was written

  std::string describe() const;  // e.g. "isospeed (speed = 3.25e+06, vary n)"
};

const char* rule_name(RuleKind kind);
const char* rule_quantity(RuleKind kind);  // "average speed a = W/(p T)", ...

// The rules by name, with the field that holds each one's target (nullptr: none), for the
// facade's reader (lua/rule_reader) and for messages.
struct RuleInfo {
  RuleKind kind;
  const char* name;
  const char* target_field;
  const char* quantity;
};
std::span<const RuleInfo> rule_infos();

// Where a point of an experiment stands: its processor count, marked speed (seed 002; NaN when
// the machine has none) and the machine's memory per processor (NaN when unknown).
struct PointContext {
  double p = 1;
  double marked_speed = 0;
  double memory_per_proc = 0;
};

struct RuleOutcome {
  std::vector<double> slots;  // the kernel's slot values at this point
  int evaluations = 0;
  bool solved_symbolically = false;
};

// Applies `rule` at `ctx`, starting from `base` slot values. Throws ScriptError naming the rule,
// the range searched and the values the quantity took when no size satisfies it.
RuleOutcome apply_rule(KernelModel& model, const ScalingRule& rule,
                       const std::vector<double>& base, const PointContext& ctx);

// The quantity a rule holds at its target, evaluated at one point (for tables and checks).
double rule_quantity_value(RuleKind kind, const Evaluation& at_p, double time_at_1, const PointContext& ctx);

}  // namespace scalerun::model
