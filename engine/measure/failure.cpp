// Messages about a program that started and then failed: what a user needs to rerun it by hand
// and to see why, in a few lines rather than a status code to decode.

#include <string.h>  // sigabbrev_np, sigdescr_np (glibc 2.32+)

#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "measure/command.hpp"

namespace scalerun::measure {

namespace {

constexpr std::size_t kTailLines = 10;
constexpr std::size_t kLineWidth = 200;

bool needs_quotes(std::string_view word) {
  if (word.empty()) return true;
  for (const char c : word) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view("_-./:=+,@%^").find(c) != std::string_view::npos;
    if (!plain) return true;
  }
  return false;
}

std::string signal_text(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  const char* description = sigdescr_np(sig);
  if (abbrev == nullptr) return fmt::format("signal {}", sig);
  return description == nullptr ? fmt::format("SIG{}", abbrev) : fmt::format("SIG{} ({})", abbrev, description);
}

// The last kTailLines non-empty lines of `text`, each indented and cut to kLineWidth.
std::string indented_tail(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t end = text.size();
  while (end > 0 && lines.size() < kTailLines) {
    const std::size_t newline = text.rfind('\n', end - 1);
    const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    std::string_view line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") != std::string_view::npos) lines.push_back(line);
    end = newline == std::string_view::npos ? 0 : newline;
  }
  std::string result;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const std::string_view line = *it;
    result += "\n    ";
    result += line.size() > kLineWidth ? std::string(line.substr(0, kLineWidth)) + " ..." : std::string(line);
  }
  return result;
}

}  // namespace

std::string format_command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& word : argv) {
    if (!line.empty()) line += ' ';
    if (!needs_quotes(word)) {
      line += word;
      continue;
    }
    line += '\'';
    for (const char c : word) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

std::string describe_failure(const CommandResult& result, const std::vector<std::string>& argv) {
  std::string what;
  if (result.timed_out) {
    what = fmt::format("timed out after {:.3g} s (killed)", result.wall_seconds);
  } else if (result.cancelled) {
    what = "interrupted (killed)";
  } else if (result.signal != 0) {
    what = "killed by signal " + signal_text(result.signal);
  } else {
    what = fmt::format("exited with status {}", result.exit_code);
  }
  std::string message = fmt::format("{}: {}", format_command_line(argv), what);
  // One line for the error (the program's last words quoted in it), then the tail as detail that
  // scalerun shows with --verbose.
  auto with_tail = [&](const std::string& tail, const char* label) {
    const std::string last = tail.substr(tail.rfind("\n    ") + 5);
    return fmt::format("{}; {}: '{}'{}\n{}:{}", message, label, last,
                       tail.find('\n', 1) != std::string::npos ? " (--verbose shows more)" : "", label, tail);
  };
  if (const std::string tail = indented_tail(result.stderr_text); !tail.empty()) return with_tail(tail, "stderr ends");
  // Some programs report errors on stdout; with nothing on stderr that is the best clue.
  if (const std::string tail = indented_tail(result.stdout_text); !tail.empty()) {
    return with_tail(tail, "nothing on stderr, stdout ends");
  }
  return message + "; no output";
}

}  // namespace scalerun::measure
