#pragma once
// What one worker slot did during the current region, written only by the thread occupying the
// slot and read by the caller after the region's join.
//
// Each ledger sits on its own pair of cache lines (128 bytes: x86 prefetches lines in aligned pairs)
// so workers never share a line they write per chunk.
// Fields are relaxed atomics updated by load + store (plain moves on x86, no locked instructions).
// A slot has one occupant at a time, but the occupant can change during a region (a worker leaves
// the arena, another joins) and TBB orders that change inside libtbb, which ThreadSanitizer does not
// see; the atomics keep those hand-offs from being reported as races at no cost.

#include <atomic>
#include <cstdint>

#include "runtime/clock.hpp"

namespace scalerun::runtime {

struct alignas(128) SlotLedger {
  static constexpr Ticks kNever = INT64_MIN;

  std::atomic<Ticks> first{kNever};  // start of the slot's first activity in the region
  std::atomic<Ticks> last{0};        // end of its last activity
  std::atomic<Ticks> active{0};      // time inside activities: bodies, ranks, combines
  std::atomic<Ticks> combine{0};     // part of `active` spent combining partial results
  std::atomic<Ticks> wait_idle{0};   // part of `active` spent waiting at barriers for others
  std::atomic<Ticks> wait_prim{0};   // part of `active` inside barrier and lock machinery
  std::atomic<std::uint64_t> chunks{0};
  std::atomic<std::uint64_t> barriers{0};
  std::atomic<std::uint64_t> locks{0};

  static void add(std::atomic<Ticks>& field, Ticks dt) {
    field.store(field.load(std::memory_order_relaxed) + dt, std::memory_order_relaxed);
  }
  static void bump(std::atomic<std::uint64_t>& field) {
    field.store(field.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  // An activity ran on this slot from t0 to t1.
  void activity(Ticks t0, Ticks t1) {
    if (first.load(std::memory_order_relaxed) == kNever) first.store(t0, std::memory_order_relaxed);
    last.store(t1, std::memory_order_relaxed);
    add(active, t1 - t0);
  }

  void reset() {
    first.store(kNever, std::memory_order_relaxed);
    for (auto* f : {&last, &active, &combine, &wait_idle, &wait_prim}) f->store(0, std::memory_order_relaxed);
    for (auto* f : {&chunks, &barriers, &locks}) f->store(0, std::memory_order_relaxed);
  }
};

}  // namespace scalerun::runtime
