#include <algorithm>
#include <string>

#include "report/encode.hpp"
#include "report/format_detail.hpp"
#include "report/formatters.hpp"
#include "report/reporter.hpp"

namespace scalerun::report {

namespace {

void write_row(std::ostream& os, const std::vector<std::string>& cells,
               const std::vector<std::size_t>& widths, const std::vector<bool>& right) {
  std::string line = "|";
  for (std::size_t c = 0; c < cells.size(); ++c) {
    line.push_back(' ');
    detail::append_padded(line, cells[c], widths[c], right[c]);
    line.append(" |");
  }
  os << line << '\n';
}

}  // namespace

void write_markdown(std::ostream& os, const Table& t) {
  os << "### " << markdown_text(t.title.empty() ? t.name : t.title) << "\n\n";

  detail::RenderedTable r = detail::render(t);
  for (auto& h : r.header) h = markdown_cell(h);
  for (auto& row : r.cells) {
    for (auto& cell : row) cell = markdown_cell(cell);
  }
  r.compute_widths();
  // Room for at least "---" or "---:" in the delimiter row, with the source lined up under it.
  for (std::size_t c = 0; c < r.widths.size(); ++c) {
    r.widths[c] = std::max<std::size_t>(r.widths[c], r.numeric_column[c] ? 4 : 3);
  }

  write_row(os, r.header, r.widths, r.numeric_column);
  std::string separator = "|";
  for (std::size_t c = 0; c < r.widths.size(); ++c) {
    separator.push_back(' ');
    if (r.numeric_column[c]) {
      separator.append(r.widths[c] - 1, '-').push_back(':');
    } else {
      separator.append(r.widths[c], '-');
    }
    separator.append(" |");
  }
  os << separator << '\n';
  for (std::size_t i = 0; i < r.cells.size(); ++i) {
    // Markdown aligns whole columns, so a stray text cell in a numeric column follows the column.
    write_row(os, r.cells[i], r.widths, r.numeric_column);
  }

  const std::vector<std::string> notes = detail::notes_with_nonfinite(t);
  if (!notes.empty()) {
    os << '\n';
    for (std::size_t i = 0; i < notes.size(); ++i) {
      // An empty ">" line keeps each note its own paragraph instead of running them together.
      if (i > 0) os << ">\n";
      os << "> " << markdown_text(notes[i]) << '\n';
    }
  }
  os << '\n';
}

namespace {

class MarkdownReporter final : public Reporter {
 public:
  std::string_view name() const override { return "markdown"; }
  std::string_view summary() const override { return "pipe tables under headings, for documents and issues"; }
  std::string_view extension() const override { return "md"; }
  void write_run(std::ostream& os, const Context&, std::span<const Section> sections) const override {
    for (const auto& s : sections) {
      os << "## " << markdown_text(s.kind) << ": " << markdown_text(s.name) << "\n\n";
      for (const auto& t : s.tables) write_markdown(os, t);
    }
  }
  void write_table(std::ostream& os, const Table& t) const override { write_markdown(os, t); }
};

}  // namespace

const Reporter& detail::markdown_reporter() {
  static const MarkdownReporter instance;
  return instance;
}

}  // namespace scalerun::report
