#pragma once
// One formatter per output format behind one function each; the CLI picks by name.

#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "report/table.hpp"

namespace scalerun::report {

enum class Format { Table, Csv, Json, Markdown };

// Parses "table", "csv", "json", "markdown"; returns false for anything else.
bool parse_format(std::string_view text, Format& out);

// Text renderings of one table.
void write_text(std::ostream& os, const Table& t);       // aligned columns, title, notes
void write_csv(std::ostream& os, const Table& t);        // plain CSV: header, rows (RFC 4180 quoting)
void write_markdown(std::ostream& os, const Table& t);   // "### title", pipe table, notes

// The whole run as the JSON contract:
// {"schema_version":1,"context":{...},"experiments":[{"name":..,"kind":..,"tables":[{"name":..,
//  "title":..,"columns":[..],"rows":[[..]],"notes":[..]}]}]}
// Numbers are JSON numbers at full (round-trip) precision; non-finite numbers become null.
void write_json(std::ostream& os, const Context& ctx, std::span<const Section> sections);

// Writes all sections in `format` to os (JSON: one document; table and Markdown: sections one
// after another, each under a heading line naming the section; CSV: one block per table, blank
// lines between, each with a first column "table" = "<section>/<table>").
void write_all(std::ostream& os, Format format, const Context& ctx, std::span<const Section> sections);

// --out DIR: every table as DIR/<section>__<table>.csv plus DIR/results.json. Creates DIR.
// Throws std::runtime_error with a clear message when DIR cannot be created or written.
void write_out_dir(const std::string& dir, const Context& ctx, std::span<const Section> sections);

}  // namespace scalerun::report
