#include "study/compare_runs.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/printable.hpp"
#include "fit/rank_tests.hpp"
#include "study/json_file.hpp"
#include "study/measurement.hpp"

namespace scalerun::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// The median's standard error for n values of a normal population is sqrt(pi/2) sigma/sqrt(n),
// and sigma = 1.4826 MAD there: 1.858 MAD/sqrt(n).
constexpr double kMedianErrorPerMad = 1.2533141373155 * 1.4826;
constexpr double kZ95 = 1.959963984540054;

double mad_of(const std::vector<double>& samples, double median) {
  std::vector<double> deviations;
  deviations.reserve(samples.size());
  for (double s : samples) deviations.push_back(std::abs(s - median));
  return median_of(std::move(deviations));
}

// Matched on what both sides know: the store's key (experiment, machine or set, p and the
// parameters) between stored runs; experiment, set and p where a JSON file is one of them.
std::string match_key(const ComparedPoint& pt, bool json) {
  if (json) return fmt::format("{}\n{}\np={}", pt.experiment, pt.set, pt.p);
  return fmt::format("{}\n{}\n{}", pt.experiment, pt.machine, pt.key);
}

// The relative standard error of a point's median, NaN where its spread or runs are unknown.
double relative_error(const ComparedPoint& pt) {
  if (!(pt.runs > 0) || !std::isfinite(pt.mad) || !(pt.median > 0)) return kNaN;
  return kMedianErrorPerMad * pt.mad / std::sqrt(pt.runs) / pt.median;
}

std::string verdict(double ratio, double error) {
  if (!std::isfinite(ratio) || !(ratio > 0)) return "-";
  const std::string spread = std::isfinite(error) ? fmt::format(" ± {:.2f}", ratio >= 1 ? error : error / (ratio * ratio)) : "";
  if (ratio > 1) return fmt::format("{:.2f}x slower{}", ratio, spread);
  if (ratio < 1) return fmt::format("{:.2f}x faster{}", 1 / ratio, spread);
  return fmt::format("unchanged{}", spread);
}

std::string listed(const std::vector<std::string>& keys) {
  std::string text;
  for (std::size_t i = 0; i < keys.size() && i < 4; ++i) text += fmt::format("{}{}", i ? "; " : "", keys[i]);
  if (keys.size() > 4) text += fmt::format("; and {} more", keys.size() - 4);
  return text;
}

const nlohmann::json* column_of(const nlohmann::json& row, const std::vector<std::string>& columns, std::string_view name) {
  const auto it = std::find(columns.begin(), columns.end(), name);
  if (it == columns.end()) return nullptr;
  const auto index = static_cast<std::size_t>(it - columns.begin());
  return index < row.size() ? &row[index] : nullptr;
}

double number_in(const nlohmann::json& row, const std::vector<std::string>& columns, std::string_view name) {
  const nlohmann::json* cell = column_of(row, columns, name);
  return cell != nullptr && cell->is_number() ? cell->get<double>() : kNaN;
}

}  // namespace

CompareSide side_from_run(const store::Database& db, std::int64_t run_id) {
  const auto run = db.run(run_id);
  CompareSide side;
  side.label = fmt::format("run {}", run_id);
  if (run) side.label += fmt::format(" ({} / {} on {})", run->info.experiment, run->info.kernel, run->info.machine);
  std::map<std::string, std::size_t> seen;  // a point stored twice (--resume): the newer one
  for (const auto& stored : db.points_of(run_id)) {
    const store::PointRecord& record = stored.record;
    ComparedPoint pt;
    pt.experiment = record.experiment;
    pt.machine = record.machine;
    if (run && record.machine != run->info.machine) pt.set = record.machine;  // machine sets store their set's name
    pt.key = record.point_key;
    pt.p = record.p;
    pt.params = record.params;
    pt.samples = record.samples;
    pt.median = std::isfinite(record.median) || pt.samples.empty() ? record.median : median_of(pt.samples);
    pt.mad = std::isfinite(record.mad) || pt.samples.empty() ? record.mad : mad_of(pt.samples, pt.median);
    pt.runs = static_cast<double>(pt.samples.size());
    const auto [it, fresh] = seen.emplace(match_key(pt, false), side.points.size());
    if (fresh) side.points.push_back(std::move(pt));
    else side.points[it->second] = std::move(pt);
  }
  return side;
}

bool is_label_word(std::string_view word) { return word.starts_with(kLabelPrefix) && word.size() > kLabelPrefix.size(); }

bool usable_as_baseline(const store::StoredRun& run) {
  return run.points > 0 && (run.status == "complete" || run.status == "target_missed");
}

CompareSide side_from_label(const store::Database& db, const std::string& label, const std::string& experiment) {
  std::map<std::string, std::int64_t> newest;  // per experiment
  int unfinished = 0;
  for (const auto& run : db.list_runs()) {
    const auto& labels = run.info.labels;
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) continue;
    if (!experiment.empty() && run.info.experiment != experiment) continue;
    if (!usable_as_baseline(run)) {
      ++unfinished;
      continue;
    }
    newest[run.info.experiment] = run.id;  // oldest first: the last one wins
  }
  if (newest.empty() && unfinished > 0) {
    throw std::runtime_error(fmt::format("the {} run{} in '{}' with the label '{}' did not finish with points "
                                         "(interrupted, timed out or failed: scalerun runs shows their status); "
                                         "label a complete run",
                                         unfinished, unfinished == 1 ? "" : "s", db.path(), printable(label)));
  }
  if (newest.empty()) {
    throw std::runtime_error(fmt::format("no run{} in '{}' has the label '{}' (give --label {} to the run meant; "
                                         "scalerun runs lists the labels)",
                                         experiment.empty() ? "" : fmt::format(" of experiment '{}'", experiment),
                                         db.path(), printable(label), printable(label)));
  }
  CompareSide side;
  std::string ids;
  for (const auto& [name, id] : newest) {
    CompareSide one = side_from_run(db, id);
    for (auto& pt : one.points) side.points.push_back(std::move(pt));
    ids += fmt::format("{}{}", ids.empty() ? "" : ", ", id);
  }
  side.label = fmt::format("label {} (run{} {})", label, newest.size() == 1 ? "" : "s", ids);
  return side;
}

namespace {

CompareSide points_of_json(const nlohmann::json& doc, const std::string& path);

}  // namespace

CompareSide side_from_json(const std::string& path) {
  const nlohmann::json doc = read_json_file(path);  // size and nesting limited, one line when not
  if (!doc.is_object()) throw std::runtime_error(fmt::format("'{}' is not JSON", printable(path)));
  try {
    return points_of_json(doc, path);
  } catch (const nlohmann::json::exception&) {
    // A value of another type where a results file has a name, a list of columns or a row.
    throw std::runtime_error(fmt::format("'{}' is not a results file of scalerun --format json (a field holds a value "
                                         "of the wrong type)", printable(path)));
  }
}

namespace {

CompareSide points_of_json(const nlohmann::json& doc, const std::string& path) {
  CompareSide side;
  side.label = path;
  side.from_json = true;
  const nlohmann::json& experiments = doc.contains("experiments") ? doc["experiments"] : nlohmann::json::array();
  for (const auto& section : experiments) {
    if (!section.is_object() || !section.contains("tables") || !section["tables"].is_array()) continue;
    const std::string experiment = section.value("name", "");
    const auto samples_at = [&section, &path, &experiment](const ComparedPoint& pt) {
      std::vector<double> seconds;
      const auto it = section.find("samples");
      if (it == section.end() || !it->is_array()) return seconds;
      int found = 0;
      for (const auto& entry : *it) {
        if (!entry.is_object() || entry.value("p", kNaN) != pt.p || entry.value("set", std::string()) != pt.set) continue;
        ++found;
        seconds.clear();
        const nlohmann::json list = entry.value("seconds", nlohmann::json::array());
        if (!list.is_array()) {
          throw std::runtime_error(fmt::format("'{}': experiment '{}' p={:g}: \"seconds\" of \"samples\" is not a list of "
                                               "times", printable(path), printable(experiment), pt.p));
        }
        for (const auto& v : list) {
          // A time is a positive finite number of seconds: anything else is a damaged file, and a
          // U test on it would decide significance on numbers no run produced.
          if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0) {
            throw std::runtime_error(fmt::format("'{}': experiment '{}' p={:g}: a sample is not a positive number of "
                                                 "seconds ({}); the file was not written by scalerun as it is",
                                                 printable(path), printable(experiment), pt.p, printable(v.dump())));
          }
          seconds.push_back(v.get<double>());
        }
      }
      // Several points at one p (other parameters) cannot be told apart from a table row: untested.
      if (found != 1) seconds.clear();
      // The samples must be the runs the table's T is the median of.
      if (!seconds.empty() && std::isfinite(pt.median) &&
          std::abs(median_of(seconds) - pt.median) > 1e-9 * std::abs(pt.median)) {
        throw std::runtime_error(fmt::format("'{}': experiment '{}' p={:g}: the samples' median {:g} s is not the table's "
                                             "T {:g} s; the file was changed after scalerun wrote it",
                                             printable(path), printable(experiment), pt.p, median_of(seconds), pt.median));
      }
      return seconds;
    };
    for (const auto& table : section["tables"]) {
      if (!table.is_object() || table.value("name", "") != "measured") continue;
      const auto columns = table.value("columns", std::vector<std::string>{});
      for (const auto& row : table.value("rows", nlohmann::json::array())) {
        if (!row.is_array()) continue;
        ComparedPoint pt;
        pt.experiment = experiment;
        if (const nlohmann::json* set = column_of(row, columns, "set"); set != nullptr && set->is_string()) {
          pt.set = pt.machine = set->get<std::string>();
        }
        pt.p = number_in(row, columns, "p");
        pt.key = fmt::format("p={}", pt.p);
        pt.median = number_in(row, columns, "T");
        pt.mad = number_in(row, columns, "mad");
        pt.runs = number_in(row, columns, "runs");
        if (std::isnan(pt.runs)) pt.runs = number_in(row, columns, "tuning runs");
        pt.samples = samples_at(pt);
        side.points.push_back(std::move(pt));
      }
    }
  }
  if (side.points.empty()) {
    throw std::runtime_error(fmt::format("'{}' holds no \"measured\" table (write one with --format json from a "
                                         "measure-mode script)", printable(path)));
  }
  return side;
}

}  // namespace

RunComparison compare_sides(const CompareSide& a, const CompareSide& b, const CompareOptions& options) {
  const bool json = a.from_json || b.from_json;
  std::map<std::string, const ComparedPoint*> in_b;
  for (const auto& pt : b.points) in_b[match_key(pt, json)] = &pt;
  std::vector<std::pair<const ComparedPoint*, const ComparedPoint*>> pairs;
  std::vector<std::string> only_a, only_b;
  std::set<std::string> matched;
  for (const auto& pt : a.points) {
    const std::string key = match_key(pt, json);
    const auto it = in_b.find(key);
    if (it == in_b.end()) {
      only_a.push_back(fmt::format("{} {}{}", pt.experiment, pt.set.empty() ? "" : pt.set + " ", pt.key));
      continue;
    }
    pairs.emplace_back(&pt, it->second);
    matched.insert(key);
  }
  for (const auto& pt : b.points) {
    if (!matched.contains(match_key(pt, json)))
      only_b.push_back(fmt::format("{} {}{}", pt.experiment, pt.set.empty() ? "" : pt.set + " ", pt.key));
  }

  RunComparison out;
  out.common = pairs.size();
  report::Table& t = out.table;
  t.name = "compare";
  t.title = fmt::format("B = {} against A = {}", b.label, a.label);
  const bool machines = std::any_of(pairs.begin(), pairs.end(), [](const auto& pr) { return !pr.first->machine.empty(); });
  std::vector<std::string> params;
  for (const auto& [pa, pb] : pairs) {
    for (const auto& [name, value] : pa->params) {
      if (std::find(params.begin(), params.end(), name) == params.end()) params.push_back(name);
    }
  }
  t.add_column("experiment");
  if (machines) t.add_column("machine");
  t.add_column("p", "{:.10g}");
  for (const auto& name : params) t.add_column(name, "{:.6g}");
  t.add_column("A", "{:.6g}").add_column("B", "{:.6g}").add_column("change%", "{:+.1f}");
  t.add_column("B/A", "{:.4f}").add_column("±", "{:.4f}").add_column("B vs A").add_column("U p", "{:.3g}");
  t.add_column("significant");
  t.unit({"A", "B"}, "s").unit("change%", "%");
  t.role("B vs A", report::Role::Note).role("significant", report::Role::Note);

  double log_sum = 0;
  std::size_t logged = 0, untested = 0;
  for (const auto& [pa, pb] : pairs) {
    const double ratio = pb->median / pa->median;
    const double change = ratio - 1;
    const double relative = std::hypot(relative_error(*pa), relative_error(*pb));
    const double error = kZ95 * ratio * relative;
    const bool tested = !pa->samples.empty() && !pb->samples.empty();
    double p_value = kNaN;
    if (tested) p_value = fit::mann_whitney_u(pa->samples, pb->samples).p_value;
    else ++untested;
    // Without samples there is no test: a change of the medians alone is reported, never called significant.
    const bool significant = tested && std::abs(change) > options.tolerance && p_value < options.alpha;
    if (significant) ++out.significant;
    if (ratio > 0 && std::isfinite(ratio)) {
      log_sum += std::log(ratio);
      ++logged;
    }
    std::vector<report::Cell> row;
    row.emplace_back(pa->experiment);
    if (machines) row.emplace_back(pa->machine);
    row.emplace_back(pa->p);
    for (const auto& name : params) {
      const auto it = pa->params.find(name);
      if (it == pa->params.end()) row.emplace_back(std::monostate{});
      else row.emplace_back(it->second);
    }
    for (double v : {pa->median, pb->median, 100 * change, ratio}) row.emplace_back(v);
    if (std::isfinite(error)) row.emplace_back(error);
    else row.emplace_back(std::monostate{});
    row.emplace_back(verdict(ratio, error));
    if (tested) row.emplace_back(p_value);
    else row.emplace_back(std::monostate{});
    row.emplace_back(std::string(significant ? "yes" : tested ? "no" : "untested"));
    t.add_row(std::move(row));
  }

  t.notes.push_back("A, B = the two runs' medians (seconds); change% = 100 (B/A - 1); ± = a 95 % interval of B/A from "
                    "the medians' standard errors, each 1.858 MAD / sqrt(runs) (a normal sample's, sigma = 1.4826 MAD), "
                    "propagated as relative errors (no bootstrap)");
  t.notes.push_back(fmt::format("U p = two-sided Mann-Whitney U test of the two points' samples (exact up to {} samples "
                                "each, with ties at their mid-ranks; beyond, the normal approximation with tie and "
                                "continuity corrections); significant = U p < {:g} and |change| > {:g} %",
                                fit::kExactLimit, options.alpha, 100 * options.tolerance));
  if (untested > 0) {
    t.notes.push_back(fmt::format("the U test cannot be run at {} point(s): a JSON result file holds no samples "
                                  "for them (written before results carried samples); significance cannot be tested "
                                  "there, so those points say untested and are never called significant",
                                  untested));
  }
  if (logged > 0) {
    const double geomean = std::exp(log_sum / static_cast<double>(logged));
    t.value("geomean B/A", geomean);
    t.notes.push_back(fmt::format("geometric mean of B/A over {} point(s): {:.4f} ({})", logged, geomean,
                                  verdict(geomean, kNaN)));
  }
  if (!only_a.empty()) t.notes.push_back(fmt::format("only in A: {}", listed(only_a)));
  if (!only_b.empty()) t.notes.push_back(fmt::format("only in B: {}", listed(only_b)));
  if (untested == out.common) t.notes.push_back("no point could be tested: significance unknown");
  else if (out.significant == 0) t.notes.push_back(untested == 0 ? std::string("no significant change")
                                                                  : fmt::format("no significant change among the {} "
                                                                                "tested point(s)", out.common - untested));
  else t.notes.push_back(fmt::format("{} of {} point(s) changed significantly", out.significant, out.common));
  return out;
}

}  // namespace scalerun::study
