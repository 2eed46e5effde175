// The encoders of report/encode: what a name becomes in each target (gnuplot, HTML, CSV, Markdown,
// file names, JSON), checked against the target's own rules written out here, on the characters
// that would act as code or break the file.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "report/encode.hpp"

using namespace scalerun::report;

namespace {

const std::string kFffd = "\xEF\xBF\xBD";

// What gnuplot reads back from a single-quoted string: '' is one quote, nothing else special.
std::string gnuplot_unquoted(const std::string& quoted) {
  REQUIRE(quoted.size() >= 2);
  REQUIRE(quoted.front() == '\'');
  REQUIRE(quoted.back() == '\'');
  std::string out;
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    if (quoted[i] == '\'') {
      // Inside the string a quote comes only doubled; a lone one would end the string early.
      REQUIRE(i + 2 < quoted.size());
      REQUIRE(quoted[i + 1] == '\'');
      ++i;
    }
    out.push_back(quoted[i]);
  }
  return out;
}

}  // namespace

TEST_CASE("valid_utf8 keeps well-formed sequences and replaces every byte of a bad one", "[encode]") {
  CHECK(valid_utf8("plain ASCII") == "plain ASCII");
  CHECK(valid_utf8("\xC3\xA9t\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x98\x80") == "\xC3\xA9t\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x98\x80");
  CHECK(valid_utf8("a\xFF" "b") == "a" + kFffd + "b");
  CHECK(valid_utf8("\xC0\xAF") == kFffd + kFffd);                    // an overlong '/'
  CHECK(valid_utf8("\xED\xA0\x80") == kFffd + kFffd + kFffd);        // a surrogate
  CHECK(valid_utf8("\xF4\x90\x80\x80") == kFffd + kFffd + kFffd + kFffd);  // past U+10FFFF
  CHECK(valid_utf8("\xE2\x82") == kFffd + kFffd);                    // cut short
  CHECK(valid_utf8("line\nbreak\ttab") == "line\nbreak\ttab");
}

TEST_CASE("one_line turns line breaks, tabs and terminal escapes into spaces", "[encode]") {
  CHECK(one_line("a\nb\r\tc\x1B[31md\x7F") == "a b  c [31md ");
  CHECK(one_line("\xFE") == kFffd);
}

TEST_CASE("gnuplot strings are single-quoted, one line, quotes doubled", "[encode]") {
  CHECK(gnuplot_string("it's") == "'it''s'");
  CHECK(gnuplot_string("") == "''");
  const std::string hostile = "k`touch m`\nsystem(\"touch m\")\n' . system('touch m') . '\" . \"@x %s \\";
  const std::string quoted = gnuplot_string(hostile);
  CHECK(quoted.find('\n') == std::string::npos);
  CHECK(quoted.find('"') != std::string::npos);  // a double quote is plain text inside single quotes
  CHECK(gnuplot_unquoted(quoted) ==
        "k`touch m` system(\"touch m\") ' . system('touch m') . '\" . \"@x %s \\");
  CHECK(gnuplot_string("\x01\xFF") == "' " + kFffd + "'");
}

TEST_CASE("gnuplot tic labels double %, which gnuplot reads as a format", "[encode]") {
  CHECK(gnuplot_tic_label("50% %s") == "'50%% %%s'");
}

TEST_CASE("gnuplot lines join single-quoted parts with a double-quoted line break", "[encode]") {
  CHECK(gnuplot_lines({"a", "b'`c`"}) == "'a'.\"\\n\".'b''`c`'");
  CHECK(gnuplot_lines({}) == "''");
}

TEST_CASE("gnuplot comments and data fields stay on their line", "[encode]") {
  CHECK(gnuplot_comment("a\nset output 'x'") == "a set output 'x'");
  // A backslash at the end of a line continues it: a space after it ends the comment there.
  CHECK(gnuplot_comment("ends in \\") == "ends in \\ ");
  CHECK(gnuplot_data_field("") == "-");
  CHECK(gnuplot_data_field("a\tb\nc") == "a b c");
  CHECK(gnuplot_data_field("x\\") == "x\\ ");
}

TEST_CASE("HTML text escapes markup and quotes of both kinds", "[encode]") {
  CHECK(html_text("</script><!-- a & \"b\" 'c'") ==
        "&lt;/script&gt;&lt;!-- a &amp; &quot;b&quot; &#39;c&#39;");
  CHECK(html_text("line\nbreak\x01\xFF") == "line\nbreak " + kFffd);
}

TEST_CASE("HTML ids keep letters, digits and '-' and spell every other byte in hex", "[encode]") {
  CHECK(html_id("t-", "speedup") == "t-speedup");
  CHECK(html_id("t-", "a b/\"x\"") == "t-a_20b_2f_22x_22");
  CHECK(html_id("t-", "\xC3\xA9") == "t-_c3_a9");
  // Distinct names, distinct ids, even when one spells the other's escape.
  CHECK(html_id("", "a_20") != html_id("", "a "));
}

TEST_CASE("CSV fields are quoted when they hold a separator, quotes doubled", "[encode]") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("a\tb") == "a\tb");
  CHECK(csv_field("\r\x1B[31m") == "  [31m");
  CHECK(csv_field("\xFF") == kFffd);
}

TEST_CASE("Markdown cells escape pipes, backslashes and angle brackets, on one line", "[encode]") {
  CHECK(markdown_cell("a|b") == "a\\|b");
  CHECK(markdown_cell("\\|") == "\\\\\\|");  // a backslash before a pipe cannot unescape it
  CHECK(markdown_cell("<script>") == "\\<script\\>");
  CHECK(markdown_cell("two\nlines") == "two lines");
  CHECK(markdown_text("a|b <i>") == "a|b \\<i\\>");
}

TEST_CASE("file stems keep a name inside its folder", "[encode]") {
  CHECK(file_stem("speedup-2.1_x") == "speedup-2.1_x");
  CHECK(file_stem("../etc/passwd") == ".._etc_passwd");
  CHECK(file_stem("..") == "__");
  CHECK(file_stem(".") == "_");
  CHECK(file_stem("a b\n`c`") == "a_b__c_");
  CHECK(file_stem(std::string(300, 'x')).size() == 80);
}

TEST_CASE("json_text replaces invalid UTF-8 where dump() would throw", "[encode]") {
  const nlohmann::json j = {{"name", "k\xFF"}};
  CHECK_THROWS_AS(j.dump(), nlohmann::json::type_error);  // nlohmann's default: the whole file lost
  CHECK(json_text(j) == "{\"name\":\"k" + kFffd + "\"}");
  const nlohmann::ordered_json o = {{"a", "</script>"}};
  CHECK(json_text(o, 2) == "{\n  \"a\": \"</script>\"\n}");
}
