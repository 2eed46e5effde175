#pragma once
// Command templates: a kernel's `command = "./solver --n {n} --threads {p}"` turned into the argv
// of one run. This is deliberately not a shell: no globbing, no variables, no pipes, so what runs
// is exactly what the template says and a value can never inject words.

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace scalerun::measure {

using TemplateValue = std::variant<double, std::string>;
using TemplateValues = std::map<std::string, TemplateValue, std::less<>>;

// Splits `templ` into words and substitutes every {name}:
//  - words are separated by unquoted blanks; '...' and "..." keep blanks inside one word and may
//    abut other text (--label="a b"); the quotes are removed; '' is an empty word; a quote of one
//    kind is literal inside the other; there are no backslash escapes;
//  - {name} is substituted inside quotes too, and a substituted value is never split into words;
//  - {{ and }} stand for literal braces.
// Throws std::invalid_argument naming the template for an unknown placeholder (listing the known
// names), an unclosed '{' or quote, a stray '}', an empty {}, a non-finite number, or a template
// without words.
std::vector<std::string> expand_template(std::string_view templ, const TemplateValues& values);

// How a number appears in a command line: integral values without decimals ("1000", not
// "1e+03"), others in the shortest form that reads back as the same double ("0.1").
// Throws std::invalid_argument for NaN and infinities: no program expects them as a size.
std::string format_template_number(double value);

}  // namespace scalerun::measure
