#include "report/gnuplot_figure.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "report/encode.hpp"
#include "report/gnuplot_style.hpp"

namespace scalerun::report {

// Every text of a table reaches the script through report/encode (single-quoted strings, tic
// labels, comments, data fields): names come from scripts and libraries, and gnuplot runs this.

namespace {

// Marks on the x axis (an optimum, a crossover) in a colour no series has.
constexpr const char* kMarkColour = "#555555";

std::string with_unit(const std::string& label, const std::string& unit) {
  return unit.empty() ? label : fmt::format("{} ({})", label, unit);
}

std::string cell_data(const Cell& cell) {
  if (const double* v = std::get_if<double>(&cell)) return std::isfinite(*v) ? fmt::format("{:.17g}", *v) : "NaN";
  if (const std::string* s = std::get_if<std::string>(&cell)) return gnuplot_data_field(*s);
  return "NaN";
}

struct Layout {
  int x = -1;
  std::vector<int> series;
  std::vector<int> spread;  // per series: the column of its error bars, -1 none
};

Layout layout_of(const Table& t) {
  Layout l;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].role == Role::X) l.x = static_cast<int>(c);
    if (t.columns[c].role == Role::Series) l.series.push_back(static_cast<int>(c));
  }
  for (int c : l.series) {
    int spread = -1;
    for (const auto& [series, column] : t.plot.error_bars) {
      if (series == t.columns[static_cast<std::size_t>(c)].name) {
        spread = static_cast<int>(t.find_column(column) - t.columns.data());
      }
    }
    l.spread.push_back(spread);
  }
  return l;
}

// The data file's column (1-based) of series i's spread: after x and every series, in order.
std::size_t spread_data_column(const Layout& l, std::size_t i) {
  std::size_t column = 2 + l.series.size();
  for (std::size_t j = 0; j < i; ++j) column += l.spread[j] >= 0 ? 1 : 0;
  return column;
}

bool numeric_x(const Table& t, int x) {
  for (const auto& row : t.rows) {
    if (std::holds_alternative<std::string>(row[static_cast<std::size_t>(x)])) return false;
  }
  return true;
}


// Whether a line chart draws the table's fitted curves: they need a numeric x to be drawn against.
bool draws_curves(const Table& t, const Layout& l) {
  return t.plot.chart == Chart::Lines && !t.plot.curves.empty() && numeric_x(t, l.x);
}

// Series i's colour; a curve takes the colour of the series it fits, or one after every series.
const char* series_colour(std::size_t i) { return palette_colour(i); }

bool has_series(const Table& t, const Layout& l, const std::string& name) {
  for (int c : l.series) {
    if (t.columns[static_cast<std::size_t>(c)].name == name) return true;
  }
  return false;
}

std::string curve_colour(const Table& t, const Layout& l, std::size_t curve) {
  for (std::size_t i = 0; i < l.series.size(); ++i) {
    if (t.columns[static_cast<std::size_t>(l.series[i])].name == t.plot.curves[curve].series) return series_colour(i);
  }
  return series_colour(l.series.size() + curve);
}

bool has_curve(const Table& t, const std::string& series) {
  for (const auto& c : t.plot.curves) {
    if (c.series == series) return true;
  }
  return false;
}

// The curves' samples after the table's rows, a block each (gnuplot's index 1, 2, ...).
std::string curve_data(const Table& t, const Layout& l) {
  std::string d;
  for (const auto& c : t.plot.curves) {
    d += fmt::format("\n\n# {}\n# {}\t{}\n", gnuplot_comment(c.label),
                     gnuplot_data_field(t.columns[static_cast<std::size_t>(l.x)].name), gnuplot_comment(c.series));
    for (const auto& [x, y] : c.points) d += fmt::format("{}\t{}\n", cell_data(Cell{x}), cell_data(Cell{y}));
  }
  return d;
}

// Marks (the optimum px, crossovers): a dotted line across the plot, its label along it, reading
// up from the top, so that labels of marks side by side stay apart.
std::string marks_script(const Table& t) {
  std::string s;
  for (const Mark& m : t.plot.marks) {
    if (!std::isfinite(m.x) || (t.plot.log_x && m.x <= 0)) continue;
    s += fmt::format("set arrow from {0:.17g}, graph 0 to {0:.17g}, graph 1 nohead dt 3 lw 1.5 lc rgb {1}\n"
                     "set label {2} at {0:.17g}, graph 0.97 rotate by 90 right offset -0.9,0 tc rgb {1} "
                     "noenhanced\n",
                     m.x, gnuplot_string(kMarkColour), gnuplot_string(m.label));
  }
  return s;
}

std::string lines_script(const Table& t, const Layout& l, const std::string& stem) {
  const Column& x = t.columns[static_cast<std::size_t>(l.x)];
  const bool numeric = numeric_x(t, l.x);
  std::string s = fmt::format("set xlabel {} noenhanced\n", gnuplot_string(with_unit(x.name, x.unit)));
  const std::string& unit = t.columns[static_cast<std::size_t>(l.series.front())].unit;
  s += fmt::format("set ylabel {} noenhanced\n", gnuplot_string(with_unit(t.plot.y_label.empty() ? "value" : t.plot.y_label, unit)));
  if (t.plot.log_x && numeric) s += "set logscale x 2\n";
  // Processor counts are whole numbers: a tic at each one measured, not at 1.2, 1.4, ...
  if (numeric && t.rows.size() <= 20) {
    std::string tics;
    bool whole = true;
    for (const auto& row : t.rows) {
      const double* v = std::get_if<double>(&row[static_cast<std::size_t>(l.x)]);
      whole = whole && v != nullptr && std::isfinite(*v) && *v == std::round(*v);
      if (whole) tics += fmt::format("{}{:g}", tics.empty() ? "" : ", ", *v);
    }
    if (whole) s += fmt::format("set xtics ({})\n", tics);
    // On a log axis gnuplot drops the tic at the largest p as outside the range it autoscaled to
    // that very p (a rounding of the logarithm): the range of the drawn points, a hair beyond them.
    if (whole && t.plot.log_x) {
      double lo = 0, hi = 0;
      for (const auto& row : t.rows) {
        const bool drawn = std::any_of(l.series.begin(), l.series.end(), [&](int c) {
          const double* y = std::get_if<double>(&row[static_cast<std::size_t>(c)]);
          return y != nullptr && std::isfinite(*y);
        });
        const double v = std::get<double>(row[static_cast<std::size_t>(l.x)]);
        if (!drawn || v <= 0) continue;
        lo = lo == 0 ? v : std::min(lo, v);
        hi = std::max(hi, v);
      }
      if (lo > 0) s += fmt::format("set xrange [{:g}:{:g} * 1.000001]\n", lo, hi);
    }
  }
  if (t.plot.log_y) s += "set logscale y 10\n";
  // With fitted curves the data file holds more than the rows: the series read its first block.
  const bool curves = draws_curves(t, l);
  const std::string rows_block = curves ? " index 0" : "";
  // A fit's label is its formula: the key goes below the plot, in columns, so the plot keeps its width.
  if (curves) s += "set key below center vertical maxrows 4 font \",10\"\n";
  std::string plots;
  // A fitted curve, in the legend after the series it fits.
  auto add_curve = [&](std::size_t k) {
    plots += fmt::format(", \\\n     '' index {} using 1:2 with lines lw 2 lc rgb {} title {}", k + 1,
                         gnuplot_string(curve_colour(t, l, k)), gnuplot_string(t.plot.curves[k].label));
  };
  for (std::size_t i = 0; i < l.series.size(); ++i) {
    const Column& c = t.columns[static_cast<std::size_t>(l.series[i])];
    const std::string using_x = numeric ? "1" : "0";
    // A series with a spread: its error column follows the series in the data file.
    const bool bars = l.spread[i] >= 0;
    // A series with a fit: its points as markers, the fit as the line through them.
    const bool fitted = curves && has_curve(t, c.name);
    const char* style = fitted ? (bars ? "yerrorbars" : "points") : (bars ? "yerrorlines" : "linespoints");
    plots += fmt::format("{}{}{} using {}:{}{}{} with {} lw 2 pt 7 ps {} lc rgb {} title {}",
                         plots.empty() ? "" : ", \\\n     ", i == 0 ? gnuplot_string(stem + ".dat") : "''", rows_block,
                         using_x, i + 2, bars ? fmt::format(":{}", spread_data_column(l, i)) : "",
                         numeric ? "" : ":xtic(1)", style, fitted ? "1.1" : "0.8", gnuplot_string(series_colour(i)),
                         gnuplot_string(c.name));
    for (std::size_t k = 0; curves && k < t.plot.curves.size(); ++k) {
      if (t.plot.curves[k].series == c.name) add_curve(k);
    }
  }
  for (std::size_t k = 0; curves && k < t.plot.curves.size(); ++k) {
    if (!has_series(t, l, t.plot.curves[k].series)) add_curve(k);
  }
  if (numeric) s += marks_script(t);
  // A speedup gets the ideal beside it (S = p).
  for (int c : l.series) {
    if (t.columns[static_cast<std::size_t>(c)].name == "S" && numeric) {
      plots += ", \\\n     x with lines dt 2 lw 1.5 lc rgb '#777777' title 'ideal'";
      break;
    }
  }
  return fmt::format("{}plot {}\n", s, plots);
}

std::string stacked_script(const Table& t, const Layout& l, const std::string& stem) {
  const Column& x = t.columns[static_cast<std::size_t>(l.x)];
  std::string s = fmt::format("set xlabel {} noenhanced\n", gnuplot_string(with_unit(x.name, x.unit)));
  const std::string& unit = t.columns[static_cast<std::size_t>(l.series.front())].unit;
  s += fmt::format("set ylabel {} noenhanced\n", gnuplot_string(with_unit(t.plot.y_label.empty() ? "value" : t.plot.y_label, unit)));
  s += "set style data histograms\nset style histogram rowstacked\nset style fill solid 0.85 border -1\n"
       "set boxwidth 0.7\nset yrange [0:*]\n";
  std::string plots;
  for (std::size_t i = 0; i < l.series.size(); ++i) {
    const Column& c = t.columns[static_cast<std::size_t>(l.series[i])];
    plots += fmt::format("{}{} using {}{} lc rgb {} title {}", plots.empty() ? "" : ", \\\n     ",
                         i == 0 ? gnuplot_string(stem + ".dat") : "''", i + 2, i == 0 ? ":xtic(1)" : "",
                         gnuplot_string(series_colour(i)), gnuplot_string(c.name));
  }
  return fmt::format("{}plot {}\n", s, plots);
}

// A heat map reads its own data layout: one line per cell, "row column value".
std::string heat_map_data(const Table& t, const Layout& l) {
  std::string d = "# row\tcolumn\tvalue\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    for (std::size_t j = 0; j < l.series.size(); ++j) {
      d += fmt::format("{}\t{}\t{}\n", r, j, cell_data(t.rows[r][static_cast<std::size_t>(l.series[j])]));
    }
  }
  return d;
}

std::string heat_map_script(const Table& t, const Layout& l, const std::string& stem) {
  const Column& x = t.columns[static_cast<std::size_t>(l.x)];
  std::string xtics, ytics;
  for (std::size_t j = 0; j < l.series.size(); ++j) {
    xtics += fmt::format("{}{} {}", xtics.empty() ? "" : ", ",
                         gnuplot_tic_label(t.columns[static_cast<std::size_t>(l.series[j])].name), j);
  }
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    ytics += fmt::format("{}{} {}", ytics.empty() ? "" : ", ",
                         gnuplot_tic_label(cell_data(t.rows[r][static_cast<std::size_t>(l.x)])), r);
  }
  // A matrix over the points (psi: a column per p') or of quantities per point (a performance map).
  bool columns_are_points = true;
  for (std::size_t j = 0; j < l.series.size() && j < t.rows.size(); ++j) {
    const std::string& name = t.columns[static_cast<std::size_t>(l.series[j])].name;
    columns_are_points = columns_are_points && cell_data(t.rows[j][static_cast<std::size_t>(l.x)]) == name;
  }
  std::string s = fmt::format("set xlabel {} noenhanced\nset ylabel {} noenhanced\n",
                              gnuplot_string(columns_are_points ? x.name + "'" : std::string("quantity")),
                              gnuplot_string(with_unit(x.name, x.unit)));
  s += fmt::format("set xtics ({}) rotate by -45 noenhanced\nset ytics ({}) noenhanced\n", xtics, ytics);
  s += fmt::format("set xrange [-0.5:{}]\nset yrange [{}:-0.5]\n", static_cast<double>(l.series.size()) - 0.5,
                   static_cast<double>(t.rows.size()) - 0.5);
  s += "set palette defined (0 \"#f7fbff\", 0.5 \"#6baed6\", 1 \"#08306b\")\nunset grid\nset key off\n";
  if (!t.plot.y_label.empty()) s += fmt::format("set cblabel {} noenhanced\n", gnuplot_string(t.plot.y_label));
  // A box per cell, not `with image`: the empty cells of a triangular matrix (psi) break its grid.
  return s + fmt::format("set style fill solid 1.0 noborder\nplot {} using 2:1:(0.5):(0.5):3 with boxxyerror fc "
                         "palette\n", gnuplot_string(stem + ".dat"));
}

}  // namespace

std::string Figure::image() const { return fmt::format("{}.{}", stem, format == FigureFormat::svg ? "svg" : "png"); }

std::optional<Figure> figure_of(const Table& table, const std::string& stem, FigureFormat format) {
  const Layout l = layout_of(table);
  if (table.plot.chart == Chart::None || l.x < 0 || l.series.empty() || table.rows.empty()) return std::nullopt;
  Figure f;
  f.stem = stem;
  f.title = table.title;
  f.format = format;
  if (table.plot.chart == Chart::HeatMap) {
    f.data = heat_map_data(table, l);
    f.script = figure_header(table.title, stem, format) + heat_map_script(table, l, stem);
    return f;
  }
  // The header is a comment gnuplot skips: one line whatever the names hold.
  f.data = fmt::format("# {}", gnuplot_data_field(table.columns[static_cast<std::size_t>(l.x)].name));
  for (int c : l.series) {
    f.data.append("\t").append(gnuplot_data_field(table.columns[static_cast<std::size_t>(c)].name));
  }
  for (int c : l.spread) {
    if (c >= 0) f.data.append("\t").append(gnuplot_data_field(table.columns[static_cast<std::size_t>(c)].name));
  }
  f.data.push_back('\n');
  for (const auto& row : table.rows) {
    f.data.append(cell_data(row[static_cast<std::size_t>(l.x)]));
    for (int c : l.series) f.data.append("\t").append(cell_data(row[static_cast<std::size_t>(c)]));
    for (int c : l.spread) {
      if (c >= 0) f.data.append("\t").append(cell_data(row[static_cast<std::size_t>(c)]));
    }
    f.data.push_back('\n');
  }
  if (draws_curves(table, l)) f.data += curve_data(table, l);
  f.script = figure_header(table.title, stem, format) +
             (table.plot.chart == Chart::StackedBars ? stacked_script(table, l, stem) : lines_script(table, l, stem));
  return f;
}

}  // namespace scalerun::report
