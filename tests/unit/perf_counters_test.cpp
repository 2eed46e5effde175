// Event counters around measured windows: they count only while a window is open, and the derived
// figures follow their definitions. Where the system forbids an event the test checks that the
// reason is given instead.

#include <time.h>

#include <cmath>
#include <map>
#include <string>

#include <catch2/catch.hpp>

#include "measure/perf_counters.hpp"
#include "runtime/runtime.hpp"

using scalerun::measure::PerfCounters;

namespace {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Spins until this thread has used `ms` milliseconds of CPU time (not wall time: on a loaded
// machine the wall clock says little about how long the thread ran).
double spin(int ms) {
  const double until = thread_cpu_seconds() + 1e-3 * ms;
  volatile double x = 1;
  while (thread_cpu_seconds() < until) x = x * 1.0000001 + 1e-9;
  return x;
}

}  // namespace

TEST_CASE("perf counters: they count inside windows only", "[measure][counters]") {
  PerfCounters counters;
  const auto before = counters.read();
  if (!before.contains("task_clock")) {
    INFO("task clock not available here");
    CHECK_FALSE(counters.unavailable_reason().empty());
    return;
  }
  CHECK(before.at("task_clock") == 0);  // opened disabled
  counters.window_opened();
  spin(30);
  counters.window_closed();
  const double inside = counters.read().at("task_clock");
  CHECK(inside >= 0.029);  // the task clock counts at least the 30 ms of CPU the thread used
  spin(30);               // window closed: not counted
  CHECK(counters.read().at("task_clock") == inside);
  if (counters.hardware_available()) {
    CHECK(counters.read().at("instructions") > 0);
  } else {
    CHECK_THAT(counters.unavailable_reason(), Catch::Contains("instructions"));
  }
}

TEST_CASE("perf counters: a runtime's measured window drives them", "[measure][counters]") {
  scalerun::runtime::Runtime rt(1);
  PerfCounters counters;
  rt.observe_windows(&counters);
  if (!counters.read().contains("task_clock")) return;
  spin(20);  // outside any window
  CHECK(counters.read().at("task_clock") == 0);
  rt.measure([] { spin(30); });
  CHECK(counters.read().at("task_clock") >= 0.029);
}

TEST_CASE("perf counters: derived figures follow their definitions", "[measure][counters]") {
  const std::map<std::string, double> counts{{"task_clock", 3.0},      {"cache_references", 4e9},
                                             {"cache_misses", 1e8},   {"instructions", 6e9},
                                             {"cycles", 4e9}};
  const auto d = scalerun::measure::derived_figures(counts, 2.0, 2);
  CHECK(d.at("cpu_utilization") == Approx(3.0 / (2.0 * 2)));
  CHECK(d.at("memory_access_rate") == Approx(4e9 / 2.0));
  CHECK(d.at("miss_rate") == Approx(1e8 / 4e9));
  CHECK(d.at("ipc") == Approx(6e9 / 4e9));
  const auto software_only = scalerun::measure::derived_figures({{"task_clock", 1.0}}, 1.0, 1);
  CHECK(software_only.size() == 1);
  CHECK_FALSE(software_only.contains("miss_rate"));
}
