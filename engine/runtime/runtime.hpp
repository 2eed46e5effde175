#pragma once
// The parallel runtime native kernels are written against: one Runtime per measured execution on
// p workers (a task_arena of p slots; slot 0 is the calling thread), with loops, reductions and
// SPMD regions over oneTBB, instrumented so every worker's time is split into busy, idle and
// primitive time as run_stats.hpp describes. Mode::plain runs the same code with the timing off
// (wall time and region counts only), so the cost of the instrumentation can be measured.
// A "worker" in the accounting is an arena slot (tbb::this_task_arena::current_thread_index()), not a
// thread: TBB may seat a different thread in a slot from one region to the next.
//
// The caller drives a Runtime from one thread. Regions do not nest: a body that calls
// parallel_for, parallel_reduce, spmd, serial or measure throws std::logic_error.
//
// Cost: an instrumented chunk adds two clock reads and a slot lookup (tens of ns, measured by
// bench/instrumentation), so chunks of 10 us or more keep the accounting under 1 %.
//
// Measured time: measure(body) opens a window; its wall time is Tpara. Inside it the instrumented
// intervals are the regions and serial() calls; the caller's code between them is counted only as
// `between_regions`, time no term of the latency split explains (it is the split's unaccounted
// part, the check that the instrumentation saw the run). A region or serial() called outside any
// window is a window of its own. Tpara is the sum of the windows, so setup and verification can stay outside them.
// The caller is kept on the CPU it runs on while a window is open (runtime/caller_pin.hpp), so a
// one-worker run is not migrated between idle cores. Nothing is done for the workers before a
// window opens: waking TBB's sleeping threads happens in
// the first region's fork, inside the window, as primitive time (a worker that is not awake in
// time leaves its chunks to the others and idles), just as a reference library's timed call
// includes waking its threads. (Waking and gathering them before the window, as this runtime
// once did, left that cost out of T(p) but not out of anything at p = 1: E(2) came out above 1.)

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include "runtime/barrier.hpp"
#include "runtime/caller_pin.hpp"
#include "runtime/clock.hpp"
#include "runtime/first_error.hpp"
#include "runtime/run_stats.hpp"
#include "runtime/slot_ledger.hpp"
#include "runtime/stop.hpp"
#include "runtime/timeline_recorder.hpp"
#include "runtime/tsan_annotations.hpp"
#include "runtime/window_observer.hpp"

namespace scalerun::runtime {

enum class Mode { instrumented, plain };

class Runtime;

// What an spmd rank sees: its rank, the rank count, the region's barrier and accounted locks.
class SpmdContext {
 public:
  int rank() const { return rank_; }
  int size() const;
  // Waiting for the last rank is idle time; the barrier's cost after the release is primitive.
  void barrier();
  template <class Mutex>
  [[nodiscard]] std::unique_lock<Mutex> lock(Mutex& m);

 private:
  friend class Runtime;
  SpmdContext(Runtime& rt, Barrier& barrier, int rank) : rt_(rt), barrier_(barrier), rank_(rank) {}
  Runtime& rt_;
  Barrier& barrier_;
  int rank_;
};

class Runtime {
 public:
  // workers >= 1. When the process-wide TBB thread limit is below `workers` and no
  // tbb::global_control lowers it, the Runtime raises it for its lifetime so all p slots can fill
  // (oversubscribing the cores if p exceeds them; that is the experiment's choice).
  explicit Runtime(int workers, Mode mode = Mode::instrumented);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  int workers() const { return p_; }
  bool instrumented() const { return instrumented_; }
  // Told of every measured window from now on; null stops it. Not owned: must outlive the windows.
  void observe_windows(WindowObserver* observer) { observer_ = observer; }
  // Records when each worker was busy, idle, in the machinery or waiting for serial code
  // (runtime/timeline_recorder.hpp), from the next window on. Needs Mode::instrumented.
  void record_timeline();
  // After finish(): the recorded timeline (empty when record_timeline() was not called).
  RunTimeline take_timeline();

  template <class Body>
  void measure(Body&& body);
  // The caller alone runs body; the other workers idle. Counted as serial time. Code a kernel runs
  // between regions without serial() is in the window (Tpara) but instrumented as nothing: it shows
  // as the latency split's unaccounted part, so serial code belongs in serial().
  template <class Body>
  void serial(Body&& body);

  // body(lo, hi) over [begin, end) in chunks of `grain` iterations (the last may be shorter; 0 means
  // 1), handed out to the workers by TBB. Chunk boundaries depend on the range and the grain only,
  // never on p or on timing.
  template <class Body>
  void parallel_for(std::size_t begin, std::size_t end, std::size_t grain, Body&& body);

  // body(lo, hi, identity) -> partial over the same chunks; the caller then combines the partials
  // with combine(a, b) in a pairwise tree fixed by the chunk count, so the result is bit-identical
  // for every p, floating point included. The combining is the caller's primitive time (the other
  // workers idle through it): keep the chunk count moderate when combine is expensive.
  template <class T, class Body, class Combine>
  T parallel_reduce(std::size_t begin, std::size_t end, std::size_t grain, T identity, Body&& body,
                    Combine&& combine);

  // body(rank, ctx) for rank 0..p-1, all running at once (rank 0 on the caller). Needs p threads
  // at once: throws std::runtime_error when a tbb::global_control keeps the limit below p. If a
  // rank throws, the barrier breaks so the others stop waiting, and the first exception is
  // rethrown here once every rank has returned.
  template <class Body>
  void spmd(Body&& body);

  // Locks m; inside a region the time to acquire it counts as primitive time of the calling worker.
  template <class Mutex>
  [[nodiscard]] std::unique_lock<Mutex> lock(Mutex& m);

  // The stats of the windows so far. After finish() no more regions may run.
  RunStats finish();

 private:
  friend class SpmdContext;

  // [begin, end) cut into count chunks of `grain`.
  struct Chunks {
    Chunks(std::size_t b, std::size_t e, std::size_t g)
        : begin(b), end(e), grain(g == 0 ? 1 : g), count((e - b) / grain + ((e - b) % grain != 0)) {}
    std::size_t lo(std::size_t c) const { return begin + c * grain; }
    std::size_t hi(std::size_t c) const { return c + 1 == count ? end : begin + (c + 1) * grain; }
    std::size_t begin, end, grain, count;
  };

  struct Totals {
    Ticks busy = 0, idle = 0, primitive = 0;
    std::uint64_t chunks = 0, barriers = 0, locks = 0;
  };

  class RegionGuard {
   public:
    RegionGuard(Runtime& rt, std::uint64_t& counter) : rt_(rt), start_(rt.open_region()) { ++counter; }
    ~RegionGuard() { rt_.close_region(start_); }
    RegionGuard(const RegionGuard&) = delete;
    RegionGuard& operator=(const RegionGuard&) = delete;

   private:
    Runtime& rt_;
    Ticks start_;
  };

  class SerialGuard {
   public:
    explicit SerialGuard(Runtime& rt) : rt_(rt), start_(rt.open_serial()) {}
    ~SerialGuard() { rt_.close_serial(start_); }
    SerialGuard(const SerialGuard&) = delete;
    SerialGuard& operator=(const SerialGuard&) = delete;

   private:
    Runtime& rt_;
    Ticks start_;
  };

  class WindowGuard {
   public:
    explicit WindowGuard(Runtime& rt) : rt_(rt) { rt.open_window(); }
    ~WindowGuard() { rt_.close_window(); }
    WindowGuard(const WindowGuard&) = delete;
    WindowGuard& operator=(const WindowGuard&) = delete;

   private:
    Runtime& rt_;
  };

  // chunk(c) for c in [0, count) across the arena, timed per chunk when instrumented.
  template <class F>
  void run_chunks(std::size_t count, F&& chunk);

  Ticks open_region();
  void close_region(Ticks start) noexcept;
  Ticks open_serial();
  void close_serial(Ticks start) noexcept;
  void open_window();
  void close_window() noexcept;
  void refuse_inside_region(const char* what) const;
  void require_concurrency() const;

  // The calling thread's arena slot; -1 for a thread outside the arena.
  int slot() const {
    const int s = oneapi::tbb::this_task_arena::current_thread_index();
    return s >= 0 && s < p_ ? s : -1;
  }
  // Called after the second stamp so the slot lookup lands in the gap (primitive), not in busy.
  void record_chunk(Ticks t0, Ticks t1) {
    const int s = slot();
    if (s < 0) return;
    SlotLedger& l = ledgers_[static_cast<std::size_t>(s)];
    l.activity(t0, t1);
    SlotLedger::bump(l.chunks);
    if (timeline_) timeline_->record(s, TimelineRecorder::Event::chunk, t0, t1);
  }
  // A reduction's partial results are combined by the caller, after the join, in slot 0.
  void record_caller_combine(Ticks t0, Ticks t1) {
    ledgers_[0].activity(t0, t1);
    SlotLedger::add(ledgers_[0].combine, t1 - t0);
    if (timeline_) timeline_->record(0, TimelineRecorder::Event::combine, t0, t1);
  }
  void record_lock(Ticks t0, Ticks t1) {
    const int s = slot();
    if (s < 0) return;
    SlotLedger& l = ledgers_[static_cast<std::size_t>(s)];
    SlotLedger::add(l.wait_prim, t1 - t0);
    SlotLedger::bump(l.locks);
    if (timeline_) timeline_->record(s, TimelineRecorder::Event::lock, t0, t1);
  }
  void record_barrier(Ticks arrived, Barrier::Passage passage, Ticks left);

  const int p_;
  const bool instrumented_;
  std::unique_ptr<oneapi::tbb::global_control> widened_;  // before arena_: the arena sees the limit
  oneapi::tbb::task_arena arena_;
  std::unique_ptr<SlotLedger[]> ledgers_;
  std::vector<Totals> totals_;
  std::atomic<bool> in_region_{false};  // atomic: a nested call from a worker reads it
  WindowObserver* observer_ = nullptr;
  std::unique_ptr<TimelineRecorder> timeline_;  // null unless record_timeline()
  std::optional<CallerPin> pin_;                // the caller on its CPU while a window is open
  bool window_open_ = false;
  bool in_serial_ = false;  // the caller is in serial(): a lock there is serial time, not a worker's
  bool finished_ = false;
  Ticks window_start_ = 0;
  Ticks cursor_ = 0;  // inside a window: the end of the caller's last accounted interval
  Ticks tpara_ = 0;
  Ticks serial_ = 0;
  Ticks between_ = 0;  // the caller inside a window but in no region and no serial(): not instrumented
  std::uint64_t loops_ = 0, reductions_ = 0, spmd_regions_ = 0, serial_regions_ = 0, barriers_ = 0;
};

// ---- templates ----

inline int SpmdContext::size() const { return rt_.workers(); }

inline void SpmdContext::barrier() {
  throw_if_stopped();  // a rank that throws breaks the barrier, so the others stop waiting too
  if (!rt_.instrumented_) {
    barrier_.arrive_and_wait(false);
    return;
  }
  const Ticks arrived = now();
  const Barrier::Passage passage = barrier_.arrive_and_wait(true);
  rt_.record_barrier(arrived, passage, now());
}

template <class Mutex>
std::unique_lock<Mutex> SpmdContext::lock(Mutex& m) {
  return rt_.lock(m);
}

template <class Mutex>
std::unique_lock<Mutex> Runtime::lock(Mutex& m) {
  if (!instrumented_ || in_serial_ || !in_region_.load(std::memory_order_relaxed)) return std::unique_lock<Mutex>(m);
  const Ticks t0 = now();
  std::unique_lock<Mutex> held(m);
  record_lock(t0, now());
  return held;
}

template <class Body>
void Runtime::measure(Body&& body) {
  refuse_inside_region("measure");
  if (window_open_) {
    body();
    return;
  }
  WindowGuard window(*this);
  body();
}

template <class Body>
void Runtime::serial(Body&& body) {
  refuse_inside_region("serial");
  measure([&] {
    const SerialGuard guard(*this);
    body();
  });
}

template <class F>
void Runtime::run_chunks(std::size_t count, F&& chunk) {
  using Range = oneapi::tbb::blocked_range<std::size_t>;
  auto run_range = [&](std::size_t lo, std::size_t hi) {
    tsan_task_begins();
    for (std::size_t c = lo; c < hi; ++c) {
      // Between chunks, so Ctrl-C, the time budget and a run's limit end even a huge run soon;
      // TBB cancels the loop and rethrows Stopped in the caller.
      throw_if_stopped();
      if (instrumented_) {
        const Ticks t0 = now();
        chunk(c);
        record_chunk(t0, now());
      } else {
        chunk(c);
      }
    }
    tsan_task_ends();
  };
  tsan_before_fork();
  arena_.execute([&] {
    oneapi::tbb::parallel_for(
        Range(0, count, 1),
        [job = &run_range](const Range& r) {
          const Range range = read_task_capture(r);
          (*read_task_capture(job))(range.begin(), range.end());
        },
        oneapi::tbb::simple_partitioner());
  });
  tsan_after_join();
}

template <class Body>
void Runtime::parallel_for(std::size_t begin, std::size_t end, std::size_t grain, Body&& body) {
  RegionGuard region(*this, loops_);
  if (end <= begin) return;
  const Chunks chunks(begin, end, grain);
  run_chunks(chunks.count, [&](std::size_t c) { body(chunks.lo(c), chunks.hi(c)); });
}

template <class T, class Body, class Combine>
T Runtime::parallel_reduce(std::size_t begin, std::size_t end, std::size_t grain, T identity, Body&& body,
                           Combine&& combine) {
  RegionGuard region(*this, reductions_);
  if (end <= begin) return identity;
  const Chunks chunks(begin, end, grain);
  std::vector<T> partial(chunks.count, identity);
  run_chunks(chunks.count, [&](std::size_t c) { partial[c] = body(chunks.lo(c), chunks.hi(c), std::move(partial[c])); });
  // A pairwise tree over the chunk indices: its shape depends on the chunk count alone.
  const Ticks t0 = instrumented_ ? now() : 0;
  for (std::size_t stride = 1; stride < partial.size(); stride *= 2)
    for (std::size_t i = 0; i + stride < partial.size(); i += 2 * stride)
      partial[i] = combine(std::as_const(partial[i]), std::as_const(partial[i + stride]));
  if (instrumented_) record_caller_combine(t0, now());
  return std::move(partial[0]);
}

template <class Body>
void Runtime::spmd(Body&& body) {
  RegionGuard region(*this, spmd_regions_);
  require_concurrency();
  Barrier barrier(p_);
  FirstError error;
  auto run_rank = [&](int rank) {
    tsan_task_begins();
    SpmdContext ctx(*this, barrier, rank);
    try {
      if (instrumented_) {
        const Ticks t0 = now();
        body(rank, ctx);
        record_chunk(t0, now());
      } else {
        body(rank, ctx);
      }
    } catch (...) {
      error.capture(std::current_exception());
      barrier.break_barrier();
    }
    tsan_task_ends();
  };
  tsan_before_fork();
  arena_.execute([&] {
    oneapi::tbb::task_group group;
    for (int rank = 1; rank < p_; ++rank)
      group.run([job = std::pair(&run_rank, rank)] {
        const auto [run, r] = read_task_capture(job);
        (*run)(r);
      });
    run_rank(0);
    group.wait();
  });
  tsan_after_join();
  barriers_ += barrier.episodes();
  error.rethrow();
}

}  // namespace scalerun::runtime
