#pragma once
// Private to the report layer: the pieces the text, Markdown and CSV writers share. Nothing
// outside engine/report includes this; the public surface is formatters.hpp.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/reporter.hpp"
#include "report/table.hpp"

namespace scalerun::report::detail {

// A number as text/Markdown show it: the column's spec (or "{:.6g}"), with non-finite values
// spelled the same on every platform. Throws std::invalid_argument for a spec fmt rejects.
std::string format_number(double value, const Column& column);

// Columns are a screen layout, so embedded line breaks and tabs would tear rows apart, and a
// terminal would act on control characters: report/encode's one_line.
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

// A NaN or infinite cell is never shown without a word: every format adds, per row that has one,
// a note naming the row, the column and what the value means ("p = 16: E is inf (the value
// overflowed or divided by zero)"); text, Markdown and JSON after the table's own notes, CSV in a
// last column "note" that only tables with such cells get.
std::string nonfinite_row_note(const Table& t, std::size_t row);  // empty when the row is finite
std::vector<std::string> notes_with_nonfinite(const Table& t);    // t.notes, then the row notes
bool has_nonfinite(const Table& t);

// A CSV block: the header row first (no comment line, which CSV readers reject), then the rows.
// A non-empty `label` becomes a first column "table" on every row, so the blocks of one stream
// (--format csv, separated by a blank line) each say which table they are; the files of --out
// carry the name in the file name instead.
void write_csv_block(std::ostream& os, const Table& t, std::string_view label, bool blank_after);

// The reporters, one per format file; reporters.cpp lists them.
const Reporter& text_reporter();
const Reporter& csv_reporter();
const Reporter& json_reporter();
const Reporter& markdown_reporter();

}  // namespace scalerun::report::detail
