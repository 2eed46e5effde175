#pragma once
// Progress of long sweeps on stderr: one line rewritten in place on a terminal ("point 3/8 ...
// ETA 0:42"), plain lines otherwise (logs, CI), nothing with --quiet. Colour only on a terminal
// and never when NO_COLOR is set.

#include <chrono>
#include <string>

namespace scalerun::study {

class Progress {
 public:
  Progress(std::string label, std::size_t total, bool quiet);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Point `done` of total has finished; `what` says which (e.g. "p=2 n=512: 1.23 s").
  void step(std::size_t done, const std::string& what);
  void note(const std::string& line);  // a line that stays (e.g. a warning about a noisy point)
  void finish();

 private:
  std::string eta(std::size_t done) const;
  std::string label_;
  std::size_t total_;
  bool quiet_, terminal_, colour_;
  bool line_open_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace scalerun::study
