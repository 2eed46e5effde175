#include "cli/run_guard.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "lua/state.hpp"
#include "measure/live_children.hpp"
#include "runtime/stop.hpp"

namespace scalerun::cli {

namespace {

std::atomic<int> g_signal{0};       // the first of SIGINT/SIGTERM received, or SIGPIPE for a lost output
std::atomic<int> g_watchdogs{0};    // watchdogs running now
std::atomic<bool> g_hurry{false};   // a second signal: the watchdog ends the run at its next tick
std::atomic<bool> g_stdout_closed{false};

// Time the run gets to stop by itself (store its points, mark its run) before the watchdog ends
// it; the bar is the budget + 2 s for a hang.
constexpr auto kGrace = std::chrono::milliseconds(800);
// Once a poll point has thrown Stopped the run is unwinding towards its own exit (killing a child,
// marking the database): a loaded host may need longer than kGrace for that, and the run's own
// line is better than the watchdog's.
constexpr auto kUnwindGrace = std::chrono::milliseconds(3000);
// Beyond the stopping time of a launcher (mpirun taking its ranks down after SIGTERM): the run
// then reports the stop itself, which the watchdog must not cut short.
constexpr auto kAfterStopping = std::chrono::milliseconds(1500);
constexpr auto kTick = std::chrono::milliseconds(50);

void write_line(const char* text) noexcept {
  std::size_t left = 0;
  while (text[left] != '\0') ++left;
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<std::size_t>(n);
  }
}

extern "C" void on_stop_signal(int sig) {
  int none = 0;
  if (g_signal.compare_exchange_strong(none, sig)) {
    runtime::request_stop(runtime::StopCause::interrupt);
    return;
  }
  // The second one: the user does not want to wait for the point in progress. The watchdog
  // marks the run and removes temporary files first (nothing of that is safe in a handler); a
  // third signal, or one with no watchdog running, ends the process here.
  // The watchdog ends the programs itself: killing a launcher here would orphan its ranks before
  // the watchdog could find them as its descendants.
  if (g_watchdogs.load() > 0 && !g_hurry.exchange(true)) return;
  measure::kill_tracked_groups(SIGKILL);
  write_line(interruption_line());
  _exit(interrupted_exit_code());
}

// SIGPIPE: a write went to a pipe nobody reads. Only a lost standard output or error stops the
// run (a closed reader shows as POLLERR on the writing end); the write itself fails with EPIPE.
extern "C" void on_pipe_signal(int) {
  const int saved = errno;
  pollfd fds[2] = {{STDOUT_FILENO, 0, 0}, {STDERR_FILENO, 0, 0}};
  if (::poll(fds, 2, 0) > 0 && ((fds[0].revents | fds[1].revents) & POLLERR) != 0) {
    int none = 0;
    if (g_signal.compare_exchange_strong(none, SIGPIPE)) runtime::request_stop(runtime::StopCause::interrupt);
  }
  errno = saved;
}

// SIGXFSZ: the file size limit; the write that crossed it fails with EFBIG and its writer says so.
extern "C" void on_file_size_signal(int) {}

// A handler rather than SIG_IGN: an ignored signal stays ignored in the programs scalerun starts,
// a caught one is reset to its default there.
void catch_signal(int sig, void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(sig, &action, nullptr);
}

}  // namespace

void prepare_standard_streams() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // Opened read-only: the lowest free number is this one, and every write to it fails (EBADF).
    const int placeholder = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (placeholder >= 0 && placeholder != fd) {
      ::dup2(placeholder, fd);
      ::close(placeholder);
    }
    if (fd == STDOUT_FILENO) g_stdout_closed.store(true);
  }
  catch_signal(SIGPIPE, on_pipe_signal);
  catch_signal(SIGXFSZ, on_file_size_signal);
}

bool stdout_was_closed() { return g_stdout_closed.load(); }

std::string stdout_problem(const std::string& what) {
  // A write that failed earlier left its errno (the caller cleared errno before writing).
  int error = errno;
  if (std::cout) {
    errno = 0;
    std::cout.flush();
    error = errno;
  }
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (error == 0) error = errno;
  if (!failed) return {};
  const std::string why = g_stdout_closed.load() ? std::string("it is closed")
                          : error != 0           ? std::string(std::strerror(error))
                                                 : std::string("the write failed");
  return fmt::format("scalerun: cannot write {} to standard output: {} (redirect it to a file, or to /dev/null "
                     "when only the database or --out is wanted)",
                     what, why);
}

void install_signal_handlers() {
  // SIGHUP (the terminal closed, the ssh session dropped), SIGUSR1/2 and SIGALRM end a process by
  // default like SIGTERM: they stop the run the same way, marked, its children ended.
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM}) catch_signal(sig, on_stop_signal);
}

int interrupted_exit_code() {
  const int sig = g_signal.load();
  return sig == SIGPIPE ? 2 : sig == 0 ? 130 : 128 + sig;
}

const char* interruption_line() {
  return g_signal.load() == SIGPIPE
             ? "scalerun: stopped: the reader of standard output or error went away (a closed pipe)\n"
             : "scalerun: interrupted\n";
}

struct Watchdog::Impl {
  std::string script;
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread thread;

  void run() {
    using Clock = std::chrono::steady_clock;
    Clock::time_point seen{};
    bool stopping = false;
    std::unique_lock<std::mutex> hold(mutex);
    while (!wake.wait_for(hold, kTick, [this] { return done; })) {
      if (g_hurry.load()) end_run(runtime::StopCause::interrupt);
      const runtime::StopCause cause = runtime::stop_cause();
      if (cause != runtime::StopCause::interrupt && cause != runtime::StopCause::deadline) {
        stopping = false;
        continue;
      }
      if (!stopping) {
        stopping = true;
        seen = Clock::now();
        continue;
      }
      const auto launcher = std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(measure::longest_stopping_seconds()));
      const Clock::duration own = runtime::stop_seen() ? kUnwindGrace : kGrace;
      const Clock::duration grace =
          launcher > Clock::duration::zero() ? std::max<Clock::duration>(own, launcher + kAfterStopping) : own;
      if (Clock::now() - seen < grace) continue;
      end_run(cause);
    }
  }

  [[noreturn]] void end_run(runtime::StopCause cause) {
    // The programs first, so nothing writes into what the last words remove; a launcher's ranks
    // too, which run in groups of their own.
    measure::kill_tracked_trees(SIGKILL);
    runtime::run_forced_exit_hooks(cause);
    measure::kill_tracked_groups(SIGKILL);
    if (cause == runtime::StopCause::interrupt) {
      write_line(interruption_line());
      _exit(interrupted_exit_code());
    }
    // The hook no longer runs, so the line is the last it saw: say so rather than pretend.
    std::string where = lua::State::last_user_position();
    const std::string line =
        where.empty() ? fmt::format("{}: script timed out after {:g} s, in a C call, error handler or __gc finalizer "
                                    "that no time check reaches (raise --script-timeout)\n",
                                    script, runtime::budget_seconds())
                      : fmt::format("{}script timed out after {:g} s, in a C call, error handler or __gc finalizer "
                                    "entered after this line (raise --script-timeout)\n",
                                    where, runtime::budget_seconds());
    write_line(line.c_str());
    _exit(2);
  }
};

Watchdog::Watchdog(std::string script) : impl_(std::make_unique<Impl>()) {
  impl_->script = std::move(script);
  g_watchdogs.fetch_add(1);
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

Watchdog::~Watchdog() {
  {
    const std::lock_guard<std::mutex> hold(impl_->mutex);
    impl_->done = true;
  }
  impl_->wake.notify_all();
  impl_->thread.join();
  g_watchdogs.fetch_sub(1);
}

}  // namespace scalerun::cli
