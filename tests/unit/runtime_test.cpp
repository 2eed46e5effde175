// The instrumented runtime: its accounting identities and the orderings its measurements must
// show. Nothing here asserts a speed; time thresholds are small fractions of deliberate sleeps.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <oneapi/tbb/global_control.h>

#include "runtime/runtime.hpp"

using namespace scalerun::runtime;
using namespace std::chrono_literals;

namespace {

// Every worker's seconds add up to the measured wall time (exact in clock ticks).
void check_identity(const RunStats& s) {
  REQUIRE(s.per_worker.size() == static_cast<std::size_t>(s.workers));
  for (const auto& w : s.per_worker) {
    CHECK(w.busy >= 0);
    CHECK(w.idle >= 0);
    CHECK(w.primitive >= 0);
    CHECK(w.busy + w.idle + w.primitive + s.serial + s.between_regions == Approx(s.tpara).margin(1e-6));
  }
}

}  // namespace

TEST_CASE("runtime: a worker count below one is refused", "[runtime]") {
  CHECK_THROWS_AS(Runtime(0), std::invalid_argument);
}

TEST_CASE("runtime: every worker's time adds up to the wall time", "[runtime]") {
  Runtime rt(2);
  std::vector<double> v(100000, 1.0);
  rt.measure([&] {
    for (int round = 0; round < 3; ++round)
      rt.parallel_for(0, v.size(), 1000, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) v[i] = std::sqrt(v[i] + 1.0);
      });
  });
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(s.loops == 3);
  CHECK(s.tpara > 0);
  std::uint64_t chunks = 0;
  for (const auto& w : s.per_worker) chunks += w.chunks;
  CHECK(chunks == 3 * 100);  // chunks of exactly 1000 iterations
  CHECK(s.busy_sum() > 0);
}

TEST_CASE("runtime: chunks are exactly grain iterations, the last one shorter", "[runtime]") {
  Runtime rt(2);
  std::mutex m;
  std::vector<std::pair<std::size_t, std::size_t>> seen;
  auto record = [&](std::size_t lo, std::size_t hi) {
    const std::lock_guard<std::mutex> hold(m);
    seen.emplace_back(lo, hi);
  };
  rt.parallel_for(3, 13, 4, record);
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::pair<std::size_t, std::size_t>>{{3, 7}, {7, 11}, {11, 13}});
  seen.clear();
  rt.parallel_for(0, 10, SIZE_MAX, record);  // a grain beyond the range: one chunk
  CHECK(seen == std::vector<std::pair<std::size_t, std::size_t>>{{0, 10}});
  seen.clear();
  rt.parallel_for(0, 3, 0, record);  // grain 0 means 1
  CHECK(seen.size() == 3);
  seen.clear();
  rt.parallel_for(5, 5, 1, record);  // empty
  CHECK(seen.empty());
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(s.loops == 4);
}

TEST_CASE("runtime: an imbalanced loop leaves the lightly loaded worker idle", "[runtime]") {
  Runtime rt(2);
  rt.parallel_for(0, 2, 1, [](std::size_t lo, std::size_t) { std::this_thread::sleep_for(lo == 0 ? 60ms : 5ms); });
  const RunStats s = rt.finish();
  check_identity(s);
  const auto& w = s.per_worker;
  const std::size_t heavy = w[0].busy >= w[1].busy ? 0 : 1, light = 1 - heavy;
  CHECK(w[heavy].busy >= 0.06);
  CHECK(s.busy_sum() >= 0.065);
  CHECK(w[light].idle > w[heavy].idle);
  CHECK(s.idle_sum() > 0.02);
}

TEST_CASE("runtime: serial() counts as serial and the caller's code between regions as not instrumented", "[runtime]") {
  Runtime rt(2);
  rt.measure([&] {
    std::this_thread::sleep_for(10ms);  // the caller alone, inside the window, in no region
    rt.parallel_for(0, 4, 1, [](std::size_t, std::size_t) {});
    rt.serial([] { std::this_thread::sleep_for(20ms); });
  });
  rt.serial([] { std::this_thread::sleep_for(5ms); });  // a window of its own
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(s.serial >= 0.025);
  CHECK(s.serial < 0.035);  // not the 10 ms before the loop
  CHECK(s.between_regions >= 0.01);
  CHECK(s.between_regions < 0.02);
  CHECK(s.serial_regions == 2);
  CHECK(s.serial <= s.tpara);
  for (const auto& w : s.per_worker) CHECK(w.busy < s.serial);
}

TEST_CASE("runtime: a region inside serial() is refused", "[runtime]") {
  Runtime rt(2);
  CHECK_THROWS_AS(rt.serial([&] { rt.parallel_for(0, 4, 1, [](std::size_t, std::size_t) {}); }), std::logic_error);
  CHECK_THROWS_AS(rt.serial([&] { rt.serial([] {}); }), std::logic_error);
  // The runtime is usable afterwards: the guard closed the serial stretch.
  rt.parallel_for(0, 4, 1, [](std::size_t, std::size_t) {});
  const RunStats s = rt.finish();
  check_identity(s);
}

TEST_CASE("runtime: time outside measured windows is not counted", "[runtime]") {
  Runtime rt(1);
  rt.parallel_for(0, 1, 1, [](std::size_t, std::size_t) { std::this_thread::sleep_for(10ms); });
  std::this_thread::sleep_for(300ms);
  rt.parallel_for(0, 1, 1, [](std::size_t, std::size_t) { std::this_thread::sleep_for(10ms); });
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(s.tpara >= 0.02);
  CHECK(s.tpara < 0.3);  // the regions, not the 300 ms between them
  CHECK(s.serial == 0);
}

TEST_CASE("runtime: a reduction is bit-identical for every worker count", "[runtime]") {
  double first = 0;
  for (int p : {1, 2, 3}) {
    Runtime rt(p);
    const double sum = rt.parallel_reduce(
        0, 100000, 1000, 0.0,
        [](std::size_t lo, std::size_t hi, double acc) {
          for (std::size_t i = lo; i < hi; ++i) acc += 1.0 / static_cast<double>(i + 1);
          return acc;
        },
        [](double a, double b) { return a + b; });
    const RunStats s = rt.finish();
    check_identity(s);
    CHECK(s.reductions == 1);
    if (p == 1) first = sum;
    CHECK(sum == first);  // the combine tree depends on the range and the grain only
    CHECK(sum == Approx(12.0901461298634).epsilon(1e-9));
  }
}

TEST_CASE("runtime: waiting at a barrier is idle time of the early rank", "[runtime]") {
  Runtime rt(2);
  std::array<int, 2> sizes{}, ranks{};  // Catch's CHECK is not thread-safe: check after the region
  rt.spmd([&](int rank, SpmdContext& ctx) {
    sizes[static_cast<std::size_t>(rank)] = ctx.size();
    ranks[static_cast<std::size_t>(rank)] = ctx.rank();
    ctx.barrier();  // both ranks started
    if (rank == 0) std::this_thread::sleep_for(100ms);
    ctx.barrier();
  });
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(sizes == std::array<int, 2>{2, 2});
  CHECK(ranks == std::array<int, 2>{0, 1});
  CHECK(s.spmd_regions == 1);
  CHECK(s.barriers == 2);
  for (const auto& w : s.per_worker) CHECK(w.barriers == 2);
  // Rank 0 runs on the caller (slot 0); rank 1 must be on the other slot, as 0 blocks until it
  // comes. Rank 1 does nothing but wait for rank 0's sleep.
  CHECK(s.per_worker[0].busy >= 0.1);
  CHECK(s.per_worker[1].idle > s.per_worker[1].busy);
  CHECK(s.per_worker[1].idle > 0.05);
}

TEST_CASE("runtime: waiting for a lock is primitive time", "[runtime]") {
  Runtime rt(2);
  std::mutex m;
  int counter = 0;
  rt.spmd([&](int, SpmdContext& ctx) {
    ctx.barrier();
    const auto held = ctx.lock(m);
    ++counter;
    std::this_thread::sleep_for(100ms);
  });
  const RunStats s = rt.finish();
  check_identity(s);
  CHECK(counter == 2);
  CHECK(s.locks == 2);
  CHECK(s.primitive_sum() > 0.03);  // one rank waited most of the other's 100 ms
}

TEST_CASE("runtime: a failing rank breaks the barrier and its exception comes back", "[runtime]") {
  Runtime rt(2);
  CHECK_THROWS_WITH(rt.spmd([](int rank, SpmdContext& ctx) {
    if (rank == 1) throw std::runtime_error("rank 1 failed");
    ctx.barrier();
  }),
                    "rank 1 failed");
  // The runtime is still usable and its accounting still closes.
  rt.parallel_for(0, 10, 1, [](std::size_t, std::size_t) {});
  check_identity(rt.finish());
}

TEST_CASE("runtime: regions do not nest and nothing runs after finish", "[runtime]") {
  Runtime rt(2);
  CHECK_THROWS_AS(rt.parallel_for(0, 2, 1,
                                  [&](std::size_t, std::size_t) {
                                    rt.parallel_for(0, 2, 1, [](std::size_t, std::size_t) {});
                                  }),
                  std::logic_error);
  CHECK_THROWS_AS(rt.spmd([&](int, SpmdContext&) { rt.serial([] {}); }), std::logic_error);
  rt.finish();
  CHECK_THROWS_AS(rt.parallel_for(0, 2, 1, [](std::size_t, std::size_t) {}), std::logic_error);
}

TEST_CASE("runtime: spmd refuses to start when TBB may not run p threads at once", "[runtime]") {
  const oneapi::tbb::global_control one(oneapi::tbb::global_control::max_allowed_parallelism, 1);
  Runtime rt(2);
  CHECK_THROWS_AS(rt.spmd([](int, SpmdContext&) {}), std::runtime_error);
  int ran = 0;  // loops still run, on the threads there are
  rt.parallel_for(0, 4, 1, [&](std::size_t, std::size_t) { ++ran; });
  CHECK(ran == 4);
}

TEST_CASE("runtime: plain mode runs the same code with the timing off", "[runtime]") {
  Runtime rt(2, Mode::plain);
  std::mutex m;
  int sum = 0;
  rt.measure([&] {
    rt.parallel_for(0, 100, 10, [&](std::size_t lo, std::size_t hi) {
      const auto held = rt.lock(m);
      sum += static_cast<int>(hi - lo);
    });
    const int r = rt.parallel_reduce(
        0, 100, 10, 0, [](std::size_t lo, std::size_t hi, int acc) { return acc + static_cast<int>(hi - lo); },
        [](int a, int b) { return a + b; });
    CHECK(r == 100);
    rt.spmd([](int, SpmdContext& ctx) { ctx.barrier(); });
  });
  const RunStats s = rt.finish();
  CHECK(sum == 100);
  CHECK_FALSE(s.instrumented);
  CHECK(s.tpara > 0);
  CHECK(s.loops == 1);
  CHECK(s.reductions == 1);
  CHECK(s.spmd_regions == 1);
  CHECK(s.barriers == 1);
  for (const auto& w : s.per_worker) CHECK(w.busy + w.idle + w.primitive == 0);
  CHECK_THROWS_AS(s.overheads(s), std::logic_error);
}

// Hand-made runs that obey the per-worker identity: ML is the growth of busy + serial, and what
// the one-worker run spent idle or in primitives (0.15 s of its 1.45 s) is in T(1) but in no
// term at p, so it shows as unaccounted, -0.15/2 s, instead of being closed away.
TEST_CASE("runtime: ML is the growth of the work time and unaccounted what the terms miss", "[runtime]") {
  RunStats s;
  s.workers = 2;
  s.instrumented = true;
  s.tpara = 1.0;
  s.serial = 0.1;
  s.per_worker = {{0.8, 0.05, 0.05, 1, 0, 0}, {0.5, 0.3, 0.1, 1, 0, 0}};
  RunStats one;
  one.workers = 1;
  one.instrumented = true;
  one.tpara = 1.45;
  one.serial = 0.1;
  one.per_worker = {{1.2, 0.0, 0.15, 1, 0, 0}};
  const Overheads o = s.overheads(one);
  CHECK(o.t1_work == Approx(1.3));
  CHECK(o.compute == Approx(1.45 / 2));
  CHECK(o.serial == Approx(0.05));
  CHECK(o.imbalance == Approx(0.175));
  CHECK(o.sync == Approx(0.075));
  CHECK(o.ml == Approx(0.1));  // (1.3 busy + 0.1 serial) - (1.2 busy + 0.1 serial)
  CHECK(o.residual == Approx(0.05));
  CHECK(o.it == Approx(0.35 + 0.1));
  CHECK(o.pt == Approx(0.15));
  CHECK(o.latency == Approx(1.0 - 1.45 / 2));
  CHECK(o.unaccounted == Approx(-0.15 / 2));
  CHECK(o.compute + o.serial + o.imbalance + o.sync + o.residual + o.unaccounted == Approx(s.tpara));
}

// Issue 26: a delay the instrumentation cannot see (a sleep before the measured window, in the
// time a harness takes around the call) is the unaccounted part of the latency, to within the
// timer's resolution; closing ML on Tp would hide it as memory latency.
TEST_CASE("runtime: an uninstrumented delay shows as unaccounted", "[runtime]") {
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  std::vector<double> v(1 << 16, 1.0);
  const auto work = [&v](Runtime& rt) {
    rt.measure([&] {
      rt.parallel_for(0, v.size(), 1 << 12, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) v[i] = std::sqrt(v[i] + 1.0);
      });
    });
  };
  Runtime one(1);
  const auto t0 = Clock::now();
  work(one);
  const double t1 = seconds(Clock::now() - t0);
  const RunStats s1 = one.finish();

  Runtime two(2);
  const auto start = Clock::now();
  std::this_thread::sleep_for(30ms);  // outside every instrumented interval
  const double slept = seconds(Clock::now() - start);
  work(two);
  const double tp = seconds(Clock::now() - start);
  const RunStats s2 = two.finish();

  const Overheads o = scalerun::runtime::split_latency(s2.sums(), s1.work_time(), tp, t1, 2);
  INFO(scalerun::runtime::describe(o));
  CHECK(o.ml == Approx(s2.work_time() - s1.work_time()));
  // What else escapes: the one-worker run's idle and primitive time over p (microseconds here) and
  // the calls and clock reads around the windows; 1 ms leaves room for a preemption there on a
  // loaded machine, and is still 30 times below the delay that closing ML on Tp hides.
  CHECK(o.unaccounted == Approx(slept).margin(1e-3));
  CHECK(o.unaccounted > 0.02);
}

// Issue 26: waking the workers is inside the window (the first region's fork, primitive time),
// not done before it. A fresh runtime's pool is asleep; the time measure() takes around the
// window must be only the window. (Gathering the workers before the window took 20 ms and more on
// a loaded host and was left out of T(p).)
TEST_CASE("runtime: measure() does no work for the workers outside its window", "[runtime]") {
  using Clock = std::chrono::steady_clock;
  for (int run = 0; run < 3; ++run) {
    Runtime rt(2);
    std::vector<double> v(1 << 14, 1.0);
    const auto start = Clock::now();
    rt.measure([&] {
      rt.parallel_for(0, v.size(), 1 << 10, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) v[i] = std::sqrt(v[i] + 1.0);
      });
    });
    const double outside = std::chrono::duration<double>(Clock::now() - start).count();
    const RunStats s = rt.finish();
    check_identity(s);
    INFO("run " << run << ": measure() took " << outside << " s, its window " << s.tpara << " s");
    // 2 ms: the caller pin's affinity calls are outside the window too, and a loaded host can
    // delay them; gathering the workers before the window took 20 ms and more.
    CHECK(outside - s.tpara < 2e-3);
    // Whatever the fork cost, it is some worker's primitive or idle time, never lost.
    for (const auto& w : s.per_worker) CHECK(w.primitive + w.idle > 0);
  }
}

namespace {

// Each slot's spans lie in [0, span], in time order without overlap, and add up phase by phase to
// what the accounting counted for that worker (the same ticks, so to a nanosecond each).
void check_timeline(const RunTimeline& t, const RunStats& s) {
  REQUIRE(t.slots.size() == static_cast<std::size_t>(s.workers));
  CHECK_FALSE(t.truncated);
  for (std::size_t w = 0; w < t.slots.size(); ++w) {
    Ticks sums[4] = {};
    Ticks previous_end = 0;
    for (const PhaseSpan& span : t.slots[w]) {
      CHECK(span.start - t.origin >= previous_end);
      CHECK(span.end > span.start);
      CHECK(span.end - t.origin <= t.span);
      previous_end = span.end - t.origin;
      sums[static_cast<int>(span.phase)] += span.end - span.start;
    }
    const WorkerStats& ws = s.per_worker[w];
    CHECK(to_seconds(sums[static_cast<int>(Phase::busy)]) == Approx(ws.busy).margin(1e-8));
    CHECK(to_seconds(sums[static_cast<int>(Phase::idle)]) == Approx(ws.idle).margin(1e-8));
    CHECK(to_seconds(sums[static_cast<int>(Phase::primitive)]) == Approx(ws.primitive).margin(1e-8));
    CHECK(to_seconds(sums[static_cast<int>(Phase::serial)]) == Approx(s.serial).margin(1e-8));
  }
}

void spin_for(std::chrono::microseconds d) {
  const auto until = std::chrono::steady_clock::now() + d;
  while (std::chrono::steady_clock::now() < until) {
  }
}

}  // namespace

TEST_CASE("runtime: the timeline's spans add up to each worker's accounting", "[runtime][timeline]") {
  const int p = 3;
  oneapi::tbb::global_control enough(oneapi::tbb::global_control::max_allowed_parallelism, p);
  Runtime rt(p);
  rt.record_timeline();
  std::mutex m;
  double total = 0;
  std::vector<double> v(20000, 1.0);
  rt.measure([&] {
    rt.parallel_for(0, v.size(), 500, [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) v[i] = std::sqrt(v[i] + 1.0);
    });
    spin_for(200us);  // the caller alone: serial on every worker
    total = rt.parallel_reduce(0, v.size(), 1000, 0.0,
                               [&](std::size_t lo, std::size_t hi, double acc) {
                                 for (std::size_t i = lo; i < hi; ++i) acc += v[i];
                                 return acc;
                               },
                               [](double a, double b) { return a + b; });
    rt.spmd([&](int rank, SpmdContext& ctx) {
      spin_for(std::chrono::microseconds(100 * (rank + 1)));  // uneven: the early ranks wait
      ctx.barrier();
      const auto held = ctx.lock(m);
      spin_for(20us);
    });
  });
  rt.serial([] { spin_for(100us); });  // a window of its own, after a gap
  const RunStats s = rt.finish();
  const RunTimeline t = rt.take_timeline();
  CHECK(total > 0);
  check_timeline(t, s);
  // The gap between the two windows is no one's time: the span covers more than Tpara.
  CHECK(to_seconds(t.span) >= s.tpara);
  // The early ranks waited at the barrier: idle slices inside the spmd region.
  bool idle_seen = false;
  for (const auto& slot : t.slots)
    for (const PhaseSpan& span : slot) idle_seen = idle_seen || span.phase == Phase::idle;
  CHECK(idle_seen);
}

TEST_CASE("runtime: without record_timeline nothing is recorded, and plain mode refuses it", "[runtime][timeline]") {
  Runtime rt(2);
  rt.parallel_for(0, 100, 10, [](std::size_t, std::size_t) {});
  rt.finish();
  CHECK(rt.take_timeline().slots.empty());
  Runtime plain(2, Mode::plain);
  CHECK_THROWS_AS(plain.record_timeline(), std::logic_error);
}
