#pragma once
// The tables of a simulate-mode experiment (the SPASM paper, 003_*.txt §3.1, §6, §7): speedup
// beside the ideal speedup, the overheads separated, the wait-time split of Tables IV/V, the
// network's links, and the overhead functions of Tables VI-VIII with their crossovers.

#include <optional>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "sim/separation.hpp"
#include "sim/stats.hpp"

namespace scalerun::sim {

// One processor count, simulated on the three machines.
struct SimulatedPoint {
  double p = 1;
  RunResult ideal, contention_free, real;
  Separation separation;
  double t1_real = 0;                 // the program on one processor of the real machine
  std::optional<double> model_time;   // the kernel's model at this point, when it has one
};

struct SimulatedStudy {
  std::string name;
  std::string kernel, machine, network;  // network: its kind, e.g. "bus"
  double speed_factor = 1;
  double overhead = 0;                   // software overhead per message at each end
  std::vector<SimulatedPoint> points;    // in the order the experiment lists them
  std::string model_note;                // why there is no model column, when there is none
  bool unequal_speeds = false;           // some point ran processors of different speeds
};

// One table (overhead_functions: two) per name, in the order given: speedup, overhead, wait,
// links, overhead_functions (study/report_registry lists them as simulate mode's reports).
std::vector<report::Table> simulate_tables(const SimulatedStudy& study, const std::vector<std::string>& reports);

}  // namespace scalerun::sim
