#pragma once
// A table's picture as gnuplot draws it: the data (tab-separated, one row per x) and the script
// that plots it, from the table's plot hints (chart kind, x column, series, units, log axes). The
// files are what a user restyles; running gnuplot on them is the caller's (cli/figures).

#include <cstddef>
#include <optional>
#include <string>

#include "report/table.hpp"

namespace scalerun::report {

enum class FigureFormat { svg, png };

struct Figure {
  std::string stem;    // file names: stem.dat, stem.gp, stem.svg (or .png)
  std::string title;   // the table's title
  std::string data;    // contents of stem.dat
  std::string script;  // contents of stem.gp: reads stem.dat, writes the image, from the same folder
  std::string image() const;
  FigureFormat format = FigureFormat::svg;
  std::size_t section = 0, table = 0;  // which table of the run it draws
};

// The figure of a table with a chart (nothing for a listing, or a table without rows, an x
// column or a series). Lines: every series against x (log axes as hinted; a speedup column S gets
// the ideal line S = p); StackedBars: the series stacked per x; HeatMap: a cell per row and series.
std::optional<Figure> figure_of(const Table& table, const std::string& stem, FigureFormat format);

}  // namespace scalerun::report
