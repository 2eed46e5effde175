#include <cmath>
#include <string>

#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/formatters.hpp"

namespace scalerun::report {

namespace {

// RFC 4180: quote only when needed, doubling embedded quotes.
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

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

}  // namespace scalerun::report
