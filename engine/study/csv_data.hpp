#pragma once
// A small reader for numeric CSV files (a header line, then numbers). Written by hand: the
// files are tiny run logs and no packaged C++ CSV library is worth a dependency for this.

#include <map>
#include <string>
#include <vector>

namespace scalerun::study {

struct NumericCsv {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};

// Throws std::runtime_error("path:line: ...") for unreadable files and non-numeric cells.
NumericCsv read_numeric_csv(const std::string& path);

}  // namespace scalerun::study
