#pragma once
// A reusable barrier for the ranks of one spmd region.
//
// Generation-counting rather than std::barrier because the accounting needs the moment of release:
// the last party to arrive stamps it, so a waiter can split its time into waiting for others
// (idle) and the barrier's own cost after the release (primitive). Waiters block in
// std::atomic::wait (a short spin, then a futex), which matters when ranks outnumber cores.
// A rank that fails breaks the barrier so the others stop waiting for it.

#include <atomic>
#include <cstdint>
#include <stdexcept>

#include "runtime/clock.hpp"

namespace scalerun::runtime {

class BarrierBroken : public std::runtime_error {
 public:
  BarrierBroken() : std::runtime_error("spmd barrier broken: another rank failed") {}
};

class Barrier {
 public:
  explicit Barrier(int parties);
  Barrier(const Barrier&) = delete;
  Barrier& operator=(const Barrier&) = delete;

  struct Passage {
    Ticks released_at = 0;  // when the last party arrived (0 unless stamped)
    bool last = false;      // this party was the last: it waited for no one
  };
  // Blocks until all parties have arrived. Throws BarrierBroken once the barrier is broken.
  Passage arrive_and_wait(bool stamp);
  // Wakes every waiter with BarrierBroken, now and at every later arrival.
  void break_barrier();
  // Completed episodes: every party passed this many times.
  std::uint64_t episodes() const { return episodes_.load(std::memory_order_acquire); }

 private:
  const int parties_;
  alignas(64) std::atomic<int> arrived_{0};
  alignas(64) std::atomic<std::uint32_t> generation_{0};
  std::atomic<Ticks> released_at_{0};
  std::atomic<bool> broken_{false};
  std::atomic<std::uint64_t> episodes_{0};
};

}  // namespace scalerun::runtime
