#pragma once
// Export to Extra-P's JSON Lines input (https://github.com/extra-p/extrap, docs/file-formats.md,
// "JSON Lines format"): one JSON object per line, each one measured value,
//   {"params":{"p":2,"n":100},"callpath":"rlsp","metric":"time","value":0.0123}
// Extra-P takes the parameter names from the first line and requires them on every line.

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "store/database.hpp"

namespace scalerun::store {

struct ExtrapQuery {
  std::string experiment, kernel;  // the kernel also becomes the callpath
  std::string machine;             // empty: the one machine the points were measured on
  // "time": every sample, one line each (seconds). Otherwise the instrumentation figure or
  // counter of that name, one line per point that has it.
  std::string metric = "time";
  // Extra-P fits a term for every parameter it is given and needs several distinct values of
  // each, so parameters that never vary among the exported points are left out unless asked.
  bool keep_constant_params = false;
  // The runs to take points from (`--run ID`, repeatable); empty: the newest point of every
  // configuration from any run, refused when those runs were tuned to different targets.
  std::vector<std::int64_t> runs;
  // jsonl: Extra-P's JSON Lines. csv: the same values as a table, a header line then one row
  // per value: the parameters, callpath, metric, value. text: Extra-P's text format (PARAMETER,
  // POINTS, REGION, METRIC, then one DATA line of repetitions per point).
  enum class Format { jsonl, csv, text } format = Format::jsonl;
};

struct ExtrapSummary {
  std::size_t points = 0;          // points that contributed lines
  std::size_t lines = 0;
  std::size_t skipped_values = 0;  // NaN or infinite values, which Extra-P cannot read
  std::vector<std::string> params; // parameter names written, in order ("p" first)
};

// Exports the newest measurement of every configuration (see Database::latest_points), of the
// chosen runs when query.runs names some. Throws std::runtime_error when there is nothing to
// export, a chosen run does not exist or holds no such points, the points span several machines
// and none was named, they were tuned to different targets and no runs were chosen, the points
// do not share one set of parameters, or the stream fails.
ExtrapSummary export_extrap(const Database& db, std::ostream& out, const ExtrapQuery& query);
// export_extrap in the JSON Lines format whatever query.format says.
ExtrapSummary export_extrap_jsonl(const Database& db, std::ostream& out, ExtrapQuery query);

}  // namespace scalerun::store
