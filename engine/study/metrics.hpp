#pragma once
// The scalability metrics, each as the seed defines it. Pure functions of numbers, so tables,
// checks and tests all share one definition.

#include <span>

#include "runtime/run_stats.hpp"

namespace scalerun::study::metrics {

// S = T(1)/T(p); E = S/p = W tc/(p T_p) (seed 000 eq. 9).
double speedup(double t1, double tp);
double efficiency(double t1, double tp, double p);
// Karp-Flatt experimentally determined serial fraction e = (1/S - 1/p)/(1 - 1/p); NaN at p = 1.
double karp_flatt(double speedup, double p);
// Average unit speed a = W/(p T) (seed 001 def. 1).
double average_speed(double work, double p, double t);
// Speed-efficiency Es = W/(T C) (seed 002 §2).
double speed_efficiency(double work, double t, double marked_speed);
// Isospeed psi(p, p') = p' W/(p W') (seed 001 eq. 1); with marked speeds, psi(C, C') = C' W/(C W').
double psi(double p, double w, double p2, double w2);
// Average latency L(W, N) = Tpara - W tc/N (seed 000 eq. 3), with W tc = T(1).
double latency(double tp, double t1, double p);
// Seed 001 eq. 2: the work that keeps average speed a on p' processors with overhead To and
// single-processor time per operation delta.
double isospeed_work(double a, double p2, double overhead, double delta);
// Time-bound scalability from efficiencies (seed 000 eq. 12 and 13).
double time_bound_latency_scale(double e, double e2);
double time_bound_work_scale(double e, double e2);

// Seed 000 eq. 3 and 5-7 for a measured point, on ONE sequential time t1 (the one-worker run's
// median wall time, the T(1) of speedup and efficiency) and the point's median wall time tp:
//   compute = t1/p, serial = s (p-1)/p, imbalance = idle/p, sync = primitive/p (from the
//   instrumented run nearest the median), residual = what is left of tp (ML/p);
// so compute + serial + imbalance + sync + residual = tp and L = (ML + IT + PT)/p = tp - t1/p =
// tp (1 - E) with E = t1/(p tp), both exactly. When `stats` is the median run itself (odd
// repeats), ML = (busy + s)(p) - t1, eq. 7 as written with T1work = t1.
runtime::Overheads breakdown(const runtime::RunStats& stats, double tp, double t1, double p);
// The same from the sums a stored point keeps: serial time, idle and primitive time over workers.
runtime::Overheads breakdown(double serial, double idle_sum, double primitive_sum, double tp, double t1, double p);

}  // namespace scalerun::study::metrics
