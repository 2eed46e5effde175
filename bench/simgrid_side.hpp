#pragma once
// bench/simgrid's SimGrid half: the ring and the recursive-doubling allreduce written with S4U
// actors (one per rank) and mailboxes, run on p hosts of a SimGrid platform file. Kept apart from
// the scalerun half so that only this file sees SimGrid's headers.

#include <string>
#include <vector>

namespace scalerun::bench {

struct ProgramSizes {
  int rounds = 50;              // ring rounds
  double ring_bytes = 1024;     // per ring message
  double allreduce_bytes = 8;   // per allreduce message (one double)
  int repeats = 3;              // each figure is the best of this many runs
};

// One program's run: simulated seconds, process CPU seconds spent in Engine::run (the best of
// the repeats) and the messages it sent.
struct Figures {
  double simulated = 0;
  double cpu = 0;
  long messages = 0;
};

struct SimgridResult {
  // What SimGrid loaded: the route rank-0 -> rank-1 (its links' names, summed latency, smallest
  // bandwidth) and rank-0's speed; scalerun's network is given the same numbers.
  std::string route;
  double latency = 0, bandwidth = 0, speed = 0;
  std::string context_factory;  // contexts/factory as SimGrid chose it (we leave its default)
  std::string network_model;
  Figures ring, allreduce;
  Figures fanout;  // where the models differ: see fanout() in simgrid_side.cpp
};

// The flags given to SimGrid, in the order given, for the run and for the report.
const std::vector<std::string>& simgrid_flags();
// "3.32.0", from the library (not the headers).
std::string simgrid_version();

// Runs the ring and the allreduce on hosts rank-0 .. rank-(p-1) of `platform`, then the fan-out on
// rank-0 .. rank-2 (p >= 3). SimGrid loads one platform per process and keeps global state, so
// this forks: the child runs SimGrid and sends its figures back through a pipe. Throws
// std::runtime_error with SimGrid's complaint, or when the child dies.
SimgridResult run_simgrid(const std::string& platform, int p, const ProgramSizes& sizes);

}  // namespace scalerun::bench
