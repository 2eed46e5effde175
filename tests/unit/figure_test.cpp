// Figures (report/gnuplot_figure): the data and the gnuplot script a table's plot hints give,
// pinned on what they say (series, axis labels, log scales, chart style), not on pixels.

#include <catch2/catch.hpp>

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
  CHECK_THAT(f->script, Catch::Contains("set output \"run__speedup.svg\""));
  CHECK_THAT(f->script, Catch::Contains("set title \"x: speedup\""));
  CHECK_THAT(f->script, Catch::Contains("set xlabel \"p\""));
  CHECK_THAT(f->script, Catch::Contains("set ylabel \"speedup\""));
  CHECK_THAT(f->script, Catch::Contains("set logscale x 2"));
  CHECK_THAT(f->script, Catch::Contains("set xtics (1, 2, 4, 8)"));
  CHECK_THAT(f->script, !Catch::Contains("set logscale y"));
  CHECK_THAT(f->script, Catch::Contains("plot \"run__speedup.dat\" using 1:2 with linespoints"));
  CHECK_THAT(f->script, Catch::Contains("title \"S\""));
  CHECK_THAT(f->script, Catch::Contains("x with lines dt 2 lw 1.5 lc rgb \"#777777\" title \"ideal\""));
  CHECK_THAT(figure_of(speedup_table(), "s", FigureFormat::png)->script, Catch::Contains("set terminal pngcairo"));
  Table with_px = speedup_table();
  with_px.value("px", 6);
  const auto g = figure_of(with_px, "px", FigureFormat::svg);
  CHECK_THAT(g->script, Catch::Contains("set arrow from 6, graph 0 to 6, graph 1 nohead"));
  CHECK_THAT(g->script, Catch::Contains("set label \"px = 6\""));
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
  CHECK_THAT(f->script, Catch::Contains("set ylabel \"seconds (s)\""));
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
  CHECK_THAT(f->script, Catch::Contains("set xlabel \"p'\""));  // psi(p, p'): a column per point
  CHECK_THAT(f->script, Catch::Contains("set xtics (\"1\" 0, \"2\" 1)"));
  CHECK_THAT(f->script, Catch::Contains("set ytics (\"1\" 0, \"2\" 1)"));
  CHECK_THAT(f->script, Catch::Contains("using 2:1:(0.5):(0.5):3 with boxxyerror fc palette"));

  Table listing;
  listing.name = "formula";
  listing.add_column("term").add_row({std::string("compute")});
  CHECK_FALSE(figure_of(listing, "f", FigureFormat::svg));
  Table empty = speedup_table();
  empty.rows.clear();
  CHECK_FALSE(figure_of(empty, "e", FigureFormat::svg));
}
