#include "study/extrap_input.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/printable.hpp"
#include "study/json_file.hpp"
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
  throw std::runtime_error(fmt::format("{}:{}: {}", printable(path), line, what));
}

void add(Collected& c, const std::string& callpath, const std::string& metric, const std::vector<double>& point,
         double value) {
  const auto key = std::pair{callpath, metric};
  if (std::find(c.series.begin(), c.series.end(), key) == c.series.end()) c.series.push_back(key);
  auto& at = c.values[key];
  if (std::find(c.point_order.begin(), c.point_order.end(), point) == c.point_order.end()) c.point_order.push_back(point);
  at[point].push_back(value);
}

// One number of a line, as written ("1e3", "-2.5"): a word that is no number, or one past a double's
// range (1e400), is named with its line.
double number_word(const std::string& path, std::size_t line, const std::string& word, const char* what) {
  double v = 0;
  const char* first = word.data();
  const char* last = word.data() + word.size();
  if (first != last && *first == '+') ++first;  // from_chars takes no plus sign; a user may write one
  const auto [end, error] = std::from_chars(first, last, v);
  if (error == std::errc::result_out_of_range) {
    fail(path, line, fmt::format("{}: '{}' is out of range (a double holds magnitudes up to 1.8e308)", what,
                                 printable(word)));
  }
  if (error != std::errc() || end != last) fail(path, line, fmt::format("{}: '{}' is not a number", what, printable(word)));
  if (!std::isfinite(v)) fail(path, line, fmt::format("{}: '{}' is not a finite number", what, printable(word)));
  return v;
}

// A JSON number as a double; parse_json_limited refused numbers past its range, and none may be NaN.
double finite_number(const std::string& path, std::size_t line, const nlohmann::json& v, const std::string& what) {
  const double d = v.get<double>();
  if (!std::isfinite(d)) fail(path, line, fmt::format("{}: a finite number expected", what));
  return d;
}

void read_json_lines(std::istream& in, const std::string& path, Collected& c) {
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const nlohmann::json j = parse_json_limited(text, fmt::format("{}:{}", path, line));
    if (!j.is_object() || !j.contains("params") || !j["params"].is_object() || !j.contains("value") ||
        !j["value"].is_number())
      fail(path, line, "expected {\"params\": {...}, \"callpath\": ..., \"metric\": ..., \"value\": number}");
    for (const char* field : {"callpath", "metric"}) {
      if (j.contains(field) && !j[field].is_string()) fail(path, line, fmt::format("\"{}\" must be a string", field));
    }
    if (c.params.empty())
      for (const auto& [name, v] : j["params"].items()) c.params.push_back(name);
    std::vector<double> point;
    for (const std::string& name : c.params) {
      if (!j["params"].contains(name) || !j["params"][name].is_number())
        fail(path, line, fmt::format("parameter '{}' (named on the first line) is missing or not a number", printable(name)));
      point.push_back(finite_number(path, line, j["params"][name], fmt::format("parameter '{}'", printable(name))));
    }
    add(c, j.value("callpath", ""), j.value("metric", "time"), point, finite_number(path, line, j["value"], "\"value\""));
  }
}

// The words of a line after its keyword.
std::vector<std::string> rest_of(std::istringstream& words) {
  std::vector<std::string> out;
  for (std::string w; words >> w;) out.push_back(w);
  return out;
}

// A keyword that takes one name (PARAMETER, REGION, CALLPATH, METRIC): exactly one word after it.
std::string one_name(const std::string& path, std::size_t line, const std::string& keyword,
                     const std::vector<std::string>& rest) {
  if (rest.size() != 1) {
    fail(path, line, fmt::format("{} takes one name, got {} word{}", keyword, rest.size(), rest.size() == 1 ? "" : "s"));
  }
  return rest.front();
}

void read_text(std::istream& in, const std::string& path, Collected& c) {
  std::vector<std::vector<double>> points;
  std::map<std::string, std::size_t> parameter_lines;  // name -> the line that gave it
  std::string callpath, metric, text;
  std::size_t next_point = 0;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    std::istringstream words(text);
    std::string keyword;
    if (!(words >> keyword)) continue;
    if (keyword[0] == '#') continue;
    if (keyword == "PARAMETER") {
      const std::string name = one_name(path, line, keyword, rest_of(words));
      if (!points.empty()) fail(path, line, "PARAMETER after POINTS: give every PARAMETER line before the POINTS");
      if (const auto it = parameter_lines.find(name); it != parameter_lines.end()) {
        fail(path, line, fmt::format("PARAMETER '{}' is given twice (first on line {})", printable(name), it->second));
      }
      parameter_lines.emplace(name, line);
      c.params.push_back(name);
    } else if (keyword == "POINTS") {
      std::string rest;
      std::getline(words, rest);
      std::replace(rest.begin(), rest.end(), '(', ' ');
      std::replace(rest.begin(), rest.end(), ')', ' ');
      std::istringstream numbers(rest);
      if (c.params.empty()) fail(path, line, "POINTS before any PARAMETER line (give PARAMETER lines first)");
      std::vector<double> flat;
      for (const std::string& word : rest_of(numbers)) flat.push_back(number_word(path, line, word, "POINTS"));
      const std::size_t n = c.params.size();
      if (flat.empty() || flat.size() % n != 0)
        fail(path, line, fmt::format("POINTS: {} numbers for {} parameter{} (each point gives one number per "
                                     "PARAMETER)", flat.size(), n, n == 1 ? "" : "s"));
      for (std::size_t i = 0; i < flat.size(); i += n) points.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(i), flat.begin() + static_cast<std::ptrdiff_t>(i + n));
    } else if (keyword == "REGION" || keyword == "CALLPATH") {
      callpath = one_name(path, line, keyword, rest_of(words));
      next_point = 0;
    } else if (keyword == "METRIC") {
      metric = one_name(path, line, keyword, rest_of(words));
      next_point = 0;
    } else if (keyword == "DATA") {
      if (next_point >= points.size()) fail(path, line, fmt::format("more DATA lines than the {} POINTS", points.size()));
      const std::vector<std::string> values = rest_of(words);
      if (values.empty()) fail(path, line, "DATA without values");
      for (const std::string& word : values) {
        add(c, callpath, metric.empty() ? "time" : metric, points[next_point], number_word(path, line, word, "DATA"));
      }
      ++next_point;
    } else if (keyword == "EXPERIMENT") {
      continue;
    } else {
      fail(path, line, fmt::format("unknown keyword '{}' (PARAMETER, POINTS, REGION, METRIC, DATA)", printable(keyword)));
    }
  }
}

}  // namespace

ExtrapData read_extrap(const std::string& path, const ExtrapSelection& selection) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error(fmt::format("{}: cannot read the file", printable(path)));
  std::error_code ec;
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > kMaxJsonBytes) {
    throw std::runtime_error(fmt::format("{}: {} MiB, more than the {} MiB an Extra-P file may have", printable(path),
                                         size >> 20, kMaxJsonBytes >> 20));
  }
  std::ostringstream whole;
  whole << file.rdbuf();
  const std::string text = whole.str();
  // JSON Lines when the first thing in the file is an object; lines are counted from the file's start.
  const auto first = text.find_first_not_of(" \t\r\n");
  std::istringstream in(text);
  Collected c;
  if (first != std::string::npos && text[first] == '{')
    read_json_lines(in, path, c);
  else
    read_text(in, path, c);
  if (c.series.empty()) throw std::runtime_error(fmt::format("{}: no measured values", printable(path)));
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
