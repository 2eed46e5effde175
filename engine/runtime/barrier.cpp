#include "runtime/barrier.hpp"

namespace scalerun::runtime {

Barrier::Barrier(int parties) : parties_(parties) {
  if (parties < 1) throw std::invalid_argument("a barrier needs at least one party");
}

Barrier::Passage Barrier::arrive_and_wait(bool stamp) {
  // Read before arriving: the generation cannot move on until this party has arrived. Checking
  // `broken_` after it closes the gap with break_barrier(), which sets the flag before bumping the
  // generation: either this read saw the bump (and the flag) or the wait below will see it.
  const std::uint32_t gen = generation_.load(std::memory_order_acquire);
  if (broken_.load(std::memory_order_acquire)) throw BarrierBroken();
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == parties_) {
    arrived_.store(0, std::memory_order_relaxed);
    const Ticks t = stamp ? now() : 0;
    // Safe to overwrite: every waiter of the previous episode read it before arriving here again.
    released_at_.store(t, std::memory_order_relaxed);
    episodes_.store(episodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    // A read-modify-write, not a store: break_barrier() bumps the generation too, and only a chain
    // of RMWs guarantees that whoever sees either bump also sees the broken flag.
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();
    return {t, true};
  }
  for (;;) {
    generation_.wait(gen, std::memory_order_acquire);
    if (generation_.load(std::memory_order_acquire) != gen) break;
  }
  if (broken_.load(std::memory_order_acquire)) throw BarrierBroken();
  return {released_at_.load(std::memory_order_relaxed), false};
}

void Barrier::break_barrier() {
  broken_.store(true, std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  generation_.notify_all();
}

}  // namespace scalerun::runtime
