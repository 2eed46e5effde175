#pragma once
// `scalerun script.lua --help`: what a user may change in a script without reading it — its
// param()s with their defaults and the descriptions given as param's third argument.

#include <string>

namespace scalerun::cli {

// Runs the script as a dry run (nothing evaluated, nothing printed but its own print()s) to
// collect its param() calls, then prints them. Returns the exit code (2 when the script fails).
// The script's top level runs as in a run: within budget_seconds (--script-timeout), under the
// watchdog, Ctrl-C and SIGTERM ending it and the programs it started.
int print_script_help(const std::string& script, double budget_seconds);

}  // namespace scalerun::cli
