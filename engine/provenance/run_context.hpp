#pragma once
// What produced a set of numbers: host, CPU, compiler, build and revision, script and command.

#include <string>

#include "report/table.hpp"

namespace scalerun::provenance {

report::Context make_context(const std::string& script_path, const std::string& command_line);

// FNV-1a (64-bit) of a file's bytes, as 16 hex digits: identifies the script that ran. Written
// by hand: it is a dozen lines, and a cryptographic hash would add a dependency for no gain.
std::string file_fingerprint(const std::string& path);

}  // namespace scalerun::provenance
