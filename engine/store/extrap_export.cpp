#include "store/extrap_export.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "report/encode.hpp"

namespace scalerun::store {

namespace {

using Json = nlohmann::ordered_json;  // keeps "p" first and the line's keys in a fixed order

// A point's values of the metric; empty when the point does not have it.
std::vector<double> values_of(const PointRecord& point, const std::string& metric) {
  if (metric == "time") return point.samples;
  for (const auto* figures : {&point.instrumentation, &point.counters}) {
    if (auto it = figures->find(metric); it != figures->end()) return {it->second};
  }
  return {};
}

// p and the parameters of one point, by name.
std::map<std::string, double> coordinates(const PointRecord& point) {
  std::map<std::string, double> all = point.params;
  all.emplace("p", point.p);
  return all;
}

// Integral values print as integers ("p": 8, not 8.0), as people write them; doubles beyond
// 2^53 or with a fraction keep full precision.
Json number(double value) {
  constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
  if (std::trunc(value) == value && std::fabs(value) < kExactIntegers) {
    return Json(static_cast<std::int64_t>(value));
  }
  return Json(value);
}

std::string describe(const ExtrapQuery& q, std::string_view machine) {
  std::string text = fmt::format("experiment '{}' with kernel '{}'", q.experiment, q.kernel);
  if (!machine.empty()) text += fmt::format(" on machine '{}'", machine);
  return text;
}

void require_one_machine(const Database& db, const ExtrapQuery& q,
                         const std::vector<StoredPoint>& points) {
  std::set<std::string> machines;
  for (const auto& stored : points) machines.insert(stored.record.machine);
  if (machines.size() > 1) {
    throw std::runtime_error(fmt::format(
        "'{}': the points of {} were measured on {} machines ({}); name one", db.path(),
        describe(q, {}), machines.size(), fmt::join(machines, ", ")));
  }
}

// Names written on every line: those that vary, "p" first, then the rest by name.
std::vector<std::string> exported_names(const ExtrapQuery& q,
                                        const std::vector<const PointRecord*>& points) {
  const auto reference = coordinates(*points.front());
  std::map<std::string, std::set<double>> seen;
  for (const PointRecord* point : points) {
    const auto coords = coordinates(*point);
    for (const auto& [name, value] : reference) {
      if (!coords.contains(name)) {
        throw std::runtime_error(fmt::format(
            "cannot export {}: point '{}' has no parameter '{}', which point '{}' has",
            describe(q, point->machine), point->point_key, name,
            points.front()->point_key));
      }
    }
    for (const auto& [name, value] : coords) {
      if (!reference.contains(name)) {
        throw std::runtime_error(fmt::format(
            "cannot export {}: point '{}' has parameter '{}', which point '{}' lacks",
            describe(q, point->machine), point->point_key, name, points.front()->point_key));
      }
      seen[name].insert(value);
    }
  }
  bool any_varies = false;
  for (const auto& entry : seen) any_varies = any_varies || entry.second.size() > 1;
  std::vector<std::string> names;
  for (const auto& [name, values] : seen) {
    if (!q.keep_constant_params && any_varies && values.size() == 1) continue;
    if (name == "p") names.insert(names.begin(), name);
    else names.push_back(name);
  }
  return names;
}

// The newest point per (machine, point_key) among the chosen runs' points of the query.
std::vector<StoredPoint> points_of_runs(const Database& db, const ExtrapQuery& q) {
  std::map<std::pair<std::string, std::string>, StoredPoint> newest;
  for (const std::int64_t id : q.runs) {
    if (!db.run(id)) throw std::runtime_error(fmt::format("'{}' has no run {} (see scalerun runs)", db.path(), id));
    bool any = false;
    for (auto& point : db.points_of(id)) {
      const PointRecord& r = point.record;
      if (r.experiment != q.experiment || r.kernel != q.kernel) continue;
      if (!q.machine.empty() && r.machine != q.machine) continue;
      any = true;
      auto key = std::make_pair(r.machine, r.point_key);
      auto it = newest.find(key);
      if (it == newest.end() || it->second.id < point.id) newest[key] = std::move(point);
    }
    if (!any) {
      throw std::runtime_error(
          fmt::format("'{}': run {} holds no points of {}", db.path(), id, describe(q, q.machine)));
    }
  }
  std::vector<StoredPoint> points;
  for (auto& entry : newest) points.push_back(std::move(entry.second));
  std::stable_sort(points.begin(), points.end(), [](const StoredPoint& a, const StoredPoint& b) {
    return std::tie(a.record.machine, a.record.p, a.record.point_key) <
           std::tie(b.record.machine, b.record.p, b.record.point_key);
  });
  return points;
}

// What a tuned point was tuned to ("efficiency (E = 0.8, vary n)"), from its extra JSON; "" for
// points of fixed sizes.
std::string target_of(const PointRecord& point) {
  const auto extra = nlohmann::json::parse(point.extra_json, nullptr, false);
  if (!extra.is_object() || !extra.contains("rule") || !extra["rule"].is_string()) return "";
  return extra["rule"].get<std::string>();
}

// Points tuned to different targets are different experiments in all but name: Extra-P would
// fit one model through both.
void require_one_target(const Database& db, const ExtrapQuery& q, const std::vector<StoredPoint>& points) {
  std::map<std::string, std::int64_t> targets;  // target -> a run that has it
  for (const auto& stored : points) targets.emplace(target_of(stored.record), stored.run_id);
  if (targets.size() <= 1) return;
  std::string listed;
  for (const auto& [target, run] : targets) {
    listed += fmt::format("{}run {}: {}", listed.empty() ? "" : "; ", run, target.empty() ? "fixed sizes" : target);
  }
  throw std::runtime_error(fmt::format("'{}': the points of {} were tuned to {} different targets ({}); pick the runs "
                                       "to export with --run ID",
                                       db.path(), describe(q, q.machine), targets.size(), listed));
}

}  // namespace

ExtrapSummary export_extrap_jsonl(const Database& db, std::ostream& out, ExtrapQuery query) {
  query.format = ExtrapQuery::Format::jsonl;
  return export_extrap(db, out, query);
}

ExtrapSummary export_extrap(const Database& db, std::ostream& out, const ExtrapQuery& query) {
  const auto stored = query.runs.empty() ? db.latest_points(query.experiment, query.kernel, query.machine)
                                         : points_of_runs(db, query);
  if (stored.empty()) {
    throw std::runtime_error(
        fmt::format("'{}' holds no points of {}", db.path(), describe(query, query.machine)));
  }
  if (query.machine.empty()) require_one_machine(db, query, stored);
  if (query.runs.empty()) require_one_target(db, query, stored);

  std::vector<const PointRecord*> with_metric;
  for (const auto& s : stored) {
    if (!values_of(s.record, query.metric).empty()) with_metric.push_back(&s.record);
  }
  if (with_metric.empty()) {
    throw std::runtime_error(fmt::format("'{}': no point of {} has metric '{}'", db.path(),
                                         describe(query, query.machine), query.metric));
  }

  ExtrapSummary summary;
  summary.params = exported_names(query, with_metric);
  const bool csv = query.format == ExtrapQuery::Format::csv;
  const bool text = query.format == ExtrapQuery::Format::text;
  std::string points_line, data_lines;  // the text format's, written once every point is seen
  if (csv) {
    for (const auto& name : summary.params) out << report::csv_field(name) << ',';
    out << "callpath,metric,value\n";
  }
  for (const PointRecord* point : with_metric) {
    const auto coords = coordinates(*point);
    Json params = Json::object();
    for (const auto& name : summary.params) params[name] = number(coords.at(name));
    bool contributed = false;
    for (double value : values_of(*point, query.metric)) {
      if (!std::isfinite(value)) {  // JSON has no NaN or infinity; Extra-P would reject null
        ++summary.skipped_values;
        continue;
      }
      if (text) {
        data_lines += contributed ? fmt::format(" {}", Json(value).dump()) : fmt::format("DATA {}", Json(value).dump());
        ++summary.lines;
        contributed = true;
        continue;
      }
      if (csv) {
        for (const auto& name : summary.params) out << params[name].dump() << ',';
        out << report::csv_field(query.kernel) << ',' << report::csv_field(query.metric) << ',' << Json(value).dump() << '\n';
        ++summary.lines;
        contributed = true;
        continue;
      }
      Json line = Json::object();
      line["params"] = params;
      line["callpath"] = query.kernel;
      line["metric"] = query.metric;
      line["value"] = value;
      out << report::json_text(line) << '\n';
      ++summary.lines;
      contributed = true;
    }
    if (contributed) ++summary.points;
    if (text && contributed) {
      data_lines += '\n';
      std::string coordinates_text;
      for (const auto& name : summary.params) coordinates_text += fmt::format(" {}", params[name].dump());
      points_line += summary.params.size() == 1 ? coordinates_text : fmt::format(" ({} )", coordinates_text);
    }
  }
  if (text) {
    // One line each: a name's line break would start a line of Extra-P's format.
    for (const auto& name : summary.params) out << "PARAMETER " << report::one_line(name) << '\n';
    out << "POINTS" << points_line << "\nREGION " << report::one_line(query.kernel) << "\nMETRIC "
        << report::one_line(query.metric) << '\n' << data_lines;
  }
  out.flush();
  if (!out) throw std::runtime_error("cannot write the Extra-P export: the output failed");
  return summary;
}

}  // namespace scalerun::store
