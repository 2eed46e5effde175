// The report registry (engine/study/report_registry): every report, what it shows, the modes that
// give it, the aliases that were there before it, its one-line refusal, and its table in the docs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "script_fixture.hpp"
#include "study/report_registry.hpp"
#include "study/table_registry.hpp"

using scalerun::study::Mode;
namespace study = scalerun::study;
namespace testing = scalerun::testing;

namespace {

constexpr Mode kModes[] = {Mode::model, Mode::measure, Mode::simulate};

using Names = std::vector<std::string>;

// The cells of the docs' row for `report` ("| `name` | what | modes |"), empty when it has none.
std::vector<std::string> docs_row(const std::string& report) {
  std::ifstream in(std::filesystem::path(SCALERUN_SOURCE_DIR) / "docs" / "VOCABULARY.md");
  const std::string start = "| `" + report + "` | ";
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with(start)) continue;
    std::vector<std::string> cells;
    std::size_t at = 2;  // after "| "
    for (std::size_t bar = line.find(" | ", at); bar != std::string::npos; bar = line.find(" | ", at)) {
      cells.push_back(line.substr(at, bar - at));
      at = bar + 3;
    }
    cells.push_back(line.substr(at, line.size() - at - 2));  // before the closing " |"
    return cells;
  }
  return {};
}

std::string modes_text(const std::vector<Mode>& modes) {
  std::vector<std::string_view> names;
  for (Mode m : modes) names.push_back(study::mode_name(m));
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

TEST_CASE("report registry: each mode's reports, in the documented order", "[report_registry]") {
  CHECK(study::report_names() == Names{"scaled", "measured", "psi", "speedup", "overhead", "latency", "triple",
                                       "isoefficiency", "formula", "compare", "counters", "ranks", "profile", "wait", "links",
                                       "overhead_functions"});
  CHECK(study::report_names(Mode::model) ==
        Names{"scaled", "psi", "speedup", "overhead", "latency", "triple", "isoefficiency", "formula"});
  CHECK(study::report_names(Mode::measure) ==
        Names{"measured", "psi", "speedup", "overhead", "latency", "compare", "counters", "ranks", "profile"});
  CHECK(study::report_names(Mode::simulate) == Names{"speedup", "overhead", "wait", "links", "overhead_functions"});
  CHECK(study::report_modes("speedup") == std::vector<Mode>{Mode::model, Mode::measure, Mode::simulate});
  CHECK(study::report_modes("compare") == std::vector<Mode>{Mode::measure});
  CHECK(study::report_modes("psy").empty());
}

TEST_CASE("report registry: every report is described, given by some mode, and listed once", "[report_registry]") {
  const Names& all = study::report_names();
  CHECK(std::set<std::string>(all.begin(), all.end()).size() == all.size());
  for (const auto& name : all) {
    INFO(name);
    CHECK(study::is_report(name));
    CHECK_FALSE(study::describe(name).empty());
    CHECK_FALSE(study::report_modes(name).empty());
  }
  CHECK_FALSE(study::is_report("psy"));
  CHECK(study::describe("psy").empty());
}

TEST_CASE("report registry: aliases name a table of the same mode", "[report_registry]") {
  CHECK(study::report_in(Mode::measure, "scaled") == "measured");
  CHECK(study::report_in(Mode::simulate, "scaled") == "speedup");
  CHECK(study::report_in(Mode::simulate, "compare") == "speedup");
  CHECK(study::report_in(Mode::model, "scaled") == "scaled");
  CHECK_FALSE(study::report_in(Mode::model, "measured"));
  CHECK_FALSE(study::report_in(Mode::measure, "nonsense"));
  for (Mode mode : kModes) {
    const Names own = study::report_names(mode);
    for (const auto& name : study::report_names()) {
      const auto table = study::report_in(mode, name);
      INFO(study::mode_name(mode) << " " << name);
      if (table) CHECK(std::find(own.begin(), own.end(), *table) != own.end());
      CHECK(table.has_value() == !study::unavailable(mode, name).has_value());
    }
  }
}

TEST_CASE("report registry: one refusal, worded alike in every mode", "[report_registry]") {
  CHECK(study::unavailable(Mode::measure, "triple") ==
        "'triple' is not a measure-mode report (measure mode reports: measured, psi, speedup, overhead, latency, "
        "compare, counters, ranks, profile)");
  CHECK(study::unavailable(Mode::model, "measured") ==
        "'measured' is not a model-mode report (model mode reports: scaled, psi, speedup, overhead, latency, triple, "
        "isoefficiency, formula)");
  CHECK(study::unavailable(Mode::simulate, "triple") ==
        "'triple' is not a simulate-mode report (simulate mode reports: speedup, overhead, wait, links, "
        "overhead_functions)");
  CHECK_FALSE(study::unavailable(Mode::measure, "scaled"));  // an alias
  CHECK_FALSE(study::unavailable(Mode::model, "psy"));       // no report at all: the caller's to word
}

TEST_CASE("report registry: modes by name", "[report_registry]") {
  for (Mode mode : kModes) CHECK(study::parse_mode(study::mode_name(mode)) == mode);
  CHECK(study::mode_name(Mode::measure) == "measure");
  CHECK_FALSE(study::parse_mode("guess"));
  CHECK_FALSE(study::parse_mode("Model"));
}

TEST_CASE("report registry: docs/VOCABULARY.md lists every report as the registry has it", "[report_registry]") {
  for (const auto& name : study::report_names()) {
    INFO(name);
    const std::vector<std::string> row = docs_row(name);
    REQUIRE(row.size() == 3);
    CHECK(row[1] == study::describe(name));
    CHECK(row[2].starts_with(modes_text(study::report_modes(name))));
    for (Mode mode : kModes) {
      const auto table = study::report_in(mode, name);
      if (table && *table != name) {
        CHECK_THAT(row[2], Catch::Contains(fmt::format("{}: its `{}` table", study::mode_name(mode), *table)));
      }
    }
  }
}

TEST_CASE("report registry: experiment{} refuses a report of another mode, dry run included", "[report_registry]") {
  const std::string head = R"(local k = kernel { name = "k", size = "n", params = { n = 10 },
      model = function(k, p) return k.n / p end, program = function(ctx, k) ctx:compute(k.n) end }
    local m = machine { name = "m", speed = 1, network = { kind = "ideal" } }
    experiment { name = "x", kernel = k, machine = m, procs = { 1, 2 }, )";
  CHECK_THAT(testing::error_of(head + R"(report = { "wait" } })"),
             Catch::Contains("field 'report': 'wait' is not a model-mode report (model mode reports: scaled, psi,"));
  CHECK_THAT(testing::error_of(head + R"(mode = "simulate", report = { "formula" } })"),
             Catch::Contains("field 'report': 'formula' is not a simulate-mode report (simulate mode reports:"));
  study::SessionOptions dry;
  dry.dry_run = true;
  CHECK_THAT(testing::error_of(head + R"(mode = "measure", report = { "triple" } })", dry),
             Catch::Contains("field 'report': 'triple' is not a measure-mode report (measure mode reports:"));
}

TEST_CASE("report registry: simulate mode's aliases make one speedup table", "[report_registry]") {
  const auto out = testing::run_source(R"(
    local k = kernel { name = "k", params = { n = 10 }, model = function(k, p) return k.n / p end,
                       program = function(ctx, k) ctx:compute(k.n / ctx.size) end }
    local m = machine { name = "m", speed = 1, network = { kind = "ideal" } }
    experiment { name = "x", kernel = k, machine = m, procs = { 1, 2 }, mode = "simulate",
                 report = { "scaled", "compare", "speedup", "wait" } })");
  REQUIRE(out.sections.size() == 1);
  Names tables;
  for (const auto& t : out.sections.front().tables) tables.push_back(t.name);
  CHECK(tables == Names{"speedup", "wait"});
  CHECK(testing::number_at(testing::table_of(out, "x", "speedup"), 1, "model") == Approx(5));
}

TEST_CASE("Every report a mode gives has exactly one builder in the table registry and no other has one", "[report_registry]") {
  using namespace scalerun::study;
  for (Mode mode : {Mode::model, Mode::measure, Mode::simulate}) {
    const auto given = report_names(mode);
    for (const auto& report : report_names()) {
      const bool gives = std::find(given.begin(), given.end(), report) != given.end();
      INFO(std::string(mode_name(mode)) << " " << report);
      CHECK(has_builder(report, mode) == gives);
    }
    CHECK_FALSE(has_builder("no_such_report", mode));
  }
}
