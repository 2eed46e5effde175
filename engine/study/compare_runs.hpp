#pragma once
// `scalerun compare A B`: two stored runs (or two JSON result files) point by point. For every
// point both hold: the medians, the relative change, the ratio of the medians with an error from
// the runs' spread, and a Mann-Whitney U test on the stored samples (fit/rank_tests); a point
// changed significantly when p < alpha and |change| > tolerance.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "store/database.hpp"

namespace scalerun::study {

struct ComparedPoint {
  std::string experiment;
  std::string machine;  // the machine or machine set it ran on; empty where not known
  std::string set;      // the machine set's name where it ran on one
  std::string key;      // the store's point key ("p=2,n=1000"), or "p=2" from a JSON file
  double p = 1;
  std::map<std::string, double> params;
  std::vector<double> samples;  // seconds; empty where not known (a JSON result file)
  double median = std::numeric_limits<double>::quiet_NaN();
  double mad = std::numeric_limits<double>::quiet_NaN();
  double runs = 0;  // timed runs behind the median
};

// One run's points. A JSON result file knows no samples and no parameters (its "measured"
// tables give p or the set, T, mad and runs), so points are then matched without parameters
// and compared on their medians only.
struct CompareSide {
  std::string label;  // "run 3", or the file's path
  std::vector<ComparedPoint> points;
  bool from_json = false;
};

CompareSide side_from_run(const store::Database& db, std::int64_t run_id);  // the run must exist
// Throws std::runtime_error with one line when the file cannot be read, is not JSON or holds no
// "measured" table.
CompareSide side_from_json(const std::string& path);

struct CompareOptions {
  double tolerance = 0.05;  // |B/A - 1| a change must pass to count
  double alpha = 0.05;      // the U test's p must be below it
};

struct RunComparison {
  report::Table table;
  std::size_t common = 0;       // points in both runs (0: the table is empty)
  std::size_t significant = 0;  // of them, changed significantly
};

RunComparison compare_sides(const CompareSide& a, const CompareSide& b, const CompareOptions& options);

}  // namespace scalerun::study
