#include "study/json_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "errors/printable.hpp"

namespace scalerun::study {

nlohmann::json parse_json_limited(std::string_view text, const std::string& where) {
  // The callback sees each value's depth as the parser reaches it; refusing the deep one keeps it
  // out of the document, and the flag turns that into the error below. The parser itself keeps
  // its nesting in a vector, so reading a deep text costs no stack.
  bool too_deep = false;
  const nlohmann::json::parser_callback_t limit = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > kMaxJsonDepth) too_deep = true;
    return !too_deep;
  };
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.begin(), text.end(), limit, /*allow_exceptions=*/true);
  } catch (const nlohmann::json::exception& e) {
    // 406 (an out_of_range): a number the parser cannot hold (1e400); the rest are syntax errors.
    if (e.id == 406) throw std::runtime_error(fmt::format("{}: a number out of range (past a double's 1.8e308)", where));
    return nlohmann::json(nlohmann::json::value_t::discarded);
  }
  if (too_deep) {
    throw std::runtime_error(fmt::format("{}: values nested deeper than {} levels (not a results file)", where,
                                         kMaxJsonDepth));
  }
  return doc;
}

nlohmann::json read_json_file(const std::string& path) {
  const std::string shown = printable(path);
  std::error_code ec;
  // Opening a FIFO would wait for a writer with no limit, a device could be read for ever.
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(fmt::format("'{}' is not a regular file (give a results file)", shown));
  }
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) throw std::runtime_error(fmt::format("cannot read '{}'", shown));
  if (size > kMaxJsonBytes) {
    throw std::runtime_error(fmt::format("'{}' is {} MiB, more than the {} MiB a results file may have", shown,
                                         size >> 20, kMaxJsonBytes >> 20));
  }
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json doc = parse_json_limited(text.str(), "'" + shown + "'");
  if (doc.is_discarded()) throw std::runtime_error(fmt::format("'{}' is not JSON", shown));
  return doc;
}

}  // namespace scalerun::study
