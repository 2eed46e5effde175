#include "report/gnuplot_style.hpp"

#include <iterator>
#include <vector>

#include <fmt/format.h>

#include "report/encode.hpp"

namespace scalerun::report {

namespace {

constexpr const char* kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                    "#56B4E9", "#F0E442", "#000000"};

}  // namespace

const char* palette_colour(std::size_t i) { return kPalette[i % std::size(kPalette)]; }

std::string figure_header(const std::string& title, const std::string& stem, FigureFormat format, int height,
                          const std::string& subtitle) {
  std::string s = fmt::format("# scalerun figure: {}\n", gnuplot_comment(title));
  s += format == FigureFormat::svg
           ? fmt::format("set terminal svg size 900,{} dynamic noenhanced font \"sans,12\" background rgb \"white\"\n", height)
           : fmt::format("set terminal pngcairo size 1200,{} noenhanced font \"sans,12\" background rgb \"white\"\n",
                         height * 4 / 3);
  s += fmt::format("set output {}\n",
                   gnuplot_string(fmt::format("{}.{}", stem, format == FigureFormat::svg ? "svg" : "png")));
  // A long title ("x: what — kernel on machine, rule") on two lines, so it fits the figure's width.
  std::vector<std::string> lines{title};
  if (const auto dash = title.find(" \u2014 "); dash != std::string::npos) {
    lines = {title.substr(0, dash), title.substr(dash + 5)};
  }
  if (!subtitle.empty()) lines.push_back(subtitle);
  s += fmt::format("set title {} noenhanced\n", gnuplot_lines(lines));
  s += "set datafile separator \"\\t\"\nset datafile missing \"NaN\"\n";
  s += "set border lw 1.2\nset grid lc rgb \"#dddddd\"\nset key outside right top noenhanced\n";
  return s;
}

}  // namespace scalerun::report
