// Summaries of measured samples: the median and its distribution-free confidence interval, and
// the statistics of a point (mean, standard deviation, outliers, a slow first run).

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "study/measure_reports.hpp"
#include "study/instrumentation_rows.hpp"
#include "study/measurement.hpp"
#include "study/point_breakdown.hpp"

using scalerun::study::median_interval;
using scalerun::study::median_of;

TEST_CASE("median_interval: a few values give their whole range, none gives zero", "[measurement]") {
  const auto none = median_interval({});
  CHECK(none.low == 0);
  CHECK(none.high == 0);
  const auto few = median_interval({3, 1, 4, 1, 5});
  CHECK(few.low == 1);
  CHECK(few.high == 5);
}

TEST_CASE("median_interval: the interval holds the median and narrows as 1/sqrt(n)", "[measurement]") {
  auto ramp = [](int n) {
    std::vector<double> v;
    for (int i = n; i >= 1; --i) v.push_back(i);  // unsorted on purpose
    return v;
  };
  const auto small = median_interval(ramp(101)), large = median_interval(ramp(10001));
  CHECK(small.low < median_of(ramp(101)));
  CHECK(small.high > median_of(ramp(101)));
  // Width in ranks about 1.96 sqrt(n): 19.7 at n = 101, 196 at n = 10001.
  CHECK(small.high - small.low == Approx(1.96 * std::sqrt(101.0)).margin(3));
  CHECK(large.high - large.low == Approx(1.96 * std::sqrt(10001.0)).margin(3));
}

TEST_CASE("median_interval: covers the population median about 95 % of the time", "[measurement]") {
  std::mt19937_64 rng(12345);
  std::exponential_distribution<double> skewed(1.0);  // median ln 2, far from the mean
  const double true_median = std::log(2.0);
  for (int n : {15, 41, 200}) {
    int covered = 0;
    const int trials = 4000;
    for (int t = 0; t < trials; ++t) {
      std::vector<double> v(static_cast<std::size_t>(n));
      for (double& x : v) x = skewed(rng);
      const auto ci = median_interval(v);
      covered += ci.low <= true_median && true_median <= ci.high;
    }
    const double coverage = static_cast<double>(covered) / trials;
    INFO("n " << n << ": coverage " << coverage);
    CHECK(coverage >= 0.93);
    CHECK(coverage <= 0.995);  // conservative by a little, not by a lot
  }
}

using scalerun::study::sample_statistics;

TEST_CASE("sample_statistics: mean, standard deviation, extremes and the median's interval", "[measurement]") {
  const auto st = sample_statistics({2, 4, 4, 4, 5, 5, 7, 9});
  CHECK(st.runs == 8);
  CHECK(st.mean == 5);
  CHECK(st.sd == Approx(std::sqrt(32.0 / 7.0)).epsilon(1e-15));  // squared deviations add up to 32; n - 1 = 7
  CHECK(st.median == 4.5);
  CHECK(st.mad == 0.5);  // deviations 2.5 0.5 0.5 0.5 0.5 0.5 2.5 4.5
  CHECK(st.min == 2);
  CHECK(st.max == 9);
  CHECK(st.interval.low == 2);  // ten values or fewer: the whole range
  CHECK(st.interval.high == 9);
  CHECK(st.first == 2);
  const auto one = sample_statistics({0.25});
  CHECK(one.runs == 1);
  CHECK(one.mean == 0.25);
  CHECK(one.sd == 0);
  CHECK(one.outliers.empty());
  CHECK_FALSE(one.slow_first);
  CHECK(sample_statistics({}).runs == 0);
}

TEST_CASE("sample_statistics: one far run is an outlier by its modified Z-score", "[measurement]") {
  // median 1, MAD 0.1: the run at 5 scores 0.6745 * 4 / 0.1 = 27; the run at 1.1 scores 0.67.
  const auto st = sample_statistics({1.0, 1.1, 0.9, 1.0, 5.0});
  REQUIRE(st.outliers.size() == 1);
  CHECK(st.outliers[0].run == 4);
  CHECK(st.outliers[0].seconds == 5.0);
  CHECK(st.outliers[0].score == Approx(0.6745 * 4 / 0.1));
  CHECK_FALSE(st.slow_first);
  // Just inside the rule: 0.6745 * 0.5 / 0.1 = 3.37 < 3.5; and a fast run counts as well as a slow one.
  CHECK(sample_statistics({1.0, 1.1, 0.9, 1.0, 1.5}).outliers.empty());
  const auto fast = sample_statistics({1.0, 1.1, 0.9, 1.0, 0.2});
  REQUIRE(fast.outliers.size() == 1);
  CHECK(fast.outliers[0].run == 4);
  CHECK(fast.outliers[0].score < -3.5);
}

TEST_CASE("sample_statistics: no outliers when the MAD is 0", "[measurement]") {
  // Most runs equal: the MAD is 0 and the modified Z-score undefined, so nothing is flagged.
  const auto st = sample_statistics({1, 1, 1, 1, 9});
  CHECK(st.mad == 0);
  CHECK(st.outliers.empty());
  CHECK_FALSE(st.slow_first);
  CHECK(st.max == 9);
}

TEST_CASE("sample_statistics: a slow first timed run is called out", "[measurement]") {
  const auto st = sample_statistics({3.0, 1.0, 1.1, 0.9, 1.0});
  CHECK(st.slow_first);
  CHECK(st.first == 3.0);
  REQUIRE(st.outliers.size() == 1);
  CHECK(st.outliers[0].run == 0);
  // A fast first run is an outlier but not a slow start; a slow run later is not a slow start.
  const auto fast_first = sample_statistics({0.2, 1.0, 1.1, 0.9, 1.0});
  CHECK_FALSE(fast_first.slow_first);
  CHECK(fast_first.outliers.size() == 1);
  CHECK_FALSE(sample_statistics({1.0, 3.0, 1.1, 0.9, 1.0}).slow_first);
  // The statistics follow from the samples alone: a point read back from the database shows the same.
  const auto again = sample_statistics({3.0, 1.0, 1.1, 0.9, 1.0});
  CHECK(again.mean == st.mean);
  CHECK(again.sd == st.sd);
  CHECK(again.interval.low == st.interval.low);
  CHECK(again.interval.high == st.interval.high);
}

namespace {

// The column of `name` in t, or -1.
int column_of(const scalerun::report::Table& t, const std::string& name) {
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].name == name) return static_cast<int>(c);
  }
  return -1;
}

double number_at(const scalerun::report::Table& t, std::size_t row, const std::string& name) {
  const int c = column_of(t, name);
  REQUIRE(c >= 0);
  return std::get<double>(t.rows.at(row).at(static_cast<std::size_t>(c)));
}

}  // namespace

TEST_CASE("measured table: the statistics beside T, its plot hints kept; a stored point shows the same",
          "[measurement]") {
  using namespace scalerun;
  study::ExperimentSpec spec;
  spec.name = "stats";
  spec.reports = {"measured"};
  study::KernelSpec kernel;
  kernel.name = "k";
  kernel.command = "prog";
  // As a sweep fills a point from its measurement, and as --resume reads it back.
  store::PointRecord record;
  record.samples = {1.0, 1.1, 0.9, 1.0, 5.0};
  record.extra_json = R"({"statistics": {"warmup": 2}})";
  study::MeasuredPoint pt;
  pt.p = 1;
  pt.work = 1;
  study::statistics_from_record(pt, record, 1);
  CHECK(pt.warmup == 2);
  CHECK(pt.samples == 5);
  pt.median = pt.stats.median;
  pt.mad = pt.stats.mad;
  study::MeasuredSweep sweep;
  sweep.spec = &spec;
  sweep.kernel = &kernel;
  sweep.source = "command";
  sweep.points.push_back(pt);
  const std::function<void(const std::string&)> warn = [](const std::string&) {};
  const auto tables = study::build_tables(spec.reports, study::MeasureTableInputs{sweep, warn});
  REQUIRE(tables.size() == 1);
  const report::Table& t = tables.front();
  CHECK(number_at(t, 0, "T") == 1.0);
  CHECK(number_at(t, 0, "mean") == Approx(1.8));
  CHECK(number_at(t, 0, "sd") == Approx(pt.stats.sd));
  CHECK(number_at(t, 0, "min") == 0.9);
  CHECK(number_at(t, 0, "max") == 5.0);
  CHECK(number_at(t, 0, "T_low") == 0.9);
  CHECK(number_at(t, 0, "T_high") == 5.0);
  CHECK(number_at(t, 0, "outliers") == 1);
  // The figure still draws T with its mad as the spread, and nothing more.
  int series = 0;
  for (const auto& column : t.columns) series += column.role == report::Role::Series ? 1 : 0;
  CHECK(series == 1);
  CHECK(t.columns[static_cast<std::size_t>(column_of(t, "T"))].role == report::Role::Series);
  REQUIRE(t.plot.error_bars.size() == 1);
  CHECK(t.plot.error_bars.front() == std::pair<std::string, std::string>("T", "mad"));
  REQUIRE(column_of(t, "verified") == static_cast<int>(t.columns.size()) - 1);

  const report::Table s = study::statistics_table(sweep);
  REQUIRE(s.rows.size() == 1);
  CHECK(number_at(s, 0, "runs") == 5);
  CHECK(number_at(s, 0, "warmup") == 2);
  CHECK(std::get<std::string>(s.rows[0].back()) == "run 5");
}

// Issue 26: the instrumentation travels as a typed record and becomes name/value rows only for the
// store. The rows keep the names earlier versions wrote; the sums come back as they went; NaN (a
// split that is not available) is left out rather than stored; an external program's rows are
// its own figures, whatever their names.
TEST_CASE("instrumentation record: rows for the store and back") {
  using namespace scalerun::study;
  InstrumentationRecord r;
  r.sums = scalerun::runtime::InstrumentedSums{1.5, 0.25, 0.125, 0.0625};
  r.tpara = 1.0;
  r.breakdown = scalerun::runtime::split_latency(*r.sums, std::nan(""), 1.0, 1.6, 2);
  const auto rows = instrumentation_rows(r);
  CHECK(rows.at("busy") == 1.5);
  CHECK(rows.at("idle") == 0.25);
  CHECK(rows.at("primitives") == 0.125);
  CHECK(rows.at("serial") == 0.0625);
  CHECK(rows.at("work_time") == 1.5625);
  CHECK(rows.at("latency") == Approx(1.0 - 1.6 / 2));
  CHECK(rows.at("IT") == Approx(0.25 + 0.0625));
  CHECK_FALSE(rows.contains("ML"));  // no one-worker run at this size: not stored as a number
  CHECK_FALSE(rows.contains("unaccounted"));
  const InstrumentationRecord back = instrumentation_from_rows(rows, true);
  REQUIRE(back.sums);
  CHECK(back.sums->busy == 1.5);
  CHECK(back.sums->idle == 0.25);
  CHECK(back.sums->primitive == 0.125);
  CHECK(back.sums->serial == 0.0625);
  CHECK(back.tpara == 1.0);
  const InstrumentationRecord program = instrumentation_from_rows({{"busy", 3.0}, {"gflops", 7.0}}, false);
  CHECK_FALSE(program.instrumented());
  CHECK(program.program.at("gflops") == 7.0);
  CHECK(program.program.at("busy") == 3.0);
}

// The split of a sweep: against the p = 1 point where the sizes agree; where they do not (a rule
// that grows the size with p) ML and unaccounted are not available, and nothing is closed on T.
TEST_CASE("point breakdown: ML only against a one-worker run of the same size") {
  using namespace scalerun::study;
  std::vector<MeasuredPoint> points(3);
  points[0].p = 1;
  points[0].median = 2.0;
  points[0].params = {{"n", 100}};
  points[0].instrumentation.sums = scalerun::runtime::InstrumentedSums{1.9, 0.0, 0.1, 0.0};
  points[1].p = 2;
  points[1].median = 1.2;
  points[1].params = {{"n", 100}};
  points[1].instrumentation.sums = scalerun::runtime::InstrumentedSums{2.0, 0.2, 0.2, 0.0};
  points[2] = points[1];
  points[2].params = {{"n", 200}};
  split_latency_of_points(points, false);
  const auto& same = points[1].instrumentation;
  REQUIRE(same.split_measured());
  CHECK(same.breakdown->ml == Approx(2.0 - 1.9));
  // L = 1.2 - 2.0/2 = 0.2; (ML + IT + PT)/2 = (0.1 + 0.2 + 0.2)/2 = 0.25: the one-worker run's own
  // 0.1 s of primitive time, halved, is what the terms cannot explain.
  CHECK(same.breakdown->unaccounted == Approx(-0.05));
  const auto& grown = points[2].instrumentation;
  REQUIRE(grown.breakdown);
  CHECK_FALSE(grown.split_measured());
  CHECK(std::isnan(grown.breakdown->unaccounted));
  CHECK(grown.breakdown->imbalance == Approx(0.1));
}
