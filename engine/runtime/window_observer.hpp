#pragma once
// Something that wants to know when a Runtime's measured window opens and closes, such as the
// hardware counters of measure mode (engine/measure/perf_counters.hpp). Called on the caller's
// thread, outside the window's timing: opening runs before the first stamp, closing after the last.

namespace scalerun::runtime {

class WindowObserver {
 public:
  virtual ~WindowObserver() = default;
  virtual void window_opened() noexcept = 0;
  virtual void window_closed() noexcept = 0;
};

}  // namespace scalerun::runtime
