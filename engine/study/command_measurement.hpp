#pragma once
// An external program measured like a native kernel: its command template expanded with the
// point's parameters and p, warm-up runs, then timed runs in their own process group.

#include <string>

#include "measure/command.hpp"
#include "runtime/params.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

// The time is the wall time around the program, or a figure it prints in a JSON line (timer =
// "name"). `where` is the experiment's "file:line: " for messages. Throws ScriptError for a
// program that fails or reports no usable time, runtime::Stopped(run_limit) past
// settings.run_limit_seconds, Interrupted or runtime::Stopped on a stop.
Measurement measure_command(const std::string& command, const runtime::Params& params, double p,
                            const MeasureSettings& settings, const std::string& timer, const std::string& where);

// How a measured program runs under scalerun's stops: its process group killed past
// run_limit_seconds (0: none), interrupted on Ctrl-C or when the script's time budget runs out.
measure::RunOptions stoppable_run_options(double run_limit_seconds);

// After such a run: throws Interrupted or runtime::Stopped when a stop or the run limit ended it.
void throw_if_run_stopped(const measure::CommandResult& result);

}  // namespace scalerun::study
