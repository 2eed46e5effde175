#include "sim/separation.hpp"

#include <algorithm>
#include <cmath>

namespace scalerun::sim {

namespace {

double mean_wait(const RunResult& run) {
  double sum = 0;
  for (const auto& s : run.procs) sum += s.wait;
  return run.procs.empty() ? 0.0 : sum / static_cast<double>(run.procs.size());
}

// The processor with the largest value of `f` (the lowest rank among equals).
template <typename F>
int argmax(const RunResult& run, F f) {
  int best = 0;
  for (std::size_t i = 1; i < run.procs.size(); ++i) {
    if (f(run.procs[i]) > f(run.procs[static_cast<std::size_t>(best)])) best = static_cast<int>(i);
  }
  return best;
}

}  // namespace

RunDigest digest(const RunResult& run) {
  RunDigest d;
  d.processors = run.processors;
  d.makespan = run.makespan;
  d.mean_wait = mean_wait(run);
  for (const auto& proc : run.procs) {
    d.serial_work += proc.serial;
    d.computation = std::max(d.computation, proc.compute + proc.serial);
  }
  d.events = run.events;
  return d;
}

Separation separate(const RunResult& ideal, const RunResult& contention_free, const RunResult& real, double t1) {
  return separate(digest(ideal), digest(contention_free), real, t1);
}

Separation separate(const RunDigest& ideal, const RunDigest& contention_free, const RunResult& real, double t1) {
  Separation s;
  s.p = ideal.processors;
  s.t1 = t1;
  s.t_ideal = ideal.makespan;
  s.t_cf = contention_free.makespan;
  s.t_real = real.makespan;

  s.algorithmic = s.t_ideal - t1 / s.p;
  s.computation = ideal.computation;
  s.serial = std::clamp(ideal.serial_work * (1 - 1 / s.p), 0.0, std::max(0.0, s.algorithmic));
  s.imbalance = s.algorithmic - s.serial;

  if (!real.procs.empty()) {
    s.latency_processor = argmax(real, [](const ProcessorStats& x) { return x.latency_overhead(); });
    const ProcessorStats& l = real.procs[static_cast<std::size_t>(s.latency_processor)];
    s.latency_overhead = l.latency_overhead();
    s.network_latency = l.network_latency_total();
    s.contention_processor = argmax(real, [](const ProcessorStats& x) { return x.contention_seen; });
    const ProcessorStats& c = real.procs[static_cast<std::size_t>(s.contention_processor)];
    s.contention_overhead = c.contention_seen;
    s.network_contention = c.network_contention;
  }

  s.w_ideal = ideal.mean_wait;
  s.w_cf = contention_free.mean_wait;
  s.w_real = mean_wait(real);
  s.w_imbalance = s.w_ideal;
  s.w_latency = s.w_cf - s.w_ideal;
  s.w_contention = s.w_real - s.w_cf;

  // Times that should be equal but were summed in another order, or clocks subtracted, leave
  // rounding dust (5.5e-18 s where 0 is meant): shown as zero. Each event a run handles may round
  // its clocks by about 1e-16 of the run's length, so even millions of events leave less than 1e-9
  // of it, while anything the tables show to four digits is far larger.
  const double dust = 1e-9 * std::max({s.t1, s.t_ideal, s.t_cf, s.t_real});
  for (double* v : {&s.algorithmic, &s.serial, &s.imbalance, &s.latency_overhead, &s.network_latency,
                    &s.contention_overhead, &s.network_contention, &s.w_ideal, &s.w_cf, &s.w_real,
                    &s.w_imbalance, &s.w_latency, &s.w_contention}) {
    if (std::fabs(*v) < dust) *v = 0;
  }
  return s;
}

}  // namespace scalerun::sim
