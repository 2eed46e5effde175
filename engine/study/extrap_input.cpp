#include "study/extrap_input.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "study/measurement.hpp"

namespace scalerun::study {

namespace {

// Values by (callpath, metric) and point, in first-seen order of points.
struct Collected {
  std::vector<std::string> params;
  std::vector<std::pair<std::string, std::string>> series;  // (callpath, metric) in order
  std::map<std::pair<std::string, std::string>, std::map<std::vector<double>, std::vector<double>>> values;
  std::vector<std::vector<double>> point_order;
};

[[noreturn]] void fail(const std::string& path, std::size_t line, const std::string& what) {
  throw std::runtime_error(fmt::format("{}:{}: {}", path, line, what));
}

void add(Collected& c, const std::string& callpath, const std::string& metric, const std::vector<double>& point,
         double value) {
  const auto key = std::pair{callpath, metric};
  if (std::find(c.series.begin(), c.series.end(), key) == c.series.end()) c.series.push_back(key);
  auto& at = c.values[key];
  if (std::find(c.point_order.begin(), c.point_order.end(), point) == c.point_order.end()) c.point_order.push_back(point);
  at[point].push_back(value);
}

void read_json_lines(std::istream& in, const std::string& path, Collected& c) {
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("params") || !j["params"].is_object() || !j.contains("value") ||
        !j["value"].is_number())
      fail(path, line, "expected {\"params\": {...}, \"callpath\": ..., \"metric\": ..., \"value\": number}");
    if (c.params.empty())
      for (const auto& [name, v] : j["params"].items()) c.params.push_back(name);
    std::vector<double> point;
    for (const std::string& name : c.params) {
      if (!j["params"].contains(name) || !j["params"][name].is_number())
        fail(path, line, fmt::format("parameter '{}' (named on the first line) is missing or not a number", name));
      point.push_back(j["params"][name].get<double>());
    }
    add(c, j.value("callpath", ""), j.value("metric", "time"), point, j["value"].get<double>());
  }
}

void read_text(std::istream& in, const std::string& path, Collected& c) {
  std::vector<std::vector<double>> points;
  std::string callpath, metric, text;
  std::size_t next_point = 0;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    std::istringstream words(text);
    std::string keyword;
    if (!(words >> keyword)) continue;
    if (keyword == "PARAMETER") {
      std::string name;
      if (!(words >> name)) fail(path, line, "PARAMETER needs a name");
      c.params.push_back(name);
    } else if (keyword == "POINTS") {
      std::string rest;
      std::getline(words, rest);
      std::replace(rest.begin(), rest.end(), '(', ' ');
      std::replace(rest.begin(), rest.end(), ')', ' ');
      std::istringstream numbers(rest);
      std::vector<double> flat;
      for (double v; numbers >> v;) flat.push_back(v);
      const std::size_t n = std::max<std::size_t>(1, c.params.size());
      if (c.params.empty() || flat.empty() || flat.size() % n != 0)
        fail(path, line, fmt::format("POINTS: {} numbers for {} parameters (give PARAMETER lines first)", flat.size(), c.params.size()));
      for (std::size_t i = 0; i < flat.size(); i += n) points.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(i), flat.begin() + static_cast<std::ptrdiff_t>(i + n));
    } else if (keyword == "REGION" || keyword == "CALLPATH") {
      words >> callpath;
      next_point = 0;
    } else if (keyword == "METRIC") {
      words >> metric;
      next_point = 0;
    } else if (keyword == "DATA") {
      if (next_point >= points.size()) fail(path, line, fmt::format("more DATA lines than the {} POINTS", points.size()));
      std::size_t count = 0;
      for (double v; words >> v; ++count) add(c, callpath, metric.empty() ? "time" : metric, points[next_point], v);
      if (count == 0) fail(path, line, "DATA without values");
      ++next_point;
    } else if (keyword == "EXPERIMENT" || keyword[0] == '#') {
      continue;
    } else {
      fail(path, line, fmt::format("unknown keyword '{}' (PARAMETER, POINTS, REGION, METRIC, DATA)", keyword));
    }
  }
}

}  // namespace

ExtrapData read_extrap(const std::string& path, const ExtrapSelection& selection) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot read the file", path));
  const int first = [&] {
    for (int ch; (ch = in.peek()) != EOF && std::isspace(ch);) in.get();
    return in.peek();
  }();
  Collected c;
  if (first == '{')
    read_json_lines(in, path, c);
  else
    read_text(in, path, c);
  if (c.series.empty()) throw std::runtime_error(fmt::format("{}: no measured values", path));
  std::pair<std::string, std::string> chosen = c.series.front();
  if (!selection.callpath.empty() || !selection.metric.empty()) {
    const auto it = std::find_if(c.series.begin(), c.series.end(), [&](const auto& s) {
      return (selection.callpath.empty() || s.first == selection.callpath) &&
             (selection.metric.empty() || s.second == selection.metric);
    });
    if (it == c.series.end()) {
      std::string held;
      for (const auto& [cp, m] : c.series) held += fmt::format("{}{} / {}", held.empty() ? "" : ", ", cp, m);
      throw std::runtime_error(fmt::format("{}: no values for callpath '{}' and metric '{}' (it holds {})", path,
                                           selection.callpath, selection.metric, held));
    }
    chosen = *it;
  }
  ExtrapData d;
  d.callpath = chosen.first;
  d.metric = chosen.second;
  d.table.columns = c.params;
  d.table.columns.push_back(d.metric);
  for (const auto& point : c.point_order) {
    const auto& at = c.values[chosen];
    const auto it = at.find(point);
    if (it == at.end()) continue;
    std::vector<double> row = point;
    row.push_back(median_of(it->second));
    d.values += it->second.size();
    d.table.rows.push_back(std::move(row));
  }
  return d;
}

}  // namespace scalerun::study
