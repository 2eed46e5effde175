#include <cmath>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/table.hpp"

namespace scalerun::report {

Table& Table::append_column(std::string column_name, std::vector<Cell> cells) {
  if (cells.size() != rows.size()) {
    throw std::logic_error(fmt::format("table '{}': column '{}' has {} cells for {} rows", name, column_name,
                                       cells.size(), rows.size()));
  }
  columns.push_back(Column{std::move(column_name), {}, {}, Role::Value});
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].push_back(std::move(cells[i]));
  return *this;
}

Table& Table::add_column(std::string column_name, std::string format) {
  // Existing rows would silently become one cell short and misalign every formatter.
  if (!rows.empty()) {
    throw std::logic_error(
        fmt::format("table '{}': cannot add column '{}' after rows were added", name, column_name));
  }
  Column column{std::move(column_name), std::move(format), {}, Role::Value};
  // A bad spec should fail where the table is built, not halfway through printing it.
  if (!column.format.empty()) {
    (void)detail::format_number(0.0, column);
  }
  columns.push_back(std::move(column));
  return *this;
}

Table& Table::add_row(std::vector<Cell> row) {
  if (row.size() != columns.size()) {
    throw std::invalid_argument(fmt::format("table '{}': row has {} cells, expected {}", name,
                                            row.size(), columns.size()));
  }
  rows.push_back(std::move(row));
  return *this;
}

const Column* Table::find_column(std::string_view column_name) const {
  for (const auto& c : columns) {
    if (c.name == column_name) return &c;
  }
  return nullptr;
}

Table& Table::role(std::string_view column, Role r) {
  const Column* found = find_column(column);
  if (found == nullptr) {
    throw std::logic_error(fmt::format("table '{}': no column '{}' to mark for a figure", name, column));
  }
  if (r == Role::X) {
    for (auto& c : columns) {
      if (c.role == Role::X) c.role = Role::Value;
    }
  }
  columns[static_cast<std::size_t>(found - columns.data())].role = r;
  return *this;
}

Table& Table::chart(Chart kind, std::string_view x, std::initializer_list<std::string_view> series_columns,
                    std::string y_label) {
  plot.chart = kind;
  plot.y_label = std::move(y_label);
  role(x, Role::X);
  for (std::string_view s : series_columns) role(s, Role::Series);
  return *this;
}

Table& Table::series(std::string_view column) { return role(column, Role::Series); }

Table& Table::unit(std::string_view column, std::string text) {
  const Column* found = find_column(column);
  if (found == nullptr) throw std::logic_error(fmt::format("table '{}': no column '{}' to give a unit", name, column));
  columns[static_cast<std::size_t>(found - columns.data())].unit = std::move(text);
  return *this;
}

Table& Table::unit(std::initializer_list<std::string_view> column_names, const std::string& text) {
  for (std::string_view column : column_names) unit(column, text);
  return *this;
}

Table& Table::log_scales(bool x, bool y) {
  plot.log_x = x;
  plot.log_y = y;
  return *this;
}

Table& Table::spread(std::string_view series_column, std::string_view spread_column) {
  for (std::string_view c : {series_column, spread_column}) {
    if (find_column(c) == nullptr) throw std::logic_error(fmt::format("table '{}': no column '{}' for error bars", name, c));
  }
  plot.error_bars.emplace_back(series_column, spread_column);
  return *this;
}

Table& Table::curve(std::string_view series_column, std::string label, const std::function<double(double)>& f,
                    double from, double to) {
  if (find_column(series_column) == nullptr) {
    throw std::logic_error(fmt::format("table '{}': no column '{}' for a fitted curve", name, series_column));
  }
  constexpr int kSamples = 100;
  Curve c{std::string(series_column), std::move(label), {}};
  const bool geometric = from > 0 && to > 0;
  for (int i = 0; i < kSamples; ++i) {
    const double u = static_cast<double>(i) / (kSamples - 1);
    // The ends exactly: the curve spans the points it was fitted to.
    const double x = i == 0 ? from
                     : i == kSamples - 1 ? to
                     : geometric ? from * std::pow(to / from, u)
                                 : from + (to - from) * u;
    c.points.emplace_back(x, f(x));
  }
  plot.curves.push_back(std::move(c));
  return *this;
}

Table& Table::mark(double x, std::string label) {
  plot.marks.push_back(Mark{x, std::move(label)});
  return *this;
}

Table& Table::value(std::string value_name, double v, std::string value_unit) {
  values.push_back(Value{std::move(value_name), v, std::move(value_unit)});
  return *this;
}

}  // namespace scalerun::report
