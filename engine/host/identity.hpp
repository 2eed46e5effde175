#pragma once
// Who and when, without hwloc: the host's name, its CPU model as /proc/cpuinfo gives it and the
// current UTC time. One definition for everything that records where and when figures came from
// (host/topology, host/describe, provenance/run_context).

#include <string>

namespace scalerun::host {

// gethostname(), or "unknown" when it fails.
std::string hostname();

// The value after "key<spaces>:" on the first line of /proc/cpuinfo that starts with key; empty
// when no line has it.
std::string cpuinfo_field(const std::string& key);

// /proc/cpuinfo's "model name", or "unknown" when it has none (many ARM hosts).
std::string cpuinfo_model();

// Now, in UTC, ISO 8601 to the second: "2024-05-01T12:34:56Z".
std::string utc_now();

}  // namespace scalerun::host
