#include <string>

#include "report/format_detail.hpp"
#include "report/formatters.hpp"
#include "report/reporter.hpp"

namespace scalerun::report {

namespace {

constexpr std::string_view kGap = "  ";

void write_line(std::ostream& os, const std::vector<std::string>& cells,
                const std::vector<std::size_t>& widths, const std::vector<bool>& right) {
  std::string line;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    if (c > 0) line.append(kGap);
    detail::append_padded(line, cells[c], widths[c], right[c]);
  }
  // Padding after a left-aligned last column is invisible and only upsets diffs of golden files.
  line.erase(line.find_last_not_of(' ') + 1);
  os << line << '\n';
}

}  // namespace

void write_text(std::ostream& os, const Table& t) {
  os << detail::single_line(t.title.empty() ? t.name : t.title) << '\n';
  const detail::RenderedTable r = detail::render(t);
  write_line(os, r.header, r.widths, r.numeric_column);
  for (std::size_t i = 0; i < r.cells.size(); ++i) {
    write_line(os, r.cells[i], r.widths, r.right_aligned[i]);
  }
  for (const auto& note : detail::notes_with_nonfinite(t)) os << "  note: " << detail::single_line(note) << '\n';
  os << '\n';
}

namespace {

class TextReporter final : public Reporter {
 public:
  std::string_view name() const override { return "table"; }
  std::string_view summary() const override { return "aligned columns with titles and notes, for reading"; }
  std::string_view extension() const override { return "txt"; }
  void write_run(std::ostream& os, const Context&, std::span<const Section> sections) const override {
    for (const auto& s : sections) {
      os << "== " << detail::single_line(s.kind) << ' ' << detail::single_line(s.name) << " ==\n\n";
      for (const auto& t : s.tables) write_text(os, t);
    }
  }
  void write_table(std::ostream& os, const Table& t) const override { write_text(os, t); }
};

}  // namespace

const Reporter& detail::text_reporter() {
  static const TextReporter instance;
  return instance;
}

}  // namespace scalerun::report
