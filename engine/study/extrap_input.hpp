#pragma once
// Extra-P's input files read back (https://github.com/extra-p/extrap, docs/file-formats.md), so
// measurements prepared for Extra-P, or exported by `scalerun export-extrap`, can be modelled by
// discover{}: the JSON Lines format, one value per line,
//   {"params":{"p":2,"n":100},"callpath":"main","metric":"time","value":0.0123}
// and the text format,
//   PARAMETER p            (one line per parameter)
//   POINTS 2 4 8 16 32     (or ( 2 100 ) ( 4 100 ) ... with several parameters)
//   REGION main            (CALLPATH is read the same)
//   METRIC time
//   DATA 1.1 1.2 1.0       (one line per point, in the order of POINTS: its repetitions)
// Written by hand: a line-oriented format no packaged library reads.

#include <string>

#include "study/csv_data.hpp"

namespace scalerun::study {

struct ExtrapSelection {
  std::string callpath;  // empty: the file's first
  std::string metric;    // empty: the file's first
};

struct ExtrapData {
  NumericCsv table;           // the parameters' columns, then `metric`: the median of each point's values
  std::string callpath, metric;
  std::size_t values = 0;     // repetitions read
};

// Throws std::runtime_error("path:line: what is wrong") for an unreadable file, a malformed line,
// or a selection the file does not hold.
ExtrapData read_extrap(const std::string& path, const ExtrapSelection& selection);

}  // namespace scalerun::study
