#include "cli/run_guard.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "lua/state.hpp"
#include "measure/live_children.hpp"
#include "runtime/stop.hpp"

namespace scalerun::cli {

namespace {

std::atomic<int> g_signal{0};  // the first of SIGINT/SIGTERM received

// Time the run gets to stop by itself (store its points, mark its run) before the watchdog ends
// it; the bar is the budget + 2 s for a hang.
constexpr auto kGrace = std::chrono::milliseconds(800);
// Once a poll point has thrown Stopped the run is unwinding towards its own exit (killing a child,
// marking the database): a loaded host may need longer than kGrace for that, and the run's own
// line is better than the watchdog's.
constexpr auto kUnwindGrace = std::chrono::milliseconds(3000);
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
  // The second one: the user does not want to wait for the point in progress.
  measure::kill_tracked_groups(SIGKILL);
  write_line("scalerun: interrupted\n");
  _exit(sig == SIGTERM ? 143 : 130);
}

}  // namespace

void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupted_exit_code() { return g_signal.load() == SIGTERM ? 143 : 130; }

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
      if (Clock::now() - seen < (runtime::stop_seen() ? kUnwindGrace : kGrace)) continue;
      end_run(cause);
    }
  }

  [[noreturn]] void end_run(runtime::StopCause cause) {
    runtime::run_forced_exit_hooks(cause);
    measure::kill_tracked_groups(SIGKILL);
    if (cause == runtime::StopCause::interrupt) {
      write_line("scalerun: interrupted\n");
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
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

Watchdog::~Watchdog() {
  {
    const std::lock_guard<std::mutex> hold(impl_->mutex);
    impl_->done = true;
  }
  impl_->wake.notify_all();
  impl_->thread.join();
}

}  // namespace scalerun::cli
