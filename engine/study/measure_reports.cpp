#include "study/measure_reports.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "measure/wait_states.hpp"
#include "study/measure_tuning.hpp"
#include "study/mpi_profile_reports.hpp"
#include "study/metrics.hpp"
#include "study/rule_metrics.hpp"

namespace scalerun::study {

using report::Cell;
using report::Table;

namespace {

bool over_sets(const MeasuredSweep& sweep) { return !sweep.points.empty() && !sweep.points.front().set.empty(); }

}  // namespace

void add_point_columns(Table& t, const MeasuredSweep& sweep) {
  if (over_sets(sweep)) t.add_column("set");
  t.add_column("p", "{:.10g}");
}

std::vector<Cell> point_cells(const MeasuredSweep& sweep, const MeasuredPoint& pt) {
  std::vector<Cell> cells;
  if (over_sets(sweep)) cells.emplace_back(pt.set);
  cells.emplace_back(pt.p);
  return cells;
}

namespace {

std::string describe_params(const runtime::Params& params) {
  std::string text;
  for (const auto& [k, v] : params) text += fmt::format("{}{}={:g}", text.empty() ? "" : " ", k, v);
  return text;
}

// The one-worker reference S and E are taken against: the p = 1 point (the base size of a rule
// that scales the size, the problem itself at a fixed size). Without one, T(1) is not measured:
// nothing is put in its place.
metrics::BaseTimes base_of(const MeasuredSweep& sweep) {
  if (sweep.points.empty() || over_sets(sweep) || sweep.points.front().p != 1) return {};
  const MeasuredPoint& one = sweep.points.front();
  return {one.median, one.work};
}

// "p = 1, n = 512": the base size as the rule varies it.
std::string base_description(const MeasuredSweep& sweep) {
  std::string text = "p = 1";
  if (!base_of(sweep).measured()) return text + ", not in this sweep";
  for (const auto& [name, ratio] : sweep.spec->rule.vary) {
    const auto it = sweep.points.front().params.find(name);
    if (it != sweep.points.front().params.end()) text += fmt::format(", {} = {:g}", name, it->second);
  }
  return text;
}

metrics::PointMetrics metrics_of(const MeasuredSweep& sweep, const MeasuredPoint& pt) {
  const metrics::PointTimes times{pt.p, pt.work, pt.median, pt.t1, pt.tuned_e};
  return metrics::point_metrics(sweep.spec->rule.kind, times, base_of(sweep));
}

Cell number(double v) {
  if (std::isnan(v)) return std::monostate{};
  return v;
}

// The definition note of a table with S and E, and what it could not compute.
void add_definition_notes(Table& t, const MeasuredSweep& sweep) {
  const model::RuleKind kind = sweep.spec->rule.kind;
  t.notes.push_back(metrics::definition_note(kind, base_description(sweep)));
  std::vector<double> ps, es;
  for (const auto& pt : sweep.points) {
    ps.push_back(pt.p);
    es.push_back(metrics_of(sweep, pt).efficiency);
  }
  if (std::string note = metrics::above_one_note(kind, ps, es); !note.empty()) t.notes.push_back(std::move(note));
  const bool missing = std::any_of(sweep.points.begin(), sweep.points.end(), [&](const MeasuredPoint& pt) {
    return std::isnan(metrics_of(sweep, pt).efficiency);
  });
  if (!missing) return;
  t.notes.push_back(over_sets(sweep) ? "over machine sets there is no one-worker run to take T(1) from: S and E are "
                                       "left empty (the measured table's Es = W/(T C) compares each set with its "
                                       "marked speed instead)"
                                     : metrics::missing_reference_note(kind));
}

bool any_missed(const MeasuredSweep& sweep) {
  return std::any_of(sweep.points.begin(), sweep.points.end(),
                     [](const MeasuredPoint& pt) { return pt.target.tuned && !pt.target.met; });
}

// A tuned point's target cell: "met", "missed (achieved Es 0.0778)", or "not tuned" (p = 1 under
// efficiency{}, where E = 1 at every size).
std::string target_text(const MeasuredSweep& sweep, const MeasuredPoint& pt) {
  if (!pt.target.tuned) return "not tuned";
  if (pt.target.met) return "met";
  return fmt::format("missed (achieved {} {:.4g})", quantity_symbol(sweep.spec->rule.kind), pt.target.achieved);
}

// The `target` column of a tuned sweep, and for every missed point a mark on the figure, a key
// value for JSON and a note naming it: a missed target must not pass for a tuned point.
void add_target_column(Table& t, const MeasuredSweep& sweep) {
  if (!sweep.tuned) return;
  t.add_column("target");
  t.role("target", report::Role::Note);
}
void add_target_cell(std::vector<Cell>& row, const MeasuredSweep& sweep, const MeasuredPoint& pt) {
  if (sweep.tuned) row.emplace_back(target_text(sweep, pt));
}
void add_missed_marks(Table& t, const MeasuredSweep& sweep) {
  if (!sweep.tuned) return;
  int missed = 0;
  std::string which;
  for (const auto& pt : sweep.points) {
    if (!pt.target.tuned || pt.target.met) continue;
    ++missed;
    const std::string at = pt.set.empty() ? fmt::format("p = {:g}", pt.p) : pt.set;
    which += fmt::format("{}{}: {} {:.4g} against {:g}", which.empty() ? "" : "; ", at,
                         quantity_symbol(sweep.spec->rule.kind), pt.target.achieved, pt.target.goal);
    if (t.plot.chart == report::Chart::Lines) t.mark(pt.p, fmt::format("target missed ({})", at));
  }
  t.value("targets_missed", missed);
  if (missed > 0) {
    t.notes.push_back(fmt::format("TARGET MISSED at {} point{} ({}): their sizes are where the search stopped, not "
                                  "sizes that meet the rule, and every value derived from them says so",
                                  missed, missed == 1 ? "" : "s", which));
  }
}

// A table of one row per point, in the sweep's order, made by code that knows nothing of tuning
// (overhead, latency, counters): the target column and the missed marks added after, so no table
// of a tuned sweep passes a missed point off as tuned.
Table with_targets(Table t, const MeasuredSweep& sweep) {
  if (!sweep.tuned || t.rows.size() != sweep.points.size()) return t;
  std::vector<Cell> cells;
  for (const auto& pt : sweep.points) cells.emplace_back(target_text(sweep, pt));
  t.append_column("target", std::move(cells));
  t.role("target", report::Role::Note);
  add_missed_marks(t, sweep);
  return t;
}

// The notes of a tuned sweep: the sizes found, and for efficiency the intervals behind each E.
void add_tuning_notes(Table& t, const MeasuredSweep& sweep) {
  const ExperimentSpec& spec = *sweep.spec;
  for (auto& column : t.columns) {
    if (column.name == "runs") column.name = "tuning runs";
  }
  std::string sizes;
  for (const auto& pt : sweep.points) {
    for (const auto& [vname, ratio] : spec.rule.vary) {
      sizes += fmt::format("{}{}: {}={:g}", sizes.empty() ? "" : "; ",
                           pt.set.empty() ? fmt::format("p={:g}", pt.p) : pt.set, vname, pt.params.at(vname));
    }
  }
  if (spec.rule.kind == model::RuleKind::Efficiency) {
    std::string intervals;
    for (const auto& pt : sweep.points) {
      if (pt.pairs > 1)
        intervals += fmt::format("{}p={:g}: [{:.4g}, {:.4g}] from {} pairs", intervals.empty() ? "" : "; ", pt.p,
                                 pt.interval.low, pt.interval.high, pt.pairs);
    }
    t.notes.push_back(fmt::format("E of a tuned point: the median over its runs at p and at 1 taken in turns, pair "
                                  "by pair; S = p E{}", intervals.empty() ? "" : "; 95 % interval of E: " + intervals));
  }
  int missed = 0;
  for (const auto& pt : sweep.points) missed += pt.target.tuned && !pt.target.met ? 1 : 0;
  t.notes.push_back(fmt::format("tuned to {} ({} within {:g} %){}: {:.2f} measured runs per point on average; sizes {}",
                                spec.rule.describe(), model::rule_quantity(spec.rule.kind), 100 * spec.tolerance,
                                missed == 0 ? "" : fmt::format(", target missed at {} of {} points", missed,
                                                               sweep.points.size()),
                                static_cast<double>(sweep.total_runs) / static_cast<double>(sweep.points.size()), sizes));
}

Table measured_table(const MeasuredSweep& sweep) {
  const ExperimentSpec& spec = *sweep.spec;
  const KernelSpec& kernel = *sweep.kernel;
  const bool weak = metrics::shows_weak(spec.rule.kind);
  Table t;
  t.name = "measured";
  if (sweep.source == "mpi") {
    t.title = fmt::format("{}: {} measured through MPI on {} ({}; {})", spec.name, kernel.name, spec.machine_name,
                          kernel.mpi, describe_params(kernel.params));
  } else {
    t.title = sweep.native ? fmt::format("{}: {} measured on this host ({} native, {})", spec.name, kernel.name,
                                         kernel.native, describe_params(kernel.params))
                           : fmt::format("{}: {} measured on this host (command: {})", spec.name, kernel.name,
                                         kernel.command);
  }
  const bool sets = over_sets(sweep);
  add_point_columns(t, sweep);
  t.add_column("W", "{:.6g}").add_column("T", "{:.6g}").add_column("mad", "{:.3g}");
  t.add_column("cv%", "{:.2f}").add_column("runs", "{:g}");
  // The statistics of the timed runs (sample_statistics): hyperfine's figures beside the median.
  t.add_column("mean", "{:.6g}").add_column("sd", "{:.3g}").add_column("min", "{:.6g}").add_column("max", "{:.6g}");
  t.add_column("T_low", "{:.6g}").add_column("T_high", "{:.6g}").add_column("outliers", "{:g}");
  t.add_column("speed", "{:.6g}");
  // Over machine sets: the set's marked speed C and seed 002's speed-efficiency Es = W/(T C), not
  // S and E, which need a one-worker run of the same program on one of the set's nodes.
  if (sets) t.add_column("C", "{:.6g}").add_column("Es", "{:.4f}");
  else t.add_column("S", "{:.3f}").add_column("E", "{:.3f}");
  if (!sets && weak) t.add_column("E_weak", "{:.3f}");
  t.add_column("verified");
  add_target_column(t, sweep);
  for (const auto& pt : sweep.points) {
    std::vector<Cell> row = point_cells(sweep, pt);
    const SampleStatistics& st = pt.stats;
    const std::array<double, 7> statistics{st.mean, st.sd, st.min, st.max, st.interval.low,
                                           st.interval.high, static_cast<double>(st.outliers.size())};
    if (sets) {
      for (double v : {pt.work, pt.median, pt.mad, 100 * pt.cv, static_cast<double>(sweep.tuned ? pt.runs : pt.samples)})
        row.emplace_back(v);
      for (double v : statistics) row.emplace_back(v);
      for (double v : {pt.work / pt.median, pt.marked, metrics::speed_efficiency(pt.work, pt.median, pt.marked)}) {
        row.emplace_back(v);
      }
      row.emplace_back(std::string(pt.verified ? "yes" : "NO"));
      add_target_cell(row, sweep, pt);
      t.add_row(std::move(row));
      continue;
    }
    for (double v : {pt.work, pt.median, pt.mad, 100 * pt.cv, static_cast<double>(sweep.tuned ? pt.runs : pt.samples)})
      row.emplace_back(v);
    for (double v : statistics) row.emplace_back(v);
    const metrics::PointMetrics m = metrics_of(sweep, pt);
    row.emplace_back(pt.work / pt.median);
    row.emplace_back(number(m.speedup));
    row.emplace_back(number(m.efficiency));
    if (weak) row.emplace_back(number(m.weak));
    row.emplace_back(std::string(pt.verified ? "yes" : "NO"));
    add_target_cell(row, sweep, pt);
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"T"}, "seconds").unit("cv%", "%").spread("T", "mad");
  t.unit({"T", "mad", "mean", "sd", "min", "max", "T_low", "T_high"}, "s");
  t.role("verified", report::Role::Note);
  t.notes.push_back(fmt::format("median of {} runs after {} warm-up{}; {}", spec.repeat, spec.warmup,
                                std::isnan(sweep.memory) ? "" : fmt::format("; memory {:.3g} bytes", sweep.memory),
                                sweep.storage_note));
  t.notes.push_back(fmt::format("T = the median of the timed runs, mad = their median absolute deviation; mean, sd "
                                "(standard deviation), min and max of the same runs; T_low, T_high = the 95 % "
                                "interval of the median; outliers = runs with |0.6745 (t - T) / mad| > {:g} "
                                "(hyperfine's modified Z-score, mad taken as at least 0.5 % of T; none when mad = 0), named in a warning",
                                kOutlierScore));
  if (!sets) add_definition_notes(t, sweep);
  if (sweep.tuned) add_tuning_notes(t, sweep);
  add_missed_marks(t, sweep);
  return t;
}

Table speedup_table(const MeasuredSweep& sweep) {
  const bool weak = metrics::shows_weak(sweep.spec->rule.kind);
  Table t;
  t.name = "speedup";
  t.title = fmt::format("{}: measured speedup and efficiency", sweep.spec->name);
  t.add_column("p", "{:.10g}").add_column("T(1)", "{:.6g}").add_column("T(p)", "{:.6g}").add_column("S", "{:.4f}");
  t.add_column("E", "{:.4f}").add_column("karp_flatt", "{:.4f}");
  if (weak) t.add_column("E_weak", "{:.4f}");
  add_target_column(t, sweep);
  for (const auto& pt : sweep.points) {
    const metrics::PointMetrics m = metrics_of(sweep, pt);
    std::vector<Cell> row;
    row.emplace_back(pt.p);
    for (double v : {m.t1, pt.median, m.speedup, m.efficiency, m.karp_flatt}) row.push_back(number(v));
    if (weak) row.emplace_back(number(m.weak));
    add_target_cell(row, sweep, pt);
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"S"}, "speedup S").unit({"T(1)", "T(p)"}, "s");
  add_definition_notes(t, sweep);
  add_missed_marks(t, sweep);
  return t;
}

// A measured value, or an empty cell where it is not available (NaN).
Cell value_cell(double v) { return std::isnan(v) ? Cell{std::monostate{}} : Cell{v}; }

// The notes beside the measured split: what unaccounted means, where the split is not available,
// and which points came out faster than T(1)/p (E > 1) and whether their ML says why.
void add_split_notes(Table& t, const MeasuredSweep& sweep) {
  // What unaccounted can say depends on what the instrumentation leaves out. The runtime counts
  // only a kernel's regions and serial() calls, so a native kernel's code outside them shows here;
  // an MPI rank's record covers its whole wall time (busy is its time outside MPI), so for an MPI
  // program the sum of the parts is N times the instrumented run and unaccounted is only the
  // difference between runs. Saying which is the honest reading.
  if (sweep.native) {
    std::string between;
    for (const auto& pt : sweep.points) {
      const InstrumentationRecord& r = pt.instrumentation;
      if (r.sums && r.sums->between_regions > 0)
        between += fmt::format("{}{}: {:.4g} s", between.empty() ? "" : ", ",
                               pt.set.empty() ? fmt::format("p={:g}", pt.p) : pt.set, r.sums->between_regions);
    }
    t.notes.push_back(fmt::format(
        "unaccounted = T (1 - E) - (ML + IT + PT)/N, what the instrumented terms do not explain: the kernel's time "
        "in its measured window outside every parallel region and serial() call ({}), less the one-worker run's "
        "idle, sync and outside time shared by N, plus the median run's difference from the instrumented run",
        between.empty() ? "none in the instrumented runs" : "instrumented runs: " + between));
  } else {
    t.notes.push_back("unaccounted = T (1 - E) - (ML + IT + PT)/N. Each rank's record covers its whole wall time "
                      "(busy is its time outside MPI calls), so this is not an independent measurement: it equals "
                      "(T - T_instrumented) - (idle + sync of the one-rank run)/N, the median run's difference from "
                      "the instrumented run less the one-rank run's own overheads shared by N");
  }
  std::string missing, superlinear;
  for (const auto& pt : sweep.points) {
    const std::string name = pt.set.empty() ? fmt::format("p={:g}", pt.p) : pt.set;
    const InstrumentationRecord& r = pt.instrumentation;
    if (r.instrumented() && !r.split_measured()) missing += (missing.empty() ? "" : ", ") + name;
    if (r.breakdown && pt.p > 1 && r.breakdown->latency < 0) {
      const double e = r.breakdown->compute / pt.median;
      superlinear += fmt::format("{}{} (E = {:.4f}{})", superlinear.empty() ? "" : "; ", name, e,
                                 !r.split_measured() ? ""
                                 : r.breakdown->ml < 0 ? ", ML < 0: the work itself took less time on p "
                                                         "workers: the caches holding more of the data, or a "
                                                         "noisy T(1) (see its cv)"
                                                       : ", ML >= 0: not a cache effect; a noisy T(1) (see its cv)");
    }
  }
  if (!missing.empty()) {
    t.notes.push_back(fmt::format("{}: the split into ML, IT, PT and unaccounted is not available: no one-worker run "
                                  "at the same size (a rule that grows the size with p, or a machine set), so ML "
                                  "cannot be measured and is not closed on T",
                                  missing));
  }
  if (!superlinear.empty()) {
    t.notes.push_back(fmt::format("E > 1, superlinear: {}", superlinear));
  }
}

Table overhead_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "overhead";
  t.title = fmt::format("{}: measured time by source (seconds per processor; with unaccounted they add up to T)",
                        sweep.spec->name);
  add_point_columns(t, sweep);
  t.add_column("T", "{:.6g}");
  for (const char* c : {"compute", "serial", "imbalance", "sync", "memory", "unaccounted"}) t.add_column(c, "{:.4g}");
  t.add_column("overhead%", "{:.1f}");
  for (const auto& pt : sweep.points) {
    std::vector<Cell> row = point_cells(sweep, pt);
    row.emplace_back(pt.median);
    const auto& o = pt.instrumentation.breakdown;
    if (!o) {
      row.resize(row.size() + 7, std::monostate{});
    } else {
      for (double v : {o->compute, o->serial, o->imbalance, o->sync, o->residual, o->unaccounted,
                       100 * o->latency / pt.median}) {
        row.push_back(value_cell(v));
      }
    }
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::StackedBars, "p", {"compute", "serial", "imbalance", "sync", "memory", "unaccounted"},
          "seconds");
  t.unit({"T", "compute", "serial", "imbalance", "sync", "memory", "unaccounted"}, "s");
  t.unit("overhead%", "%");
  t.notes.push_back(fmt::format("T = median wall time; compute = {}; serial, imbalance (idle at joins and barriers) and "
                                "sync (inside parallel primitives, waking the workers included) as instrumented in "
                                "the run nearest the median; memory = ML/N, ML = the growth of the time spent "
                                "working, (busy + serial)(N) - (busy + serial)(1) with the one-worker run at the same "
                                "size (seed 000 eq. 7: memory and contention effects), measured, not the rest of T",
                                over_sets(sweep) ? "W/C, the work at the set's marked speed C (a machine set has no "
                                                   "one-worker run)"
                                                 : "T(1)/p with T(1) the one-worker median of the same size (the T(1) "
                                                   "of S and E)"));
  add_split_notes(t, sweep);
  if (sweep.source == "mpi") {
    t.notes.push_back("MPI ranks: imbalance = the ranks' waiting for one another inside MPI calls (late senders and "
                      "receivers, barriers, collectives, polling: the ranks table's waiting) plus each rank's wait "
                      "for the slowest at the end; sync = the rest of the time inside MPI calls (the transfers, the "
                      "collectives' own work); where a point's wait states are not known (the ranks table says why) "
                      "imbalance is the time in MPI waits and barriers and sync the time in point-to-point and "
                      "collective calls; serial is not separable from outside the program (0); busy = time between "
                      "MPI calls; T is the slowest rank's wall time in its record (the launch is outside it)");
  }
  return t;
}

Table latency_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "latency";
  t.title = fmt::format("{}: measured latency L(W,N) = T (1 - E) (seed 000 eq. 3) and its parts ML, IT, PT (sums "
                        "over the N processors: eq. 5 is L = (ML + IT + PT)/N)",
                        sweep.spec->name);
  const bool model_beside = sweep.has_model_values && over_sets(sweep);
  add_point_columns(t, sweep);
  t.add_column("Tpara", "{:.6g}").add_column("ML", "{:.4g}").add_column("IT", "{:.4g}");
  t.add_column("PT", "{:.4g}").add_column("L", "{:.4g}").add_column("unaccounted", "{:.4g}");
  if (model_beside) t.add_column("model_T", "{:.6g}").add_column("model_L", "{:.4g}");
  for (const auto& pt : sweep.points) {
    const auto& o = pt.instrumentation.breakdown;
    std::vector<Cell> row = point_cells(sweep, pt);
    row.emplace_back(pt.median);
    if (!o) {
      row.resize(row.size() + 5, std::monostate{});
    } else {
      for (double v : {o->ml, o->it, o->pt, o->latency, o->unaccounted}) row.push_back(value_cell(v));
    }
    if (model_beside) {
      row.emplace_back(pt.predicted);
      row.emplace_back(pt.predicted - pt.work / pt.marked);
    }
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"L"}, "latency L (s)");
  t.unit({"Tpara", "ML", "IT", "PT", "L", "unaccounted"}, "s");
  if (over_sets(sweep)) {
    t.notes.push_back("over machine sets W tc/N = W/C, the work at the set's marked speed C, so L = Tpara - W/C = "
                      "Tpara (1 - Es) (seed 000 eq. 3 and 10 with seed 002's speed-efficiency)");
    if (model_beside) t.notes.push_back("model_T = the kernel's model at the point's size and p; model_L = model_T - W/C");
  } else {
    t.notes.push_back("Tpara = median wall time, W tc = T(1) the one-worker median of the same size (as in S and "
                      "E), so L = Tpara - T(1)/p = Tpara (1 - E) (seed 000 eq. 3 and 10); ML = (busy + serial)(N) - "
                      "(busy + serial)(1) (eq. 7), IT = idle + (N-1) serial (eq. 6), PT = time in parallel "
                      "primitives, each measured on its own");
  }
  add_split_notes(t, sweep);
  return t;
}

// Seed 000's CPU utilization, memory access rate and miss rate per point, from the event counters.
Table counters_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "counters";
  t.title = fmt::format("{}: event counters over the measured window (perf_event_open)", sweep.spec->name);
  t.add_column("p", "{:.10g}").add_column("T", "{:.6g}").add_column("cpu_util", "{:.3f}");
  t.add_column("ctx_switches", "{:.0f}").add_column("page_faults", "{:.0f}").add_column("instructions", "{:.4g}");
  t.add_column("ipc", "{:.3f}").add_column("mem_access/s", "{:.4g}").add_column("miss_rate", "{:.4f}");
  std::string note;
  for (const auto& pt : sweep.points) {
    std::vector<Cell> row{pt.p, pt.median};
    for (const char* name : {"cpu_utilization", "context_switches", "page_faults", "instructions", "ipc",
                             "memory_access_rate", "miss_rate"}) {
      const auto it = pt.counters.find(name);
      if (it == pt.counters.end()) row.emplace_back(std::monostate{});
      else row.emplace_back(it->second);
    }
    t.add_row(std::move(row));
    if (note.empty()) note = pt.counters_note;
  }
  if (!sweep.native) {
    t.notes.push_back("an external program runs in its own process: no counters here (run it under `perf stat`)");
  } else {
    t.notes.push_back("summed over the process's threads while the measured window was open; cpu_util = task "
                      "clock / (p T), mem_access/s = cache references / T, miss_rate = cache misses / references");
    if (!note.empty()) t.notes.push_back(fmt::format("unavailable on this system: {}", note));
    t.notes.push_back("no memory stall counter is read (they differ by CPU model): the latency table's ML is the "
                      "growth of the workers' busy time over the one-worker run, not a stall count");
  }
  return t;
}

Table compare_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "compare";
  t.title = fmt::format("{}: model beside measurement", sweep.spec->name);
  if (!sweep.has_model_values) {
    t.add_column("p", "{:.10g}").add_column("measured", "{:.6g}");
    for (const auto& pt : sweep.points) t.add_row({pt.p, pt.median});
    t.chart(report::Chart::Lines, "p", {"measured"}, "seconds").unit("measured", "s");
    t.notes.push_back(sweep.kernel->has_model ? "the model could not be evaluated here: " + sweep.model_problem
                                              : "kernel '" + sweep.kernel->name + "' has no model to compare with");
    return t;
  }
  t.add_column("p", "{:.10g}").add_column("model", "{:.6g}").add_column("measured", "{:.6g}");
  t.add_column("error%", "{:.1f}");
  add_target_column(t, sweep);
  for (const auto& pt : sweep.points) {
    std::vector<Cell> row;
    for (double v : {pt.p, pt.predicted, pt.median, 100 * (pt.predicted - pt.median) / pt.median}) row.emplace_back(v);
    add_target_cell(row, sweep, pt);
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"model", "measured"}, "seconds").unit({"model", "measured"}, "s");
  t.unit("error%", "%");
  add_missed_marks(t, sweep);
  return t;
}

// Isospeed scalability between every pair of measured points: psi(p, p') = p'W/(pW'), over machine
// sets psi_e(C, C') = C'W/(CW') (seed 001 eq. 1, seed 002 eq. 4), upper triangle.
Table psi_table(const MeasuredSweep& sweep) {
  const bool sets = over_sets(sweep);
  Table t;
  t.name = sets ? "psi_e" : "psi";
  t.title = fmt::format("{}: measured {}", sweep.spec->name,
                        sets ? "isospeed-efficiency scalability psi_e(C, C') = C'W/(CW')"
                             : "isospeed scalability psi(p, p') = p'W/(pW')");
  // A point whose tuning target was missed is named so in its row and column: every psi with it
  // compares a size that does not meet the rule.
  const auto label = [sets](const MeasuredPoint& pt) {
    const std::string name = sets ? pt.set : fmt::format("{:g}", pt.p);
    return pt.target.tuned && !pt.target.met ? name + " (missed)" : name;
  };
  t.add_column(sets ? "set" : "p");
  for (const auto& pt : sweep.points) t.add_column(label(pt), "{:.4f}");
  for (std::size_t i = 0; i < sweep.points.size(); ++i) {
    const auto& a = sweep.points[i];
    std::vector<Cell> row{label(a)};
    for (std::size_t j = 0; j < sweep.points.size(); ++j) {
      const auto& b = sweep.points[j];
      if (j < i) row.emplace_back(std::monostate{});
      else row.emplace_back(metrics::psi(sets ? a.marked : a.p, a.work, sets ? b.marked : b.p, b.work));
    }
    t.add_row(std::move(row));
  }
  t.plot.chart = report::Chart::HeatMap;
  t.role(t.columns.front().name, report::Role::X);
  for (std::size_t c = 1; c < t.columns.size(); ++c) t.series(t.columns[c].name);
  t.notes.push_back(sweep.tuned ? fmt::format("W = the work at the sizes tuned to {}", sweep.spec->rule.describe())
                                : "W = the work at the kernel's fixed size: psi means isospeed only when each point "
                                  "was tuned to the same speed (scale = isospeed{} or isospeed_e{})");
  // Under efficiency{} the p = 1 point has E = 1 at every size: it keeps the kernel's own size,
  // and its row and column compare that size, not a tuned one.
  for (const auto& pt : sweep.points) {
    if (sweep.tuned && !pt.target.tuned) {
      t.notes.push_back(fmt::format("row and column {} use the kernel's own size ({}), not a tuned one: the rule "
                                    "has nothing to solve there", label(pt), describe_params(pt.params)));
    }
  }
  add_missed_marks(t, sweep);
  if (any_missed(sweep)) {
    t.notes.push_back("a row or column marked (missed) uses the work of a point whose target was missed: its psi "
                      "does not compare points of the same speed");
  }
  return t;
}


}  // namespace

namespace {

// A point's wait states summed over its ranks, by cause; or why they are not known.
std::string wait_states_note(const std::vector<measure::RankRecord>& ranks) {
  if (!ranks.front().wait_states.empty()) {
    return "wait states not known: " + ranks.front().wait_states + "; waiting is then counted by call (MPI_Wait*, "
           "probes, barriers idle, the rest primitive)";
  }
  static constexpr const char* kShown[] = {"late sender", "late receiver", "barrier", "N x N collective",
                                           "late broadcast", "early reduce"};
  std::string parts;
  double polling = 0;
  for (std::size_t k = 0; k < std::size(measure::kWaitStateNames); ++k) {
    double sum = 0;
    for (const auto& r : ranks) sum += r.figures.at(measure::kWaitStateNames[k]);
    parts += fmt::format("{} {:.4g} s, ", kShown[k], sum);
  }
  for (const auto& r : ranks) polling += r.figures.at("polling");
  return fmt::format("waiting over all ranks: {}polling {:.4g} s", parts, polling);
}

}  // namespace

// Every rank of every point (an MPI kernel), and per point the slowest rank and the spread.
Table ranks_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "ranks";
  t.title = fmt::format("{}: per rank, the run nearest the median (seconds; MPI time by kind)", sweep.spec->name);
  std::vector<std::string> values;
  for (const auto& pt : sweep.points) {
    for (const auto& r : pt.ranks) {
      for (const auto& [name, v] : r.values) {
        if (std::find(values.begin(), values.end(), name) == values.end()) values.push_back(name);
      }
    }
  }
  bool grouped = false;
  for (const auto& pt : sweep.points) {
    for (const auto& r : pt.ranks) grouped = grouped || !r.group.empty();
  }
  add_point_columns(t, sweep);
  t.add_column("rank", "{:g}").add_column("host");
  if (grouped) t.add_column("group");
  // One-sided and I/O columns only for jobs that made such calls.
  bool one_sided = false, io = false;
  for (const auto& pt : sweep.points) {
    for (const auto& r : pt.ranks) {
      one_sided = one_sided || (r.figures.count("one_sided_calls") != 0 && r.figures.at("one_sided_calls") > 0);
      io = io || (r.figures.count("io_calls") != 0 && r.figures.at("io_calls") > 0);
    }
  }
  std::vector<std::string> kinds{"point_to_point", "collective", "wait", "barrier"};
  if (one_sided) kinds.emplace_back("one_sided");
  if (io) kinds.emplace_back("io");
  t.add_column("wall", "{:.4g}").add_column("busy", "{:.4g}");
  for (const auto& kind : kinds) t.add_column(kind == "point_to_point" ? "p2p" : kind, "{:.4g}");
  t.add_column("waiting", "{:.4g}");
  t.add_column("messages", "{:g}").add_column("bytes", "{:.4g}");
  if (one_sided) t.add_column("one_sided_bytes", "{:.4g}");
  if (io) t.add_column("io_bytes", "{:.4g}");
  for (const auto& v : values) t.add_column(v, "{:g}");
  for (const auto& pt : sweep.points) {
    if (pt.ranks.empty()) continue;
    double slowest = 0, fastest_busy = HUGE_VAL, slowest_busy = 0;
    int slowest_rank = 0;
    for (const auto& r : pt.ranks) {
      const auto& f = r.figures;
      std::vector<Cell> row = point_cells(sweep, pt);
      row.emplace_back(static_cast<double>(r.rank));
      row.emplace_back(r.host);
      if (grouped) row.emplace_back(r.group);
      row.emplace_back(f.at("wall"));
      row.emplace_back(f.at("busy"));
      for (const auto& kind : kinds) row.emplace_back(f.at(kind));
      if (r.wait_states.empty()) row.emplace_back(r.waiting()); else row.emplace_back(std::monostate{});
      row.emplace_back(f.at("messages_sent"));
      row.emplace_back(f.at("bytes_sent") + f.at("collective_bytes"));
      if (one_sided) row.emplace_back(f.at("one_sided_bytes"));
      if (io) row.emplace_back(f.at("io_bytes"));
      for (const auto& v : values) {
        const auto it = r.values.find(v);
        if (it == r.values.end()) row.emplace_back(std::monostate{}); else row.emplace_back(it->second);
      }
      t.add_row(std::move(row));
      if (f.at("wall") > slowest) {
        slowest = f.at("wall");
        slowest_rank = r.rank;
      }
      fastest_busy = std::min(fastest_busy, f.at("busy"));
      slowest_busy = std::max(slowest_busy, f.at("busy"));
    }
    t.notes.push_back(fmt::format("{}p = {:g}: slowest rank {} ({:.4g} s); busy time spread max/min = {:.3f}",
                                  pt.set.empty() ? "" : pt.set + ", ", pt.p,
                                  slowest_rank, slowest, slowest_busy / fastest_busy));
    t.notes.push_back(fmt::format("{}p = {:g}: {}", pt.set.empty() ? "" : pt.set + ", ", pt.p,
                                  wait_states_note(pt.ranks)));
    if (measure::any_thread_multiple(pt.ranks)) {
      t.notes.push_back(fmt::format("{}p = {:g}: MPI_THREAD_MULTIPLE: MPI calls are timed per rank, not per thread, "
                                    "so busy and the MPI columns are not per thread (wall is)",
                                    pt.set.empty() ? "" : pt.set + ", ", pt.p));
    }
  }
  t.unit({"wall", "busy", "p2p", "collective", "wait", "barrier", "waiting"}, "s").unit("bytes", "B");
  if (one_sided) t.unit({"one_sided"}, "s").unit("one_sided_bytes", "B");
  if (io) t.unit({"io"}, "s").unit("io_bytes", "B");
  t.role("host", report::Role::Note);
  if (grouped) t.role("group", report::Role::Note);
  t.notes.push_back("wall = MPI_Init to MPI_Finalize; busy = between MPI calls; p2p, collective, wait (MPI_Wait*, "
                    "MPI_Probe, polling MPI_Test and MPI_Iprobe), barrier, one_sided (windows: MPI_Put, MPI_Win_fence, ...; "
                    "shown where a job made such calls), io (MPI_File_*, likewise) = inside those calls, so busy + MPI "
                    "time = wall; "
                    "waiting = the part of the MPI time spent waiting for another rank (its wait states, as Scalasca "
                    "finds them, and polling), idle in the overhead split, the rest being the primitives' own time; "
                    "messages = point-to-point sends; bytes = sent point to point plus this rank's part of collectives "
                    "(one_sided_bytes: moved as the origin of one-sided calls; io_bytes: read and written); further columns: the "
                    "program's own scalerun_value()s");
  return t;
}

void statistics_from_record(MeasuredPoint& pt, const store::PointRecord& record, int warmup) {
  pt.stats = sample_statistics(record.samples);
  pt.samples = static_cast<int>(record.samples.size());
  pt.warmup = warmup;
  const nlohmann::json extra = nlohmann::json::parse(record.extra_json, nullptr, false);
  if (extra.is_object() && extra.contains("statistics") && extra["statistics"].is_object()) {
    const nlohmann::json& stored = extra["statistics"];
    if (stored.contains("warmup") && stored["warmup"].is_number_integer()) pt.warmup = stored["warmup"].get<int>();
  }
}

Table statistics_table(const MeasuredSweep& sweep) {
  Table t;
  t.name = "statistics";
  t.title = fmt::format("{}: the timed runs of each point", sweep.spec->name);
  add_point_columns(t, sweep);
  t.add_column("runs", "{:g}").add_column("warmup", "{:g}").add_column("T", "{:.6g}").add_column("T_low", "{:.6g}");
  t.add_column("T_high", "{:.6g}").add_column("mean", "{:.6g}").add_column("sd", "{:.3g}").add_column("min", "{:.6g}");
  t.add_column("max", "{:.6g}").add_column("outliers");
  for (const auto& pt : sweep.points) {
    const SampleStatistics& st = pt.stats;
    if (st.runs == 0) continue;
    std::vector<Cell> row = point_cells(sweep, pt);
    for (double v : {static_cast<double>(st.runs), static_cast<double>(pt.warmup), st.median, st.interval.low,
                     st.interval.high, st.mean, st.sd, st.min, st.max}) {
      row.emplace_back(v);
    }
    std::string outliers;
    for (const auto& o : st.outliers) {
      outliers += fmt::format("{}run {}{}", outliers.empty() ? "" : ", ", o.run + 1,
                              o.run == 0 && st.slow_first ? " (slow first)" : "");
    }
    row.emplace_back(outliers.empty() ? std::string("none") : outliers);
    t.add_row(std::move(row));
  }
  t.unit({"T", "T_low", "T_high", "mean", "sd", "min", "max"}, "s");
  t.role("outliers", report::Role::Note);
  t.notes.push_back(fmt::format("T = the median of the timed runs, T_low and T_high its 95 % interval; outliers = runs "
                                "with |0.6745 (t - T) / MAD| > {:g} (hyperfine's modified Z-score, MAD taken as at least 0.5 % of T; none when MAD = "
                                "0), numbered from 1; slow first = the first timed run an outlier above T",
                                kOutlierScore));
  return t;
}

// The builders study/table_registry lists for measure mode.
Tables measure_measured(const MeasureTableInputs& in) { return {measured_table(in.sweep)}; }
Tables measure_speedup(const MeasureTableInputs& in) { return {speedup_table(in.sweep)}; }
Tables measure_psi(const MeasureTableInputs& in) { return {psi_table(in.sweep)}; }
Tables measure_ranks(const MeasureTableInputs& in) { return {ranks_table(in.sweep)}; }

Tables measure_profile(const MeasureTableInputs& in) { return mpi_profile_tables(in.sweep); }
Tables measure_counters(const MeasureTableInputs& in) { return {with_targets(counters_table(in.sweep), in.sweep)}; }
Tables measure_compare(const MeasureTableInputs& in) { return {compare_table(in.sweep)}; }

namespace {

// Only T is known of a program timed from outside: a table of T alone would pass for a breakdown
// with nothing in it, so the report is left out with a warning.
bool instrumented(const MeasureTableInputs& in, std::string_view report) {
  if (in.sweep.source != "command") return true;
  in.warn(fmt::format("{}report '{}' needs the instrumentation of a native kernel (busy, idle, sync time per "
                      "worker); kernel '{}' is an external program, timed from outside, so it is left out (its T "
                      "is in 'measured')",
                      in.sweep.spec->where, report, in.sweep.kernel->name));
  return false;
}

}  // namespace

Tables measure_overhead(const MeasureTableInputs& in) {
  if (!instrumented(in, "overhead")) return {};
  return {with_targets(overhead_table(in.sweep), in.sweep)};
}

Tables measure_latency(const MeasureTableInputs& in) {
  if (!instrumented(in, "latency")) return {};
  return {with_targets(latency_table(in.sweep), in.sweep)};
}

}  // namespace scalerun::study
