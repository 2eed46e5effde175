#pragma once
// --html FILE: the whole run as one self-contained page (no network, no scripts): the context
// that produced the numbers, then every section's tables with their figures inline (SVG), notes,
// and the checks passed and failed. Readable on a phone and a wide screen, printable.

#include <map>
#include <ostream>
#include <span>
#include <string>
#include <utility>

#include "report/table.hpp"

namespace scalerun::report {

// figures: the inline SVG of a table, by (section index, table index); tables without one show
// their numbers only. (section index, kTimeline) is the section's timeline (report/timeline_figure),
// drawn after its tables.
void write_html(std::ostream& os, const Context& ctx, std::span<const Section> sections,
                const std::map<std::pair<std::size_t, std::size_t>, std::string>& figures);

}  // namespace scalerun::report
