#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/formatters.hpp"
#include "report/table.hpp"

namespace fs = std::filesystem;
using namespace scalerun::report;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// Numbers, text, empty and non-finite cells, with formatted and default-format number columns.
Table sample_table() {
  Table t;
  t.name = "scaled";
  t.title = "Scaled speedup";
  t.add_column("p", "{:.0f}").add_column("speedup", "{:.2f}").add_column("label").add_column(
      "ratio");
  t.add_row({1.0, 1.0, std::string("base"), 0.1 + 0.2});
  t.add_row({16.0, 12.5, std::string("with, comma"), kNaN});
  t.add_row({64.0, std::monostate{}, std::string("say \"hi\""), kInf});
  t.add_row({128.0, -kInf, std::monostate{}, 1234567.0});
  t.notes.push_back("p is the processor count");
  return t;
}

std::vector<Section> sample_sections() {
  Section s;
  s.name = "amdahl";
  s.kind = "experiment";
  s.tables.push_back(sample_table());
  Table empty;
  empty.name = "empty";
  empty.add_column("x");
  s.tables.push_back(empty);
  return {s};
}

Context sample_context() {
  Context c;
  c.scalerun_version = "0.1.0";
  c.host = "node1";
  c.cpu = "Test CPU";
  c.cores = 16;
  c.compiler = "GCC 12.2";
  c.build_type = "Release";
  c.git_revision = "abcdef123456";
  c.script_path = "scripts/amdahl.lua";
  c.script_hash = "sha256:00";
  c.command_line = "scalerun run scripts/amdahl.lua";
  c.started_at = "2024-01-01T00:00:00Z";
  return c;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh directory per test, removed even when an assertion fails.
struct TempDir {
  fs::path path;
  TempDir() {
    static std::atomic<int> counter{0};
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    path = fs::temp_directory_path() /
           ("scalerun_report_test_" + std::to_string(stamp) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace

TEST_CASE("report: add_row checks the cell count", "[report]") {
  Table t;
  t.name = "t";
  t.add_column("a").add_column("b");
  CHECK_NOTHROW(t.add_row({1.0, std::string("x")}));
  CHECK_THROWS_AS(t.add_row({1.0}), std::invalid_argument);
  CHECK_THROWS_AS(t.add_row({1.0, 2.0, 3.0}), std::invalid_argument);
  CHECK(t.rows.size() == 1);
  CHECK_THROWS_WITH(t.add_row({}), "table 't': row has 0 cells, expected 2");
}

TEST_CASE("report: add_column rejects late columns and bad specs", "[report]") {
  Table t;
  t.name = "t";
  CHECK_THROWS_AS(t.add_column("bad", "{:d}"), std::invalid_argument);
  CHECK(t.columns.empty());
  t.add_column("a", "{:.3f}");
  REQUIRE(t.columns.size() == 1);
  CHECK(t.columns[0].name == "a");
  CHECK(t.columns[0].format == "{:.3f}");
  t.add_row({1.0});
  CHECK_THROWS_AS(t.add_column("b"), std::logic_error);
}

TEST_CASE("report: the registry finds every format by its own name and nothing else", "[report]") {
  REQUIRE(reporters().size() == reporter_names().size());
  for (const Reporter* r : reporters()) {
    CHECK(find_reporter(r->name()) == r);
    CHECK_FALSE(r->summary().empty());
    CHECK_FALSE(r->extension().empty());
  }
  CHECK(reporters().front()->name() == "table");  // the default of --format
  CHECK(find_reporter("md") == nullptr);
  CHECK(find_reporter("JSON") == nullptr);
  CHECK(find_reporter("") == nullptr);
  CHECK(reporter_list() == "table, csv, json or markdown");
  CHECK(reporter_list("|") == "table|csv|json|markdown");
}

TEST_CASE("report: text output aligns columns and spells special values", "[report]") {
  std::ostringstream os;
  write_text(os, sample_table());
  CHECK(os.str() ==
        "Scaled speedup\n"
        "  p  speedup  label              ratio\n"
        "  1     1.00  base                 0.3\n"
        " 16    12.50  with, comma          nan\n"
        " 64        -  say \"hi\"             inf\n"
        "128     -inf  -            1.23457e+06\n"
        "  note: p is the processor count\n"
        "  note: p = 16: ratio is nan (no value: an undefined result such as 0/0 or inf - inf)\n"
        "  note: p = 64: ratio is inf (the value overflowed or divided by zero)\n"
        "  note: p = 128: speedup is -inf (the value overflowed or divided by zero)\n"
        "\n");
}

TEST_CASE("report: text output falls back to the name and left-aligns text columns", "[report]") {
  Table t;
  t.name = "plain";
  t.add_column("name").add_column("n");
  t.add_row({std::string("alpha"), 3.0});
  t.add_row({std::string("b"), std::monostate{}});
  std::ostringstream os;
  write_text(os, t);
  CHECK(os.str() ==
        "plain\n"
        "name   n\n"
        "alpha  3\n"
        "b      -\n"
        "\n");
}

TEST_CASE("report: CSV output carries full precision and RFC 4180 quoting", "[report]") {
  std::ostringstream os;
  write_csv(os, sample_table());
  // A plain CSV: the header row first; rows with a non-finite cell say why in a last column.
  CHECK(os.str() ==
        "p,speedup,label,ratio,note\n"
        "1,1,base,0.30000000000000004,\n"
        "16,12.5,\"with, comma\",nan,p = 16: ratio is nan (no value: an undefined result such as 0/0 or inf - inf)\n"
        "64,,\"say \"\"hi\"\"\",inf,p = 64: ratio is inf (the value overflowed or divided by zero)\n"
        "128,-inf,,1234567,p = 128: speedup is -inf (the value overflowed or divided by zero)\n");
}

TEST_CASE("report: CSV quotes headers and cells with commas, quotes or newlines", "[report]") {
  Table t;
  t.name = "q";
  t.add_column("a,b").add_column("plain").add_column("x\"y");
  t.add_row({std::string("line1\nline2"), std::string("ok"), std::string("\"")});
  t.add_row({std::string("cr\r"), std::string(""), std::string("semi;colon")});
  std::ostringstream os;
  write_csv(os, t);
  CHECK(os.str() ==
        "\"a,b\",plain,\"x\"\"y\"\n"
        "\"line1\nline2\",ok,\"\"\"\"\n"
        "cr ,,semi;colon\n");  // a carriage return is a control character: a space (report/encode)
}

TEST_CASE("report: a non-finite first cell names the row by number; finite tables get no note column", "[report]") {
  Table t;
  t.name = "n";
  t.add_column("x").add_column("y");
  t.add_row({std::numeric_limits<double>::infinity(), 1.0});
  t.add_row({2.0, 3.0});
  std::ostringstream os;
  write_text(os, t);
  CHECK(os.str().find("note: row 1: x is inf") != std::string::npos);
  t.rows[0][0] = 1.0;
  std::ostringstream csv;
  write_csv(csv, t);
  CHECK(csv.str() == "x,y\n1,1\n2,3\n");
}

TEST_CASE("report: Markdown output is a pipe table with right-aligned numbers", "[report]") {
  std::ostringstream os;
  write_markdown(os, sample_table());
  CHECK(os.str() ==
        "### Scaled speedup\n"
        "\n"
        "|    p | speedup | label       |       ratio |\n"
        "| ---: | ------: | ----------- | ----------: |\n"
        "|    1 |    1.00 | base        |         0.3 |\n"
        "|   16 |   12.50 | with, comma |         nan |\n"
        "|   64 |       - | say \"hi\"    |         inf |\n"
        "|  128 |    -inf | -           | 1.23457e+06 |\n"
        "\n"
        "> p is the processor count\n"
        ">\n"
        "> p = 16: ratio is nan (no value: an undefined result such as 0/0 or inf - inf)\n"
        ">\n"
        "> p = 64: ratio is inf (the value overflowed or divided by zero)\n"
        ">\n"
        "> p = 128: speedup is -inf (the value overflowed or divided by zero)\n"
        "\n");
}

TEST_CASE("report: Markdown escapes pipes and separates notes", "[report]") {
  Table t;
  t.name = "m";
  t.add_column("a|b");
  t.add_row({std::string("x|y")});
  t.notes = {"first", "second"};
  std::ostringstream os;
  write_markdown(os, t);
  CHECK(os.str() ==
        "### m\n"
        "\n"
        "| a\\|b |\n"
        "| ---- |\n"
        "| x\\|y |\n"
        "\n"
        "> first\n"
        ">\n"
        "> second\n"
        "\n");
}

TEST_CASE("report: plot hints and key values reach the JSON", "[report]") {
  Table t = sample_table();
  t.chart(Chart::Lines, "p", {"speedup"}, "speedup S").log_scales(true, false).unit("p", "processors");
  t.role("label", Role::Note).value("px", 64).value("T_px", kNaN, "s");
  std::ostringstream os;
  const Section s{"amdahl", "experiment", {t}};
  write_json(os, Context{}, std::span<const Section>(&s, 1));
  const auto doc = nlohmann::ordered_json::parse(os.str());
  const auto& plot = doc["experiments"][0]["tables"][0]["plot"];
  CHECK(plot["chart"] == "lines");
  CHECK(plot["x"] == "p");
  CHECK(plot["series"] == nlohmann::ordered_json({"speedup"}));
  CHECK(plot["y_label"] == "speedup S");
  CHECK(plot["log_x"] == true);
  CHECK(plot["log_y"] == false);
  CHECK(plot["units"] == nlohmann::ordered_json({{"p", "processors"}}));
  CHECK(plot["note_columns"] == nlohmann::ordered_json({"label"}));
  const auto& values = doc["experiments"][0]["tables"][0]["values"];
  REQUIRE(values.size() == 2);
  CHECK(values[0]["name"] == "px");
  CHECK(values[0]["value"] == 64);
  CHECK(values[1]["value"].is_null());  // non-finite, as in cells
  CHECK(values[1]["unit"] == "s");
  // A second x replaces the first: a figure has one x axis.
  t.role("ratio", Role::X);
  CHECK(t.find_column("p")->role == Role::Value);
}

TEST_CASE("report: a plot hint naming no column is refused where the table is built", "[report]") {
  Table t = sample_table();
  CHECK_THROWS_WITH(t.chart(Chart::Lines, "q", {"speedup"}), "table 'scaled': no column 'q' to mark for a figure");
  CHECK_THROWS_WITH(t.unit("T", "s"), "table 'scaled': no column 'T' to give a unit");
}

TEST_CASE("report: --out writes each reporter's files: one per table, or one for the run", "[report]") {
  TempDir tmp;
  write_out_dir(tmp.path, Context{}, sample_sections());
  std::vector<std::string> expected;
  for (const Reporter* r : reporters()) {
    if (r->out_files() == OutFiles::WholeRun) expected.push_back(fmt::format("results.{}", r->extension()));
    if (r->out_files() == OutFiles::PerTable) {
      for (const char* t : {"scaled", "empty"}) expected.push_back(fmt::format("amdahl__{}.{}", t, r->extension()));
    }
  }
  for (const auto& name : expected) CHECK(fs::exists(tmp.path / name));
  CHECK(static_cast<std::size_t>(std::distance(fs::directory_iterator(tmp.path), fs::directory_iterator())) ==
        expected.size());
}

TEST_CASE("report: JSON follows the contract and round-trips numbers", "[report]") {
  const auto sections = sample_sections();
  std::ostringstream os;
  write_json(os, sample_context(), sections);
  const std::string text = os.str();

  CHECK(text.rfind("{\n  \"schema_version\": 1,\n  \"context\": {\n    \"scalerun_version\"", 0) == 0);
  CHECK(text.back() == '\n');
  CHECK(text.find("0.30000000000000004") != std::string::npos);
  CHECK(text.find("NaN") == std::string::npos);

  const auto doc = nlohmann::ordered_json::parse(text);
  REQUIRE(doc.is_object());
  std::vector<std::string> keys;
  for (const auto& [key, value] : doc.items()) keys.push_back(key);
  CHECK(keys == std::vector<std::string>{"schema_version", "context", "experiments"});
  CHECK(doc["schema_version"] == 1);

  std::vector<std::string> context_keys;
  for (const auto& [key, value] : doc["context"].items()) context_keys.push_back(key);
  CHECK(context_keys ==
        std::vector<std::string>{"scalerun_version", "host", "cpu", "cores", "compiler",
                                 "build_type", "git_revision", "script_path", "script_hash",
                                 "command_line", "started_at"});
  CHECK(doc["context"]["cores"].is_number_integer());
  CHECK(doc["context"]["cores"] == 16);
  CHECK(doc["context"]["host"] == "node1");

  REQUIRE(doc["experiments"].size() == 1);
  const auto& exp = doc["experiments"][0];
  CHECK(exp["name"] == "amdahl");
  CHECK(exp["kind"] == "experiment");
  REQUIRE(exp["tables"].size() == 2);
  const auto& t = exp["tables"][0];
  std::vector<std::string> table_keys;
  for (const auto& [key, value] : t.items()) table_keys.push_back(key);
  CHECK(table_keys == std::vector<std::string>{"name", "title", "columns", "rows", "notes", "values", "plot"});
  // A table without hints says so: no chart, no x, no series, but every key present.
  CHECK(t["plot"]["chart"] == "none");
  CHECK(t["plot"]["x"].is_null());
  CHECK(t["plot"]["series"].empty());
  CHECK(t["values"].empty());
  CHECK(t["name"] == "scaled");
  CHECK(t["title"] == "Scaled speedup");
  CHECK(t["columns"] == nlohmann::ordered_json({"p", "speedup", "label", "ratio"}));
  // Each null from a NaN or infinity is explained in the notes.
  CHECK(t["notes"] == nlohmann::ordered_json({"p is the processor count",
                                              "p = 16: ratio is nan (no value: an undefined result such as 0/0 or inf - inf)",
                                              "p = 64: ratio is inf (the value overflowed or divided by zero)",
                                              "p = 128: speedup is -inf (the value overflowed or divided by zero)"}));

  const auto& rows = t["rows"];
  REQUIRE(rows.size() == 4);
  CHECK(rows[0][0].is_number());
  CHECK(rows[0][0].get<double>() == 1.0);
  CHECK(rows[0][2] == "base");
  CHECK(rows[0][3].is_number());
  CHECK(rows[0][3].get<double>() == 0.1 + 0.2);  // exact: full round-trip precision
  CHECK(rows[1][1].get<double>() == 12.5);
  CHECK(rows[1][3].is_null());  // NaN
  CHECK(rows[2][1].is_null());  // empty
  CHECK(rows[2][2] == "say \"hi\"");
  CHECK(rows[2][3].is_null());  // inf
  CHECK(rows[3][1].is_null());  // -inf
  CHECK(rows[3][2].is_null());  // empty text cell
  CHECK(rows[3][3].get<double>() == 1234567.0);

  const auto& empty = exp["tables"][1];
  CHECK(empty["rows"].is_array());
  CHECK(empty["rows"].empty());
  CHECK(empty["notes"].is_array());
  CHECK(empty["title"] == "");
}

TEST_CASE("report: JSON with no sections is still a complete document", "[report]") {
  std::ostringstream os;
  write_json(os, Context{}, {});
  const auto doc = nlohmann::ordered_json::parse(os.str());
  CHECK(doc["experiments"].is_array());
  CHECK(doc["experiments"].empty());
  CHECK(doc["context"]["cores"] == 0);
}

TEST_CASE("report: each reporter writes a run with each section under a heading", "[report]") {
  const auto sections = sample_sections();
  const auto ctx = sample_context();

  SECTION("table") {
    std::ostringstream os, table_only;
    find_reporter("table")->write_run(os, ctx, sections);
    write_text(table_only, sections[0].tables[0]);
    write_text(table_only, sections[0].tables[1]);
    CHECK(os.str() == "== experiment amdahl ==\n\n" + table_only.str());
  }
  SECTION("markdown") {
    std::ostringstream os, table_only;
    find_reporter("markdown")->write_run(os, ctx, sections);
    write_markdown(table_only, sections[0].tables[0]);
    write_markdown(table_only, sections[0].tables[1]);
    CHECK(os.str() == "## experiment: amdahl\n\n" + table_only.str());
  }
  SECTION("csv") {
    std::ostringstream os;
    find_reporter("csv")->write_run(os, ctx, sections);
    const std::string s = os.str();
    // Each block a plain CSV whose first column names the table, blocks apart by a blank line.
    CHECK(s.rfind("table,p,speedup,label,ratio,note\namdahl/scaled,1,1,base,0.30000000000000004,\n", 0) == 0);
    CHECK(s.find("\n\ntable,x\n\n") != std::string::npos);
    CHECK(s.find('#') == std::string::npos);
  }
  SECTION("json") {
    std::ostringstream os, direct;
    find_reporter("json")->write_run(os, ctx, sections);
    write_json(direct, ctx, sections);
    CHECK(os.str() == direct.str());
  }
}

TEST_CASE("report: write_out_dir writes one CSV per table and results.json", "[report]") {
  TempDir tmp;
  auto sections = sample_sections();
  sections[0].name = "amdahl law/v2";
  const auto ctx = sample_context();
  const fs::path out = tmp.path / "nested" / "out";

  write_out_dir(out.string(), ctx, sections);

  REQUIRE(fs::is_directory(out));
  const fs::path scaled = out / "amdahl_law_v2__scaled.csv";
  const fs::path empty = out / "amdahl_law_v2__empty.csv";
  REQUIRE(fs::is_regular_file(scaled));
  REQUIRE(fs::is_regular_file(empty));
  std::ostringstream scaled_csv;
  write_csv(scaled_csv, sections[0].tables[0]);
  CHECK(read_file(scaled) == scaled_csv.str());
  CHECK(read_file(scaled).rfind("p,speedup,label,ratio,note\n", 0) == 0);  // header first: no "#" line
  CHECK(read_file(empty) == "x\n");

  std::ostringstream expected_json;
  write_json(expected_json, ctx, sections);
  CHECK(read_file(out / "results.json") == expected_json.str());
  const auto doc = nlohmann::ordered_json::parse(read_file(out / "results.json"));
  CHECK(doc["experiments"][0]["tables"][0]["rows"][0][3].get<double>() == 0.1 + 0.2);

  // A second run into the same directory replaces the files rather than failing.
  CHECK_NOTHROW(write_out_dir(out.string(), ctx, sections));
}

TEST_CASE("report: write_out_dir keeps tables whose sanitised names collide", "[report]") {
  TempDir tmp;
  Section s;
  s.name = "s";
  s.kind = "map";
  Table a;
  a.name = "x y";
  a.add_column("v");
  a.add_row({1.0});
  Table b = a;
  b.name = "x_y";
  b.rows[0][0] = 2.0;
  s.tables = {a, b};
  const std::vector<Section> sections{s};

  write_out_dir(tmp.path.string(), Context{}, sections);
  CHECK(read_file(tmp.path / "s__x_y.csv") == "v\n1\n");
  CHECK(read_file(tmp.path / "s__x_y-2.csv") == "v\n2\n");
}

TEST_CASE("report: write_out_dir names the path and reason when it cannot create DIR",
          "[report]") {
  TempDir tmp;
  const fs::path file = tmp.path / "plain_file";
  std::ofstream(file) << "not a directory\n";
  const auto sections = sample_sections();

  const std::string under_file = (file / "out").string();
  CHECK_THROWS_AS(write_out_dir(under_file, Context{}, sections), std::runtime_error);
  CHECK_THROWS_WITH(write_out_dir(under_file, Context{}, sections),
                    "cannot create directory '" + under_file + "': Not a directory");

  CHECK_THROWS_WITH(write_out_dir(file.string(), Context{}, sections),
                    "cannot create directory '" + file.string() + "': Not a directory");
}

TEST_CASE("report: text alignment counts UTF-8 code points, not bytes", "[report]") {
  Table t;
  t.name = "u";
  t.add_column("ψ").add_column("name");
  t.add_row({0.5, std::string("Ω")});
  t.add_row({12.25, std::string("ab")});
  std::ostringstream os;
  write_text(os, t);
  CHECK(os.str() ==
        "u\n"
        "    ψ  name\n"
        "  0.5  Ω\n"
        "12.25  ab\n"
        "\n");
}
