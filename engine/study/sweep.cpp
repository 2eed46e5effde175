#include "study/sweep.hpp"

#include <algorithm>

namespace scalerun::study {

std::vector<SweepPoint> sweep_points(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines) {
  std::vector<SweepPoint> points;
  if (over_sets(spec)) {
    for (std::size_t i = 0; i < machines.size(); ++i) points.push_back({i, machines[i].procs, &machines[i], machines[i].name});
  } else {
    for (std::size_t i = 0; i < spec.procs.size(); ++i) points.push_back({i, spec.procs[i], &machines.front(), {}});
  }
  return points;
}

std::vector<SweepPoint> measured_points(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines) {
  std::vector<SweepPoint> sweep = sweep_points(spec, machines);
  if (over_sets(spec)) return sweep;
  const bool tuned = spec.rule.kind != model::RuleKind::Fixed;
  const auto at_one = [](const SweepPoint& at) { return at.p == 1.0; };
  if (!tuned && !machines.empty() && std::none_of(sweep.begin(), sweep.end(), at_one)) {
    sweep.insert(sweep.begin(), SweepPoint{0, 1.0, &machines.front(), {}});
  }
  std::stable_sort(sweep.begin(), sweep.end(), [](const SweepPoint& a, const SweepPoint& b) { return a.p < b.p; });
  return sweep;
}

}  // namespace scalerun::study
