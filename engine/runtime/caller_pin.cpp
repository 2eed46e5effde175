#include "runtime/caller_pin.hpp"

namespace scalerun::runtime {

CallerPin::CallerPin() noexcept {
  CPU_ZERO(&former_);
  if (sched_getaffinity(0, sizeof former_, &former_) != 0 || CPU_COUNT(&former_) < 2) return;
  const int cpu = sched_getcpu();
  if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &former_)) return;
  CPU_ZERO(&pinned_to_);
  CPU_SET(cpu, &pinned_to_);
  pinned_ = sched_setaffinity(0, sizeof pinned_to_, &pinned_to_) == 0;
}

// Gives the former affinity back only while the thread is still as this pinned it: a mask someone
// else set meanwhile (taskset -p on the process) is theirs to keep.
CallerPin::~CallerPin() {
  if (!pinned_) return;
  cpu_set_t now;
  CPU_ZERO(&now);
  if (sched_getaffinity(0, sizeof now, &now) != 0 || !CPU_EQUAL(&now, &pinned_to_)) return;
  sched_setaffinity(0, sizeof former_, &former_);
}

}  // namespace scalerun::runtime
