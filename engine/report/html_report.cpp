#include "report/html_report.hpp"

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/format_detail.hpp"
#include "report/timeline_figure.hpp"

namespace scalerun::report {

namespace {

// The page's whole style: system fonts, tables that scroll sideways on a phone, figures that
// shrink to the width, nothing fetched.
constexpr const char* kStyle = R"(
:root { --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --head: #f6f8fa; --bad: #b42318; --good: #1a7f37; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 0 auto;
       padding: 1rem; max-width: 72rem; }
h1 { font-size: 1.5rem; margin: 0.2rem 0 0.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem;
     border-bottom: 1px solid var(--line); padding-bottom: 0.2rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 0.4rem; }
dl.context { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 1rem; font-size: 0.9rem; }
dl.context dt { color: var(--muted); } dl.context dd { margin: 0; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85rem; font-variant-numeric: tabular-nums; margin: 0.3rem 0; }
th, td { border: 1px solid var(--line); padding: 0.15rem 0.5rem; white-space: nowrap; }
th { background: var(--head); position: sticky; top: 0; } td.num { text-align: right; }
td.bad { color: var(--bad); font-weight: 600; } td.good { color: var(--good); }
figure { margin: 0.5rem 0; } figcaption { color: var(--muted); font-size: 0.85rem; }\nfigure svg { width: 100%; height: auto; max-width: 56rem; }
ul.notes { color: var(--muted); font-size: 0.85rem; padding-left: 1.2rem; }
.summary { padding: 0.4rem 0.7rem; border-radius: 6px; background: var(--head); display: inline-block; }
@media print { th { position: static; } h2 { break-before: auto; } figure, table { break-inside: avoid; } }
)";

void write_table(std::ostream& os, const Section& section, const Table& t, const std::string* svg) {
  os << fmt::format("<section class=\"table\" id=\"{}\">\n<h3>{}</h3>\n",
                    html_id("table-", section.name + "/" + t.name),
                    html_text(t.title.empty() ? t.name : t.title));
  if (svg != nullptr) os << "<figure>\n" << *svg << "\n</figure>\n";
  const detail::RenderedTable r = detail::render(t);
  os << "<div class=\"scroll\"><table>\n<thead><tr>";
  for (std::size_t c = 0; c < r.header.size(); ++c) {
    const std::string& unit = t.columns[c].unit;
    os << "<th>" << html_text(r.header[c]) << (unit.empty() ? "" : " <small>(" + html_text(unit) + ")</small>") << "</th>";
  }
  os << "</tr></thead>\n<tbody>\n";
  for (std::size_t row = 0; row < r.cells.size(); ++row) {
    os << "<tr>";
    for (std::size_t c = 0; c < r.cells[row].size(); ++c) {
      const std::string& text = r.cells[row][c];
      std::string cls = r.right_aligned[row][c] ? "num" : "";
      if (text == "NO" || text == "no") cls = "bad";
      if (text == "yes") cls = "good";
      os << (cls.empty() ? "<td>" : "<td class=\"" + cls + "\">") << html_text(text) << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</tbody></table></div>\n";
  const std::vector<std::string> notes = detail::notes_with_nonfinite(t);
  if (!notes.empty()) {
    os << "<ul class=\"notes\">\n";
    for (const auto& note : notes) os << "<li>" << html_text(note) << "</li>\n";
    os << "</ul>\n";
  }
  os << "</section>\n";
}

}  // namespace

void write_html(std::ostream& os, const Context& ctx, std::span<const Section> sections,
                const std::map<std::pair<std::size_t, std::size_t>, std::string>& figures) {
  int checks = 0, failed = 0;
  for (const auto& s : sections) {
    if (s.kind != "check") continue;
    ++checks;
    for (const auto& t : s.tables) {
      for (const auto& row : t.rows) {
        for (const auto& cell : row) {
          if (const auto* text = std::get_if<std::string>(&cell); text != nullptr && *text == "NO") ++failed;
        }
      }
    }
  }
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  os << fmt::format("<title>scalerun: {}</title>\n<style>{}</style>\n</head>\n<body>\n", html_text(ctx.script_path),
                    kStyle);
  os << fmt::format("<h1>scalerun: {}</h1>\n", html_text(ctx.script_path));
  os << "<dl class=\"context\">\n";
  for (const auto& [label, value] :
       std::initializer_list<std::pair<const char*, std::string>>{
           {"command", ctx.command_line}, {"started", ctx.started_at}, {"host", ctx.host},
           {"cpu", fmt::format("{} ({} cores)", ctx.cpu, ctx.cores)}, {"scalerun", ctx.scalerun_version},
           {"build", fmt::format("{} {}, revision {}", ctx.compiler, ctx.build_type, ctx.git_revision)},
           {"script hash", ctx.script_hash}}) {
    os << "<dt>" << label << "</dt><dd>" << html_text(value) << "</dd>\n";
  }
  os << "</dl>\n";
  if (checks > 0) {
    os << fmt::format("<p class=\"summary\">{} check{}: {} value{} outside {} tolerance</p>\n", checks,
                      checks == 1 ? "" : "s", failed, failed == 1 ? "" : "s", failed == 1 ? "its" : "their");
  }
  for (std::size_t s = 0; s < sections.size(); ++s) {
    const Section& section = sections[s];
    os << fmt::format("<h2 id=\"{}\">{} <small>({})</small></h2>\n", html_id("experiment-", section.name),
                      html_text(section.name),
                      html_text(section.kind));
    for (std::size_t t = 0; t < section.tables.size(); ++t) {
      const auto it = figures.find({s, t});
      write_table(os, section, section.tables[t], it == figures.end() ? nullptr : &it->second);
    }
    if (const auto it = figures.find({s, kTimeline}); it != figures.end()) {
      const Timeline* shown = telling_timeline(section);
      os << "<section class=\"timeline\">\n<h3>Timeline</h3>\n<figure class=\"timeline\">\n" << it->second
         << "\n<figcaption>"
         << html_text(fmt::format("What the {} did over time at {}, the point with the least busy time ({:.0f} % busy), "
                                "drawn at a resolution of the figure's width; --trace FILE.json keeps every interval of "
                                "every point for Perfetto (ui.perfetto.dev) or chrome://tracing.",
                                shown->source, shown->label, 100 * shown->busy_share()))
         << "</figcaption>\n</figure>\n</section>\n";
    }
  }
  os << "</body>\n</html>\n";
}

}  // namespace scalerun::report
