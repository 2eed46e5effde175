#pragma once
// The renderings each reporter is made of (reporter.hpp is how a run picks one by name); tests
// and the database commands call them for single tables too.

#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "report/reporter.hpp"
#include "report/table.hpp"

namespace scalerun::report {

// Text renderings of one table.
void write_text(std::ostream& os, const Table& t);       // aligned columns, title, notes
void write_csv(std::ostream& os, const Table& t);        // plain CSV: header, rows (RFC 4180 quoting)
void write_markdown(std::ostream& os, const Table& t);   // "### title", pipe table, notes

// The whole run as the JSON contract:
// {"schema_version":1,"context":{...},"experiments":[{"name":..,"kind":..,"tables":[{"name":..,
//  "title":..,"columns":[..],"rows":[[..]],"notes":[..],"values":[{"name":..,"value":..,"unit":..}],
//  "plot":{"chart":..,"x":..,"series":[..],"y_label":..,"log_x":..,"log_y":..,"units":{..},
//  "note_columns":[..]}}]}]}
// Numbers are JSON numbers at full (round-trip) precision; non-finite numbers become null.
void write_json(std::ostream& os, const Context& ctx, std::span<const Section> sections);

}  // namespace scalerun::report
