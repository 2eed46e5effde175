#include "study/experiment_reports.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "fit/growth_order.hpp"
#include "fit/model_discovery.hpp"
#include "study/metrics.hpp"
#include "study/rule_metrics.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
using report::Cell;
using report::Table;

bool by_sets(const ExperimentData& d) { return over_sets(d.spec); }

// The label of a point in matrix headers: its processor count, or its machine set.
std::string point_label(const PointData& pt) {
  return pt.label.empty() ? fmt::format("{:g}", pt.ctx.p) : pt.label;
}

Cell number(double v) {
  if (std::isnan(v)) return std::monostate{};
  return v;
}

std::string heading(const ExperimentData& d, const std::string& what) {
  return fmt::format("{}: {} — {} on {}, {}", d.spec.name, what, d.kernel_name, d.spec.machine_name,
                     d.spec.rule.describe());
}

// Under efficiency{} the p = 1 point has E = 1 at every size, so the rule solves nothing there and
// the point keeps the kernel's own size: a value that depends on its size is not on the curve.
bool unsolved_point(const ExperimentData& d, const PointData& pt) {
  return !by_sets(d) && d.spec.rule.kind == model::RuleKind::Efficiency && pt.ctx.p == 1;
}

// "n = 64": the varied sizes of a point, as the rule names them.
std::string sizes_of(const ExperimentData& d, const PointData& pt) {
  std::string text;
  for (const auto& [name, ratio] : d.spec.rule.vary) {
    for (std::size_t i = 0; i < d.slot_names.size(); ++i) {
      if (d.slot_names[i] == name) text += fmt::format("{}{} = {:g}", text.empty() ? "" : ", ", name, pt.slots[i]);
    }
  }
  return text.empty() ? std::string("its size") : text;
}

// The note for a table with an unsolved p = 1 row, or "" when it has none.
std::string unsolved_note(const ExperimentData& d) {
  for (const auto& pt : d.points) {
    if (unsolved_point(d, pt)) {
      return fmt::format("p = 1 keeps the kernel's own {}: E = 1 there at every size, so there is nothing to solve",
                         sizes_of(d, pt));
    }
  }
  return {};
}

// The rule's metrics of a point (study/rule_metrics): where the size changes with p, tc is the
// one-processor time per unit of work at the size of the point of fewest processors.
metrics::PointMetrics metrics_of(const ExperimentData& d, const PointData& pt) {
  const PointData& first = base_point(d);
  const metrics::BaseTimes base{first.time_1, first.at_p.work, first.ctx.p};
  const metrics::PointTimes times{pt.ctx.p, pt.at_p.work, pt.at_p.time, pt.time_1, kNaN};
  return metrics::point_metrics(d.spec.rule.kind, times, base);
}

// The definition of S and E a table used, with the base size where the work rate needs one.
std::string definition_note(const ExperimentData& d) {
  const PointData& first = base_point(d);
  return metrics::definition_note(d.spec.rule.kind,
                                  fmt::format("the size of the point of fewest processors, {} at p = {}", sizes_of(d, first),
                                              point_label(first)));
}

// E_weak compares with one worker's share of the base size: only when the base point is p = 1.
bool shows_weak(const ExperimentData& d) {
  return metrics::shows_weak(d.spec.rule.kind) && base_point(d).ctx.p == 1;
}

// What a reader of E must know beside its definition: E above 1 where it is, and a W that is not
// proportional to one-worker time (the work rate then differs from the own-size pair).
void add_e_caveats(Table& t, const ExperimentData& d) {
  std::vector<double> ps, es, t1_own, work;
  for (const auto& pt : d.points) {
    ps.push_back(pt.ctx.p);
    es.push_back(metrics_of(d, pt).efficiency);
    t1_own.push_back(pt.time_1);
    work.push_back(pt.at_p.work);
  }
  if (std::string note = metrics::above_one_note(d.spec.rule.kind, ps, es); !note.empty()) t.notes.push_back(std::move(note));
  if (metrics::basis_of(d.spec.rule.kind) != metrics::Basis::WorkRate) return;
  if (std::string note = metrics::work_proportionality_note(t1_own, work); !note.empty()) t.notes.push_back(std::move(note));
}

bool wide_p(const ExperimentData& d) {
  return report::log_axis_suits(d.points.front().ctx.p, d.points.back().ctx.p, d.points.size());
}

void add_point_columns(Table& t, const ExperimentData& d) {
  if (by_sets(d)) t.add_column("set");
  t.add_column("p", "{:.10g}");
  if (by_sets(d)) t.add_column("C", "{:.6g}");
}

void add_point_cells(std::vector<Cell>& row, const ExperimentData& d, const PointData& pt) {
  if (by_sets(d)) row.emplace_back(pt.label);
  row.emplace_back(pt.ctx.p);
  if (by_sets(d)) row.emplace_back(number(pt.ctx.marked_speed));
}

Table scaled_table(const ExperimentData& d) {
  Table t;
  t.name = "scaled";
  t.title = heading(d, "scaled problem");
  add_point_columns(t, d);
  for (int s : d.varied) t.add_column(d.slot_names[static_cast<std::size_t>(s)], "{:.6g}");
  for (const auto& c : d.spec.columns) t.add_column(c.name, "{:.6g}");
  t.add_column("W", "{:.6g}").add_column("T", "{:.6g}").add_column("speed", "{:.6g}").add_column("a", "{:.6g}");
  // Over heterogeneous machine sets there is no one-processor reference, so E = T(1)/(p T) would
  // mislead; speed-efficiency Es is the measure there (seed 002).
  const bool has_e = !by_sets(d);
  if (has_e) t.add_column("E", "{:.4f}");
  if (has_e && shows_weak(d)) t.add_column("E_weak", "{:.4f}");
  const bool has_es = std::isfinite(d.points.front().ctx.marked_speed);
  if (has_es) t.add_column("Es", "{:.4f}");
  const bool has_memory = std::isfinite(d.points.front().at_p.memory);
  if (has_memory) t.add_column("M/p", "{:.6g}");
  for (const auto& pt : d.points) {
    std::vector<Cell> row;
    add_point_cells(row, d, pt);
    for (int s : d.varied) row.emplace_back(pt.slots[static_cast<std::size_t>(s)]);
    for (double v : pt.extra) row.emplace_back(v);
    const double w = pt.at_p.work, tp = pt.at_p.time;
    row.emplace_back(number(w));
    row.emplace_back(tp);
    row.emplace_back(number(w / tp));
    row.emplace_back(number(metrics::average_speed(w, pt.ctx.p, tp)));
    if (has_e) {
      const metrics::PointMetrics m = metrics_of(d, pt);
      row.emplace_back(number(m.efficiency));
      if (shows_weak(d)) row.emplace_back(number(m.weak));
    }
    if (has_es) row.emplace_back(number(metrics::speed_efficiency(w, tp, pt.ctx.marked_speed)));
    if (has_memory) row.emplace_back(number(pt.at_p.memory / pt.ctx.p));
    t.add_row(std::move(row));
  }
  if (d.spec.rule.kind != model::RuleKind::Fixed && d.spec.rule.kind != model::RuleKind::Custom) {
    int total = 0;
    for (const auto& pt : d.points) total += pt.evaluations;
    t.notes.push_back(fmt::format("sizes solved for {} = {:g} ({} model evaluations{})",
                                  model::rule_quantity(d.spec.rule.kind), d.spec.rule.target, total,
                                  d.traced ? ", symbolic derivative" : ", plain Lua calls"));
  }
  if (const std::string note = unsolved_note(d); !note.empty()) t.notes.push_back(note);
  if (has_e) t.notes.push_back(definition_note(d));
  if (has_e) add_e_caveats(t, d);
  t.chart(report::Chart::Lines, "p", {"W"}, "work W").log_scales(wide_p(d), true).unit("T", "s");
  return t;
}

// An upper-triangular matrix over the points: rows p, columns p', cell f(i, j) for j >= i.
template <typename F>
Table matrix(const ExperimentData& d, std::string name, std::string title, std::string format, F f) {
  Table t;
  t.name = std::move(name);
  t.title = std::move(title);
  t.add_column(by_sets(d) ? "set" : "p");
  for (const auto& pt : d.points) t.add_column(point_label(pt), format);
  for (std::size_t i = 0; i < d.points.size(); ++i) {
    std::vector<Cell> row{point_label(d.points[i])};
    for (std::size_t j = 0; j < d.points.size(); ++j) {
      if (j < i) {
        row.emplace_back(std::monostate{});
      } else {
        row.push_back(f(i, j));
      }
    }
    t.add_row(std::move(row));
  }
  return t;
}

// A matrix of numbers drawn as a heat map: rows by the first column, every other column a cell.
Table as_heat_map(Table t) {
  t.plot.chart = report::Chart::HeatMap;
  t.role(t.columns.front().name, report::Role::X);
  for (std::size_t c = 1; c < t.columns.size(); ++c) t.series(t.columns[c].name);
  return t;
}

Table psi_table(const ExperimentData& d) {
  const bool sets = by_sets(d);
  Table t = as_heat_map(matrix(d, sets ? "psi_e" : "psi",
                heading(d, sets ? "isospeed-efficiency scalability psi(C, C') = C'W/(CW')"
                                : "isospeed scalability psi(p, p') = p'W/(pW')"),
                "{:.5f}", [&](std::size_t i, std::size_t j) -> Cell {
                  const auto& a = d.points[i];
                  const auto& b = d.points[j];
                  const double x = sets ? a.ctx.marked_speed : a.ctx.p;
                  const double y = sets ? b.ctx.marked_speed : b.ctx.p;
                  return number(metrics::psi(x, a.at_p.work, y, b.at_p.work));
                }));
  for (const auto& pt : d.points) {
    if (unsolved_point(d, pt)) {
      t.notes.push_back(fmt::format("row p = 1 uses the kernel's own {}, not a solved size (E = 1 there at every size)",
                                    sizes_of(d, pt)));
      break;
    }
  }
  return t;
}

double point_latency(const PointData& pt) { return metrics::latency(pt.at_p.time, pt.time_1, pt.ctx.p); }

std::vector<Table> latency_tables(const ExperimentData& d) {
  Table per_point;
  per_point.name = "latency";
  per_point.title = heading(d, "average latency L(W, N) = Tpara - W tc/N");
  add_point_columns(per_point, d);
  per_point.add_column("W", "{:.6g}").add_column("Tpara", "{:.6g}").add_column("E", "{:.4f}").add_column("L", "{:.6g}");
  for (const auto& pt : d.points) {
    std::vector<Cell> row;
    add_point_cells(row, d, pt);
    row.emplace_back(number(pt.at_p.work));
    row.emplace_back(pt.at_p.time);
    row.emplace_back(metrics::efficiency(pt.time_1, pt.at_p.time, pt.ctx.p));
    row.emplace_back(point_latency(pt));
    per_point.add_row(std::move(row));
  }
  per_point.chart(report::Chart::Lines, "p", {"L"}, "latency L (s)").log_scales(wide_p(d), false);
  per_point.unit({"Tpara", "L"}, "s");
  Table scale = as_heat_map(matrix(d, "latency_scale", heading(d, "latency scalability scale(N, N') = L(W,N)/L(W',N')"),
                       "{:.4f}", [&](std::size_t i, std::size_t j) -> Cell {
                         return number(point_latency(d.points[i]) / point_latency(d.points[j]));
                       }));
  return {per_point, scale};
}

Table triple_table(const ExperimentData& d, const TripleData& tr) {
  Table t = matrix(d, "triple",
                   fmt::format("{}: latency scalability, time-bound / E-conserved / memory-bound (T = {:g} s, "
                               "E = {:g}, B = {:g} bytes)",
                               d.spec.name, *d.spec.bounds.T, *d.spec.bounds.E, *d.spec.bounds.B),
                   "", [&](std::size_t i, std::size_t j) -> Cell {
                     if (i == j) return std::string("1/1/1");
                     return fmt::format("{:.2f}/{:.2f}/{:.2f}", tr.time_bound[i] / tr.time_bound[j],
                                        tr.e_conserved[i] / tr.e_conserved[j], tr.memory_bound[i] / tr.memory_bound[j]);
                   });
  t.notes.push_back("each cell: L(W,N)/L(W',N') with the problem scaled to the time bound, to constant efficiency, "
                    "and to the memory bound (seed 000 Fig. 14)");
  return t;
}

Table speedup_table(const ExperimentData& d, const SpeedupExtras& extras) {
  Table t;
  t.name = "speedup";
  t.title = heading(d, "speedup and efficiency");
  add_point_columns(t, d);
  t.add_column("T(1)", "{:.6g}").add_column("T(p)", "{:.6g}").add_column("S", "{:.4f}").add_column("E", "{:.4f}");
  t.add_column("karp_flatt", "{:.4f}");
  if (shows_weak(d)) t.add_column("E_weak", "{:.4f}");
  for (const auto& pt : d.points) {
    std::vector<Cell> row;
    add_point_cells(row, d, pt);
    const metrics::PointMetrics m = metrics_of(d, pt);
    row.emplace_back(number(m.t1));
    row.emplace_back(pt.at_p.time);
    row.emplace_back(number(m.speedup));
    row.emplace_back(number(m.efficiency));
    row.emplace_back(number(m.karp_flatt));
    if (shows_weak(d)) row.emplace_back(number(m.weak));
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {"S"}, "speedup S").log_scales(wide_p(d), false);
  t.unit({"T(1)", "T(p)"}, "s");
  t.notes.push_back(definition_note(d));
  add_e_caveats(t, d);
  if (extras.px > 0) {
    t.value("px", extras.px).value("T_px", extras.t_px, "s").value("px_max", extras.px_max);
    t.mark(extras.px, fmt::format("px = {:.4g}", extras.px));
    t.notes.push_back(fmt::format("fixed-size optimum px = {:g} (T = {:.6g} s) over p = 1..{:g} at the size of the point of fewest processors{}",
                                  extras.px, extras.t_px, extras.px_max,
                                  extras.px == extras.px_max ? "; time still falls at px_max, raise px_max" : ""));
  }
  return t;
}

// The fitted W = c p^k beside the solved W, over the points it was fitted to: log c is the
// intercept of the same least-squares line, the mean of log W - k log p over the pairs it used.
void add_growth_curve(Table& t, const std::vector<double>& ps, const std::vector<double>& ws, double k) {
  double log_c = 0, from = kNaN, to = kNaN;
  int pairs = 0;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (!(ps[i] > 0) || !(ws[i] > 0)) continue;
    log_c += std::log(ws[i]) - k * std::log(ps[i]);
    from = pairs == 0 ? ps[i] : std::min(from, ps[i]);
    to = pairs == 0 ? ps[i] : std::max(to, ps[i]);
    ++pairs;
  }
  const double c = std::exp(log_c / pairs);
  t.curve("W", fmt::format("fit W = {:.4g} p^{:.3f}", c, k), [c, k](double p) { return c * std::pow(p, k); }, from, to);
}

// How W(p) grows, in the performance model normal form (the model fit::discover finds for the
// solved W over p: "p log p", not the p^1.2 a power fit makes of it), the power fit beside it.
std::string growth_note(const std::vector<double>& ps, const std::vector<double>& ws, double k) {
  const std::string power = fmt::format("power fit p^{:.3f} (least squares on log W against log p, p > 1)", k);
  if (ps.size() < 3) return fmt::format("W(p) grows as p^{:.3f}: {}", k, power);
  try {
    const fit::DiscoveredModel m = fit::discover(ps, ws, "p");
    return fmt::format("W(p) grows as {} (performance model normal form, discovered over p > 1: W = {}, "
                       "leave-one-out SMAPE {:.2g} %); {}",
                       m.growth(), m.formula(), m.cv_smape, power);
  } catch (const std::invalid_argument&) {
    return fmt::format("W(p) grows as p^{:.3f}: {}", k, power);
  }
}

Table isoefficiency_table(const ExperimentData& d) {
  Table t;
  t.name = "isoefficiency";
  t.title = heading(d, "isoefficiency function W(p)");
  add_point_columns(t, d);
  t.add_column("W", "{:.6g}").add_column("W/W0", "{:.6g}").add_column("E", "{:.4f}");
  // W0 is the first solved point's W: an unsolved p = 1 row has no place on W(p).
  const PointData* first = nullptr;
  for (const auto& pt : d.points) {
    if (first == nullptr && !unsolved_point(d, pt)) first = &pt;
  }
  std::vector<double> ps, ws;
  for (const auto& pt : d.points) {
    std::vector<Cell> row;
    add_point_cells(row, d, pt);
    if (unsolved_point(d, pt) || first == nullptr) {
      row.emplace_back(std::monostate{});
      row.emplace_back(std::monostate{});
    } else {
      row.emplace_back(number(pt.at_p.work));
      row.emplace_back(number(pt.at_p.work / first->at_p.work));
    }
    row.emplace_back(metrics::efficiency(pt.time_1, pt.at_p.time, pt.ctx.p));
    t.add_row(std::move(row));
    if (pt.ctx.p > 1) {
      ps.push_back(pt.ctx.p);
      ws.push_back(pt.at_p.work);
    }
  }
  const double k = fit::growth_order(ps, ws);
  t.chart(report::Chart::Lines, "p", {"W"}, "work W").log_scales(true, true);
  if (std::isfinite(k)) {
    t.value("growth_order", k);
    add_growth_curve(t, ps, ws, k);
    t.notes.push_back(growth_note(ps, ws, k));
  }
  if (first != nullptr && first != &d.points.front()) {
    t.notes.push_back(fmt::format("no W at p = 1: E = 1 there at every size, so the isoefficiency function starts "
                                  "at p = {}, which is W0", point_label(*first)));
  }
  if (d.spec.rule.kind != model::RuleKind::Efficiency) {
    t.notes.push_back("this experiment does not hold E constant; isoefficiency needs scale = efficiency{ E = ... }");
  }
  return t;
}

Table overhead_table(const ExperimentData& d) {
  Table t;
  t.name = "overhead";
  t.title = heading(d, "time by model term (seconds, and % of T)");
  add_point_columns(t, d);
  for (const auto& term : d.term_names) t.add_column(term, "{:.6g}");
  t.add_column("T", "{:.6g}");
  for (const auto& term : d.term_names) t.add_column(term + "%", "{:.1f}");
  t.add_column("overhead%", "{:.1f}");
  for (const auto& pt : d.points) {
    std::vector<Cell> row;
    add_point_cells(row, d, pt);
    for (double v : pt.at_p.terms) row.emplace_back(v);
    row.emplace_back(pt.at_p.time);
    for (double v : pt.at_p.terms) row.emplace_back(100.0 * v / pt.at_p.time);
    row.emplace_back(100.0 * point_latency(pt) / pt.at_p.time);
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::StackedBars, "p", {}, "seconds").unit("T", "s");
  for (const auto& term : d.term_names) t.series(term).unit(term, "s").unit(term + "%", "%");
  t.unit("overhead%", "%");
  t.notes.push_back("overhead% = (T - T(1)/p)/T: the share of time beyond ideal parallel compute");
  return t;
}

Table formula_table(const ExperimentData& d) {
  Table t;
  t.name = "formula";
  t.title = fmt::format("{}: model of {} as traced", d.spec.name, d.kernel_name);
  t.add_column("term").add_column("formula");
  if (d.traced) {
    for (std::size_t i = 0; i < d.term_names.size(); ++i) t.add_row({d.term_names[i], d.formulas[i]});
  } else {
    t.notes.push_back("the model could not be traced and is evaluated by plain Lua calls: " + d.fallback_reason);
  }
  return t;
}

}  // namespace

const PointData& base_point(const ExperimentData& d) {
  std::vector<double> ps;
  for (const auto& pt : d.points) ps.push_back(pt.ctx.p);
  return d.points[metrics::base_index(ps)];
}

// The builders study/table_registry lists for model mode.
Tables model_scaled(const ModelTableInputs& in) { return {scaled_table(in.data)}; }
Tables model_psi(const ModelTableInputs& in) { return {psi_table(in.data)}; }
Tables model_latency(const ModelTableInputs& in) { return latency_tables(in.data); }
Tables model_triple(const ModelTableInputs& in) { return {triple_table(in.data, in.triple)}; }
Tables model_speedup(const ModelTableInputs& in) { return {speedup_table(in.data, in.speedup)}; }
Tables model_isoefficiency(const ModelTableInputs& in) { return {isoefficiency_table(in.data)}; }
Tables model_overhead(const ModelTableInputs& in) { return {overhead_table(in.data)}; }
Tables model_formula(const ModelTableInputs& in) { return {formula_table(in.data)}; }

report::Table dry_run_table(const ExperimentSpec& spec, const std::vector<MachineSpec>& machines) {
  Table t;
  t.name = "points";
  t.title = fmt::format("{}: points (dry run, nothing evaluated)", spec.name);
  t.add_column("point", "{:g}").add_column("machine").add_column("p", "{:.10g}").add_column("size");
  // Measure mode adds the one-worker reference a fixed-size sweep lacks: listed as the run makes it.
  const bool measured = spec.mode == Mode::measure;
  const std::vector<SweepPoint> points = measured ? measured_points(spec, machines) : sweep_points(spec, machines);
  const bool added = measured && points.size() > spec.procs.size() && !over_sets(spec);
  for (std::size_t i = 0; i < points.size(); ++i) {
    t.add_row({static_cast<double>(i + 1), points[i].machine->name, points[i].p, spec.rule.describe()});
  }
  if (added) t.notes.push_back("p = 1: the one-worker reference measure mode adds for speedup, efficiency and the breakdown");
  return t;
}

}  // namespace scalerun::study
