#pragma once
// What ends a run that will not end by itself. The SIGINT/SIGTERM handlers request a stop, which
// every poll point sees (Lua's count hook, kernels between chunks, external commands, solvers).
// Some code no poll reaches: a Lua message handler or __gc finalizer (Lua runs them with hooks
// off), a C library call that backtracks for ever, a system() call. The watchdog thread is the
// backstop for those: once a stop was requested and a short grace has passed without the run
// ending, it prints the one line the run would have printed, ends the external programs still
// running, and exits (2 for the spent budget, 130 after Ctrl-C, 143 after SIGTERM).

#include <memory>
#include <string>

namespace scalerun::cli {

// Installs the handlers. A second SIGINT (or SIGTERM) while the first is being honoured ends the
// run at once, with the programs it started.
void install_signal_handlers();

// The exit code an interruption maps to: 130 for SIGINT, 143 for SIGTERM.
int interrupted_exit_code();

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
