#pragma once
// User data (a name, a path, a --set value) quoted inside a message: a message is one line, so
// newlines, NULs and other control characters are shown escaped as C writes them (\n, \t, \0,
// \x1b), and so are bytes that are not UTF-8 (\xff), which a terminal or a JSON reader would mangle.

#include <string>
#include <string_view>

namespace scalerun {

inline std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  const auto escape = [&out](unsigned char c) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n' || c == '\r' || c == '\t' || c == '\0') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : "\\0";
      ++i;
    } else if (c < 0x20 || c == 0x7f) {
      escape(c);
      ++i;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
    } else {
      // A well-formed UTF-8 sequence (no overlong forms, no surrogates, at most U+10FFFF) is kept.
      const std::size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
      bool ok = n != 0 && c <= 0xf4 && i + n <= text.size();
      for (std::size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
      if (ok && n >= 3) {
        const auto c1 = static_cast<unsigned char>(text[i + 1]);
        if (c == 0xe0 && c1 < 0xa0) ok = false;  // overlong
        if (c == 0xed && c1 >= 0xa0) ok = false;  // surrogate
        if (c == 0xf0 && c1 < 0x90) ok = false;  // overlong
        if (c == 0xf4 && c1 >= 0x90) ok = false;  // beyond U+10FFFF
      }
      if (ok) {
        out.append(text.substr(i, n));
        i += n;
      } else {
        escape(c);
        ++i;
      }
    }
  }
  return out;
}

}  // namespace scalerun
