#include "study/metrics.hpp"

#include <cmath>
#include <limits>

namespace scalerun::study::metrics {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

double speedup(double t1, double tp) { return t1 / tp; }
double efficiency(double t1, double tp, double p) { return t1 / (p * tp); }

double karp_flatt(double s, double p) {
  if (p <= 1) return kNaN;
  return (1.0 / s - 1.0 / p) / (1.0 - 1.0 / p);
}

double average_speed(double work, double p, double t) { return work / (p * t); }
double speed_efficiency(double work, double t, double marked_speed) { return work / (t * marked_speed); }
double psi(double p, double w, double p2, double w2) { return (p2 * w) / (p * w2); }
double latency(double tp, double t1, double p) { return tp - t1 / p; }

double isospeed_work(double a, double p2, double overhead, double delta) {
  return a * p2 * overhead / (1.0 - a * delta);
}

double time_bound_latency_scale(double e, double e2) { return (1.0 - e) / (1.0 - e2); }
double time_bound_work_scale(double e, double e2) { return e / e2; }

runtime::Overheads breakdown(const runtime::InstrumentedSums& at_p, double t1_work, double tp, double t1, double p) {
  return runtime::split_latency(at_p, t1_work, tp, t1, p);
}

runtime::Overheads breakdown(const runtime::RunStats& at_p, const runtime::RunStats& one_worker, double tp, double t1) {
  return runtime::split_latency(at_p.sums(), one_worker.work_time(), tp, t1, at_p.workers);
}

}  // namespace scalerun::study::metrics
