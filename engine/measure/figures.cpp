#include "measure/figures.hpp"

namespace scalerun::measure {

namespace {

constexpr int kMaxFigureDepth = 16;

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

nlohmann::json last_json_object(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0) {
    const std::size_t newline = text.rfind('\n', end - 1);
    const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    const std::string_view line = trim(text.substr(begin, end - begin));
    end = newline == std::string_view::npos ? 0 : newline;
    // The cheap test first: most lines of a chatty program are not JSON at all.
    if (line.empty() || line.front() != '{') continue;
    // Figures are one flat object: values nested deeper than a few levels are dropped as the
    // parser meets them, so a program printing a pathological line builds no deep document.
    const nlohmann::json::parser_callback_t shallow = [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
      return depth <= kMaxFigureDepth;
    };
    auto json = nlohmann::json::parse(line.begin(), line.end(), shallow, /*allow_exceptions=*/false);
    if (json.is_object()) return json;
  }
  return nullptr;
}

Figures parse_json_figures(std::string_view text) {
  Figures figures;
  const nlohmann::json json = last_json_object(text);
  if (!json.is_object()) return figures;
  for (const auto& [key, value] : json.items()) {
    if (value.is_number()) figures.emplace(key, value.get<double>());
  }
  return figures;
}

}  // namespace scalerun::measure
