#include "study/progress_line.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "report/encode.hpp"

namespace scalerun::study {

Progress::Progress(std::string label, std::size_t total, bool quiet)
    : label_(report::one_line(label)),  // a name from a script: no line break or escape reaches the terminal
      total_(total),
      quiet_(quiet),
      terminal_(isatty(STDERR_FILENO) != 0),
      colour_(terminal_ && std::getenv("NO_COLOR") == nullptr),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

std::string Progress::eta(std::size_t done) const {
  if (done == 0 || done >= total_) return {};
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const auto left = static_cast<long>(elapsed / static_cast<double>(done) * static_cast<double>(total_ - done));
  return fmt::format(", ETA {}:{:02}", left / 60, left % 60);
}

void Progress::step(std::size_t done, const std::string& what) {
  if (quiet_) return;
  const std::string text = fmt::format("{}: point {}/{} {}{}", label_, done, total_, what, eta(done));
  if (terminal_) {
    std::fprintf(stderr, "\r\033[K%s%s%s", colour_ ? "\033[2m" : "", text.c_str(), colour_ ? "\033[0m" : "");
    line_open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", text.c_str());
  }
  std::fflush(stderr);
}

void Progress::note(const std::string& line) {
  if (quiet_) return;
  if (line_open_) std::fprintf(stderr, "\r\033[K");
  line_open_ = false;
  std::fprintf(stderr, "%s\n", report::one_line(line).c_str());
}

void Progress::finish() {
  if (line_open_) std::fprintf(stderr, "\r\033[K");
  line_open_ = false;
  std::fflush(stderr);
}

}  // namespace scalerun::study
