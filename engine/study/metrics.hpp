#pragma once
// The scalability metrics, each as the seed defines it. Pure functions of numbers, so tables,
// checks and tests all share one definition.

#include <span>

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
// Growth order k of W ~ c p^k by least squares on (log p, log W); NaN with fewer than 2 points.
double growth_order(std::span<const double> p, std::span<const double> w);

}  // namespace scalerun::study::metrics
