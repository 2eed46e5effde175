#pragma once
// Keeps the measuring thread on the CPU it runs on for the length of a measured window, then
// gives it back its former affinity. Unpinned, the OS migrates a lone thread between idle cores:
// on a 2-vCPU VM a one-worker NPB EP run took 4 % longer than the same run pinned, which made
// E(2) = T(1)/(2 T(2)) come out above 1 without any superlinear effect (the two-worker run keeps
// both cores busy and barely migrates). TBB's workers are left to the OS: the caller, pinned,
// holds one core and the OS places the others beside it.

#include <sched.h>

namespace scalerun::runtime {

class CallerPin {
 public:
  CallerPin() noexcept;  // does nothing where the thread may run on one CPU only or the calls fail
  ~CallerPin();
  CallerPin(const CallerPin&) = delete;
  CallerPin& operator=(const CallerPin&) = delete;

 private:
  cpu_set_t former_{};
  cpu_set_t pinned_to_{};
  bool pinned_ = false;
};

}  // namespace scalerun::runtime
