#pragma once
// --plot DIR (and the figures of --out DIR): every plottable table written as data and a gnuplot
// script, then drawn by gnuplot (Debian's gnuplot-nox) in that folder. Figures are a view of the
// results, not the results: without gnuplot, or when it fails, the files stay for the user to
// draw and one warning says why (the run still exits 0).

#include <span>
#include <string>
#include <vector>

#include "report/gnuplot_figure.hpp"
#include "report/table.hpp"

namespace scalerun::cli {

// Writes and draws the figures; returns those drawn. Warnings go to stderr (unless quiet).
// Throws std::runtime_error when DIR cannot be written.
std::vector<report::Figure> draw_figures(const std::string& dir, std::span<const report::Section> sections,
                                         report::FigureFormat format, bool quiet);

// --html FILE: the run's page, its figures drawn as SVG in a temporary folder and put inline.
// Throws std::runtime_error when FILE cannot be written.
void write_html_report(const std::string& file, const report::Context& ctx, std::span<const report::Section> sections,
                       bool quiet);

// --trace FILE: the run's timelines as Chrome Trace Event JSON (report/trace_json). A run without
// a measured or simulated point writes an empty trace and says so. Throws std::runtime_error when
// FILE cannot be written.
void write_trace_file(const std::string& file, const report::Context& ctx, std::span<const report::Section> sections,
                      bool quiet);

}  // namespace scalerun::cli
