#pragma once
// The one place that says which function builds which report in which mode. Each mode's
// experiment hands over what its tables are built from (its points as typed records, plus what
// only that mode computes); build_tables looks every report the spec asks for up in one list of
// (report, mode, builder) lines. Adding a report is one builder in the mode's *_reports.cpp and
// one line here; report_registry (names, descriptions, aliases) says which reports exist, and a
// unit test holds the two lists to each other.

#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "report/table.hpp"
#include "study/report_registry.hpp"

namespace scalerun::sim {
struct SimulatedStudy;
}

namespace scalerun::study {

struct ExperimentData;
struct TripleData;
struct SpeedupExtras;
struct MeasuredSweep;

using Tables = std::vector<report::Table>;

// Model mode: the evaluated points, with the triple-bound latencies and the fixed-size optimum.
struct ModelTableInputs {
  const ExperimentData& data;
  const TripleData& triple;
  const SpeedupExtras& speedup;
};

// Measure mode: the measured sweep, and where a report that cannot be made is said.
struct MeasureTableInputs {
  const MeasuredSweep& sweep;
  const std::function<void(const std::string&)>& warn;
};

// Simulate mode: the points simulated on the three machines.
struct SimulateTableInputs {
  const sim::SimulatedStudy& study;
};

using TableInputs = std::variant<ModelTableInputs, MeasureTableInputs, SimulateTableInputs>;

// The tables `reports` ask for, in their order, built from `inputs` (whose alternative is the
// mode's). A report the mode has no builder for is a programming error (read_spec refuses such
// names first): it throws std::logic_error.
Tables build_tables(const std::vector<std::string>& reports, const TableInputs& inputs);

// Whether a builder is registered for (report, mode): what the unit test checks against
// report_registry.
bool has_builder(std::string_view report, Mode mode);

}  // namespace scalerun::study
