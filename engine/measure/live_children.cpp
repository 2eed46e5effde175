#include "measure/live_children.hpp"

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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

void kill_tracked_trees(int sig) noexcept {
  try {
    // Every process's parent and group, from /proc/PID/stat (after the name in parentheses: state,
    // ppid, pgrp).
    std::multimap<pid_t, pid_t> children;
    std::map<pid_t, pid_t> group_of;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
      const std::string name = entry.path().filename().string();
      if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
      std::ifstream in(entry.path() / "stat");
      std::string stat;
      if (!std::getline(in, stat)) continue;
      const auto name_end = stat.rfind(')');
      if (name_end == std::string::npos) continue;
      std::istringstream fields(stat.substr(name_end + 1));
      char state = 0;
      long parent = 0, group = 0;
      if (!(fields >> state >> parent >> group)) continue;
      const auto pid = static_cast<pid_t>(std::stol(name));
      children.emplace(static_cast<pid_t>(parent), pid);
      group_of[pid] = static_cast<pid_t>(group);
    }
    std::vector<pid_t> pending;
    for (auto& slot : g_groups) {
      if (const pid_t leader = slot.load(); leader > 0) pending.push_back(leader);
    }
    std::vector<pid_t> descendants, leaders = pending;
    while (!pending.empty()) {
      const pid_t pid = pending.back();
      pending.pop_back();
      for (auto [it, end] = children.equal_range(pid); it != end; ++it) {
        descendants.push_back(it->second);
        pending.push_back(it->second);
      }
    }
    for (const pid_t pid : descendants) {
      ::kill(pid, sig);
      if (group_of[pid] == pid) ::kill(-pid, sig);  // a group it leads, with whatever it started
    }
    kill_tracked_groups(sig);
    // A signal is acted on when its process next runs: wait (half a second at most) until each
    // is gone or a zombie, so that what the caller removes next is not written again.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    descendants.insert(descendants.end(), leaders.begin(), leaders.end());
    for (const pid_t pid : descendants) {
      while (std::chrono::steady_clock::now() < until) {
        std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
        std::string stat;
        if (!std::getline(in, stat)) break;
        const auto name_end = stat.rfind(')');
        if (name_end == std::string::npos || name_end + 2 >= stat.size() || stat[name_end + 2] == 'Z') break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  } catch (...) {
    // What cannot be read cannot be found; the groups are still ended.
    kill_tracked_groups(sig);
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
