#include "report/gnuplot_style.hpp"

#include <iterator>

#include <fmt/format.h>

namespace scalerun::report {

namespace {

constexpr const char* kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                    "#56B4E9", "#F0E442", "#000000"};

// Title text inside gnuplot's double quotes: quotes and backslashes escaped, "\\n" kept as a
// line break (gnuplot reads it in a double-quoted string).
std::string title_text(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "\\n") == 0) {
      out.append("\\n");
      ++i;
      continue;
    }
    if (text[i] == '"' || text[i] == '\\') out.push_back('\\');
    out.push_back(text[i]);
  }
  return out;
}

}  // namespace

const char* palette_colour(std::size_t i) { return kPalette[i % std::size(kPalette)]; }

std::string quoted(const std::string& text) {
  std::string out(1, '"');
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

std::string figure_header(const std::string& title, const std::string& stem, FigureFormat format, int height) {
  std::string s = fmt::format("# scalerun figure: {}\n", title);
  s += format == FigureFormat::svg
           ? fmt::format("set terminal svg size 900,{} dynamic font \"sans,12\" background rgb \"white\"\n", height)
           : fmt::format("set terminal pngcairo size 1200,{} font \"sans,12\" background rgb \"white\"\n",
                         height * 4 / 3);
  s += fmt::format("set output {}\n", quoted(fmt::format("{}.{}", stem, format == FigureFormat::svg ? "svg" : "png")));
  // A long title ("x: what — kernel on machine, rule") on two lines, so it fits the figure's width.
  std::string shown = title;
  if (const auto dash = shown.find(" \u2014 "); dash != std::string::npos) shown.replace(dash, 5, "\\n");
  s += fmt::format("set title \"{}\" noenhanced\n", title_text(shown));
  s += "set datafile separator \"\\t\"\nset datafile missing \"NaN\"\n";
  s += "set border lw 1.2\nset grid lc rgb \"#dddddd\"\nset key outside right top noenhanced\n";
  return s;
}

}  // namespace scalerun::report
