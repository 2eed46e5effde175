#pragma once
// The one poll of the run's stop flag that study loops call between points: Ctrl-C becomes
// Interrupted (exit 130), the spent time budget the script's time-out line (exit 2), a run limit
// stays runtime::Stopped for the measurement that set it.

#include <string>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "runtime/stop.hpp"

namespace scalerun {

inline std::string timeout_message() {
  return fmt::format("script timed out after {:g} s (raise --script-timeout)", runtime::budget_seconds());
}

inline void check_stop() {
  switch (runtime::stop_cause()) {
    case runtime::StopCause::none: return;
    case runtime::StopCause::interrupt: throw Interrupted();
    case runtime::StopCause::deadline: throw ScriptError(timeout_message());
    case runtime::StopCause::run_limit: throw runtime::Stopped(runtime::StopCause::run_limit);
  }
}

}  // namespace scalerun
