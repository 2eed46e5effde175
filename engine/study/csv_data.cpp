#include "study/csv_data.hpp"

#include <charconv>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

namespace scalerun::study {

namespace {

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t\r\"");
  const auto last = s.find_last_not_of(" \t\r\"");
  return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (char c : line) {
    if (c == ',') {
      cells.push_back(trim(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(trim(cell));
  return cells;
}

}  // namespace

NumericCsv read_numeric_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot open data file '{}'", path));
  NumericCsv csv;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    auto cells = split(line);
    if (csv.columns.empty()) {
      csv.columns = std::move(cells);
      continue;
    }
    if (cells.size() != csv.columns.size()) {
      throw std::runtime_error(fmt::format("{}:{}: {} cells, but the header has {}", path, line_no, cells.size(),
                                           csv.columns.size()));
    }
    std::vector<double> row;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      double v = 0;
      const auto* end = cells[i].data() + cells[i].size();
      auto [ptr, ec] = std::from_chars(cells[i].data(), end, v);
      if (ec != std::errc() || ptr != end) {
        throw std::runtime_error(fmt::format("{}:{}: column '{}': number expected, got '{}'", path, line_no,
                                             csv.columns[i], cells[i]));
      }
      row.push_back(v);
    }
    csv.rows.push_back(std::move(row));
  }
  if (csv.columns.empty()) throw std::runtime_error(fmt::format("data file '{}' is empty", path));
  return csv;
}

}  // namespace scalerun::study
