#include <cmath>
#include <string>

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/format_detail.hpp"
#include "report/formatters.hpp"
#include "report/reporter.hpp"

namespace scalerun::report {

namespace {

std::string csv_cell(const Cell& cell) {
  if (const auto* number = std::get_if<double>(&cell)) {
    if (std::isnan(*number)) return "nan";
    // "{}" is fmt's shortest form that parses back to the same double.
    return fmt::format("{}", *number);
  }
  if (const auto* text = std::get_if<std::string>(&cell)) return csv_field(*text);
  return {};
}

}  // namespace

namespace detail {

void write_csv_block(std::ostream& os, const Table& t, std::string_view label, bool blank_after) {
  const bool notes = has_nonfinite(t);
  const std::string label_field = csv_field(label);
  std::string line;
  auto start_line = [&](std::string_view first) {
    line.clear();
    if (!label.empty()) line.append(first).push_back(',');
  };
  start_line("table");
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (c > 0) line.push_back(',');
    line.append(csv_field(t.columns[c].name));
  }
  if (notes) line.append(",note");
  os << line << '\n';
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    start_line(label_field);
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      if (c > 0) line.push_back(',');
      if (c < row.size()) line.append(csv_cell(row[c]));
    }
    if (notes) line.append(",").append(csv_field(nonfinite_row_note(t, r)));
    os << line << '\n';
  }
  if (blank_after) os << '\n';
}

}  // namespace detail

void write_csv(std::ostream& os, const Table& t) { detail::write_csv_block(os, t, {}, false); }

namespace {

class CsvReporter final : public Reporter {
 public:
  std::string_view name() const override { return "csv"; }
  std::string_view summary() const override {
    return "one CSV block per table at full precision, its first column naming the table";
  }
  std::string_view extension() const override { return "csv"; }
  OutFiles out_files() const override { return OutFiles::PerTable; }
  void write_run(std::ostream& os, const Context&, std::span<const Section> sections) const override {
    // Blocks apart by a blank line, each a plain CSV whose first column names its table.
    for (const auto& s : sections) {
      for (const auto& t : s.tables) detail::write_csv_block(os, t, fmt::format("{}/{}", s.name, t.name), true);
    }
  }
  void write_table(std::ostream& os, const Table& t) const override { write_csv(os, t); }
};

}  // namespace

const Reporter& detail::csv_reporter() {
  static const CsvReporter instance;
  return instance;
}

}  // namespace scalerun::report
