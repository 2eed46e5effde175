#pragma once
// The runtime's timeline: what every worker slot did when, in the same four kinds of time as its
// accounting (run_stats.hpp) — busy, idle, primitive, serial — so that a worker's busy slices
// add up to its busy time. Off unless Runtime::record_timeline() was called: the instrumented
// path then pays one predictable branch per chunk.
//
// During a region each slot appends raw events (its chunks, and the barrier waits and lock
// acquisitions inside them) to a buffer of its own, and the caller notes where each region and
// serial stretch began and ended. Nothing more happens while the kernel runs, so recording adds
// no caller work to the measured windows; take() then classifies the events into phases, exactly
// as close_region classifies the ledger's sums:
//   region start .. first chunk          primitive (the fork)
//   inside a chunk                       busy, less the barrier/lock/combine events inside it
//   barrier: arrival .. release          idle;  release .. leaving: primitive
//   between two chunks                   primitive (scheduling)
//   last chunk .. region end             idle;  no chunk in the region: idle throughout
//   the caller in serial()               serial, on every slot (the others wait for it)
//   caller between regions in a window   nothing: not instrumented, a gap in every slot
// A slot's buffer is written only by the thread occupying the slot, element by element, with the
// count a relaxed atomic: the same hand-off argument as slot_ledger.hpp.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/clock.hpp"

namespace scalerun::runtime {

enum class Phase : std::uint8_t { busy, serial, idle, primitive };

struct PhaseSpan {
  Ticks start = 0, end = 0;
  Phase phase = Phase::busy;
};

// A run's timeline: per slot, its spans in time order; origin is the first window's start.
struct RunTimeline {
  Ticks origin = 0;
  Ticks span = 0;                             // first window's start to last window's end
  std::vector<std::vector<PhaseSpan>> slots;  // slot 0 is the caller
  bool truncated = false;                     // a slot passed the cap; later regions are missing
};

class TimelineRecorder {
 public:
  // Raw events one slot may record in a run (24 bytes each, memory touched only as it fills);
  // past it the slot's later regions are left out and the timeline says it was truncated.
  static constexpr std::size_t kEventsPerSlot = 1 << 18;

  enum class Event : std::uint8_t { chunk, combine, barrier_wait, barrier_cost, lock };

  explicit TimelineRecorder(int slots);

  // By the slot's occupant, during a region.
  void record(int slot, Event kind, Ticks start, Ticks end) {
    SlotBuffer& b = buffers_[static_cast<std::size_t>(slot)];
    const std::size_t n = b.count.load(std::memory_order_relaxed);
    if (n == kEventsPerSlot) {
      b.overflow.store(true, std::memory_order_relaxed);
      return;
    }
    b.events[n] = RawEvent{start, end, kind};
    b.count.store(n + 1, std::memory_order_relaxed);
  }

  // By the caller, outside regions.
  void region_closed(Ticks start, Ticks end);
  void serial(Ticks start, Ticks end);  // the caller alone, every slot waiting
  void window_opened(Ticks start);
  void window_closed(Ticks end);
  // After the last window: every slot's spans, classified.
  RunTimeline take();

 private:
  struct RawEvent {
    Ticks start = 0, end = 0;
    Event kind = Event::chunk;
  };
  struct alignas(128) SlotBuffer {
    std::unique_ptr<RawEvent[]> events;
    std::atomic<std::size_t> count{0};
    std::atomic<bool> overflow{false};
  };

  // What the caller did, in time order: a region (with each slot's event count at its end) or
  // serial code.
  struct CallerStretch {
    Ticks start = 0, end = 0;
    bool region = false;
    std::size_t ends = 0;  // regions: index of the slots' event counts in ends_
  };

  void classify(std::vector<PhaseSpan>& out, const RawEvent* first, const RawEvent* last, Ticks start, Ticks end);

  const std::size_t slots_;
  std::unique_ptr<SlotBuffer[]> buffers_;
  std::vector<CallerStretch> stretches_;
  std::vector<std::size_t> ends_;  // slots_ counts per region
  Ticks origin_ = 0, last_end_ = 0;
  bool any_window_ = false;
};

}  // namespace scalerun::runtime
