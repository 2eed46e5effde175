#pragma once
// What every scalerun figure shares, so they look like one family: the palette, the terminal and
// its size, the title, the grid and the key, and how text is quoted for gnuplot.

#include <cstddef>
#include <string>

#include "report/gnuplot_figure.hpp"

namespace scalerun::report {

// The palette (colour-blind safe, Okabe and Ito), in series order.
const char* palette_colour(std::size_t i);

// A string for gnuplot's double quotes, taken as written (titles are shown "noenhanced").
std::string quoted(const std::string& text);

// The script's first lines: terminal (SVG 900 x height, or PNG at 4/3 of that), output stem.svg
// or stem.png, the title (a " — " in it breaks the line; "\\n" is kept as a break), tab-separated
// data with NaN missing, the border, grid and key.
std::string figure_header(const std::string& title, const std::string& stem, FigureFormat format, int height = 540);

}  // namespace scalerun::report
