#pragma once
// User data in a message (a path, a --set name or value): a newline, a NUL or another control
// character in it would split the one line every error promises, or hide part of it. Each is
// shown escaped, as C writes it (\n, \t, \0, \x1b); everything else, UTF-8 included, as it is.

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace scalerun {

inline std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\0': out += "\\0"; break;
      default: out += fmt::format("\\x{:02x}", byte);
    }
  }
  return out;
}

}  // namespace scalerun
