#pragma once
// The tables of an experiment, built from its evaluated points.

#include <vector>

#include "report/table.hpp"
#include "study/experiment.hpp"
#include "study/table_registry.hpp"

namespace scalerun::study {

// Average latency L(W, N) at each point under the three bounds of seed 000 Fig. 14.
struct TripleData {
  std::vector<double> time_bound, e_conserved, memory_bound;
};

// The fixed-size optimum (seed 000 §6.3), searched when the speedup report is asked for.
struct SpeedupExtras {
  double px = 0, t_px = 0, px_max = 0;
};

// The point the rule's metrics take as their base (study/rule_metrics::base_index): p = 1, or the
// point of fewest processors, whatever order procs lists them in. `data` must have points.
const PointData& base_point(const ExperimentData& data);

// Model mode's builders, one per report (study/table_registry lists them).
Tables model_scaled(const ModelTableInputs& in);
Tables model_psi(const ModelTableInputs& in);
Tables model_latency(const ModelTableInputs& in);  // the per-point table and its scalability matrix
Tables model_triple(const ModelTableInputs& in);
Tables model_speedup(const ModelTableInputs& in);
Tables model_isoefficiency(const ModelTableInputs& in);
Tables model_overhead(const ModelTableInputs& in);
Tables model_formula(const ModelTableInputs& in);

// --dry-run: the points an experiment would evaluate, and how each gets its problem size.
report::Table dry_run_table(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines);

}  // namespace scalerun::study
