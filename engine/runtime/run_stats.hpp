#pragma once
// What one measured execution did, and the latency metric derived from it (seed 000 §3, §6.1).
//
// Per worker w (an arena slot) the runtime splits every second of the measured window into
//   busy_w + idle_w + primitive_w + serial = Tpara            (exactly, in clock ticks)
// busy       inside user bodies and spmd ranks, less the barrier, lock and combine time within them
// idle       nothing to do: after the worker's last chunk until the loop's join, waiting at a
//            barrier for the last arrival, or a whole region in which it got no chunk
// primitive  parallel machinery: from the region's fork to the worker's first chunk, scheduling
//            between its chunks, combining partial results, a barrier's own cost after the release,
//            acquiring locks
// serial     the caller alone inside the window (serial regions, code between regions); the
//            caller executes it and every other worker waits, so it is one number for all
// All of it is wall-clock time: a worker the OS deschedules inside a body is still busy, so sharing
// the cores with other processes (or p above the core count) shows up as busy time growing with
// p, i.e. in the residual below, not as idle time.

#include <cstdint>
#include <string>
#include <vector>

namespace scalerun::runtime {

struct WorkerStats {
  double busy = 0;
  double idle = 0;
  double primitive = 0;
  std::uint64_t chunks = 0;    // loop chunks and spmd ranks run on this slot
  std::uint64_t barriers = 0;  // barrier episodes this slot took part in
  std::uint64_t locks = 0;     // locks acquired through the runtime on this slot
};

// Tp split into seed 000's measured terms, and what they leave unexplained. All in seconds.
// Inputs: the instrumented run at p (sums over workers), the one-worker run's work time at the same
// size T1work = (busy + serial)(1), the point's measured time Tp and the one-worker time T1 of E.
//   compute     = T1 / p          the one-worker time shared by p (the W tc/N of eq. 3)
//   serial      = s (p-1) / p     the other workers' wait while the caller runs serial code (Amdahl)
//   imbalance   = sum idle / p
//   sync        = sum primitive / p
//   residual    = ML / p          ML = (sum busy + s)(p) - T1work   (eq. 7: the growth of the time
//                                 spent working, measured: memory latency, coherence traffic,
//                                 shared caches, SMT and frequency effects; negative when p caches
//                                 beat one)
//   IT = sum idle + (p-1) s       (eq. 6) and PT = sum primitive, as instrumented
//   latency     = Tp - T1 / p = Tp (1 - E)                          (eq. 3 and 10)
//   unaccounted = latency - (ML + IT + PT) / p                      (eq. 5 checked, not assumed)
// ML is measured rather than taken as the rest of Tp. The runtime gives every tick of each
// worker's window to busy, idle, primitive or serial time, though, so sum(busy + idle + primitive)
// + p s = p Tinst for the instrumented run, and unaccounted = (Tp - Tinst) - (T1 - T1work)/p: the
// median's difference from the instrumented run less the one-worker run's own idle and primitive
// time. It is what the instrumentation lost, not an independent measure of the latency. ML, residual and unaccounted are NaN when the
// one-worker work time at the same size is unknown: the split is then not available.
struct Overheads {
  int workers = 0;
  double tpara = 0;
  double t1 = 0;       // the one-worker time of E
  double t1_work = 0;  // the one-worker run's busy + serial (NaN: not measured at this size)
  double compute = 0;
  double serial = 0;
  double imbalance = 0;
  double sync = 0;
  double residual = 0;
  double ml = 0;
  double it = 0;
  double pt = 0;
  double latency = 0;
  double unaccounted = 0;
};

// The one definition of the terms above, from sums over the workers (or ranks) at p.
struct InstrumentedSums {
  double busy = 0, idle = 0, primitive = 0, serial = 0;
};
Overheads split_latency(const InstrumentedSums& at_p, double t1_work, double tp, double t1, double p);

struct RunStats {
  int workers = 0;
  bool instrumented = false;  // false: only tpara, serial and the region counts are measured
  double tpara = 0;           // wall time of the measured windows
  double serial = 0;
  std::vector<WorkerStats> per_worker;  // one per arena slot, slot 0 is the caller
  std::uint64_t loops = 0;              // parallel_for regions
  std::uint64_t reductions = 0;         // parallel_reduce regions
  std::uint64_t spmd_regions = 0;
  std::uint64_t serial_regions = 0;     // explicit serial() calls
  std::uint64_t barriers = 0;           // barrier episodes (each counts once, not once per rank)
  std::uint64_t locks = 0;

  double busy_sum() const;
  double idle_sum() const;
  double primitive_sum() const;
  // busy + serial: the time this run spent doing the kernel's work, the T1work a p-worker run is
  // compared with when this is the one-worker run.
  double work_time() const { return busy_sum() + serial; }

  InstrumentedSums sums() const { return {busy_sum(), idle_sum(), primitive_sum(), serial}; }
  // Against the instrumented one-worker run of the same kernel and size (eq. 7 as written), with
  // Tp and T1 the two runs' own Tpara.
  Overheads overheads(const RunStats& one_worker) const;

  std::string describe() const;  // a few human-readable lines
};

std::string describe(const Overheads& o);

}  // namespace scalerun::runtime
