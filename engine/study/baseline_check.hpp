#pragma once
// check{ of = "experiment", baseline = RUN | "previous" | "label:NAME" | "file.json", tolerance = 0.05 }: an
// experiment as a performance regression test (ReFrame's references, with Google Benchmark's
// U test): the experiment's newest stored run is compared point by point with the baseline
// (study/compare_runs), and the check fails when a point changed significantly, faster or slower.

#include <cstdint>
#include <string>

#include "study/compare_runs.hpp"

namespace scalerun::study {

struct Session;

struct BaselineSpec {
  std::string name, where, of, source;
  std::int64_t run = 0;       // a stored run's number, or
  bool previous = false;      // the run of `of` before its newest (none yet: this one becomes it), or
  std::string label;          // the newest run of `of` tagged --label NAME, or
  std::string file;           // a --format json result file
  CompareOptions options;
};

// Appends the comparison as a check section and counts it; returns whether no point changed
// significantly. ScriptError naming the spec's field when `of` has no stored run, the baseline is
// missing, or the two have no point in common. "previous" with only the newest run stored passes:
// that run is the baseline of the next (said in the section's note).
bool run_baseline_check(const BaselineSpec& spec, Session& session);

}  // namespace scalerun::study
