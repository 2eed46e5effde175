#include "store/extrap_export.hpp"

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

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

}  // namespace

ExtrapSummary export_extrap_jsonl(const Database& db, std::ostream& out,
                                  const ExtrapQuery& query) {
  const auto stored = db.latest_points(query.experiment, query.kernel, query.machine);
  if (stored.empty()) {
    throw std::runtime_error(
        fmt::format("'{}' holds no points of {}", db.path(), describe(query, query.machine)));
  }
  if (query.machine.empty()) require_one_machine(db, query, stored);

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
      Json line = Json::object();
      line["params"] = params;
      line["callpath"] = query.kernel;
      line["metric"] = query.metric;
      line["value"] = value;
      out << line.dump() << '\n';
      ++summary.lines;
      contributed = true;
    }
    if (contributed) ++summary.points;
  }
  out.flush();
  if (!out) throw std::runtime_error("cannot write the Extra-P export: the output failed");
  return summary;
}

}  // namespace scalerun::store
