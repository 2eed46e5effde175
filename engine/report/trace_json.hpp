#pragma once
// --trace FILE.json: the run's timelines in the Chrome Trace Event format (the JSON object form,
// which Perfetto's UI and chrome://tracing open). Each point is a process, named after its
// experiment and point, each worker, rank or simulated processor a thread of it, every slice a
// complete event ("X") whose name and category are its activity, every simulated message a flow
// ("s" at the sender, "f" at the receiver). Times are microseconds from the point's own start, so
// the points line up on one axis.
//
// Beside the viewer's fields, metadata carries what a checker needs: a process's args hold the
// point's span (span_us), its clock ("wall" or "simulated"), whether recording was cut short
// (truncated) and whether its slices are exact; a thread's args hold what the mode's own
// accounting counted for it (accounted, seconds by activity), which exact slices add up to.
//
// A budget keeps the file one a viewer can open (a simulation of thousands of messages per
// processor would otherwise write gigabytes): each point may write its share of kTraceEvents. A
// point within its share is written slice by slice ("exact": true); one beyond it is written
// compacted (report::compact: at a resolution of span / columns, each stretch the activity that
// filled most of it; "exact": false, "resolution_us" says how fine) with every k-th message.

#include <ostream>
#include <span>

#include "report/table.hpp"

namespace scalerun::report {

// Writes the document; events are streamed, one per line, so a large trace is never one value in
// memory. Returns the number of points (processes) written.
inline constexpr std::size_t kTraceEvents = 1'000'000;  // about 100 MB of JSON
std::size_t write_trace(std::ostream& os, const Context& ctx, std::span<const Section> sections,
                        std::size_t budget = kTraceEvents);

}  // namespace scalerun::report
