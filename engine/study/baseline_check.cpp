#include "study/baseline_check.hpp"

#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "errors/errors.hpp"
#include "study/session.hpp"

namespace scalerun::study {

namespace {

// "previous" on the experiment's first run: nothing to compare yet, and nothing wrong; this run
// is what the next one will be compared with.
bool first_baseline(const BaselineSpec& spec, Session& session, std::int64_t run, const std::string& db_path) {
  report::Table t;
  t.name = "baseline";
  t.title = fmt::format("{}: run {} is the first run of '{}': the baseline is now set", spec.name, run, spec.of);
  t.add_column("experiment").add_column("run", "{:g}").add_column("baseline");
  t.add_row({spec.of, static_cast<double>(run), std::string("set (first run)")});
  t.notes.push_back(fmt::format("no earlier run of '{}' in '{}' finished with points: nothing compared; the next run "
                                "is compared with run {}", spec.of, db_path, run));
  ++session.checks_run;
  session.sections.emplace_back(spec.name, "check", std::vector<report::Table>{std::move(t)});
  return true;
}

}  // namespace

bool run_baseline_check(const BaselineSpec& spec, Session& session) {
  // A baseline file is read first: a file that cannot be one is said whatever the database holds.
  CompareSide baseline;
  if (!spec.file.empty()) {
    try {
      baseline = side_from_json(spec.file);
    } catch (const std::runtime_error& e) {
      field_error(spec.where, "baseline", e.what());
    }
  }
  store::Database& db = session.db();
  std::vector<std::int64_t> runs;  // of the experiment, oldest first
  for (const auto& run : db.list_runs())
    if (run.info.experiment == spec.of) runs.push_back(run.id);
  if (runs.empty()) {
    field_error(spec.where, "of", fmt::format("'{}' holds no run of experiment '{}' (a baseline check compares a measured "
                                              "experiment's newest run: run it in measure mode before the check)",
                                              db.path(), spec.of));
  }
  if (!spec.file.empty()) {
    // read above
  } else if (spec.previous) {
    // The newest earlier run that finished with points: an interrupted or failed one would
    // compare part of a sweep, or nothing.
    std::optional<std::int64_t> previous;
    for (std::size_t i = runs.size() - 1; i-- > 0;) {
      const auto run = db.run(runs[i]);
      if (run && usable_as_baseline(*run)) {
        previous = runs[i];
        break;
      }
    }
    if (!previous) return first_baseline(spec, session, runs.back(), db.path());
    baseline = side_from_run(db, *previous);
  } else if (!spec.label.empty()) {
    try {
      baseline = side_from_label(db, spec.label, spec.of);
    } catch (const std::runtime_error& e) {
      field_error(spec.where, "baseline", e.what());
    }
  } else {
    if (!db.run(spec.run))
      field_error(spec.where, "baseline", fmt::format("no run {} in '{}' (scalerun runs lists them)", spec.run, db.path()));
    baseline = side_from_run(db, spec.run);
  }
  const CompareSide current = side_from_run(db, runs.back());
  RunComparison c = compare_sides(baseline, current, spec.options);
  if (c.common == 0) {
    field_error(spec.where, "baseline", fmt::format("{} and {} (the newest of '{}') have no point in common", baseline.label,
                                                    current.label, spec.of));
  }
  c.table.name = "baseline";
  c.table.title = fmt::format("{}: {} against the baseline {}{}", spec.name, current.label, baseline.label,
                              spec.source.empty() ? "" : fmt::format(" ({})", spec.source));
  const bool ok = c.significant == 0;
  ++session.checks_run;
  if (!ok) {
    ++session.checks_failed;
    session.warn(fmt::format("{}check '{}' failed: {} of {} points of '{}' changed significantly against {} (tolerance "
                             "{:g} %, alpha {:g})",
                             spec.where, spec.name, c.significant, c.common, spec.of, baseline.label,
                             100 * spec.options.tolerance, spec.options.alpha));
  }
  session.sections.emplace_back(spec.name, "check", std::vector<report::Table>{std::move(c.table)});
  return ok;
}

}  // namespace scalerun::study
