#pragma once
// What ends a run that will not end by itself. The SIGINT/SIGTERM handlers request a stop, which
// every poll point sees (Lua's count hook, kernels between chunks, external commands, solvers).
// Some code no poll reaches: a Lua message handler or __gc finalizer (Lua runs them with hooks
// off), a C library call that backtracks for ever, a system() call. The watchdog thread is the
// backstop for those: once a stop was requested and a short grace has passed without the run
// ending, it runs the last words (runtime::run_forced_exit_hooks: the database's run marked,
// temporary folders removed), ends the external programs still running, prints the one line the
// run would have printed, and exits (2 for the spent budget, 130 after Ctrl-C, 143 after SIGTERM).
//
// Output that cannot be written is an error, never a signal that kills: SIGPIPE (the reader of
// standard output or error went away, as with `| head -1`) stops the run like Ctrl-C and exits 2;
// SIGXFSZ (ulimit -f) makes the write fail, which its writer reports.

#include <memory>
#include <string>

namespace scalerun::cli {

// Before anything opens a file: a closed standard stream (`>&-`) gets a descriptor on which
// every write fails, so no database or report file can take its number and receive the tables.
// Also turns SIGPIPE and SIGXFSZ into failed writes (for every command).
void prepare_standard_streams();

// Whether standard output was closed when scalerun started.
bool stdout_was_closed();

// Flushes standard output: empty when everything written reached it, else the one line that
// says it did not ("scalerun: cannot write ... to standard output: ..."). Clear errno before the
// writes, so the line can name why the first one failed.
std::string stdout_problem(const std::string& what);

// Installs the SIGINT/SIGTERM handlers. A second SIGINT (or SIGTERM) while the first is being
// honoured ends the run at once, with the programs it started: through the watchdog where one
// runs, so the run is marked before the process ends.
void install_signal_handlers();

// The exit code an interruption maps to: 130 for SIGINT, 143 for SIGTERM, 2 for a closed output.
int interrupted_exit_code();
// Its one line on stderr.
const char* interruption_line();

class Watchdog {
 public:
  // script: named in the time-out line when no Lua position is known yet.
  explicit Watchdog(std::string script);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace scalerun::cli
