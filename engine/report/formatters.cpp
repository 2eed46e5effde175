#include <fmt/format.h>

#include "report/format_detail.hpp"
#include "report/formatters.hpp"

namespace scalerun::report {

bool parse_format(std::string_view text, Format& out) {
  if (text == "table") {
    out = Format::Table;
  } else if (text == "csv") {
    out = Format::Csv;
  } else if (text == "json") {
    out = Format::Json;
  } else if (text == "markdown") {
    out = Format::Markdown;
  } else {
    return false;
  }
  return true;
}

void write_all(std::ostream& os, Format format, const Context& ctx,
               std::span<const Section> sections) {
  switch (format) {
    case Format::Json:
      write_json(os, ctx, sections);
      return;
    case Format::Csv:
      // Blocks apart by a blank line, each a plain CSV whose first column names its table.
      for (const auto& s : sections) {
        for (const auto& t : s.tables) {
          detail::write_csv_block(os, t, fmt::format("{}/{}", s.name, t.name), true);
        }
      }
      return;
    case Format::Table:
      for (const auto& s : sections) {
        os << "== " << detail::single_line(s.kind) << ' ' << detail::single_line(s.name)
           << " ==\n\n";
        for (const auto& t : s.tables) write_text(os, t);
      }
      return;
    case Format::Markdown:
      for (const auto& s : sections) {
        os << "## " << detail::single_line(s.kind) << ": " << detail::single_line(s.name) << "\n\n";
        for (const auto& t : s.tables) write_markdown(os, t);
      }
      return;
  }
}

}  // namespace scalerun::report
