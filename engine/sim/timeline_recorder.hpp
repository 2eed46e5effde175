#pragma once
// What a simulated run did over time (report::Timeline): one track per processor, "processor N",
// its compute, message overheads and blocked time as the Simulator charges them, and the
// messages in flight. Only built when Simulator::Setup::timeline asks for it.

#include <cstddef>

#include "report/timeline.hpp"
#include "sim/stats.hpp"

namespace scalerun::sim {

// Bounds on what one run records: a million processors exchanging messages would otherwise keep
// more than a trace viewer can open.
struct TimelineCaps {
  std::size_t slices_per_track = 250000;
  std::size_t flights = 200000;
};

class TimelineRecorder {
 public:
  TimelineRecorder(report::Timeline& timeline, int processors, TimelineCaps caps);

  void slice(int rank, double start, double end, report::Activity what);
  // A receive that was posted at `posted`, blocked for wait, latency and contention in turn, and
  // completed at `done`, then paid `overhead`.
  void receive(int rank, double posted, double wait, double latency, double done, double overhead);
  void flight(int from, int to, double sent, double arrived, double bytes);
  // The span and every track's accounted figures, from the run's own statistics.
  void finish(const RunResult& result);

 private:
  report::Timeline& timeline_;
  TimelineCaps caps_;
};

}  // namespace scalerun::sim
