#include "study/discover.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "errors/errors.hpp"
#include "report/table.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

using report::Cell;
using report::Table;

std::size_t column_of(const DiscoverSpec& spec, const NumericCsv& data, const std::string& name, const char* field) {
  const auto it = std::find(data.columns.begin(), data.columns.end(), name);
  if (it == data.columns.end()) {
    std::vector<std::string> columns = data.columns;  // sorted: rows from Lua tables come in hash order
    std::sort(columns.begin(), columns.end());
    field_error(spec.where, field, fmt::format("column '{}' is not in the data (its columns: {})", name,
                                               fmt::join(columns, ", ")));
  }
  return static_cast<std::size_t>(it - data.columns.begin());
}

std::string exponent_text(const fit::Factor& f) {
  return f.den == 1 ? fmt::format("{}", f.num) : fmt::format("{}/{}", f.num, f.den);
}

Table model_table(const DiscoverSpec& spec, const fit::DiscoveredModel& m) {
  Table t;
  t.name = "model";
  t.title = fmt::format("{}: {} discovered in the performance model normal form", spec.name, spec.metric);
  t.add_column("term").add_column("coefficient", "{:.6g}").add_column("ci95", "{:.3g}").add_column("ci95%", "{:.2f}");
  auto row = [&](const std::string& term, const fit::Coefficient& c) {
    t.add_row({term, c.value, c.ci95, c.value != 0 ? 100 * std::abs(c.ci95 / c.value) : std::nan("")});
  };
  row("1", m.constant);
  for (std::size_t k = 0; k < m.terms.size(); ++k) row(m.terms[k].text(m.names), m.coefficients[k]);
  t.value("smape", m.smape, "%").value("cv_smape", m.cv_smape, "%").value("adjusted_r2", m.adjusted_r2).value("rss", m.rss);
  t.notes.push_back(fmt::format("{} = {}", spec.metric, m.formula()));
  t.notes.push_back(fmt::format("grows as {}", m.growth()));
  std::string exponents;
  for (const fit::Term& term : m.terms)
    for (const fit::Factor& f : term.factors)
      exponents += fmt::format("{}{}: i = {}, j = {}", exponents.empty() ? "" : "; ", m.names[f.param], exponent_text(f), f.log);
  if (!exponents.empty()) t.notes.push_back(fmt::format("exponents (x^i log2(x)^j): {}", exponents));
  t.notes.push_back(fmt::format("{} hypotheses scored by leave-one-out cross-validation over {} points: SMAPE {:.3g} % "
                                "(on all points {:.3g} %), adjusted R2 {:.6f}, RSS {:.4g}; ci95 = half-width of each "
                                "coefficient's 95 % interval (Student's t)",
                                m.hypotheses, m.points, m.cv_smape, m.smape, m.adjusted_r2, m.rss));
  return t;
}

Table points_table(const DiscoverSpec& spec, const fit::DiscoveredModel& m, const std::vector<std::vector<double>>& points,
                   const std::vector<double>& values) {
  Table t;
  t.name = "points";
  t.title = fmt::format("{}: {} measured and as the discovered model has it", spec.name, spec.metric);
  for (const std::string& p : spec.params) t.add_column(p, "{:g}");
  t.add_column("measured", "{:.6g}").add_column("model", "{:.6g}").add_column("error%", "{:.2f}");
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::vector<Cell> row(points[i].begin(), points[i].end());
    const double predicted = m(points[i]);
    row.emplace_back(values[i]);
    row.emplace_back(predicted);
    row.emplace_back(values[i] != 0 ? 100 * (predicted - values[i]) / values[i] : std::nan(""));
    t.add_row(std::move(row));
  }
  // One parameter: the points as markers and the model as a curve through them.
  if (spec.params.size() == 1 && !points.empty()) {
    double lo = points.front()[0], hi = lo;
    for (const auto& p : points) {
      lo = std::min(lo, p[0]);
      hi = std::max(hi, p[0]);
    }
    t.chart(report::Chart::Lines, spec.params[0], {"measured"}, spec.metric);
    t.log_scales(report::log_axis_suits(lo, hi, points.size()), false);
    t.curve("measured", fmt::format("model {}", m.formula()), [m](double x) { return m(std::vector<double>{x}); }, lo, hi);
  }
  return t;
}

}  // namespace

fit::DiscoveredModel run_discover(const DiscoverSpec& spec, const NumericCsv& data, Session& session) {
  if (spec.params.empty()) field_error(spec.where, "params", "name the parameters to model over: params = { \"p\" }");
  std::vector<std::size_t> columns;
  for (const std::string& p : spec.params) columns.push_back(column_of(spec, data, p, "params"));
  const std::size_t metric = column_of(spec, data, spec.metric, "metric");
  std::vector<std::vector<double>> points;
  std::vector<double> values;
  for (const auto& row : data.rows) {
    std::vector<double> point;
    for (std::size_t c : columns) point.push_back(row[c]);
    if (!std::isfinite(row[metric]) || std::any_of(point.begin(), point.end(), [](double v) { return !std::isfinite(v); }))
      continue;  // a row without this metric or parameter
    points.push_back(std::move(point));
    values.push_back(row[metric]);
  }
  fit::DiscoveredModel m;
  try {
    fit::DiscoveryOptions options;
    if (spec.negative) options.exponents = fit::exponents_with_negative();
    m = fit::discover(points, values, spec.params, options);
  } catch (const std::invalid_argument& e) {
    field_error(spec.where, spec.stored.empty() ? "data" : "stored", e.what());
  }
  session.sections.emplace_back(spec.name, "discover",
                                std::vector<Table>{model_table(spec, m), points_table(spec, m, points, values)});
  return m;
}

}  // namespace scalerun::study
