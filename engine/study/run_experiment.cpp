// The one entry of every experiment: the checks all modes share, then one sweep over its points
// with the mode's source of numbers (study/point_source), then the section in the session.

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "errors/stop_check.hpp"
#include "study/experiment.hpp"
#include "study/experiment_reports.hpp"
#include "study/point_source.hpp"
#include "study/point_store.hpp"
#include "study/report_registry.hpp"
#include "study/progress_line.hpp"
#include "study/session.hpp"
#include "study/sweep.hpp"

namespace scalerun::study {

namespace {

// A study beyond its machine's processor count is legal (a model extrapolates) but usually a slip.
void warn_beyond_machine(const Session& session, const ExperimentSpec& spec, const MachineSpec& machine) {
  if (over_sets(spec) || !std::isfinite(machine.procs)) return;
  const double largest = *std::max_element(spec.procs.begin(), spec.procs.end());
  if (largest > machine.procs) {
    session.warn(fmt::format("{}procs: p = {:g} is more than machine '{}' has ({:g} processors)", spec.where, largest,
                             machine.name, machine.procs));
  }
}

std::unique_ptr<PointSource> source_for(const ExperimentInput& input, Session& session, PointStore& store) {
  switch (input.spec.mode) {
    case Mode::model: return model_source(input, session, store);
    case Mode::measure: return measure_source(input, session, store);
    case Mode::simulate: return simulation_source(input, session, store);
  }
  throw std::logic_error("unknown mode");
}

std::unique_ptr<PointStore> store_for(const ExperimentInput& input, Session& session) {
  const ExperimentSpec& spec = input.spec;
  if (!stores_points(spec.mode)) return std::make_unique<PointStore>();
  return std::make_unique<PointStore>(
      session, run_info(session, spec.name, input.kernel.name, spec.machine_name, std::string(mode_name(spec.mode))));
}

// The checks the sweep makes before its first point (its source set up: rule, kernel, program,
// ranks), with a store that keeps nothing: no point taken, no program started, nothing written.
void check_experiment(const ExperimentInput& input, Session& session) {
  PointStore nothing_kept;
  const std::unique_ptr<PointSource> source = source_for(input, session, nothing_kept);
  source->points(sweep_points(input.spec, input.machines));
}

// The tables of the points taken before a sweep failed, with a note saying where it stopped;
// nothing when they cannot be built (a report that needs the points not taken).
std::optional<report::Section> partial_section(const ExperimentSpec& spec, PointSource& source, Session& session,
                                               const std::string& failure) {
  try {
    report::Section section{spec.name, "experiment", source.finish(session)};
    if (section.tables.empty()) return std::nullopt;
    section.tables.front().notes.push_back("the sweep stopped before its last point: " + failure);
    section.timelines = source.timelines();
    return section;
  } catch (...) {
    return std::nullopt;
  }
}

// The one sweep: every point from the mode's source, a stop check and a progress line each, kept
// in the store as it completes; the run's row says what became of the sweep.
report::Section sweep(const ExperimentInput& input, Session& session) {
  const ExperimentSpec& spec = input.spec;
  if (session.options.dry_run) {
    // A dry run and the check pass refuse what the run would refuse before its first point.
    check_experiment(input, session);
    report::Table points = dry_run_table(spec, input.machines);
    // What a measured run would start, as the kernel (perhaps a library's) describes it: the
    // script that measures it is the one that runs it, so it is shown before anything runs.
    if (spec.mode == Mode::measure && !input.kernel.command.empty()) points.notes.push_back("command: " + input.kernel.command);
    if (spec.mode == Mode::measure && !input.kernel.mpi.empty()) {
      points.notes.push_back("mpi: " + input.kernel.mpi);
      // The machine's launcher runs it: what a machine library describes is shown as well.
      for (const MachineSpec& machine : input.machines) {
        if (!machine.launcher) continue;
        std::string line = "launcher of " + machine.name + ": " + machine.launcher->command;
        for (const std::string& option : machine.launcher->options) line += " " + option;
        for (const auto& [name, value] : machine.launcher->env) line += " (env " + name + "=" + value + ")";
        points.notes.push_back(std::move(line));
      }
    }
    return report::Section{spec.name, "experiment", {std::move(points)}};
  }
  const std::unique_ptr<PointStore> store = store_for(input, session);
  const std::unique_ptr<PointSource> source = source_for(input, session, *store);
  const std::vector<SweepPoint> points = source->points(sweep_points(spec, input.machines));
  Progress progress(spec.name, points.size(), session.options.quiet || !source->shows_progress());
  std::size_t i = 0;
  try {
    for (; i < points.size(); ++i) {
      check_stop();
      progress.step(i + 1, source->take_point(points[i], progress));
    }
  } catch (const ScriptError& e) {
    store->finish(status_of_current_exception());
    if (i < points.size()) source->abandon(points[i]);
    // A point the script cannot have (a target no size reaches, a program that fails) ends the
    // run with its one line; the points taken before it are printed and stored all the same.
    if (i > 0) {
      if (std::optional<report::Section> kept = partial_section(spec, *source, session, e.what())) {
        session.sections.push_back(std::move(*kept));
      }
    }
    throw;
  } catch (...) {
    store->finish(status_of_current_exception());
    if (i < points.size()) source->abandon(points[i]);
    throw;
  }
  store->finish(source->outcome());
  progress.finish();
  report::Section section{spec.name, "experiment", source->finish(session)};
  section.timelines = source->timelines();
  section.samples = store->samples();
  return section;
}

}  // namespace

const report::Section& run_experiment(const ExperimentInput& input, Session& session) {
  warn_beyond_machine(session, input.spec, input.machines.front());
  session.sections.push_back(sweep(input, session));
  return session.sections.back();
}

}  // namespace scalerun::study
