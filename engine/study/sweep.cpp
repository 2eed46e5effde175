#include "study/sweep.hpp"

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

}  // namespace scalerun::study
