#pragma once
// Why a run must end early, in one place every long loop polls: the SIGINT/SIGTERM handlers
// request a stop, the time budget sets a deadline, and native kernels (between chunks), external
// commands (while they run), solvers and point loops ask stop_cause() or call throw_if_stopped().
// It lives in the runtime, the lowest layer that loops, so kernels need nothing above it; the Lua
// facade and the CLI turn Stopped into the interruption (exit 130) or the time-out line (exit 2).

#include <chrono>
#include <exception>
#include <functional>

namespace scalerun::runtime {

enum class StopCause { none, interrupt, deadline, run_limit };

// Async-signal-safe (one lock-free atomic store): the signal handlers call it.
void request_stop(StopCause cause) noexcept;
// True once an interruption was requested (never cleared within a run).
bool interrupt_requested() noexcept;

// The run's wall-clock budget: after `seconds` from now stop_cause() reports the deadline.
// seconds <= 0 clears it. budget_seconds() is what was set, for messages.
void set_deadline_after(double seconds);
double budget_seconds() noexcept;
bool deadline_passed() noexcept;

// One measured run's limit (--run-timeout, a kernel's run_timeout): set around that run only, so
// the kernel's chunks stop once it is spent. Scoped; limits do not nest. seconds <= 0: no limit.
class RunLimit {
 public:
  explicit RunLimit(double seconds);
  ~RunLimit();
  RunLimit(const RunLimit&) = delete;
  RunLimit& operator=(const RunLimit&) = delete;
  double seconds() const { return seconds_; }

 private:
  double seconds_;
};

// interrupt before deadline before run_limit; none while the run may go on. Costs an atomic load and, with a
// deadline set, one steady-clock read: cheap enough for every chunk of a kernel.
StopCause stop_cause() noexcept;

// Thrown by poll points; carries the cause so the layers above can say the right thing.
class Stopped : public std::exception {
 public:
  explicit Stopped(StopCause cause) : cause_(cause) {}
  StopCause cause() const noexcept { return cause_; }
  const char* what() const noexcept override;

 private:
  StopCause cause_;
};

// Throws Stopped when the run must end, and notes that the stop was seen by code that unwinds
// towards the exit (the watchdog then allows it a longer grace on a loaded host).
void throw_if_stopped();
bool stop_seen() noexcept;

// Last words before the watchdog ends a run that did not stop by itself (a hang no poll
// reaches): e.g. marking the database's run. Called on the watchdog's thread while the run's own
// thread may still be busy, so a hook must be quick and touch only what it owns (a fresh database
// connection, not the run's). The returned id removes it again.
using ForcedExitHook = std::function<void(StopCause)>;
int add_forced_exit_hook(ForcedExitHook hook);
void remove_forced_exit_hook(int id);
void run_forced_exit_hooks(StopCause cause) noexcept;

// Clears the cause and the deadline: for tests, which run several budgets in one process.
void reset_stop_for_tests() noexcept;

}  // namespace scalerun::runtime
