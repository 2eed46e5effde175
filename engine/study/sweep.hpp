#pragma once
// The one sweep every mode runs: an experiment's points in order, each a processor count on its
// machine or one machine set of machine_sets{}. Model evaluation, measurement and simulation all
// visit these, so "which points, on which machine, under which label" is decided once.

#include <cstddef>
#include <string>
#include <vector>

#include "study/experiment.hpp"

namespace scalerun::study {

struct SweepPoint {
  std::size_t index = 0;  // position in the experiment's procs (or sets)
  double p = 0;
  const MachineSpec* machine = nullptr;
  std::string label;  // the machine set's name; empty for a processor count
};

// True when the experiment iterates over machine sets rather than processor counts.
inline bool over_sets(const ExperimentSpec& spec) { return spec.procs.empty(); }

std::vector<SweepPoint> sweep_points(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines);

// The points measure mode visits: the sweep in order of p, with a one-worker reference put first
// where a fixed-size sweep over processor counts has no p = 1 (speedup, efficiency and the
// breakdown need it; tuned points carry their own one-worker run, and each machine set is its own
// machine). `--dry-run` lists the same points.
std::vector<SweepPoint> measured_points(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines);

}  // namespace scalerun::study
