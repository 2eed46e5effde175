#pragma once
// What one measured execution did, and the latency metric derived from it (seed 000 §3, §6.1).
//
// Per worker w (an arena slot) the runtime splits every second of the measured window into
//   busy_w + idle_w + primitive_w + serial + between_regions = Tpara      (exactly, in clock ticks)
// busy       inside user bodies and spmd ranks, less the barrier, lock and combine time within them
// idle       nothing to do: after the worker's last chunk until the loop's join, waiting at a
//            barrier for the last arrival, or a whole region in which it got no chunk
// primitive  parallel machinery: from the region's fork to the worker's first chunk, scheduling
//            between its chunks, combining partial results, a barrier's own cost after the release,
//            acquiring locks
// serial     the caller alone in an explicit serial() region; every other worker waits, so it is
//            one number for all
// between_regions  the caller inside the window but in no region and no serial(): code the
//            instrumentation does not see. It is kept for the identity's sake and never enters the
//            latency split, where it is part of what the split leaves unaccounted.
// All of it is wall-clock time: a worker the OS deschedules inside a body is still busy, so sharing
// the cores with other processes (or p above the core count) shows up as busy time growing with
// p, i.e. in ML below, not as idle time.

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
// ML is measured rather than taken as the rest of Tp, and the instrumented terms cover only the
// regions and serial() calls, so for the instrumented runs at p and 1 (G = between_regions)
//   unaccounted = G(p) - (idle + primitive + G)(1)/p + (Tp - Tinst)
// where Tp - Tinst is the median's difference from the instrumented run: a kernel's code outside
// its regions and serial(), a delay the instrumentation does not see, appears here and nowhere
// else (a delay d in every run gives d (1 - 1/p)). ML, residual and unaccounted are NaN when the
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
  double between_regions = 0;  // shown beside the split, never part of it
};
Overheads split_latency(const InstrumentedSums& at_p, double t1_work, double tp, double t1, double p);

struct RunStats {
  int workers = 0;
  bool instrumented = false;  // false: only tpara, serial and the region counts are measured
  double tpara = 0;           // wall time of the measured windows
  double serial = 0;
  double between_regions = 0;  // inside the windows, in no region and no serial(): not instrumented
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

  InstrumentedSums sums() const { return {busy_sum(), idle_sum(), primitive_sum(), serial, between_regions}; }
  // Against the instrumented one-worker run of the same kernel and size (eq. 7 as written), with
  // Tp and T1 the two runs' own Tpara.
  Overheads overheads(const RunStats& one_worker) const;

  std::string describe() const;  // a few human-readable lines
};

std::string describe(const Overheads& o);

}  // namespace scalerun::runtime
