#pragma once
// A temporary folder ($TMPDIR, else /tmp) removed with everything in it when the owner goes: an
// MPI job's rank records, the figures an HTML report inlines. A run the watchdog ends at once
// (a hang, a second Ctrl-C) never unwinds to the destructor, so the folder is also one of the
// watchdog's last words (runtime::add_forced_exit_hook).

#include <stdlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

#include "runtime/stop.hpp"

namespace scalerun::measure {

class TempFolder {
 public:
  // prefix: the folder's name before its random part, e.g. "scalerun-ranks". Throws
  // std::runtime_error when no folder can be made.
  explicit TempFolder(const std::string& prefix) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/" + prefix + ".XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a temporary folder " + pattern);
    path_ = pattern;
    hook_ = runtime::add_forced_exit_hook([path = path_](runtime::StopCause) { remove(path); });
  }
  // Removed before the hook goes: the watchdog may end the process during the removal, and then
  // its hook finishes it.
  ~TempFolder() {
    remove(path_);
    runtime::remove_forced_exit_hook(hook_);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  // The watchdog's hook and the unwinding run may remove the folder at once, and remove_all gives
  // up at the first entry the other removed: tried until the folder is gone (0.2 s at most).
  static void remove(const std::string& path) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
      if (!std::filesystem::exists(path, ignored)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }

  std::string path_;
  int hook_ = 0;
};

}  // namespace scalerun::measure
