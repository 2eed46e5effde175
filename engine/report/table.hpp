#pragma once
// The one result type every report produces: a named table of typed cells. Formatters turn it
// into aligned text, CSV, JSON or Markdown; nothing upstream of them knows about output formats.

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "report/timeline.hpp"

namespace scalerun::report {

// A cell is a number (printed per the column's format, emitted at full precision in JSON),
// text, or empty (a value that does not exist: "-" in text, null in JSON, empty in CSV).
using Cell = std::variant<std::monostate, double, std::string>;

// What a column is to a figure drawn from the table.
enum class Role {
  Value,   // a number or label that is not plotted
  X,       // the x axis (at most one column)
  Series,  // a plotted quantity against the x column, or the cells of a heat map
  Note,    // commentary on its row ("yes", "extrapolated"): shown, never plotted
};

struct Column {
  std::string name;
  // fmt-style spec for text/Markdown output of numbers, e.g. "{:.2f}". Empty: 6 significant
  // digits ("{:.6g}"). JSON and CSV always carry full precision.
  std::string format;
  std::string unit;  // "s", "flop", "bytes", "%"; empty for pure numbers
  Role role = Role::Value;
};

// The picture a table has, if any: what a figure of it would draw.
enum class Chart {
  None,         // a listing (formulas, checks, stored runs)
  Lines,        // each series against x
  StackedBars,  // the series stacked per x: parts of a whole (an overhead breakdown)
  HeatMap,      // a matrix: rows by the x column, columns are the series (psi, a performance map)
};

// Whether an axis over these values reads best on a log scale: more than two points growing by
// 8x or more (processor counts that double), the rule every report uses for its x axis.
inline bool log_axis_suits(double first, double last, std::size_t points) {
  return points > 2 && last >= 8 * first;
}

// A function fitted to a table's numbers, drawn beside the series it fits as a line through its
// samples: W = c p^k beside the solved W, an overhead function beside the simulated overhead.
struct Curve {
  std::string series;  // the series column it fits: drawn in that series' colour
  std::string label;   // the legend's text, e.g. "fit W = 0.6212 p^2.927"
  std::vector<std::pair<double, double>> points;  // (x, f(x)), x ascending
};

// A place on the x axis worth a dashed line and a label: the fixed-size optimum px, a crossover.
struct Mark {
  double x;
  std::string label;
};

struct Plot {
  Chart chart = Chart::None;
  bool log_x = false;
  bool log_y = false;
  std::string y_label;  // the axis the series share, e.g. "speedup", "seconds"
  // Series drawn with error bars: (series column, column of its spread), e.g. ("T", "mad").
  std::vector<std::pair<std::string, std::string>> error_bars;
  std::vector<Curve> curves;  // fits drawn as lines; the series they fit drawn as points
  std::vector<Mark> marks;
};

// A key result of a table, as a number a program can read (the fixed-size optimum px, the
// growth order of W(p)); the text formats show it in a note, JSON under "values".
struct Value {
  std::string name;
  double value;
  std::string unit;
};

struct Table {
  std::string name;       // e.g. "scaled", "psi", "overhead"
  std::string title;      // human heading, e.g. "Isospeed scalability psi(p, p')"
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> notes;  // printed under the table in text/Markdown, kept in JSON
  Plot plot;
  std::vector<Value> values;

  Table& add_column(std::string column_name, std::string format = {});
  // A column after the rows are in, with one cell for each row in order (a column the code that
  // built the rows knows nothing of); throws std::logic_error when the counts differ.
  Table& append_column(std::string column_name, std::vector<Cell> cells);
  Table& add_row(std::vector<Cell> row);  // must have columns.size() cells

  // Plot hints. A name that is not a column is a programming error (std::logic_error): a hint
  // that silently names nothing would draw an empty figure.
  Table& chart(Chart kind, std::string_view x, std::initializer_list<std::string_view> series,
               std::string y_label = {});
  Table& series(std::string_view column);  // one more series (columns named at run time)
  Table& role(std::string_view column, Role r);
  Table& unit(std::string_view column, std::string text);
  Table& unit(std::initializer_list<std::string_view> column_names, const std::string& text);
  Table& log_scales(bool x, bool y);
  Table& spread(std::string_view series_column, std::string_view spread_column);  // error bars
  // The fitted f(x) beside a series: 100 samples from x = from to x = to, evenly spaced on a log
  // axis when from > 0 (the curve stays smooth where processor counts double), linearly otherwise.
  Table& curve(std::string_view series_column, std::string label, const std::function<double(double)>& f,
               double from, double to);
  Table& mark(double x, std::string label);
  Table& value(std::string value_name, double v, std::string value_unit = {});

  const Column* find_column(std::string_view column_name) const;
};

// The timed runs of one measured point: JSON results carry them ("samples"), so that compare on
// two result files can test a change (Mann-Whitney U) rather than judge medians alone.
struct PointSamples {
  double p = 1;
  std::string set;                       // a machine set's name ("" for a processor count)
  std::map<std::string, double> params;  // every numeric parameter but p
  std::vector<double> seconds;           // in the order measured
};

// One experiment's (or map's, or fit's) tables, in the order they were produced.
struct Section {
  Section() = default;
  Section(std::string name_, std::string kind_, std::vector<Table> tables_ = {})
      : name(std::move(name_)), kind(std::move(kind_)), tables(std::move(tables_)) {}

  std::string name;
  std::string kind;  // "experiment", "map", "fit", "check"
  std::vector<Table> tables;
  // Measured and simulated experiments run with --trace or --html: one per point (report/timeline).
  std::vector<Timeline> timelines;
  // Measured experiments: every point's samples (fresh or taken from the database by --resume).
  std::vector<PointSamples> samples;
};

// Context of a run: what produced these numbers (the JSON "context" object).
struct Context {
  std::string host, cpu, compiler, build_type, git_revision, scalerun_version;
  int cores = 0;
  std::string script_path, script_hash, command_line, started_at;
};

}  // namespace scalerun::report
