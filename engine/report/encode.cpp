#include "report/encode.hpp"

#include <fmt/format.h>

#include "errors/printable.hpp"  // utf8_sequence_length: messages and outputs agree on what UTF-8 is

namespace scalerun::report {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool is_control(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7F;
}

// Valid UTF-8 with each control character passed through `control` (which appends).
template <class Control>
std::string each_char(std::string_view text, Control control) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence_length(text, i);
    if (n == 0) {
      out.append(kReplacement);
      ++i;
    } else if (n == 1 && is_control(text[i])) {
      control(out, text[i]);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

void as_space(std::string& out, char) { out.push_back(' '); }

}  // namespace

std::string valid_utf8(std::string_view text) {
  return each_char(text, [](std::string& out, char c) { out.push_back(c); });
}

std::string one_line(std::string_view text) { return each_char(text, as_space); }

std::string gnuplot_string(std::string_view text) {
  std::string out = "'";
  for (char c : one_line(text)) {
    if (c == '\'') out.push_back('\'');
    out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

std::string gnuplot_tic_label(std::string_view text) {
  std::string doubled;
  for (char c : text) {
    if (c == '%') doubled.push_back('%');
    doubled.push_back(c);
  }
  return gnuplot_string(doubled);
}

std::string gnuplot_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out.append(out.empty() ? "" : ".\"\\n\".").append(gnuplot_string(line));
  return out.empty() ? "''" : out;
}

std::string gnuplot_comment(std::string_view text) {
  std::string out = one_line(text);
  if (!out.empty() && out.back() == '\\') out.push_back(' ');
  return out;
}

std::string gnuplot_data_field(std::string_view text) {
  std::string out = gnuplot_comment(text);
  return out.empty() ? "-" : out;
}

std::string html_text(std::string_view text) {
  std::string out;
  for (char c : each_char(text, [](std::string& o, char c) { o.push_back(c == '\n' || c == '\t' ? c : ' '); })) {
    switch (c) {
      case '&': out.append("&amp;"); break;
      case '<': out.append("&lt;"); break;
      case '>': out.append("&gt;"); break;
      case '"': out.append("&quot;"); break;
      case '\'': out.append("&#39;"); break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string html_id(std::string_view prefix, std::string_view name) {
  std::string out(prefix);
  for (char c : name) {
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (keep) {
      out.push_back(c);
    } else {
      out.append(fmt::format("_{:02x}", static_cast<unsigned char>(c)));
    }
  }
  return out;
}

std::string csv_field(std::string_view text) {
  std::string valid = each_char(text, [](std::string& o, char c) { o.push_back(c == '\n' || c == '\t' ? c : ' '); });
  if (valid.find_first_of(",\"\n") == std::string::npos) return valid;
  std::string out = "\"";
  for (char c : valid) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

namespace {

std::string markdown_escaped(std::string_view text, std::string_view special) {
  std::string out;
  for (char c : one_line(text)) {
    if (special.find(c) != std::string_view::npos) out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::string markdown_cell(std::string_view text) { return markdown_escaped(text, "\\|<>"); }

std::string markdown_text(std::string_view text) { return markdown_escaped(text, "\\<>"); }

std::string file_stem(std::string_view name) {
  constexpr std::size_t kMost = 80;
  std::string out;
  for (char c : name.substr(0, kMost)) {
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '.' || c == '-';
    out.push_back(keep ? c : '_');
  }
  if (out == "." || out == "..") out.assign(out.size(), '_');
  return out;
}

}  // namespace scalerun::report
