#include "runtime/caller_pin.hpp"

namespace scalerun::runtime {

CallerPin::CallerPin() noexcept {
  CPU_ZERO(&former_);
  if (sched_getaffinity(0, sizeof former_, &former_) != 0 || CPU_COUNT(&former_) < 2) return;
  const int cpu = sched_getcpu();
  if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &former_)) return;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  pinned_ = sched_setaffinity(0, sizeof one, &one) == 0;
}

CallerPin::~CallerPin() {
  if (pinned_) sched_setaffinity(0, sizeof former_, &former_);
}

}  // namespace scalerun::runtime
