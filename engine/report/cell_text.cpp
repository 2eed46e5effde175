#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/format_detail.hpp"

namespace scalerun::report::detail {

std::string format_number(double value, const Column& column) {
  // fmt would print "-nan" for a negative NaN; a sign on NaN carries no meaning for a reader.
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  const std::string_view spec = column.format.empty() ? std::string_view{"{:.6g}"} : column.format;
  try {
    return fmt::format(fmt::runtime(spec), value);
  } catch (const fmt::format_error& e) {
    throw std::invalid_argument(
        fmt::format("column '{}': bad number format '{}': {}", column.name, spec, e.what()));
  }
}

std::string single_line(std::string_view text) { return one_line(text); }

std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
  }));
}

void RenderedTable::compute_widths() {
  widths.assign(header.size(), 0);
  for (std::size_t c = 0; c < header.size(); ++c) widths[c] = display_width(header[c]);
  for (const auto& row : cells) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      widths[c] = std::max(widths[c], display_width(row[c]));
    }
  }
}

RenderedTable render(const Table& t) {
  const std::size_t ncols = t.columns.size();
  RenderedTable r;
  r.numeric_column.assign(ncols, false);
  for (std::size_t c = 0; c < ncols; ++c) {
    r.header.push_back(single_line(t.columns[c].name));
    // A column reads as numeric when it holds numbers and no text; empty cells don't vote.
    bool any_number = false;
    bool any_text = false;
    for (const auto& row : t.rows) {
      if (c >= row.size()) continue;
      any_number = any_number || std::holds_alternative<double>(row[c]);
      any_text = any_text || std::holds_alternative<std::string>(row[c]);
    }
    r.numeric_column[c] = any_number && !any_text;
  }
  for (const auto& row : t.rows) {
    std::vector<std::string> out;
    std::vector<bool> right;
    // Rows are public and may have been pushed directly, so treat missing cells as empty.
    for (std::size_t c = 0; c < ncols; ++c) {
      const Cell empty;
      const Cell& cell = c < row.size() ? row[c] : empty;
      if (const auto* number = std::get_if<double>(&cell)) {
        out.push_back(format_number(*number, t.columns[c]));
        right.push_back(true);
      } else if (const auto* text = std::get_if<std::string>(&cell)) {
        out.push_back(single_line(*text));
        right.push_back(false);
      } else {
        out.emplace_back("-");
        right.push_back(r.numeric_column[c]);
      }
    }
    r.cells.push_back(std::move(out));
    r.right_aligned.push_back(std::move(right));
  }
  r.compute_widths();
  return r;
}

void append_padded(std::string& line, std::string_view text, std::size_t width, bool right) {
  const std::size_t w = display_width(text);
  const std::size_t pad = width > w ? width - w : 0;
  if (right) line.append(pad, ' ');
  line.append(text);
  if (!right) line.append(pad, ' ');
}

}  // namespace scalerun::report::detail
