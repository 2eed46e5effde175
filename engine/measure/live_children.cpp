#include "measure/live_children.hpp"

#include <signal.h>

#include <atomic>
#include <cstddef>

namespace scalerun::measure {

namespace {

constexpr std::size_t kSlots = 64;
std::atomic<pid_t> g_groups[kSlots];  // 0: free (static storage starts zeroed)

static_assert(std::atomic<pid_t>::is_always_lock_free, "read from signal handlers");

}  // namespace

void track_group(pid_t group) noexcept {
  for (auto& slot : g_groups) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, group)) return;
  }
}

void untrack_group(pid_t group) noexcept {
  for (auto& slot : g_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void kill_tracked_groups(int sig) noexcept {
  for (auto& slot : g_groups) {
    if (const pid_t group = slot.load(); group > 0) ::kill(-group, sig);
  }
}

}  // namespace scalerun::measure
