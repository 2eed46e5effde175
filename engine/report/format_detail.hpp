#pragma once
// Private to the report layer: the pieces the text, Markdown and CSV writers share. Nothing
// outside engine/report includes this; the public surface is formatters.hpp.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/table.hpp"

namespace scalerun::report::detail {

// A number as text/Markdown show it: the column's spec (or "{:.6g}"), with non-finite values
// spelled the same on every platform. Throws std::invalid_argument for a spec fmt rejects.
std::string format_number(double value, const Column& column);

// Columns are a screen layout, so embedded line breaks and tabs would tear rows apart.
std::string single_line(std::string_view text);

// Code points, not bytes, so titles like "psi(p, p')" written with Greek letters still line up.
std::size_t display_width(std::string_view text);

// A table rendered to display strings, shared by the aligned-text and Markdown writers.
struct RenderedTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> cells;     // rows x columns, always rectangular
  std::vector<std::vector<bool>> right_aligned;    // per cell
  std::vector<bool> numeric_column;                // drives header alignment
  std::vector<std::size_t> widths;                 // recompute after editing cells

  void compute_widths();
};
RenderedTable render(const Table& t);

// Appends `text` padded to `width` display columns.
void append_padded(std::string& line, std::string_view text, std::size_t width, bool right);

// CSV block with a caller-chosen "# label" line; write_all labels tables by section, and the
// per-table files of --out omit the separating blank line so they end cleanly.
void write_csv_block(std::ostream& os, const Table& t, std::string_view label, bool blank_after);

}  // namespace scalerun::report::detail
