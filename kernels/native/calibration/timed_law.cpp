#include "kernels/native/calibration/timed_law.hpp"

#include <array>
#include <chrono>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <sys/prctl.h>

#include "kernels/native/kernel_groups.hpp"
#include "runtime/runtime.hpp"

namespace scalerun::kernels {

namespace {

constexpr std::array<runtime::ParamSpec, 5> kParams{{
    {"n", 1e5, 1, "work units (W = n)"},
    {"a", 1e-7, 0, "seconds per work unit, shared by the p ranks"},
    {"b", 0, 0, "seconds per doubling of p, on every rank"},
    {"c", 0, 0, "seconds of serial() time per run"},
    {"hidden", 0, 0, "seconds per run the caller spends in no region (not instrumented)"},
}};

using Clock = std::chrono::steady_clock;

// Sleeps until the deadline, with the thread's timer slack cut from Linux's default 50 us to 1 us.
// Sleeping rather than spinning keeps the law's time independent of the cores: p ranks on fewer
// cores, or a host shared with other work, still wake when their time is up (a spinning rank would
// wait for a core).
// In slices of at most 10 ms, so a stop (Ctrl-C, --run-timeout, the time budget) ends a long wait
// as it ends a computing kernel between its chunks.
void wait_for(double seconds) {
  thread_local const bool slack_set = prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL) == 0;
  static_cast<void>(slack_set);
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  constexpr auto kSlice = std::chrono::milliseconds(10);
  for (auto now = Clock::now(); now < deadline; now = Clock::now()) {
    runtime::throw_if_stopped();
    std::this_thread::sleep_until(std::min(deadline, now + kSlice));
  }
}

struct Law {
  double n, a, b, c, hidden;
  double rank_time(int p) const { return a * n / p + b * std::log2(static_cast<double>(p)); }
  double time(int p) const { return rank_time(p) + c + hidden; }
};

// The longest law a run may wait: beyond it the clock's duration would overflow (about 9e9 s), and
// no calibration needs a run of more than a day.
constexpr double kLongestLaw = 86400;

Law law_of(const runtime::Params& given) {
  auto real = [&](std::string_view name) { return runtime::real_param(kParams, given, name); };
  const Law law{static_cast<double>(runtime::count_param(kParams, given, "n")), real("a"), real("b"), real("c"),
                real("hidden")};
  if (!(law.a * law.n + law.b * 64 + law.c + law.hidden <= kLongestLaw))
    throw std::invalid_argument(fmt::format(
        "timed_law: a n + b log2 p + c + hidden is more than a day ({:g} s at p = 1): give smaller times", law.time(1)));
  return law;
}

double timed_law_work(const runtime::Params& given) { return law_of(given).n; }
double timed_law_memory(const runtime::Params& given) { return 8 * law_of(given).n; }

runtime::KernelResult timed_law_run(const runtime::Params& given, runtime::Runtime& rt) {
  const Law law = law_of(given);
  const int p = rt.workers();
  const double each = law.rank_time(p);
  const auto start = Clock::now();
  rt.measure([&] {
    rt.spmd([&](int, runtime::SpmdContext&) { wait_for(each); });
    if (law.c > 0) rt.serial([&] { wait_for(law.c); });
    if (law.hidden > 0) wait_for(law.hidden);  // deliberately in no region: the instrumentation's blind spot
  });
  const double took = std::chrono::duration<double>(Clock::now() - start).count();
  runtime::KernelResult r;
  r.checksum = law.time(p);
  r.verified = took >= law.time(p);  // every wait ends at or after its deadline
  r.message = fmt::format("timed_law: T({}, {}) = {:.6f} s by the law, the window took {:.6f} s", law.n, p,
                          law.time(p), took);
  return r;
}

}  // namespace

const runtime::NativeKernel timed_law_kernel{
    .name = "timed_law",
    .doc = "calibration: waits T = a n/p + b log2 p + c (serial) + hidden (in no region), a known law for checking "
           "the measured metrics and the latency split; W = n",
    .params = kParams,
    .work = timed_law_work,
    .memory = timed_law_memory,
    .run = timed_law_run,
};

void add_calibration_kernels(KernelList& list) { list.push_back(&timed_law_kernel); }

}  // namespace scalerun::kernels
