#pragma once
// Running an external program as a kernel of measure mode: start it without a shell, time it,
// collect the end of its output, and stop it (and everything it started) when it runs too long.

#include <cstddef>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace scalerun::measure {

// The program could not be started at all (not found, not executable, bad working directory).
// Distinct from a program that started and failed, which is a CommandResult.
class CommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunOptions {
  double timeout_seconds = 0;               // 0: no limit; else its process group is killed then
  std::string working_dir;                  // empty: scalerun's own
  std::map<std::string, std::string> env;   // added to scalerun's environment (replacing names)
  std::string from_template;                // named in error messages: "(from template '...')"
  // Where a relative program path (one with a '/', such as ./solver or bin/solver) is found: the
  // folder of the script that names it, as require finds modules. Empty: the working directory.
  // A bare name (no '/') is looked up on PATH either way.
  std::string program_folder;
  // Polled at least every 50 ms while the program runs; returning true kills it.
  std::function<bool()> cancelled;
  // 0: a timeout or a cancel kills the group at once (SIGKILL). Else the group gets SIGTERM first
  // and this long to end: a launcher such as mpirun must take its ranks down, which may run in
  // process groups of their own or on other hosts, where a SIGKILL to the launcher would strand
  // them.
  double terminate_grace_seconds = 0;
};

// At most this many bytes of each output stream are kept: the end, where summaries and error
// messages are. A program may write gigabytes; the measurement must not hold them.
inline constexpr std::size_t kOutputTailBytes = 64 * 1024;

struct CommandResult {
  int exit_code = -1;         // the exit status; -1 when a signal ended it
  int signal = 0;             // the signal that ended it (SIGKILL after a timeout), else 0
  bool timed_out = false;
  bool cancelled = false;
  double wall_seconds = 0;    // steady clock from fork to the exit being seen
  std::string stdout_text;    // the last kOutputTailBytes (or less) of each stream, starting at
  std::string stderr_text;    // a line boundary when anything was dropped
  std::size_t stdout_dropped = 0, stderr_dropped = 0;  // bytes not kept

  bool ok() const noexcept { return exit_code == 0 && !timed_out && !cancelled; }
};

// The program a command line names, as run_command finds it: a relative path with a '/' joined to
// `folder` (the script's folder), an absolute path or a bare name (for PATH) as it is.
std::string program_in_folder(const std::string& program, const std::string& folder);

// Runs argv[0] (looked up on PATH when it has no '/', else relative to options.program_folder) with argv, stdin from /dev/null, stdout and
// stderr collected through pipes read with poll() so a program filling either cannot deadlock.
// It runs in its own process group; after it exits, whatever it left in that group is killed
// too, since stragglers would hold the pipes open and load the next measurement.
// Throws CommandError when it cannot start, e.g. "command not found: ./solver (from template
// './solver --n {n}')"; a program that starts and fails is reported in the result instead.
CommandResult run_command(const std::vector<std::string>& argv, const RunOptions& options = {});

// "./solver --n 100 --threads 4: exited with status 3", "killed by signal SIGSEGV (Segmentation
// fault)", "timed out after 0.3 s" or "interrupted", then the last lines of stderr (of stdout
// when stderr is empty), indented.
std::string describe_failure(const CommandResult& result, const std::vector<std::string>& argv);

// argv as a shell would need it typed, so a failing command can be pasted and rerun by hand.
std::string format_command_line(const std::vector<std::string>& argv);

}  // namespace scalerun::measure
