#pragma once
// The end of an output stream, bounded: what run_command keeps of a program's stdout and stderr.

#include <cstddef>
#include <string>
#include <string_view>

namespace scalerun::measure::detail {

class OutputTail {
 public:
  explicit OutputTail(std::size_t limit) : limit_(limit) {}

  void append(std::string_view data) {
    text_.append(data);
    // Trimming only past twice the limit keeps appends amortised O(1).
    if (text_.size() > 2 * limit_) drop(text_.size() - limit_);
  }

  // At most `limit` bytes; when anything was dropped it starts after a newline (if one is in the
  // first half), so the first line kept is a whole line, not the end of one.
  std::string finish() {
    if (text_.size() > limit_) drop(text_.size() - limit_);
    if (dropped_ > 0) {
      const std::size_t newline = text_.find('\n');
      if (newline != std::string::npos && newline < limit_ / 2) drop(newline + 1);
    }
    return std::move(text_);
  }

  std::size_t dropped() const noexcept { return dropped_; }

 private:
  void drop(std::size_t count) {
    text_.erase(0, count);
    dropped_ += count;
  }

  std::string text_;
  std::size_t limit_;
  std::size_t dropped_ = 0;
};

}  // namespace scalerun::measure::detail
