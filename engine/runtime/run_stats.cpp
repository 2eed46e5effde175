#include "runtime/run_stats.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::runtime {

namespace {

template <class Field>
double sum_of(const std::vector<WorkerStats>& workers, Field field) {
  double total = 0;
  for (const auto& w : workers) total += w.*field;
  return total;
}

}  // namespace

double RunStats::busy_sum() const { return sum_of(per_worker, &WorkerStats::busy); }
double RunStats::idle_sum() const { return sum_of(per_worker, &WorkerStats::idle); }
double RunStats::primitive_sum() const { return sum_of(per_worker, &WorkerStats::primitive); }

Overheads split_latency(const InstrumentedSums& at_p, double t1_work, double tp, double t1, double p) {
  Overheads o;
  o.workers = static_cast<int>(p);
  o.tpara = tp;
  o.t1 = t1;
  o.t1_work = t1_work;
  o.compute = t1 / p;
  o.serial = at_p.serial * (p - 1) / p;
  o.imbalance = at_p.idle / p;
  o.sync = at_p.primitive / p;
  o.it = at_p.idle + (p - 1) * at_p.serial;
  o.pt = at_p.primitive;
  o.latency = tp - t1 / p;
  // NaN propagates: without the one-worker work at this size there is no ML and no check.
  o.ml = at_p.busy + at_p.serial - t1_work;
  o.residual = o.ml / p;
  o.unaccounted = o.latency - (o.ml + o.it + o.pt) / p;
  return o;
}

Overheads RunStats::overheads(const RunStats& one_worker) const {
  if (!instrumented) throw std::logic_error("overheads need an instrumented run");
  if (workers < 1) throw std::logic_error("overheads of a run without workers");
  if (!one_worker.instrumented) throw std::logic_error("the one-worker reference is not instrumented");
  return split_latency(sums(), one_worker.work_time(), tpara, one_worker.tpara, workers);
}

std::string RunStats::describe() const {
  std::string out = fmt::format("p={} {} Tpara={:.6f}s serial={:.6f}s between_regions={:.6f}s loops={} "
                                "reductions={} spmd={} serial_regions={} barriers={} locks={}\n",
                                workers, instrumented ? "instrumented" : "plain", tpara, serial,
                                between_regions, loops,
                                reductions, spmd_regions, serial_regions, barriers, locks);
  for (std::size_t w = 0; w < per_worker.size(); ++w) {
    const auto& s = per_worker[w];
    out += fmt::format("  worker {}: busy={:.6f}s idle={:.6f}s primitive={:.6f}s chunks={}\n", w, s.busy,
                       s.idle, s.primitive, s.chunks);
  }
  return out;
}

std::string describe(const Overheads& o) {
  return fmt::format("p={} Tp={:.6f}s = compute {:.6f} + serial {:.6f} + imbalance {:.6f} + sync {:.6f} "
                     "+ residual {:.6f} + unaccounted {:.6f}; ML={:.6f} IT={:.6f} PT={:.6f} L={:.6f}s",
                     o.workers, o.tpara, o.compute, o.serial, o.imbalance, o.sync, o.residual, o.unaccounted,
                     o.ml, o.it, o.pt, o.latency);
}

}  // namespace scalerun::runtime
