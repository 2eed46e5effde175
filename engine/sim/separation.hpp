#pragma once
// The SPASM separation of overheads (003_*.txt §2, §3.1) from three simulated runs of one
// program on p processors: on the ideal machine (a PRAM network, no software overhead), on the
// real machine with contention switched off, and on the real machine.
//
//   algorithmic overhead  A = T_ideal(p) - T(1)/p, split into
//     serial              S (1 - 1/p), S the work the program marked with ctx:serial (only one
//                         processor can do it, where p processors would share it), at most A
//     work imbalance      A - serial (uneven shares, and redundant work)
//   latency overhead      what the processor that sees the most of it lost to latency: software
//                         overhead it paid plus the time it was blocked on a message in flight,
//                         beside its network latency (software overhead + sum of the idle-network
//                         latencies of the messages it received; the two differ by what computation
//                         hid)
//   contention overhead   the same for waiting on busy network resources, beside the network
//                         contention (sum of the contention of the messages it received)
//   wait times            mean over processors of the time blocked before the awaited message was
//                         sent, on each machine: W_imbalance = W_ideal, W_latency = W_cf - W_ideal,
//                         W_contention = W_real - W_cf (Tables IV and V)

#include "sim/stats.hpp"

namespace scalerun::sim {

struct Separation {
  double p = 1;
  double t1 = 0;  // T(1): the program on one processor of the ideal machine
  double t_ideal = 0, t_cf = 0, t_real = 0;
  double algorithmic = 0, serial = 0, imbalance = 0;
  double latency_overhead = 0, network_latency = 0;
  int latency_processor = 0;
  double contention_overhead = 0, network_contention = 0;
  int contention_processor = 0;
  double w_ideal = 0, w_cf = 0, w_real = 0;
  double w_imbalance = 0, w_latency = 0, w_contention = 0;
  double computation = 0;  // the most any processor computed on the ideal machine (compute + serial)
};

// What the separation needs of the ideal and the contention-free run: a few sums, so that their
// per-processor arrays need not outlive them (at a million processors, 100 MB each).
struct RunDigest {
  int processors = 0;
  double makespan = 0;
  double mean_wait = 0;    // over processors
  double serial_work = 0;  // summed over processors
  double computation = 0;  // the most any processor computed (compute + serial)
  long events = 0;
};
RunDigest digest(const RunResult& run);

Separation separate(const RunDigest& ideal, const RunDigest& contention_free, const RunResult& real, double t1);
Separation separate(const RunResult& ideal, const RunResult& contention_free, const RunResult& real, double t1);

}  // namespace scalerun::sim
