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
  std::vector<double> samples;  // seconds; empty where not known (a JSON result file without them)
  double median = std::numeric_limits<double>::quiet_NaN();
  double mad = std::numeric_limits<double>::quiet_NaN();
  double runs = 0;  // timed runs behind the median
};

// One run's points. A JSON result file knows no parameters (its "measured" tables give p or the
// set, T, mad and runs), so points are then matched without them; its samples come from the
// experiment's "samples" list. A point without samples is not tested (and never significant).
struct CompareSide {
  std::string label;  // "run 3", or the file's path
  std::vector<ComparedPoint> points;
  bool from_json = false;
};

CompareSide side_from_run(const store::Database& db, std::int64_t run_id);  // the run must exist

// Whether a stored run can be a baseline: it finished (complete, or complete with a target
// missed) and kept points. A run that was interrupted, timed out or failed compares part of a
// sweep, or nothing.
bool usable_as_baseline(const store::StoredRun& run);

// A run chosen by label: `label:NAME` (scalerun --label NAME tagged it). The prefix is the syntax
// of compare's A and B and of check{ baseline }.
inline constexpr std::string_view kLabelPrefix = "label:";
bool is_label_word(std::string_view word);  // "label:NAME" with a NAME
// The runs labelled `label`, the newest of each experiment (of `experiment` only, when given),
// as one side; points match on their experiment, so a script's several experiments compare at
// once. Throws std::runtime_error with one line when no run has the label.
CompareSide side_from_label(const store::Database& db, const std::string& label, const std::string& experiment = {});
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
