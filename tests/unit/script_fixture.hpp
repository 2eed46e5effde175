#pragma once
// Runs Lua source as a scalerun script in-process: written to a temporary file so chunk names,
// package.path and error positions behave exactly as for a user's script.

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "errors/errors.hpp"
#include "lua/script_runner.hpp"

namespace scalerun::testing {

// One folder per test process: ctest runs test cases in parallel processes, which must not
// overwrite each other's scripts.
inline std::string write_script(const std::string& name, const std::string& source) {
  const auto dir = std::filesystem::temp_directory_path() / ("scalerun-unit-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << source;
  return path.string();
}

inline lua::RunOutcome run_source(const std::string& source, study::SessionOptions options = {},
                                    double timeout = 30) {
  options.quiet = true;
  lua::RunRequest request;
  request.script = write_script("script.lua", source);
  request.options = options;
  request.timeout_seconds = timeout;
  return lua::run_script(request);
}

// The one-line message a failing script produces.
inline std::string error_of(const std::string& source, study::SessionOptions options = {}) {
  try {
    run_source(source, options, 2);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

inline const report::Table& table_of(const lua::RunOutcome& out, const std::string& section,
                                     const std::string& table) {
  for (const auto& s : out.sections) {
    if (s.name != section) continue;
    for (const auto& t : s.tables) {
      if (t.name == table) return t;
    }
  }
  throw std::runtime_error("no table " + section + "/" + table);
}

inline double number_at(const report::Table& t, std::size_t row, const std::string& column) {
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    if (t.columns[c].name == column) return std::get<double>(t.rows.at(row).at(c));
  }
  throw std::runtime_error("no column " + column);
}

}  // namespace scalerun::testing
