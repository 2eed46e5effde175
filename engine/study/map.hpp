#pragma once
// map{}: a performance map (seed 004 Tables 1-3): one quantity over one or two swept parameters,
// evaluated over the whole grid at once (natively and in parallel when the model is traced).
// Plain C++: lua/map_reader reads the script's table into a MapSpec and binds the kernel's model.

#include <optional>
#include <string>
#include <vector>

#include "model/kernel_model.hpp"
#include "report/table.hpp"

namespace scalerun::study {

struct Session;

struct MapAxis {
  std::string field;  // "rows" or "cols", for messages
  std::string param;  // a kernel parameter (slot name), or "p"
  std::vector<double> values;
  std::vector<std::string> names;  // optional column headers, one per value
  std::string label;
};

struct MapSpec {
  std::string name, title, where;
  std::string value = "time";  // time, terms, speedup, efficiency, speed, or a term's name
  double p = 1;                // the processor count where p is no axis
  bool p_given = false;
  int digits = -1;  // digits after the point; -1: the cell's own %g form
  MapAxis rows;
  std::optional<MapAxis> cols;
};

// Evaluates the map (or lists it with --dry-run), appends its section and returns it. Throws
// ScriptError "<where>field 'rows.param': ..." for an axis or value the model does not have.
const report::Section& run_map(const MapSpec& spec, model::KernelModel& model, Session& session);

}  // namespace scalerun::study
