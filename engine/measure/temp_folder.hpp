#pragma once
// A temporary folder ($TMPDIR, else /tmp) removed with everything in it when the owner goes: an
// MPI job's rank records, the figures an HTML report inlines. A run the watchdog ends at once
// (a hang, a second Ctrl-C) never unwinds to the destructor, so the folder is also one of the
// watchdog's last words (runtime::add_forced_exit_hook).

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

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
    hook_ = runtime::add_forced_exit_hook([path = path_](runtime::StopCause) {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    });
  }
  ~TempFolder() {
    runtime::remove_forced_exit_hook(hook_);
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int hook_ = 0;
};

}  // namespace scalerun::measure
