#pragma once
// `scalerun script.lua --help`: what a user may change in a script without reading it — its
// param()s with their defaults and the descriptions given as param's third argument.

#include <string>

namespace scalerun::cli {

// Runs the script as a dry run (nothing evaluated, nothing printed but its own print()s) to
// collect its param() calls, then prints them. Returns the exit code (2 when the script fails).
int print_script_help(const std::string& script);

}  // namespace scalerun::cli
