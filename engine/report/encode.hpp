#pragma once
// Text from scripts reaches files that other programs read: gnuplot runs the figure scripts, a
// browser opens the page, spreadsheets read the CSV, trace viewers the JSON. Every name a script
// sets (experiment, kernel, machine, map, column, model term, fit, discover, a command template)
// can come from a shared library the user did not write, so none of it may act as code or break
// the file it lands in. Names are taken as written at input and encoded here, where they are
// written out: one encoder per target, and every writer of that target calls it.

#include <string>
#include <string_view>
#include <vector>

namespace scalerun::report {

// The text as valid UTF-8: each byte that does not belong to a well-formed sequence (overlong
// forms, surrogates and code points past U+10FFFF included) becomes U+FFFD.
std::string valid_utf8(std::string_view text);

// One line of plain text for a terminal: valid UTF-8, every control character (line breaks, tabs,
// the escape that starts a terminal control sequence) a space.
std::string one_line(std::string_view text);

// gnuplot substitutes `command` and expands escapes inside double quotes, and a line break ends a
// command, so text goes into single quotes only, where nothing is substituted: ' doubled, control
// characters as spaces, valid UTF-8 (the SVG it draws must parse as XML).
std::string gnuplot_string(std::string_view text);
// A tic label of `set xtics ("label" position, ...)`, which gnuplot reads as a printf format of
// the position: gnuplot_string with every % doubled.
std::string gnuplot_tic_label(std::string_view text);
// Lines of text as one gnuplot string expression, broken where they are: 'a'."\n".'b'.
std::string gnuplot_lines(const std::vector<std::string>& lines);
// The text of a comment line (after "# "): one line that does not end in a backslash, which
// gnuplot would read as a continuation swallowing the next command.
std::string gnuplot_comment(std::string_view text);
// A field of a tab-separated data file gnuplot reads (a header comment's too): as a comment, and
// without tabs, "-" when empty.
std::string gnuplot_data_field(std::string_view text);

// HTML text and double- or single-quoted attribute values: & < > " ' as references (so no name
// can end an element or an attribute), valid UTF-8, control characters but line breaks as spaces.
std::string html_text(std::string_view text);
// An element id from a name: letters, digits and '-' kept, every other byte as _xx (hex), after
// `prefix`; distinct names give distinct ids, and an id never needs escaping.
std::string html_id(std::string_view prefix, std::string_view name);

// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled;
// valid UTF-8, control characters but line breaks and tabs as spaces (--format csv goes to a
// terminal too).
std::string csv_field(std::string_view text);

// A Markdown table cell: one line, \ | < > escaped with a backslash (a bare | ends the cell, < may
// start raw HTML), valid UTF-8.
std::string markdown_cell(std::string_view text);
// Markdown text outside a table (headings, notes): the same escapes but the pipe.
std::string markdown_text(std::string_view text);

// A file name part from a name: letters, digits, '_', '.' and '-' kept, every other byte '_', at
// most 80 bytes, never "." or "..", so a name cannot leave the output folder or exceed the
// filesystem's limit.
std::string file_stem(std::string_view name);

// JSON as text with invalid UTF-8 in strings replaced by U+FFFD rather than thrown at the end of a
// run (nlohmann's default). Json is nlohmann::json or nlohmann::ordered_json.
template <class Json>
std::string json_text(const Json& json, int indent = -1) {
  return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace scalerun::report
