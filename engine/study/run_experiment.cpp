// The one entry of every experiment: the checks all modes share, then the mode's source of
// numbers, then the section in the session.

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "study/experiment.hpp"
#include "study/experiment_reports.hpp"
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

report::Section run_in_mode(const ExperimentInput& input, Session& session) {
  if (session.options.dry_run) {
    return report::Section{input.spec.name, "experiment", {dry_run_table(input.spec, input.machines)}};
  }
  switch (input.spec.mode) {
    case Mode::model: return run_model_experiment(input, session);
    case Mode::measure: return run_measure_experiment(input, session);
    case Mode::simulate: return run_simulate_experiment(input, session);
  }
  throw std::logic_error("unknown mode");
}

}  // namespace

const report::Section& run_experiment(const ExperimentInput& input, Session& session) {
  warn_beyond_machine(session, input.spec, input.machines.front());
  session.sections.push_back(run_in_mode(input, session));
  return session.sections.back();
}

}  // namespace scalerun::study
