#pragma once
// A whole small file as text: a rank's record, a batch job's output, a figure to inline.

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace scalerun::measure {

// The file's bytes, or nothing when it cannot be opened.
inline std::optional<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace scalerun::measure
