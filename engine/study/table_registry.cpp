#include "study/table_registry.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "study/experiment_reports.hpp"
#include "study/measure_reports.hpp"
#include "study/simulate_reports.hpp"

namespace scalerun::study {

namespace {

using Builder = Tables (*)(const TableInputs&);

// A mode's builder behind the one signature the list holds: it takes the mode's own inputs.
template <typename Inputs, Tables (*Build)(const Inputs&)>
Tables with(const TableInputs& inputs) {
  return Build(std::get<Inputs>(inputs));
}

struct Line {
  std::string_view report;
  Mode mode;
  Builder build;
};

// Every (report, mode) pair that has a table, in report_registry's order. Aliases (measure mode's
// "scaled", simulate mode's "scaled" and "compare") are not here: read_spec turns them into the
// report they stand for before a spec reaches build_tables.
constexpr Line kLines[] = {
    {"scaled", Mode::model, with<ModelTableInputs, model_scaled>},
    {"measured", Mode::measure, with<MeasureTableInputs, measure_measured>},
    {"psi", Mode::model, with<ModelTableInputs, model_psi>},
    {"psi", Mode::measure, with<MeasureTableInputs, measure_psi>},
    {"speedup", Mode::model, with<ModelTableInputs, model_speedup>},
    {"speedup", Mode::measure, with<MeasureTableInputs, measure_speedup>},
    {"speedup", Mode::simulate, with<SimulateTableInputs, simulate_speedup>},
    {"overhead", Mode::model, with<ModelTableInputs, model_overhead>},
    {"overhead", Mode::measure, with<MeasureTableInputs, measure_overhead>},
    {"overhead", Mode::simulate, with<SimulateTableInputs, simulate_overhead>},
    {"latency", Mode::model, with<ModelTableInputs, model_latency>},
    {"latency", Mode::measure, with<MeasureTableInputs, measure_latency>},
    {"triple", Mode::model, with<ModelTableInputs, model_triple>},
    {"isoefficiency", Mode::model, with<ModelTableInputs, model_isoefficiency>},
    {"formula", Mode::model, with<ModelTableInputs, model_formula>},
    {"compare", Mode::measure, with<MeasureTableInputs, measure_compare>},
    {"counters", Mode::measure, with<MeasureTableInputs, measure_counters>},
    {"ranks", Mode::measure, with<MeasureTableInputs, measure_ranks>},
    {"profile", Mode::measure, with<MeasureTableInputs, measure_profile>},
    {"wait", Mode::simulate, with<SimulateTableInputs, simulate_wait>},
    {"links", Mode::simulate, with<SimulateTableInputs, simulate_links>},
    {"overhead_functions", Mode::simulate, with<SimulateTableInputs, simulate_overhead_functions>},
};

Mode mode_of(const TableInputs& inputs) {
  // The variant's alternatives are in Mode's order: model, measure, simulate.
  return static_cast<Mode>(inputs.index());
}

const Line* find(std::string_view report, Mode mode) {
  for (const auto& line : kLines) {
    if (line.report == report && line.mode == mode) return &line;
  }
  return nullptr;
}

}  // namespace

Tables build_tables(const std::vector<std::string>& reports, const TableInputs& inputs) {
  const Mode mode = mode_of(inputs);
  Tables tables;
  for (const auto& report : reports) {
    const Line* line = find(report, mode);
    if (line == nullptr) {
      throw std::logic_error(fmt::format("no {}-mode builder for report '{}'", mode_name(mode), report));
    }
    for (auto& t : line->build(inputs)) tables.push_back(std::move(t));
  }
  return tables;
}

bool has_builder(std::string_view report, Mode mode) { return find(report, mode) != nullptr; }

}  // namespace scalerun::study
