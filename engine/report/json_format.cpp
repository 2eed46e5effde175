#include <cmath>

#include <nlohmann/json.hpp>

#include "report/format_detail.hpp"
#include "report/formatters.hpp"

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
    experiments.push_back(std::move(section));
  }
  Json doc = Json::object();
  doc["schema_version"] = 1;
  doc["context"] = context_json(ctx);
  doc["experiments"] = std::move(experiments);
  // Script-supplied text may not be valid UTF-8; a replaced byte beats losing the whole report.
  os << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace scalerun::report
