#include "measure/rank_trace.hpp"

#include <array>
#include <charconv>
#include <utility>

#include <fmt/format.h>

#include "measure/text_file.hpp"

namespace scalerun::measure {

namespace {

constexpr std::array<std::pair<std::string_view, CallKind>, 7> kKinds{{{"point_to_point", CallKind::point_to_point},
                                                                       {"collective", CallKind::collective},
                                                                       {"wait", CallKind::wait},
                                                                       {"barrier", CallKind::barrier},
                                                                       {"one_sided", CallKind::one_sided},
                                                                       {"io", CallKind::io},
                                                                       {"polling", CallKind::polling}}};

// Reads the next space-separated word of `line` into `value`; false when there is none or it is
// not one.
template <typename T>
bool next(std::string_view& line, T& value) {
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), value);
  if (ec != std::errc() || end == line.data()) return false;
  line.remove_prefix(static_cast<std::size_t>(end - line.data()));
  return true;
}

bool next_kind(std::string_view& line, CallKind& kind) {
  const std::size_t space = line.find(' ');
  const std::string_view word = line.substr(0, space);
  for (const auto& [name, k] : kKinds) {
    if (word != name) continue;
    kind = k;
    line.remove_prefix(word.size());
    return true;
  }
  return false;
}

}  // namespace

std::optional<RankTrace> parse_rank_trace(std::string_view text) {
  RankTrace trace;
  bool header = true;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (header) {
      if (!next(line, trace.init_exit) || !next(line, trace.finalize) || !next(line, trace.dropped)) return std::nullopt;
      header = false;
      continue;
    }
    CallInterval call;
    if (!next_kind(line, call.kind) || !next(line, call.start) || !next(line, call.end)) return std::nullopt;
    trace.calls.push_back(call);
  }
  if (header) return std::nullopt;
  return trace;
}

std::optional<RankTrace> read_rank_trace(const std::string& dir, int rank) {
  const std::optional<std::string> text = read_text_file(fmt::format("{}/rank-{}.trace", dir, rank));
  if (!text) return std::nullopt;
  return parse_rank_trace(*text);
}

std::vector<std::optional<RankTrace>> read_rank_traces(const std::string& dir, int ranks) {
  std::vector<std::optional<RankTrace>> traces;
  traces.reserve(static_cast<std::size_t>(ranks));
  for (int rank = 0; rank < ranks; ++rank) traces.push_back(read_rank_trace(dir, rank));
  return traces;
}

}  // namespace scalerun::measure
