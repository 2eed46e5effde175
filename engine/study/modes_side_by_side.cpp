#include "study/modes_side_by_side.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "study/report_registry.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

// Predictions that part from the measurement by more than this are called out.
constexpr double kParting = 0.10;

// T per p (or per machine set) from a mode's time table: model "scaled", measure "measured",
// simulate "speedup"; every one has columns p and T.
std::map<double, double> times_of(const report::Section& section, const std::string& table_name) {
  std::map<double, double> t;
  for (const report::Table& table : section.tables) {
    if (table.name != table_name) continue;
    const auto column = [&](std::string_view name) -> std::optional<std::size_t> {
      for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c].name == name) return c;
      return std::nullopt;
    };
    const auto p = column("p"), time = column("T");
    if (!p || !time) continue;
    for (const auto& row : table.rows) {
      const double* pv = std::get_if<double>(&row[*p]);
      const double* tv = std::get_if<double>(&row[*time]);
      if (pv != nullptr && tv != nullptr) t[*pv] = *tv;
    }
  }
  return t;
}

}  // namespace

std::vector<Mode> supported_modes(const KernelSpec& kernel, std::span<const Mode> wanted, std::vector<std::string>& left_out) {
  std::vector<Mode> modes;
  for (Mode m : wanted) {
    const bool can = m == Mode::model      ? kernel.has_model
                     : m == Mode::measure  ? !kernel.native.empty() || !kernel.command.empty() || !kernel.mpi.empty()
                                           : kernel.has_program;
    if (can) {
      modes.push_back(m);
    } else {
      left_out.push_back(fmt::format("{} left out: kernel '{}' has no {}", mode_name(m), kernel.name,
                                     m == Mode::model     ? "model"
                                     : m == Mode::measure ? "native, command or mpi implementation"
                                                          : "program"));
    }
  }
  return modes;
}

const report::Section& run_modes_side_by_side(const ExperimentInput& input, std::span<const Mode> wanted,
                                              std::span<const std::string> reports, Session& session) {
  const ExperimentSpec& spec = input.spec;
  std::vector<std::string> notes;
  const std::vector<Mode> modes = supported_modes(input.kernel, wanted, notes);
  if (modes.empty()) field_error(spec.where, "modes", fmt::format("kernel '{}' supports none of the modes asked for", input.kernel.name));
  std::map<Mode, std::map<double, double>> times;
  for (Mode mode : modes) {
    ExperimentInput one = input;
    one.spec.mode = mode;
    one.spec.name = fmt::format("{}-{}", spec.name, mode_name(mode));
    const std::string time_table = *report_in(mode, "scaled");
    one.spec.reports = {time_table};
    for (const std::string& r : reports) {
      if (unavailable(mode, r)) continue;
      const std::string table = *report_in(mode, r);
      if (std::find(one.spec.reports.begin(), one.spec.reports.end(), table) == one.spec.reports.end())
        one.spec.reports.push_back(table);
    }
    times[mode] = times_of(run_experiment(one, session), time_table);
  }

  report::Table t;
  t.name = "modes";
  t.title = fmt::format("{}: T by mode — {} on {}", spec.name, input.kernel.name, spec.machine_name);
  t.add_column("p", "{:.10g}");
  for (Mode m : modes) t.add_column(fmt::format("T_{}", mode_name(m)), "{:.6g}");
  const bool measured = times.count(Mode::measure) > 0;
  std::vector<Mode> predictions;
  for (Mode m : modes)
    if (m != Mode::measure) predictions.push_back(m);
  if (measured)
    for (Mode m : predictions) t.add_column(fmt::format("{}_err%", mode_name(m)), "{:+.1f}");
  std::map<Mode, std::optional<double>> parts_at;
  std::set<double> ps;
  for (const auto& [m, by_p] : times)
    for (const auto& [p, v] : by_p) ps.insert(p);
  for (double p : ps) {
    std::vector<report::Cell> row{p};
    auto at = [&](Mode m) -> std::optional<double> {
      const auto it = times[m].find(p);
      return it == times[m].end() ? std::nullopt : std::optional<double>(it->second);
    };
    for (Mode m : modes) {
      const auto time = at(m);
      row.emplace_back(time ? report::Cell(*time) : report::Cell(std::monostate{}));
    }
    if (measured) {
      for (Mode m : predictions) {
        const auto predicted = at(m), actual = at(Mode::measure);
        if (!predicted || !actual || *actual == 0) {
          row.emplace_back(std::monostate{});
          continue;
        }
        const double err = *predicted / *actual - 1;
        row.emplace_back(100 * err);
        if (std::abs(err) > kParting && !parts_at[m]) parts_at[m] = p;
      }
    }
    t.add_row(std::move(row));
  }
  t.chart(report::Chart::Lines, "p", {}, "time");
  for (Mode m : modes) {
    const std::string column = fmt::format("T_{}", mode_name(m));
    t.series(column).unit(column, "s");
  }
  if (!ps.empty()) t.log_scales(report::log_axis_suits(*ps.begin(), *ps.rbegin(), ps.size()), true);
  if (measured) {
    for (Mode m : predictions) {
      t.notes.push_back(parts_at[m] ? fmt::format("{} parts from the measurement (by more than {:.0f} %) from p = {:g} on",
                                                  mode_name(m), 100 * kParting, *parts_at[m])
                                    : fmt::format("{} stays within {:.0f} % of the measurement at every p", mode_name(m),
                                                  100 * kParting));
    }
    t.notes.push_back("err% = the mode's T over the measured T, minus 1: the prediction's error against this host");
  } else {
    t.notes.push_back("no measurement among the modes: the times stand side by side without errors");
  }
  t.notes.push_back(fmt::format("each mode's own tables are in the experiments {}-<mode>", spec.name));
  for (const auto& n : notes) t.notes.push_back(n);
  session.sections.emplace_back(spec.name, "experiment", std::vector<report::Table>{std::move(t)});
  return session.sections.back();
}

}  // namespace scalerun::study
