#pragma once
// The tables of an experiment, built from its evaluated points.

#include <vector>

#include "report/table.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

// Average latency L(W, N) at each point under the three bounds of seed 000 Fig. 14.
struct TripleData {
  std::vector<double> time_bound, e_conserved, memory_bound;
};

// The fixed-size optimum (seed 000 §6.3), searched when the speedup report is asked for.
struct SpeedupExtras {
  double px = 0, t_px = 0, px_max = 0;
};

std::vector<report::Table> build_experiment_tables(const ExperimentData& data, const TripleData& triple,
                                                   const SpeedupExtras& speedup);

// --dry-run: the points an experiment would evaluate, and how each gets its problem size.
report::Table dry_run_table(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines);

}  // namespace scalerun::study
