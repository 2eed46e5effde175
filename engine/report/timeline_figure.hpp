#pragma once
// The execution-pattern view of Scale-Graph (000_4d83e4b2b26c01b9.txt): a Gantt chart of one
// point's timeline, a row per worker, rank or processor, a bar per stretch of one activity, in
// the activity's colour. Drawn from report::compact, so a run of a million slices is still a
// figure of a few thousand boxes; --trace keeps every slice.

#include <cstddef>
#include <optional>
#include <string>

#include "report/gnuplot_figure.hpp"
#include "report/table.hpp"

namespace scalerun::report {

// The timeline a section's figure shows: the point whose tracks spent the smallest share of
// their time busy (the most lost to overheads; on a tie the larger p). Null when it has none.
const Timeline* telling_timeline(const Section& section);

// The Gantt chart of `t` (nothing for a timeline without slices); `figure.table` is kTimeline.
inline constexpr std::size_t kTimeline = static_cast<std::size_t>(-1);
std::optional<Figure> timeline_figure(const Section& section, const Timeline& t, const std::string& stem,
                                      FigureFormat format);

}  // namespace scalerun::report
