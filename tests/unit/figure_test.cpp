// Figures (report/gnuplot_figure): the data and the gnuplot script a table's plot hints give,
// pinned on what they say (series, axis labels, log scales, chart style), not on pixels.

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>

#include "report/gnuplot_figure.hpp"
#include "report/table.hpp"

using namespace scalerun::report;

namespace {

Table speedup_table() {
  Table t;
  t.name = "speedup";
  t.title = "x: speedup";
  t.add_column("p", "{:g}").add_column("T", "{:.4g}").add_column("S", "{:.3f}").add_column("note");
  for (double p : {1.0, 2.0, 4.0, 8.0}) t.add_row({p, 1 / p, p * 0.9, std::string("ok")});
  t.chart(Chart::Lines, "p", {"S"}, "speedup").log_scales(true, false).unit("T", "s");
  t.role("note", Role::Note);
  return t;
}

}  // namespace

TEST_CASE("figure: a line chart plots each series against x, log axes as hinted, the ideal beside S", "[figure]") {
  const auto f = figure_of(speedup_table(), "run__speedup", FigureFormat::svg);
  REQUIRE(f);
  CHECK(f->image() == "run__speedup.svg");
  CHECK(f->data == "# p\tS\n1\t0.90000000000000002\n2\t1.8\n4\t3.6000000000000001\n8\t7.2000000000000002\n");
  CHECK_THAT(f->script, Catch::Contains("set terminal svg"));
  CHECK_THAT(f->script, Catch::Contains("set output 'run__speedup.svg'"));
  CHECK_THAT(f->script, Catch::Contains("set title 'x: speedup'"));
  CHECK_THAT(f->script, Catch::Contains("set xlabel 'p'"));
  CHECK_THAT(f->script, Catch::Contains("set ylabel 'speedup'"));
  CHECK_THAT(f->script, Catch::Contains("set logscale x 2"));
  CHECK_THAT(f->script, Catch::Contains("set xtics (1, 2, 4, 8)"));
  CHECK_THAT(f->script, Catch::Contains("set xrange [1:8 * 1.000001]"));  // gnuplot keeps the tic at 8
  CHECK_THAT(f->script, !Catch::Contains("set logscale y"));
  CHECK_THAT(f->script, Catch::Contains("plot 'run__speedup.dat' using 1:2 with linespoints"));
  CHECK_THAT(f->script, Catch::Contains("title 'S'"));
  CHECK_THAT(f->script, Catch::Contains("x with lines dt 2 lw 1.5 lc rgb '#777777' title 'ideal'"));
  CHECK_THAT(figure_of(speedup_table(), "s", FigureFormat::png)->script, Catch::Contains("set terminal pngcairo"));
  Table with_px = speedup_table();
  with_px.mark(6, "px = 6");
  const auto g = figure_of(with_px, "px", FigureFormat::svg);
  CHECK_THAT(g->script, Catch::Contains("set arrow from 6, graph 0 to 6, graph 1 nohead dt 3"));
  CHECK_THAT(g->script, Catch::Contains("set label 'px = 6' at 6, graph 0.97 rotate by 90"));
}

TEST_CASE("figure: a fitted curve is a line through its samples beside the series it fits, on log-log axes", "[figure]") {
  const double c = 1.5, k = 1.48;
  Table t;
  t.name = "isoefficiency";
  t.title = "W(p)";
  t.add_column("p", "{:g}").add_column("W", "{:g}");
  t.add_row({1.0, std::monostate{}});  // no W at p = 1: the fit starts at p = 2
  for (double p : {2.0, 4.0, 8.0}) t.add_row({p, std::round(c * std::pow(p, k))});
  t.chart(Chart::Lines, "p", {"W"}, "work W").log_scales(true, true);
  t.curve("W", "fit W = 1.5 p^1.48", [&](double p) { return c * std::pow(p, k); }, 2, 8);
  CHECK_THROWS_AS(t.curve("nonesuch", "x", [](double) { return 0.0; }, 1, 2), std::logic_error);
  REQUIRE(t.plot.curves.size() == 1);
  const auto& samples = t.plot.curves.front().points;
  REQUIRE(samples.size() == 100);
  CHECK(samples.front().first == 2);
  CHECK(samples.back().first == 8);
  // Evenly spaced on the log axis, each the function's value.
  for (std::size_t i = 1; i < samples.size(); ++i) {
    CHECK(std::log(samples[i].first / samples[i - 1].first) == Approx(std::log(4.0) / 99));
    CHECK(samples[i].second == Approx(c * std::pow(samples[i].first, k)).epsilon(1e-12));
  }

  const auto f = figure_of(t, "iso", FigureFormat::svg);
  REQUIRE(f);
  CHECK_THAT(f->script, Catch::Contains("set logscale x 2"));
  CHECK_THAT(f->script, Catch::Contains("set logscale y 10"));
  CHECK_THAT(f->script, Catch::Contains("set xrange [2:8 * 1.000001]"));  // p = 1 has no W to draw
  // The table's rows are the data's first block, the curve its second: points, then the line.
  CHECK_THAT(f->script, Catch::Contains("plot 'iso.dat' index 0 using 1:2 with points"));
  CHECK_THAT(f->script, Catch::Contains("'' index 1 using 1:2 with lines lw 2 lc rgb '#0072B2' title "
                                        "'fit W = 1.5 p^1.48'"));
  const std::string rows = "# p\tW\n1\tNaN\n2\t4\n4\t12\n8\t33\n";
  REQUIRE(f->data.rfind(rows, 0) == 0);
  const std::string rest = f->data.substr(rows.size());
  CHECK(rest.rfind("\n\n# fit W = 1.5 p^1.48\n# p\tW\n2\t", 0) == 0);  // two blank lines: a new index
  std::istringstream lines(rest);
  std::string line;
  int read = 0;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const double x = std::stod(line.substr(0, line.find('\t'))), y = std::stod(line.substr(line.find('\t') + 1));
    CHECK(y == Approx(c * std::pow(x, k)).epsilon(1e-12));
    ++read;
  }
  CHECK(read == 100);
}

TEST_CASE("figure: overheads as markers, their fits as lines in the same colours, crossovers marked", "[figure]") {
  Table t;
  t.name = "overhead";
  t.title = "overheads";
  t.add_column("p", "{:g}").add_column("latency", "{:g}").add_column("contention", "{:g}").add_column("T", "{:g}");
  for (double p : {1.0, 2.0, 4.0, 8.0, 16.0}) t.add_row({p, 0.01 * std::log2(p), 1e-4 * p * p, 1.0});
  t.chart(Chart::Lines, "p", {"latency", "contention"}, "seconds").log_scales(true, false).unit({"latency", "contention"}, "s");
  t.curve("latency", "fit latency = 0.01 log2 p", [](double p) { return 0.01 * std::log2(p); }, 2, 16);
  t.curve("contention", "fit contention = 0.0001 p^2", [](double p) { return 1e-4 * p * p; }, 2, 16);
  t.mark(12.5, "contention overtakes latency at p = 12.5").mark(3, "another at p = 3");
  const auto f = figure_of(t, "o", FigureFormat::svg);
  REQUIRE(f);
  CHECK_THAT(f->script, Catch::Contains("set ylabel 'seconds (s)'"));
  // Legend: each overhead's points, then its fit, in the one colour.
  CHECK_THAT(f->script, Catch::Contains(
      "plot 'o.dat' index 0 using 1:2 with points lw 2 pt 7 ps 1.1 lc rgb '#0072B2' title 'latency', \\\n"
      "     '' index 1 using 1:2 with lines lw 2 lc rgb '#0072B2' title 'fit latency = 0.01 log2 p', \\\n"
      "     '' index 0 using 1:3 with points lw 2 pt 7 ps 1.1 lc rgb '#E69F00' title 'contention', \\\n"
      "     '' index 2 using 1:2 with lines lw 2 lc rgb '#E69F00' title 'fit contention = 0.0001 p^2'\n"));
  CHECK_THAT(f->script, Catch::Contains("set arrow from 12.5, graph 0 to 12.5, graph 1 nohead dt 3"));
  CHECK_THAT(f->script, Catch::Contains("set label 'contention overtakes latency at p = 12.5' at 12.5, graph 0.97"));
  CHECK_THAT(f->script, Catch::Contains("set arrow from 3, graph 0 to 3, graph 1 nohead dt 3"));
  CHECK_THAT(f->script, Catch::Contains("set key below center vertical maxrows 4"));
  // Three blocks: the rows, then a block per fit.
  std::size_t blocks = 1;
  for (std::size_t at = f->data.find("\n\n\n"); at != std::string::npos; at = f->data.find("\n\n\n", at + 1)) ++blocks;
  CHECK(blocks == 3);

  // Without fits nothing changes: one block, each series a line through its points.
  Table plain = t;
  plain.plot.curves.clear();
  const auto g = figure_of(plain, "o", FigureFormat::svg);
  CHECK_THAT(g->script, Catch::Contains("plot 'o.dat' using 1:2 with linespoints"));
  CHECK_THAT(g->script, !Catch::Contains("set key below"));
  CHECK_THAT(g->data, !Catch::Contains("\n\n\n"));
}

TEST_CASE("figure: a series with a spread gets error bars, its spread after the series in the data", "[figure]") {
  Table t;
  t.name = "measured";
  t.title = "measured times";
  t.add_column("p", "{:g}").add_column("T", "{:g}").add_column("mad", "{:g}");
  t.add_row({1.0, 2.0, 0.1}).add_row({2.0, 1.0, 0.05});
  t.chart(Chart::Lines, "p", {"T"}, "seconds").unit({"T", "mad"}, "s").spread("T", "mad");
  CHECK_THROWS_AS(t.spread("T", "nonesuch"), std::logic_error);
  const auto f = figure_of(t, "m", FigureFormat::svg);
  REQUIRE(f);
  CHECK(f->data == "# p\tT\tmad\n1\t2\t0.10000000000000001\n2\t1\t0.050000000000000003\n");
  CHECK_THAT(f->script, Catch::Contains("using 1:2:3 with yerrorlines"));
}

TEST_CASE("figure: stacked bars per x with the unit on the axis; text x values become tic labels", "[figure]") {
  Table t;
  t.name = "overhead";
  t.title = "breakdown";
  t.add_column("set").add_column("compute", "{:g}").add_column("sync", "{:g}");
  t.add_row({std::string("Set1"), 1.0, 0.5}).add_row({std::string("Set2"), 0.6, std::monostate{}});
  t.chart(Chart::StackedBars, "set", {"compute", "sync"}, "seconds").unit({"compute", "sync"}, "s");
  const auto f = figure_of(t, "b", FigureFormat::svg);
  REQUIRE(f);
  CHECK(f->data == "# set\tcompute\tsync\nSet1\t1\t0.5\nSet2\t0.59999999999999998\tNaN\n");
  CHECK_THAT(f->script, Catch::Contains("set ylabel 'seconds (s)'"));
  CHECK_THAT(f->script, Catch::Contains("set style histogram rowstacked"));
  CHECK_THAT(f->script, Catch::Contains("using 2:xtic(1)"));
  CHECK_THAT(f->script, Catch::Contains("'' using 3 lc rgb"));
}

TEST_CASE("figure: a heat map draws a box per cell, empty cells left out; a listing has no figure", "[figure]") {
  Table t;
  t.name = "psi";
  t.title = "psi";
  t.add_column("p").add_column("1", "{:g}").add_column("2", "{:g}");
  t.add_row({std::string("1"), 1.0, 0.5}).add_row({std::string("2"), std::monostate{}, 1.0});
  t.plot.chart = Chart::HeatMap;
  t.role("p", Role::X);
  t.series("1").series("2");
  const auto f = figure_of(t, "h", FigureFormat::svg);
  REQUIRE(f);
  CHECK(f->data == "# row\tcolumn\tvalue\n0\t0\t1\n0\t1\t0.5\n1\t0\tNaN\n1\t1\t1\n");
  CHECK_THAT(f->script, Catch::Contains("set xlabel 'p'''"));  // psi(p, p'): a column per point
  CHECK_THAT(f->script, Catch::Contains("set xtics ('1' 0, '2' 1)"));
  CHECK_THAT(f->script, Catch::Contains("set ytics ('1' 0, '2' 1)"));
  CHECK_THAT(f->script, Catch::Contains("using 2:1:(0.5):(0.5):3 with boxxyerror fc palette"));

  Table listing;
  listing.name = "formula";
  listing.add_column("term").add_row({std::string("compute")});
  CHECK_FALSE(figure_of(listing, "f", FigureFormat::svg));
  Table empty = speedup_table();
  empty.rows.clear();
  CHECK_FALSE(figure_of(empty, "e", FigureFormat::svg));
}
