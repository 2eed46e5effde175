#include "study/map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <span>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "expr/program.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

enum class Quantity { Time, Terms, Speedup, Efficiency, Speed, Term };

// An axis bound to the model: the slot it sweeps, or -1 for the processor count p.
struct Axis {
  const MapAxis* spec = nullptr;
  int slot = -1;
  const std::vector<double>& values() const { return spec->values; }
};

Axis bind_axis(const MapSpec& spec, const MapAxis& axis, const model::KernelModel& m) {
  Axis a{&axis, -1};
  if (axis.param != "p") {
    a.slot = m.params().find(axis.param);
    if (a.slot < 0) {
      field_error(spec.where, axis.field + ".param",
                  fmt::format("kernel '{}' has no numeric parameter '{}' (it has: {}, and p)", m.kernel_name(),
                              axis.param, fmt::join(m.params().names(), ", ")));
    }
  }
  return a;
}

struct Quantities {
  Quantity q = Quantity::Term;
  std::size_t term = 0;
};

Quantities quantity_of(const MapSpec& spec, const model::KernelModel& m) {
  const std::string& v = spec.value;
  if (v == "time") return {Quantity::Time, 0};
  if (v == "terms") return {Quantity::Terms, 0};
  if (v == "speedup") return {Quantity::Speedup, 0};
  if (v == "efficiency") return {Quantity::Efficiency, 0};
  if (v == "speed") return {Quantity::Speed, 0};
  const auto& terms = m.term_names();
  const auto it = std::find(terms.begin(), terms.end(), v);
  if (it == terms.end()) {
    field_error(spec.where, "value", fmt::format("'{}' is neither a quantity (time, terms, speedup, efficiency, speed) "
                                                 "nor a term of kernel '{}' ({})", v, m.kernel_name(),
                                                 fmt::join(terms, ", ")));
  }
  return {Quantity::Term, static_cast<std::size_t>(it - terms.begin())};
}

// The whole grid in one parallel pass over the compiled expression.
void evaluate_traced(model::KernelModel& m, Quantities what, const MapSpec& spec, const Axis& rows,
                     const std::optional<Axis>& cols, std::size_t nc, std::vector<double>& grid) {
  expr::Graph& g = m.graph();
  const std::uint32_t pv = m.p_variable();
  const std::size_t nvars = g.variables().size();
  std::vector<expr::NodeId> repl(nvars, 0);
  auto flags = std::make_unique<bool[]>(nvars);  // value-initialized: nothing replaced yet
  repl[pv] = g.constant(1.0);
  flags[pv] = true;
  const expr::NodeId t1 = g.substitute(m.time_node(), repl, std::span<const bool>(flags.get(), nvars));
  expr::NodeId root = m.time_node();
  const expr::NodeId pnode = g.variable("p");
  switch (what.q) {
    case Quantity::Time: root = m.time_node(); break;
    case Quantity::Speedup: root = g.div(t1, m.time_node()); break;
    case Quantity::Efficiency: root = g.div(t1, g.mul(pnode, m.time_node())); break;
    case Quantity::Speed: root = g.div(m.work_node(), m.time_node()); break;
    case Quantity::Term: root = m.term_nodes()[what.term]; break;
    case Quantity::Terms: break;
  }
  const expr::NodeId roots[] = {root};
  expr::Program program(g, roots);
  const std::vector<double> base = m.params().values();
  std::vector<expr::Binding> bindings(g.variables().size());
  for (std::size_t i = 0; i < base.size(); ++i) bindings[i].scalar = base[i];
  bindings[pv].scalar = spec.p;
  const std::size_t row_var = rows.slot < 0 ? pv : static_cast<std::size_t>(rows.slot);
  bindings[row_var].kind = expr::Binding::Kind::GridRow;
  bindings[row_var].values = rows.values();
  if (cols) {
    const std::size_t col_var = cols->slot < 0 ? pv : static_cast<std::size_t>(cols->slot);
    bindings[col_var].kind = expr::Binding::Kind::GridCol;
    bindings[col_var].values = cols->values();
  }
  expr::Batch batch{rows.values().size() * nc, nc};
  double* outs[] = {grid.data()};
  program.eval_batch_parallel(bindings, batch, outs);
}

// Point by point: a model that is not traced, or every term at once.
void evaluate_points(model::KernelModel& m, Quantities what, const MapSpec& spec, const Axis& rows,
                     const std::optional<Axis>& cols, std::size_t nc, std::vector<double>& grid) {
  const std::vector<double> base = m.params().values();
  model::Evaluation e, e1;
  for (std::size_t i = 0; i < rows.values().size(); ++i) {
    for (std::size_t j = 0; j < (what.q == Quantity::Terms ? 1 : nc); ++j) {
      check_stop();
      std::vector<double> slots = base;
      double p = spec.p;
      auto set = [&](const Axis& a, double v) {
        if (a.slot < 0) p = v; else slots[static_cast<std::size_t>(a.slot)] = v;
      };
      set(rows, rows.values()[i]);
      if (cols) set(*cols, cols->values()[j]);
      m.evaluate(slots, p, e);
      if (what.q == Quantity::Terms) {
        for (std::size_t k = 0; k < e.terms.size(); ++k) grid[i * nc + k] = e.terms[k];
        grid[i * nc + e.terms.size()] = e.time;
        continue;
      }
      double v = e.time;
      if (what.q == Quantity::Speedup || what.q == Quantity::Efficiency) {
        m.evaluate(slots, 1.0, e1);
        v = e1.time / e.time;
        if (what.q == Quantity::Efficiency) v /= p;
      } else if (what.q == Quantity::Speed) {
        v = e.work / e.time;
      } else if (what.q == Quantity::Term) {
        v = e.terms[what.term];
      }
      grid[i * nc + j] = v;
    }
  }
}

std::vector<std::string> value_columns(const MapSpec& spec, Quantity q, const model::KernelModel& m) {
  std::vector<std::string> columns;
  if (q == Quantity::Terms) {
    columns = m.term_names();
    columns.push_back("total");
  } else if (spec.cols) {
    for (std::size_t j = 0; j < spec.cols->values.size(); ++j) {
      columns.push_back(spec.cols->names.empty() ? fmt::format("{}={:g}", spec.cols->label, spec.cols->values[j])
                                                 : spec.cols->names[j]);
    }
  } else {
    columns.push_back(spec.value);
  }
  return columns;
}

report::Table dry_run_table(const MapSpec& spec) {
  report::Table points;
  points.name = "points";
  points.title = fmt::format("{}: points (dry run, nothing evaluated)", spec.name);
  points.add_column("rows").add_column("values", "{:g}").add_column("cols").add_column("value");
  points.add_row({spec.rows.param, static_cast<double>(spec.rows.values.size()),
                  spec.cols ? spec.cols->param : std::string("-"), spec.value});
  return points;
}

}  // namespace

const report::Section& run_map(const MapSpec& spec, model::KernelModel& m, Session& session) {
  const Quantities what = quantity_of(spec, m);
  const Axis rows = bind_axis(spec, spec.rows, m);
  std::optional<Axis> cols;
  if (spec.cols) cols = bind_axis(spec, *spec.cols, m);
  if (what.q == Quantity::Terms && cols) field_error(spec.where, "value", "'terms' makes the terms the columns: give rows only");
  const bool p_on_axis = rows.slot < 0 || (cols && cols->slot < 0);
  if (p_on_axis && spec.p_given) field_error(spec.where, "p", "p is an axis of this map, so p = ... would be ignored: remove it");

  report::Table t;
  t.name = "map";
  t.title = spec.title;
  const std::string fmt_spec = spec.digits >= 0 ? fmt::format("{{:.{}f}}", spec.digits) : std::string();
  t.add_column(spec.rows.label, "{:.10g}");
  const std::vector<std::string> columns = value_columns(spec, what.q, m);
  for (const auto& c : columns) t.add_column(c, fmt_spec);
  // One value column is a curve over the rows' parameter; several make a surface.
  t.plot.chart = columns.size() > 1 ? report::Chart::HeatMap : report::Chart::Lines;
  t.role(spec.rows.label, report::Role::X);
  for (const auto& c : columns) t.series(c);
  if (session.options.dry_run) {
    session.sections.push_back({spec.name, "map", {dry_run_table(spec)}});
    return session.sections.back();
  }
  const std::size_t nr = spec.rows.values.size();
  const std::size_t nc = what.q == Quantity::Terms ? columns.size() : (cols ? cols->values().size() : 1);
  std::vector<double> grid(nr * nc, kNaN);
  const bool bulk = m.traced() && what.q != Quantity::Terms;
  if (bulk) evaluate_traced(m, what, spec, rows, cols, nc, grid);
  else evaluate_points(m, what, spec, rows, cols, nc, grid);
  for (std::size_t i = 0; i < nr; ++i) {
    std::vector<report::Cell> row{spec.rows.values[i]};
    for (std::size_t j = 0; j < nc; ++j) {
      const double v = grid[i * nc + j];
      if (!std::isfinite(v)) {
        throw ScriptError(fmt::format("{}map '{}': the model of kernel '{}' gives {} at {} = {:g} (see {})", spec.where,
                                      spec.name, m.kernel_name(), v, spec.rows.param, spec.rows.values[i], m.model_where()));
      }
      row.emplace_back(v);
    }
    t.add_row(std::move(row));
  }
  // p = ... only holds where p is not itself an axis of the map.
  t.notes.push_back(fmt::format("{} of kernel '{}' {}{}", spec.value, m.kernel_name(),
                                p_on_axis ? std::string("over p") : fmt::format("at p = {:g}", spec.p),
                                bulk ? "; grid evaluated natively in parallel" : ""));
  session.sections.push_back({spec.name, "map", {t}});
  return session.sections.back();
}

}  // namespace scalerun::study
