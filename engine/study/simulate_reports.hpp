#pragma once
// The tables of a simulate-mode experiment (the SPASM paper, 003_*.txt §3.1, §6, §7): speedup
// beside the ideal speedup, the overheads separated, the wait-time split of Tables IV/V, the
// network's links, and the overhead functions of Tables VI-VIII with their crossovers. Built from
// the points as simulated (sim/simulated_study), one builder per report (study/table_registry).

#include "sim/simulated_study.hpp"
#include "study/table_registry.hpp"

namespace scalerun::study {

Tables simulate_speedup(const SimulateTableInputs& in);
Tables simulate_overhead(const SimulateTableInputs& in);
Tables simulate_wait(const SimulateTableInputs& in);
Tables simulate_links(const SimulateTableInputs& in);
Tables simulate_overhead_functions(const SimulateTableInputs& in);  // the fits and their crossings

}  // namespace scalerun::study
