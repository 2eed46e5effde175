#include "measure/live_children.hpp"

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace scalerun::measure {

namespace {

constexpr std::size_t kSlots = 64;
std::atomic<pid_t> g_groups[kSlots];  // 0: free (static storage starts zeroed)
std::atomic<std::int32_t> g_stopping_ms[kSlots];  // each slot's stopping time

static_assert(std::atomic<pid_t>::is_always_lock_free, "read from signal handlers");

}  // namespace

void track_group(pid_t group, double stopping_seconds) noexcept {
  for (std::size_t i = 0; i < kSlots; ++i) {
    pid_t expected = 0;
    if (g_groups[i].compare_exchange_strong(expected, group)) {
      g_stopping_ms[i].store(static_cast<std::int32_t>(std::clamp(stopping_seconds, 0.0, 3600.0) * 1000));
      return;
    }
  }
}

void untrack_group(pid_t group) noexcept {
  for (std::size_t i = 0; i < kSlots; ++i) {
    pid_t expected = group;
    if (g_groups[i].compare_exchange_strong(expected, 0)) {
      g_stopping_ms[i].store(0);
      return;
    }
  }
}

void kill_tracked_groups(int sig) noexcept {
  for (auto& slot : g_groups) {
    if (const pid_t group = slot.load(); group > 0) ::kill(-group, sig);
  }
}

double longest_stopping_seconds() noexcept {
  std::int32_t longest = 0;
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (g_groups[i].load() > 0) longest = std::max(longest, g_stopping_ms[i].load());
  }
  return longest / 1000.0;
}

}  // namespace scalerun::measure
