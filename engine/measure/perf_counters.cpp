#include "measure/perf_counters.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <utility>

#include <fmt/format.h>

namespace scalerun::measure {

namespace {

struct EventSpec {
  std::string_view name;
  std::uint32_t type;
  std::uint64_t config;
  double scale;  // task_clock counts nanoseconds; reported in seconds
};

constexpr std::array<EventSpec, 7> kEvents{{
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 1},
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1},
    {"cache_references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES, 1},
    {"cache_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, 1},
    {"task_clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 1e-9},
    {"context_switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, 1},
    {"page_faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, 1},
}};

int open_event(const EventSpec& e, pid_t tid, bool exclude_kernel) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = e.type;
  attr.config = e.config;
  attr.disabled = 1;
  attr.exclude_kernel = exclude_kernel ? 1 : 0;
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

std::string why(int err) {
  switch (err) {
    case ENOENT:
    case EOPNOTSUPP:
      return "this machine exposes no such counter (a virtual machine without a virtual PMU?)";
    case EACCES:
    case EPERM:
      return "forbidden by /proc/sys/kernel/perf_event_paranoid or a seccomp policy";
    case ENOSYS:
      return "the kernel has no perf_event_open";
    default:
      return std::error_code(err, std::generic_category()).message();
  }
}

std::vector<pid_t> threads_of_this_process() {
  std::vector<pid_t> tids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    const std::string name = entry.path().filename().string();
    pid_t tid = 0;
    bool digits = !name.empty();
    for (char c : name) {
      if (c < '0' || c > '9') digits = false;
      else tid = tid * 10 + (c - '0');
    }
    if (digits) tids.push_back(tid);
  }
  if (tids.empty()) tids.push_back(static_cast<pid_t>(syscall(SYS_gettid)));
  return tids;
}

}  // namespace

PerfCounters::PerfCounters() {
  const std::vector<pid_t> tids = threads_of_this_process();
  std::vector<std::pair<std::string, std::string_view>> missing;  // reason, event
  for (std::size_t e = 0; e < kEvents.size(); ++e) {
    int first_error = 0;
    // Context switches and page faults happen in the kernel: count them there when allowed; the
    // hardware events count user code only, which perf_event_paranoid 2 (a common default) allows.
    bool exclude_kernel = kEvents[e].type == PERF_TYPE_HARDWARE;
    for (pid_t tid : tids) {
      int fd = open_event(kEvents[e], tid, exclude_kernel);
      if (fd < 0 && !exclude_kernel && (errno == EACCES || errno == EPERM)) {
        exclude_kernel = true;
        fd = open_event(kEvents[e], tid, exclude_kernel);
      }
      if (fd >= 0) {
        counters_.push_back({fd, e});
      } else if (errno != ESRCH) {  // ESRCH: the thread ended meanwhile
        first_error = errno;
        break;
      }
    }
    if (first_error != 0) {
      // All threads or none: a partial sum would read as a real figure.
      while (!counters_.empty() && counters_.back().event == e) {
        close(counters_.back().fd);
        counters_.pop_back();
      }
      missing.emplace_back(why(first_error), kEvents[e].name);
    }
  }
  for (const Counter& c : counters_) hardware_ = hardware_ || kEvents[c.event].type == PERF_TYPE_HARDWARE;
  // One clause per reason: "instructions, cycles: this machine exposes no such counter (...)".
  for (std::size_t i = 0; i < missing.size(); ++i) {
    if (i > 0 && missing[i].first == missing[i - 1].first) continue;
    std::vector<std::string_view> events;
    for (const auto& [reason, event] : missing)
      if (reason == missing[i].first) events.push_back(event);
    reason_ += fmt::format("{}{}: {}", reason_.empty() ? "" : "; ", fmt::join(events, ", "), missing[i].first);
  }
}

PerfCounters::~PerfCounters() {
  for (const Counter& c : counters_) close(c.fd);
}

void PerfCounters::window_opened() noexcept {
  for (const Counter& c : counters_) ioctl(c.fd, PERF_EVENT_IOC_ENABLE, 0);
}

void PerfCounters::window_closed() noexcept {
  for (const Counter& c : counters_) ioctl(c.fd, PERF_EVENT_IOC_DISABLE, 0);
}

std::map<std::string, double> PerfCounters::read() const {
  std::map<std::string, double> sums;
  for (const Counter& c : counters_) {
    std::uint64_t values[3] = {0, 0, 0};  // count, time enabled, time running
    if (::read(c.fd, values, sizeof values) != static_cast<ssize_t>(sizeof values)) continue;
    double count = static_cast<double>(values[0]);
    if (values[2] > 0 && values[2] < values[1]) count *= static_cast<double>(values[1]) / static_cast<double>(values[2]);
    sums[std::string(kEvents[c.event].name)] += count * kEvents[c.event].scale;
  }
  return sums;
}

std::map<std::string, double> derived_figures(const std::map<std::string, double>& counts, double seconds, int p) {
  std::map<std::string, double> out;
  auto has = [&](const char* name) { return counts.contains(name); };
  if (seconds > 0 && p > 0 && has("task_clock")) out["cpu_utilization"] = counts.at("task_clock") / (seconds * p);
  if (seconds > 0 && has("cache_references")) out["memory_access_rate"] = counts.at("cache_references") / seconds;
  if (has("cache_references") && has("cache_misses") && counts.at("cache_references") > 0)
    out["miss_rate"] = counts.at("cache_misses") / counts.at("cache_references");
  if (has("instructions") && has("cycles") && counts.at("cycles") > 0)
    out["ipc"] = counts.at("instructions") / counts.at("cycles");
  return out;
}

}  // namespace scalerun::measure
