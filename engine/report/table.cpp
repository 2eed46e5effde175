#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/table.hpp"

namespace scalerun::report {

Table& Table::add_column(std::string column_name, std::string format) {
  // Existing rows would silently become one cell short and misalign every formatter.
  if (!rows.empty()) {
    throw std::logic_error(
        fmt::format("table '{}': cannot add column '{}' after rows were added", name, column_name));
  }
  Column column{std::move(column_name), std::move(format)};
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

}  // namespace scalerun::report
