#include "runtime/stop.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

namespace scalerun::runtime {

namespace {

// Plain atomics of integral type: lock-free on every platform we build for, so the signal
// handler's store is async-signal-safe.
std::atomic<int> g_cause{0};
std::atomic<std::int64_t> g_deadline_ns{0};  // steady-clock nanoseconds; 0: none
std::atomic<double> g_budget{0.0};
std::atomic<std::int64_t> g_run_limit_ns{0};  // steady-clock nanoseconds; 0: none
std::atomic<bool> g_seen{false};               // a poll point threw Stopped for the interrupt or deadline

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Seconds as steady-clock nanoseconds, capped at about 31 years so no budget overflows the
// 64-bit count (the CLI refuses far smaller values; this is the last line of defence).
std::int64_t to_ns(double seconds) { return static_cast<std::int64_t>(std::min(seconds, 1e9) * 1e9); }

static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<std::int64_t>::is_always_lock_free);

}  // namespace

void request_stop(StopCause cause) noexcept {
  int expected = 0;
  // An interruption wins over a deadline that is already being reported.
  if (!g_cause.compare_exchange_strong(expected, static_cast<int>(cause)) && cause == StopCause::interrupt) {
    g_cause.store(static_cast<int>(cause));
  }
}

bool interrupt_requested() noexcept { return g_cause.load(std::memory_order_relaxed) == static_cast<int>(StopCause::interrupt); }

void set_deadline_after(double seconds) {
  if (!(seconds > 0)) {
    g_deadline_ns.store(0);
    g_budget.store(0.0);
    return;
  }
  g_budget.store(seconds);
  g_deadline_ns.store(now_ns() + to_ns(seconds));
}

double budget_seconds() noexcept { return g_budget.load(std::memory_order_relaxed); }

bool deadline_passed() noexcept {
  const std::int64_t deadline = g_deadline_ns.load(std::memory_order_relaxed);
  return deadline != 0 && now_ns() >= deadline;
}

StopCause stop_cause() noexcept {
  const int cause = g_cause.load(std::memory_order_relaxed);
  if (cause != 0) return static_cast<StopCause>(cause);
  if (deadline_passed()) return StopCause::deadline;
  const std::int64_t limit = g_run_limit_ns.load(std::memory_order_relaxed);
  return limit != 0 && now_ns() >= limit ? StopCause::run_limit : StopCause::none;
}

RunLimit::RunLimit(double seconds) : seconds_(seconds > 0 ? seconds : 0) {
  g_run_limit_ns.store(seconds_ > 0 ? now_ns() + to_ns(seconds_) : 0);
}

RunLimit::~RunLimit() { g_run_limit_ns.store(0); }

const char* Stopped::what() const noexcept {
  switch (cause_) {
    case StopCause::interrupt: return "interrupted";
    case StopCause::deadline: return "the time budget is spent";
    case StopCause::run_limit: return "the run's time limit is spent";
    case StopCause::none: break;
  }
  return "stopped";
}

void throw_if_stopped() {
  const StopCause cause = stop_cause();
  if (cause == StopCause::none) return;
  if (cause != StopCause::run_limit) g_seen.store(true);
  throw Stopped(cause);
}

bool stop_seen() noexcept { return g_seen.load(std::memory_order_relaxed); }

namespace {
std::mutex g_hooks_mutex;
std::map<int, ForcedExitHook> g_hooks;
int g_next_hook = 1;
}  // namespace

int add_forced_exit_hook(ForcedExitHook hook) {
  const std::lock_guard<std::mutex> hold(g_hooks_mutex);
  g_hooks.emplace(g_next_hook, std::move(hook));
  return g_next_hook++;
}

void remove_forced_exit_hook(int id) {
  const std::lock_guard<std::mutex> hold(g_hooks_mutex);
  g_hooks.erase(id);
}

void run_forced_exit_hooks(StopCause cause) noexcept {
  std::map<int, ForcedExitHook> hooks;
  {
    const std::lock_guard<std::mutex> hold(g_hooks_mutex);
    hooks = g_hooks;
  }
  for (auto& [id, hook] : hooks) {
    try {
      hook(cause);
    } catch (...) {
      // Last words that fail change nothing: the run is being ended either way.
    }
  }
}

void reset_stop_for_tests() noexcept {
  g_cause.store(0);
  g_deadline_ns.store(0);
  g_budget.store(0.0);
  g_run_limit_ns.store(0);
  g_seen.store(false);
}

}  // namespace scalerun::runtime
