#pragma once
// Hardware and software event counters of the Linux kernel (perf_event_open) around a Runtime's
// measured windows, for seed 000's figures beside the timings: CPU utilization, memory access
// rate and cache miss rate (see derived_figures).
//
// Counters are opened on every thread of the process when the object is built (TBB's workers
// already exist after a warm-up run), enabled while a window is open and summed over the threads.
// Where the system forbids an event (no PMU in a virtual machine, perf_event_paranoid, seccomp)
// that event is left out and unavailable_reason() says why; nothing fails.
//
// Written by hand: no Debian-packaged library wraps perf_event_open for in-process use.

#include <map>
#include <string>
#include <vector>

#include "runtime/window_observer.hpp"

namespace scalerun::measure {

class PerfCounters final : public runtime::WindowObserver {
 public:
  PerfCounters();
  ~PerfCounters() override;
  PerfCounters(const PerfCounters&) = delete;
  PerfCounters& operator=(const PerfCounters&) = delete;

  void window_opened() noexcept override;
  void window_closed() noexcept override;

  // Event name -> count summed over threads, scaled up when the kernel multiplexed the counter.
  // Names: instructions, cycles, cache_references, cache_misses (hardware), task_clock (seconds),
  // context_switches, page_faults (software). Events that could not be opened are absent.
  std::map<std::string, double> read() const;

  bool hardware_available() const { return hardware_; }
  // Empty when every event opened; otherwise which ones are missing and why, e.g.
  // "instructions, cycles: this machine exposes no such counter (...)".
  const std::string& unavailable_reason() const { return reason_; }

 private:
  struct Counter {
    int fd;
    std::size_t event;  // index into the event table
  };
  std::vector<Counter> counters_;
  bool hardware_ = false;
  std::string reason_;
};

// Seed 000's figures from counts taken over a window of `seconds` on p workers: cpu_utilization
// (task clock over p * seconds), memory_access_rate (cache references per second), miss_rate
// (cache misses per reference) and ipc (instructions per cycle); each only when its inputs exist.
std::map<std::string, double> derived_figures(const std::map<std::string, double>& counts, double seconds, int p);

}  // namespace scalerun::measure
