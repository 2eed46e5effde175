#pragma once
// discover{}: which function of the parameters explains a measured metric, found by searching the
// performance model normal form (fit/model_discovery) instead of fitting a model written by hand.
// The data: rows the script gives, a CSV file, or an experiment's stored points. Plain C++:
// lua/discover_reader reads the script's table.

#include <string>
#include <vector>

#include "fit/model_discovery.hpp"
#include "study/csv_data.hpp"

namespace scalerun::study {

struct Session;

struct DiscoverSpec {
  std::string name, where;
  std::string metric = "time";      // the data's column to explain ("T" for stored points' medians)
  std::vector<std::string> params;  // the columns it is a function of
  std::string stored, kernel;       // an experiment's stored points, and its kernel's name
  bool negative = false;            // also the negative exponents (time falling as 1/p)
};

// Discovers the model, appends its section (the model's terms with their intervals, the points
// beside the model) to the session and returns it. ScriptError naming spec.where's field for a
// column the data lacks or data that cannot be modelled.
fit::DiscoveredModel run_discover(const DiscoverSpec& spec, const NumericCsv& data, Session& session);

}  // namespace scalerun::study
