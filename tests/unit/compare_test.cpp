#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "fit/rank_tests.hpp"
#include "measure/temp_folder.hpp"
#include "store/database.hpp"
#include "store/point_key.hpp"
#include "study/compare_runs.hpp"

using scalerun::fit::mann_whitney_u;
using namespace scalerun::study;

namespace {

// The two-sided exact p by brute force: every way to choose x's positions among all the values,
// U counted pair by pair (ties one half). An independent check of the rank-sum recursion.
double brute_force_p(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> all(x);
  all.insert(all.end(), y.begin(), y.end());
  auto u_of = [&](const std::vector<bool>& in_x) {
    double u = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
      for (std::size_t j = 0; j < all.size(); ++j) {
        if (in_x[i] && !in_x[j]) u += all[i] > all[j] ? 1.0 : all[i] == all[j] ? 0.5 : 0.0;
      }
    }
    return u;
  };
  std::vector<bool> observed(all.size(), false);
  std::fill(observed.begin(), observed.begin() + static_cast<long>(x.size()), true);
  const double u = u_of(observed);
  std::vector<bool> pick(all.size(), false);
  std::fill(pick.end() - static_cast<long>(x.size()), pick.end(), true);
  double below = 0, above = 0, count = 0;
  do {
    const double v = u_of(pick);
    below += v <= u ? 1 : 0;
    above += v >= u ? 1 : 0;
    ++count;
  } while (std::next_permutation(pick.begin(), pick.end()));
  return std::min(1.0, 2 * std::min(below, above) / count);
}

ComparedPoint point(const std::string& key, double p, std::vector<double> samples) {
  ComparedPoint pt;
  pt.experiment = "cmp";
  pt.machine = "host";
  pt.key = key;
  pt.p = p;
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  pt.median = sorted[sorted.size() / 2];
  std::vector<double> deviations;
  for (double s : sorted) deviations.push_back(std::abs(s - pt.median));
  std::sort(deviations.begin(), deviations.end());
  pt.mad = deviations[deviations.size() / 2];
  pt.runs = static_cast<double>(samples.size());
  pt.samples = std::move(samples);
  return pt;
}

std::vector<double> scaled(std::vector<double> v, double factor) {
  for (double& x : v) x *= factor;
  return v;
}

const std::vector<double> kBase = {1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97};

}  // namespace

TEST_CASE("compare: Mann-Whitney U: exact p of separated small samples", "[compare]") {
  const std::vector<double> a = {1, 2, 3}, b = {4, 5, 6};
  const auto t = mann_whitney_u(a, b);
  CHECK(t.exact);
  CHECK(t.u == 0);
  CHECK(t.p_value == Approx(0.1).epsilon(1e-12));  // 2 of the 20 arrangements are as extreme
  const auto back = mann_whitney_u(b, a);
  CHECK(back.u == 9);
  CHECK(back.p_value == Approx(0.1).epsilon(1e-12));

  const std::vector<double> lo = {1, 2, 3, 4, 5}, hi = {6, 7, 8, 9, 10};
  CHECK(mann_whitney_u(lo, hi).p_value == Approx(2.0 / 252).epsilon(1e-12));  // 0.00794
}

TEST_CASE("compare: Mann-Whitney U: scipy's documented example", "[compare]") {
  // scipy.stats.mannwhitneyu's docs: U1 = 17, exact p = 0.1111 (asymptotic 0.11134688653314041).
  const std::vector<double> males = {19, 22, 16, 29, 24}, females = {20, 11, 17, 12};
  const auto t = mann_whitney_u(males, females);
  CHECK(t.exact);
  CHECK(t.u == 17);
  CHECK(t.p_value == Approx(1.0 / 9).epsilon(1e-12));
}

TEST_CASE("compare: Mann-Whitney U: the exact distribution with ties agrees with brute force", "[compare]") {
  const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases = {
      {{1, 2, 2, 3}, {2, 3, 4, 4, 5}},
      {{1.5, 1.5, 1.5}, {1.5, 2, 0.5}},
      {{3, 1, 4, 1, 5, 9, 2}, {6, 5, 3, 5, 8}},
      {{0.97, 1.0, 1.0, 1.02}, {1.0, 1.01, 0.99, 1.0, 1.03, 1.0}},
  };
  for (const auto& [x, y] : cases) {
    const auto t = mann_whitney_u(x, y);
    CHECK(t.exact);
    CHECK(t.p_value == Approx(brute_force_p(x, y)).epsilon(1e-12));
  }
  const std::vector<double> same = {2, 2, 2};
  CHECK(mann_whitney_u(same, same).p_value == 1);
}

TEST_CASE("compare: Mann-Whitney U: normal approximation beyond ten values", "[compare]") {
  // Reference values from the formula scipy's method="asymptotic" uses (continuity corrected).
  std::vector<double> x(11), y(11);
  std::iota(x.begin(), x.end(), 1.0);
  std::iota(y.begin(), y.end(), 12.0);
  auto t = mann_whitney_u(x, y);
  CHECK_FALSE(t.exact);
  CHECK(t.u == 0);
  CHECK(t.z == Approx(3.9399006464433555).epsilon(1e-12));
  CHECK(t.p_value == Approx(8.151536127743262e-05).epsilon(1e-10));

  const std::vector<double> tx = {1.1, 2.0, 2.0, 3.5, 4.0, 4.0, 4.0, 5.2, 6.1, 7.0, 8.0, 9.5};
  const std::vector<double> ty = {3.0, 4.0, 5.2, 5.2, 6.5, 7.0, 7.5, 8.0, 8.8, 9.0, 10.0};
  t = mann_whitney_u(tx, ty);
  CHECK_FALSE(t.exact);
  CHECK(t.u == 35.5);
  CHECK(t.p_value == Approx(0.0637140432600965).epsilon(1e-10));

  std::vector<double> flat(12, 1.0);
  CHECK(mann_whitney_u(flat, flat).p_value == 1);
  CHECK(mann_whitney_u(std::vector<double>{}, flat).p_value == 1);
  const std::vector<double> bad = {1.0, std::nan("")};
  CHECK_THROWS_AS(mann_whitney_u(bad, flat), std::invalid_argument);
}

TEST_CASE("compare: a kernel twice as slow is significant, the same distribution is not", "[compare]") {
  CompareSide a{"run 1", {point("p=1", 1, kBase), point("p=2", 2, scaled(kBase, 0.5))}, false};
  CompareSide slow{"run 2", {point("p=2", 2, scaled(kBase, 1.0)), point("p=1", 1, scaled(kBase, 2.0))}, false};
  CompareOptions options;
  options.tolerance = 0.1;
  const RunComparison c = compare_sides(a, slow, options);
  CHECK(c.common == 2);
  CHECK(c.significant == 2);
  REQUIRE(c.table.values.size() == 1);
  CHECK(c.table.values[0].value == Approx(2.0));  // geometric mean of B/A
  const auto& row = c.table.rows[0];
  const auto column = [&](std::string_view name) {
    const auto it = std::find_if(c.table.columns.begin(), c.table.columns.end(), [&](const auto& col) { return col.name == name; });
    return static_cast<std::size_t>(it - c.table.columns.begin());
  };
  CHECK(std::get<double>(row[column("B/A")]) == Approx(2.0));
  CHECK(std::get<double>(row[column("change%")]) == Approx(100.0));
  CHECK(std::get<double>(row[column("U p")]) == Approx(2.0 / 3432));  // C(14, 7) arrangements
  CHECK(std::get<std::string>(row[column("B vs A")]).starts_with("2.00x slower ± 0.0"));
  CHECK(std::get<std::string>(row[column("significant")]) == "yes");

  CompareSide same{"run 3", {point("p=1", 1, {0.99, 1.01, 1.00, 1.02, 0.98, 1.005, 0.995})}, false};
  const RunComparison none = compare_sides(a, same, options);
  CHECK(none.common == 1);
  CHECK(none.significant == 0);
  CHECK(none.table.notes.back() == "no significant change");
  CHECK(std::find(none.table.notes.begin(), none.table.notes.end(), "only in A: cmp p=2") != none.table.notes.end());

  // A large change the U test cannot confirm (one sample each) is not significant; a significant
  // test below the tolerance is not either.
  CompareSide one_a{"a", {point("p=1", 1, {1.0})}, false}, one_b{"b", {point("p=1", 1, {3.0})}, false};
  CHECK(compare_sides(one_a, one_b, options).significant == 0);
  CompareSide nudged{"b", {point("p=1", 1, scaled(kBase, 1.08))}, false};
  CHECK(compare_sides(a, nudged, options).significant == 0);
  options.tolerance = 0.05;
  CHECK(compare_sides(a, nudged, options).significant == 1);

  CompareSide elsewhere{"run 4", {point("p=8", 8, kBase)}, false};
  CHECK(compare_sides(a, elsewhere, options).common == 0);
}

TEST_CASE("compare: stored runs and JSON result files as sides", "[compare]") {
  namespace store = scalerun::store;
  scalerun::measure::TempFolder folder{"scalerun-compare"};
  const std::string db_path = (std::filesystem::path(folder.path()) / "c.db").string();
  {
    auto db = store::Database::open(db_path);
    store::RunInfo info;
    info.script = "x.lua";
    info.experiment = "cmp";
    info.kernel = "k";
    info.machine = "host";
    info.mode = "measure";
    const auto run = db.begin_run(info);
    store::PointRecord rec;
    rec.experiment = "cmp";
    rec.kernel = "k";
    rec.machine = "host";
    rec.p = 2;
    rec.params = {{"n", 1000}};
    rec.point_key = store::point_key(rec.p, rec.params);
    rec.samples = {1.0, 3.0, 2.0};
    db.record_point(run, rec);  // no median stored: taken from the samples
    rec.samples = {4.0, 5.0, 6.0};
    db.record_point(run, rec);  // stored again (--resume): the newer one counts
    db.finish_run(run, "complete");
    const CompareSide side = side_from_run(db, run);
    REQUIRE(side.points.size() == 1);
    CHECK(side.points[0].key == "p=2,n=1000");
    CHECK(side.points[0].median == 5.0);
    CHECK(side.points[0].mad == 1.0);
    CHECK(side.label == "run 1 (cmp / k on host)");
  }
  const std::string json_path = (std::filesystem::path(folder.path()) / "r.json").string();
  std::ofstream(json_path) << R"({"schema_version": 1, "experiments": [{"name": "cmp", "kind": "experiment",
    "tables": [{"name": "measured", "columns": ["p", "W", "T", "mad", "cv%", "runs"],
                "rows": [[1, 10, 2.0, 0.01, 0.5, 5], [2, 10, 1.1, 0.01, 0.5, 5]]}]}]})";
  const CompareSide json = side_from_json(json_path);
  REQUIRE(json.points.size() == 2);
  CHECK(json.points[1].median == 1.1);
  CHECK(json.points[1].runs == 5);
  CompareSide a{"a", {point("p=1", 1, {1.0, 1.0, 1.0})}, false};
  a.points[0].set.clear();
  const RunComparison c = compare_sides(a, json, CompareOptions{});
  CHECK(c.common == 1);
  // No samples in the file: a change of 100 % in the medians is said, but no test was run, so it
  // is not called significant.
  CHECK(c.significant == 0);
  CHECK(std::holds_alternative<std::monostate>(c.table.rows[0][c.table.columns.size() - 2]));
  CHECK(std::get<std::string>(c.table.rows[0].back()) == "untested");
  CHECK(std::any_of(c.table.notes.begin(), c.table.notes.end(),
                    [](const std::string& n) { return n.find("significance cannot be tested") != std::string::npos; }));
  CHECK_THROWS_WITH(side_from_json(db_path), Catch::Contains("is not JSON"));
  CHECK_THROWS_WITH(side_from_json(json_path + ".missing"), Catch::Contains("cannot read"));
}

TEST_CASE("compare: a results file nesting past the limit or of the wrong shape is one message", "[compare]") {
  scalerun::measure::TempFolder folder{"scalerun-compare"};
  const auto file = [&](const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::path(folder.path()) / name).string();
    std::ofstream(path) << text;
    return path;
  };
  // 200,000 arrays deep: copying or walking the document recursively would overflow the stack.
  const std::string deep = file("deep.json", "{\"experiments\": " + std::string(200000, '[') + std::string(200000, ']') + "}");
  CHECK_THROWS_WITH(side_from_json(deep), Catch::Contains("deep.json") && Catch::Contains("nested deeper than 64"));
  // At the limit a document still reads (the refusal is about depth, not about arrays).
  const std::string nested = std::string(60, '[') + std::string(60, ']');
  const std::string shallow = file("shallow.json", R"({"experiments": [{"name": "x", "tables": [{"name": "measured",
    "columns": ["p", "T"], "rows": [[1, 2.0]], "extra": )" + nested + "}]}]}");
  CHECK(side_from_json(shallow).points.size() == 1);
  // A name that is a number: nlohmann's type_error must not reach the user.
  const std::string wrong = file("wrong.json", R"({"experiments": [{"name": 5, "tables": []}]})");
  CHECK_THROWS_WITH(side_from_json(wrong), Catch::Contains("is not a results file") && !Catch::Contains("json.exception"));
  const std::string huge_number = file("huge.json", R"({"experiments": [], "x": 1e400})");
  CHECK_THROWS_WITH(side_from_json(huge_number), Catch::Contains("out of range"));
}

TEST_CASE("compare: JSON result files with samples are tested with the U test", "[compare]") {
  scalerun::measure::TempFolder folder{"scalerun-compare"};
  // The table's T is the median of the samples, as scalerun writes it.
  const auto write = [&](const std::string& name, const std::string& samples_p2, const std::string& median) {
    const std::string path = (std::filesystem::path(folder.path()) / name).string();
    std::ofstream(path) << R"({"schema_version": 1, "experiments": [{"name": "cmp", "kind": "experiment",
      "tables": [{"name": "measured", "columns": ["p", "T", "mad", "runs"], "rows": [[2, )" + median + R"(, 0.01, 5]]}],
      "samples": [{"p": 2, "params": {"n": 10}, "seconds": )" + samples_p2 + "}]}]}";
    return path;
  };
  // Five runs each, fully separated: the exact two-sided U p is 2/C(10,5) = 2/252 = 0.0079.
  const CompareSide a = side_from_json(write("a.json", "[1.00, 1.01, 1.02, 1.03, 1.04]", "1.02"));
  const CompareSide b = side_from_json(write("b.json", "[2.00, 2.01, 2.02, 2.03, 2.04]", "2.02"));
  REQUIRE(a.points.size() == 1);
  CHECK(a.points[0].samples.size() == 5);
  const RunComparison c = compare_sides(a, b, CompareOptions{});
  CHECK(c.significant == 1);
  const auto u = std::get<double>(c.table.rows[0][c.table.columns.size() - 2]);
  CHECK(u == Approx(2.0 / 252.0).epsilon(1e-9));
  // Overlapping samples with the medians 9.5 % apart (past the 5 % tolerance): tested, not significant.
  const CompareSide mixed = side_from_json(write("c.json", "[0.90, 1.30, 1.15, 1.20, 1.10]", "1.15"));
  const CompareSide base = side_from_json(write("d.json", "[1.00, 1.25, 0.95, 1.05, 1.15]", "1.05"));
  const RunComparison same = compare_sides(base, mixed, CompareOptions{});
  CHECK(same.significant == 0);
  CHECK(std::get<std::string>(same.table.rows[0].back()) == "no");
}
