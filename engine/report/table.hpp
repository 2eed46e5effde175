#pragma once
// The one result type every report produces: a named table of typed cells. Formatters turn it
// into aligned text, CSV, JSON or Markdown; nothing upstream of them knows about output formats.

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace scalerun::report {

// A cell is a number (printed per the column's format, emitted at full precision in JSON),
// text, or empty (a value that does not exist: "-" in text, null in JSON, empty in CSV).
using Cell = std::variant<std::monostate, double, std::string>;

struct Column {
  std::string name;
  // fmt-style spec for text/Markdown output of numbers, e.g. "{:.2f}". Empty: 6 significant
  // digits ("{:.6g}"). JSON and CSV always carry full precision.
  std::string format;
};

struct Table {
  std::string name;       // e.g. "scaled", "psi", "overhead"
  std::string title;      // human heading, e.g. "Isospeed scalability psi(p, p')"
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> notes;  // printed under the table in text/Markdown, kept in JSON

  Table& add_column(std::string column_name, std::string format = {});
  Table& add_row(std::vector<Cell> row);  // must have columns.size() cells
};

// One experiment's (or map's, or fit's) tables, in the order they were produced.
struct Section {
  std::string name;
  std::string kind;  // "experiment", "map", "fit", "check"
  std::vector<Table> tables;
};

// Context of a run: what produced these numbers (the JSON "context" object).
struct Context {
  std::string host, cpu, compiler, build_type, git_revision, scalerun_version;
  int cores = 0;
  std::string script_path, script_hash, command_line, started_at;
};

}  // namespace scalerun::report
