#pragma once
// check{}: compares computed table values with reference values (published figures, known
// answers). Every comparison is printed; any mismatch makes the run exit with status 1. Plain
// C++: lua/check_reader reads the script's table (and its expected rows) into a CheckSpec.

#include <optional>
#include <string>
#include <vector>

namespace scalerun::study {

struct Session;

enum class Comparison { equal, at_least, at_most };

struct CheckSpec {
  std::string name, where;
  std::string of;     // the experiment, map or fit whose table is checked
  std::string table;
  std::optional<std::string> key;  // the key column; the table's first when absent
  std::vector<std::string> columns;
  bool by_decimals = false;
  double decimals = 0, rel_tol = 0, abs_tol = 0;
  Comparison compare = Comparison::equal;
  std::string source;  // where the expected values come from, for messages
  bool show_all = false;
  // Expected rows: a key, then one value per column (none: that one is skipped).
  struct Row {
    double key = 0;
    std::vector<std::optional<double>> values;
  };
  std::vector<Row> expect;
};

// Compares, appends the "check" section, counts the check in the session (a failure also warns)
// and returns whether every value held. ScriptError "<where>field '...': ..." for a section,
// table, column or key row that does not exist.
bool run_check(const CheckSpec& spec, Session& session);

}  // namespace scalerun::study
