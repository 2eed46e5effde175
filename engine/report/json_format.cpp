#include <cmath>

#include <nlohmann/json.hpp>

#include "report/encode.hpp"
#include "report/format_detail.hpp"
#include "report/formatters.hpp"
#include "report/reporter.hpp"

namespace scalerun::report {

namespace {

using Json = nlohmann::ordered_json;

Json cell_json(const Cell& cell) {
  if (const auto* number = std::get_if<double>(&cell)) {
    // JSON has no NaN or infinity; null says "no usable value" to every consumer.
    return std::isfinite(*number) ? Json(*number) : Json(nullptr);
  }
  if (const auto* text = std::get_if<std::string>(&cell)) return Json(*text);
  return Json(nullptr);
}

const char* chart_name(Chart chart) {
  switch (chart) {
    case Chart::Lines: return "lines";
    case Chart::StackedBars: return "stacked_bars";
    case Chart::HeatMap: return "heat_map";
    case Chart::None: break;
  }
  return "none";
}

// What a figure needs: the x column, the series, the note columns, units and log axes.
Json plot_json(const Table& t) {
  Json x = nullptr;
  Json series = Json::array();
  Json note_columns = Json::array();
  Json units = Json::object();
  for (const auto& c : t.columns) {
    if (c.role == Role::X) x = c.name;
    if (c.role == Role::Series) series.push_back(c.name);
    if (c.role == Role::Note) note_columns.push_back(c.name);
    if (!c.unit.empty()) units[c.name] = c.unit;
  }
  Json out = Json::object();
  out["chart"] = chart_name(t.plot.chart);
  out["x"] = std::move(x);
  out["series"] = std::move(series);
  out["y_label"] = t.plot.y_label;
  out["log_x"] = t.plot.log_x;
  out["log_y"] = t.plot.log_y;
  out["units"] = std::move(units);
  out["note_columns"] = std::move(note_columns);
  return out;
}

Json values_json(const Table& t) {
  Json out = Json::array();
  for (const auto& v : t.values) {
    Json value = Json::object();
    value["name"] = v.name;
    value["value"] = cell_json(Cell{v.value});
    value["unit"] = v.unit;
    out.push_back(std::move(value));
  }
  return out;
}

Json table_json(const Table& t) {
  Json columns = Json::array();
  for (const auto& c : t.columns) columns.push_back(c.name);
  Json rows = Json::array();
  for (const auto& row : t.rows) {
    Json cells = Json::array();
    // Same width as "columns" even for a hand-built ragged row, so consumers can zip them.
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      cells.push_back(c < row.size() ? cell_json(row[c]) : Json(nullptr));
    }
    rows.push_back(std::move(cells));
  }
  Json notes = Json::array();
  // A null from a NaN or infinity is explained there too.
  for (const auto& n : detail::notes_with_nonfinite(t)) notes.push_back(n);

  Json out = Json::object();
  out["name"] = t.name;
  out["title"] = t.title;
  out["columns"] = std::move(columns);
  out["rows"] = std::move(rows);
  out["notes"] = std::move(notes);
  out["values"] = values_json(t);
  out["plot"] = plot_json(t);
  return out;
}

Json context_json(const Context& ctx) {
  Json out = Json::object();
  out["scalerun_version"] = ctx.scalerun_version;
  out["host"] = ctx.host;
  out["cpu"] = ctx.cpu;
  out["cores"] = ctx.cores;
  out["compiler"] = ctx.compiler;
  out["build_type"] = ctx.build_type;
  out["git_revision"] = ctx.git_revision;
  out["script_path"] = ctx.script_path;
  out["script_hash"] = ctx.script_hash;
  out["command_line"] = ctx.command_line;
  out["started_at"] = ctx.started_at;
  return out;
}

// Every measured point's timed runs, beside the tables that summarise them (a missing time,
// NaN, is null as everywhere in JSON).
Json samples_json(const std::vector<PointSamples>& samples) {
  Json out = Json::array();
  for (const auto& s : samples) {
    Json point = Json::object();
    point["p"] = s.p;
    if (!s.set.empty()) point["set"] = s.set;
    Json params = Json::object();
    for (const auto& [name, value] : s.params) params[name] = cell_json(Cell{value});
    point["params"] = std::move(params);
    Json seconds = Json::array();
    for (double v : s.seconds) seconds.push_back(cell_json(Cell{v}));
    point["seconds"] = std::move(seconds);
    out.push_back(std::move(point));
  }
  return out;
}

}  // namespace

void write_json(std::ostream& os, const Context& ctx, std::span<const Section> sections) {
  Json experiments = Json::array();
  for (const auto& s : sections) {
    Json tables = Json::array();
    for (const auto& t : s.tables) tables.push_back(table_json(t));
    Json section = Json::object();
    section["name"] = s.name;
    section["kind"] = s.kind;
    section["tables"] = std::move(tables);
    if (!s.samples.empty()) section["samples"] = samples_json(s.samples);
    experiments.push_back(std::move(section));
  }
  Json doc = Json::object();
  doc["schema_version"] = 1;
  doc["context"] = context_json(ctx);
  doc["experiments"] = std::move(experiments);
  os << json_text(doc, 2) << '\n';
}

namespace {

class JsonReporter final : public Reporter {
 public:
  std::string_view name() const override { return "json"; }
  std::string_view summary() const override {
    return "the JSON contract: context, every table with its plot hints and key values";
  }
  std::string_view extension() const override { return "json"; }
  OutFiles out_files() const override { return OutFiles::WholeRun; }
  void write_run(std::ostream& os, const Context& ctx, std::span<const Section> sections) const override {
    write_json(os, ctx, sections);
  }
};

}  // namespace

const Reporter& detail::json_reporter() {
  static const JsonReporter instance;
  return instance;
}

}  // namespace scalerun::report
