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

Overheads RunStats::overheads(double t1) const {
  if (!instrumented) throw std::logic_error("overheads need an instrumented run");
  if (workers < 1) throw std::logic_error("overheads of a run without workers");
  const double p = workers;
  Overheads o;
  o.workers = workers;
  o.tpara = tpara;
  o.t1_work = t1;
  o.ml = work_time() - t1;
  o.it = idle_sum() + (p - 1) * serial;
  o.pt = primitive_sum();
  o.compute = t1 / p;
  o.serial = (p - 1) * serial / p;
  o.imbalance = idle_sum() / p;
  o.sync = o.pt / p;
  o.residual = o.ml / p;
  o.latency = (o.ml + o.it + o.pt) / p;
  return o;
}

Overheads RunStats::overheads(const RunStats& one_worker) const {
  if (!one_worker.instrumented) throw std::logic_error("the one-worker reference is not instrumented");
  return overheads(one_worker.work_time());
}

std::string RunStats::describe() const {
  std::string out = fmt::format("p={} {} Tpara={:.6f}s serial={:.6f}s loops={} reductions={} spmd={} "
                                "serial_regions={} barriers={} locks={}\n",
                                workers, instrumented ? "instrumented" : "plain", tpara, serial, loops,
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
                     "+ residual {:.6f}; ML={:.6f} IT={:.6f} PT={:.6f} L={:.6f}s",
                     o.workers, o.tpara, o.compute, o.serial, o.imbalance, o.sync, o.residual, o.ml, o.it,
                     o.pt, o.latency);
}

}  // namespace scalerun::runtime
