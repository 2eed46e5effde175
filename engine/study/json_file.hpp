#pragma once
// JSON a user hands to scalerun (a results file for compare and check{ baseline = ... }, Extra-P's
// JSON Lines) read within limits: a file past kMaxJsonBytes, or values nested deeper than
// kMaxJsonDepth, is refused with one line naming the file, before a document that deep is built
// (copying or walking one recursively would overflow the stack). nlohmann's own exceptions never
// leave these functions.

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace scalerun::study {

// Results files nest a handful of levels (document, experiments, tables, rows, cells).
inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::uintmax_t kMaxJsonBytes = std::uintmax_t{256} << 20;

// The parsed text, or a discarded value (is_discarded()) when it is not JSON. `where` names the
// text in messages ("results.json", "data.jsonl:12"); a nesting past the limit or a number out of
// a double's range throws std::runtime_error "<where>: ...".
nlohmann::json parse_json_limited(std::string_view text, const std::string& where);

// The file read whole (at most kMaxJsonBytes) and parsed as above; throws std::runtime_error
// "<path>: ..." when it cannot be read, is too large or is not JSON.
nlohmann::json read_json_file(const std::string& path);

}  // namespace scalerun::study
