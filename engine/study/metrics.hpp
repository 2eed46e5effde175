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

// Seed 000 eq. 3 and 5-7 for a measured point (runtime::split_latency, run_stats.hpp): the sums of
// the instrumented run nearest the median at p, the one-worker run's work time t1_work = (busy +
// serial)(1) at the SAME size (NaN when none was measured: ML and unaccounted are then NaN), the
// point's median tp and the T(1) of its S and E. ML = (busy + serial)(p) - t1_work is measured, not
// closed on tp, so unaccounted = tp (1 - E) - (ML + IT + PT)/p is a real check: zero only when the
// instrumentation saw all of tp.
runtime::Overheads breakdown(const runtime::InstrumentedSums& at_p, double t1_work, double tp, double t1, double p);
// The same from the instrumented runs themselves.
runtime::Overheads breakdown(const runtime::RunStats& at_p, const runtime::RunStats& one_worker, double tp, double t1);

}  // namespace scalerun::study::metrics
