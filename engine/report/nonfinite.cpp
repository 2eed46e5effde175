#include <cmath>
#include <string>

#include <fmt/format.h>

#include "report/format_detail.hpp"

namespace scalerun::report::detail {

namespace {

const char* why(double v) {
  if (std::isnan(v)) return "nan (no value: an undefined result such as 0/0 or inf - inf)";
  return v > 0 ? "inf (the value overflowed or divided by zero)" : "-inf (the value overflowed or divided by zero)";
}

std::string cell_label(const Cell& cell) {
  if (const auto* number = std::get_if<double>(&cell)) return fmt::format("{:g}", *number);
  if (const auto* text = std::get_if<std::string>(&cell)) return single_line(*text);
  return "-";
}

}  // namespace

std::string nonfinite_row_note(const Table& t, std::size_t row_index) {
  const auto& row = t.rows[row_index];
  std::string listed;
  std::size_t first_bad = row.size();
  for (std::size_t c = 0; c < row.size() && c < t.columns.size(); ++c) {
    const auto* number = std::get_if<double>(&row[c]);
    if (number == nullptr || std::isfinite(*number)) continue;
    if (first_bad == row.size()) first_bad = c;
    listed += fmt::format("{}{} is {}", listed.empty() ? "" : "; ", t.columns[c].name, why(*number));
  }
  if (listed.empty()) return {};
  // The row is named by its first cell (p, a set, a size) unless that cell is the bad one.
  const std::string row_name = first_bad > 0 && !t.columns.empty()
                                   ? fmt::format("{} = {}", t.columns[0].name, cell_label(row[0]))
                                   : fmt::format("row {}", row_index + 1);
  return fmt::format("{}: {}", row_name, listed);
}

std::vector<std::string> notes_with_nonfinite(const Table& t) {
  std::vector<std::string> notes = t.notes;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    std::string note = nonfinite_row_note(t, i);
    if (!note.empty()) notes.push_back(std::move(note));
  }
  return notes;
}

bool has_nonfinite(const Table& t) {
  for (const auto& row : t.rows) {
    for (const auto& cell : row) {
      if (const auto* number = std::get_if<double>(&cell); number != nullptr && !std::isfinite(*number)) return true;
    }
  }
  return false;
}

}  // namespace scalerun::report::detail
