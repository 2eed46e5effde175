#include "study/command_measurement.hpp"

#include <cmath>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "measure/command.hpp"
#include "measure/command_template.hpp"
#include "measure/figures.hpp"
#include "runtime/stop.hpp"

namespace scalerun::study {

measure::RunOptions stoppable_run_options(double run_limit_seconds) {
  measure::RunOptions options;
  options.timeout_seconds = run_limit_seconds;  // its process group is killed then
  options.cancelled = [] {
    const runtime::StopCause cause = runtime::stop_cause();
    return cause == runtime::StopCause::interrupt || cause == runtime::StopCause::deadline;
  };
  return options;
}

void throw_if_run_stopped(const measure::CommandResult& result) {
  if (result.cancelled) {
    runtime::throw_if_stopped();
    throw Interrupted();
  }
  if (result.timed_out) throw runtime::Stopped(runtime::StopCause::run_limit);
}

Measurement measure_command(const std::string& command, const runtime::Params& params, double p,
                            const MeasureSettings& settings, const std::string& timer, const std::string& where) {
  measure::TemplateValues values;
  for (const auto& [k, v] : params) values[k] = v;
  values["p"] = p;
  std::vector<std::string> argv;
  try {
    argv = measure::expand_template(command, values);
  } catch (const std::invalid_argument& e) {
    throw ScriptError(where + e.what());
  }
  measure::RunOptions options = stoppable_run_options(settings.run_limit_seconds);
  options.from_template = command;
  options.program_folder = settings.program_folder;
  Measurement m;
  std::map<std::string, std::vector<double>> figure_samples;
  for (int i = 0; i < settings.warmup + settings.repeat; ++i) {
    measure::CommandResult result;
    try {
      result = measure::run_command(argv, options);
    } catch (const measure::CommandError& e) {
      throw ScriptError(where + e.what());
    }
    throw_if_run_stopped(result);
    if (!result.ok()) throw ScriptError(where + measure::describe_failure(result, argv));
    double seconds = result.wall_seconds;
    const measure::Figures figures = measure::parse_json_figures(result.stdout_text);
    if (!timer.empty() && timer != "wall") {
      const auto it = figures.find(timer);
      if (it == figures.end()) {
        throw ScriptError(fmt::format("{}{} printed no JSON figure '{}' to time by (timer = \"{}\")", where,
                                      measure::format_command_line(argv), timer, timer));
      }
      seconds = it->second;
    }
    if (i < settings.warmup) continue;
    if (!(seconds >= 0) || !std::isfinite(seconds)) {
      throw ScriptError(fmt::format("{}{} reported {:g} s (timer = \"{}\"): a time must be a finite number >= 0",
                                    where, measure::format_command_line(argv), seconds, timer));
    }
    m.samples.push_back(seconds);
    for (const auto& [k, v] : figures) figure_samples[k].push_back(v);
  }
  summarize(m);
  // Each figure the program prints is the median over its timed runs, like T: not the last run's.
  for (auto& [k, v] : figure_samples) m.figures[k] = median_of(std::move(v));
  m.figures["tpara"] = m.median;
  m.verify_message = "exit status 0";
  return m;
}

}  // namespace scalerun::study
