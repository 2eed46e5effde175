#include "measure/command_template.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::measure {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

[[noreturn]] void fail(std::string_view templ, const std::string& what) {
  throw std::invalid_argument(fmt::format("command template '{}': {}", templ, what));
}

std::string known_names(const TemplateValues& values) {
  if (values.empty()) return "no values are known";
  std::string names;
  for (const auto& [name, value] : values) names += (names.empty() ? "" : ", ") + name;
  return "known: " + names;
}

std::string value_text(const TemplateValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  return format_template_number(std::get<double>(value));
}

// Returns the position of the '}' closing the placeholder that opens at `open`.
std::size_t placeholder_end(std::string_view templ, std::size_t open) {
  for (std::size_t i = open + 1; i < templ.size(); ++i) {
    const char c = templ[i];
    if (c == '}') return i;
    // A blank, quote or second '{' means the first one was never closed: saying so beats
    // reporting a placeholder name that spans half the command line.
    if (is_blank(c) || c == '{' || c == '\'' || c == '"') break;
  }
  fail(templ, fmt::format("unclosed '{{' at column {} (write {{{{ for a literal brace)", open + 1));
}

}  // namespace

std::string format_template_number(double value) {
  if (!std::isfinite(value)) throw std::invalid_argument(fmt::format("{} is not a finite number", value));
  // Below 2^53 every integral double is exact, so printing it without decimals loses nothing;
  // programs parsing sizes with atoi/stoi would stop at "1e+06".
  constexpr double kExactIntegers = 9007199254740992.0;
  if (value == std::trunc(value) && std::fabs(value) < kExactIntegers) {
    return fmt::format("{:.0f}", value == 0 ? 0.0 : value);  // never "-0"
  }
  return fmt::format("{}", value);  // shortest round-trip form
}

std::vector<std::string> expand_template(std::string_view templ, const TemplateValues& values) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;  // separate from word.empty(): '' is an empty word, not no word
  char quote = 0;
  std::size_t quote_at = 0;
  for (std::size_t i = 0; i < templ.size(); ++i) {
    const char c = templ[i];
    if (quote == 0 && is_blank(c)) {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (quote == 0 && (c == '\'' || c == '"')) {
      quote = c;
      quote_at = i;
    } else if (quote != 0 && c == quote) {
      quote = 0;
    } else if ((c == '{' || c == '}') && i + 1 < templ.size() && templ[i + 1] == c) {
      word += c;
      ++i;
    } else if (c == '{') {
      const std::size_t close = placeholder_end(templ, i);
      const std::string_view name = templ.substr(i + 1, close - i - 1);
      if (name.empty()) fail(templ, fmt::format("empty placeholder {{}} at column {}", i + 1));
      const auto found = values.find(name);
      if (found == values.end()) fail(templ, fmt::format("unknown placeholder {{{}}} ({})", name, known_names(values)));
      try {
        word += value_text(found->second);
      } catch (const std::invalid_argument& e) {
        fail(templ, fmt::format("value of {{{}}}: {}", name, e.what()));
      }
      i = close;
    } else if (c == '}') {
      fail(templ, fmt::format("'}}' at column {} closes nothing (write }}}} for a literal brace)", i + 1));
    } else {
      word += c;
    }
  }
  if (quote != 0) fail(templ, fmt::format("unclosed {} at column {}", quote, quote_at + 1));
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) fail(templ, "no command in it");
  return words;
}

}  // namespace scalerun::measure
