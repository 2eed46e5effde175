#pragma once
// A simulate-mode experiment's points as plain numbers: what its tables (study/simulate_reports)
// and the results database (study/simulated_record) read, so a point read back is the point
// simulated.

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "sim/separation.hpp"
#include "sim/stats.hpp"

namespace scalerun::sim {

// The real run's network resources, summed up: what the links table shows. The per-resource
// figures are not kept, since at a million processors they are millions of rows.
struct LinkSummary {
  double count = 0;  // resources (link directions, the bus, ...); 0: none carried anything
  double mean_utilization = 0, max_utilization = 0;
  std::string busiest;  // the resource of max_utilization
  double mean_queue = 0, max_queue = 0;
};

LinkSummary summarize_links(const std::vector<network::LinkStats>& links);

// One processor count, simulated on the three machines: what the reports need of its runs, all of
// it plain numbers, so a point read back from the results database is the point simulated.
struct SimulatedPoint {
  double p = 1;
  Separation separation;
  double t1_real = 0;                 // the program on one processor of the real machine
  long messages = 0, unreceived = 0;  // of the real run (see RunResult)
  long events = 0;                    // of the three runs together
  LinkSummary links;                  // of the real run
  std::optional<double> model_time;   // the kernel's model at this point, when it has one
  double work = std::nan("");         // W at this point's size (the kernel's model), NaN: unknown
  // S and E as the experiment's scaling rule means them, computed by study/rule_metrics once all
  // points are in (the layer above decides the definitions; these are its numbers). NaN: none.
  struct RuleFigures {
    double t1 = std::nan("");          // the T(1) they are taken against
    double speedup = std::nan("");
    double efficiency = std::nan("");
    double karp_flatt = std::nan("");  // fixed size only
    double weak = std::nan("");        // memory_bound: T(1, n0)/T(p, np)
    double speedup_ideal = std::nan("");  // the same definition on the ideal machine's times
  } rule;
};

// The point of the three runs and the one-processor times, ideal and real.
SimulatedPoint summarize(const RunDigest& ideal, const RunDigest& contention_free, const RunResult& real,
                         double t1_ideal, double t1_real);

struct SimulatedStudy {
  std::string name;
  std::string kernel, machine, network;  // network: its kind, e.g. "bus"
  double speed_factor = 1;
  double overhead = 0;                   // software overhead per message at each end
  std::vector<SimulatedPoint> points;    // in the order the experiment lists them
  std::string model_note;                // why there is no model column, when there is none
  bool unequal_speeds = false;           // some point ran processors of different speeds
  bool karp_flatt = false;               // a fixed size: the karp_flatt column is shown
  bool weak = false;                     // memory_bound: the E_weak column is shown
  std::vector<std::string> metric_notes; // the definitions of S and E used (study/rule_metrics)
};

}  // namespace scalerun::sim
