#pragma once
// What every scalerun figure shares, so they look like one family: the palette, the terminal and
// its size, the title, the grid and the key.

#include <cstddef>
#include <string>

#include "report/gnuplot_figure.hpp"

namespace scalerun::report {

// The palette (colour-blind safe, Okabe and Ito), in series order.
const char* palette_colour(std::size_t i);

// The script's first lines: terminal (SVG 900 x height, or PNG at 4/3 of that; text shown as
// written, not as enhanced-text markup), output stem.svg or stem.png, the title (a " — " in it
// breaks the line; a subtitle goes on a line of its own), tab-separated data with NaN missing, the
// border, grid and key. Text is quoted with report/encode's gnuplot_string.
std::string figure_header(const std::string& title, const std::string& stem, FigureFormat format, int height = 540,
                          const std::string& subtitle = "");

}  // namespace scalerun::report
