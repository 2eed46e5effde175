#pragma once
// Figures a measured program reports about itself, read from its standard output.

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace scalerun::measure {

using Figures = std::map<std::string, double, std::less<>>;

// The top-level numbers of the LAST line of `text` that parses as a JSON object, e.g.
// {"n":1000,"threads":4,"checksum":1.64,"seconds":0.012}. The last line wins because programs
// print progress first and their summary at the end. Strings, booleans, null, arrays and nested
// objects are skipped: only numbers are figures. Empty when no line is a JSON object.
Figures parse_json_figures(std::string_view text);

// The LAST line of `text` that parses as a JSON object, whole (null when none does): for what a
// program says besides numbers, such as "verified": true.
nlohmann::json last_json_object(std::string_view text);

}  // namespace scalerun::measure
