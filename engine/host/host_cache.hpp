#pragma once
// host_machine()'s description of this host, kept between runs: measuring it takes about a second
// of benchmarks, and the figures do not change while the host and scalerun's build stay the same.
// One file per host and build in the user's cache folder ($XDG_CACHE_HOME/scalerun, else
// ~/.cache/scalerun), written atomically; a file that is corrupt, or written for another host or
// build, is ignored and measured over, never trusted.

#include <string>

#include "host/describe.hpp"

namespace scalerun::host {

// Set (to anything but 0 or empty) it makes describe_cached() measure again and rewrite the file.
inline constexpr const char* kRemeasureVariable = "SCALERUN_REMEASURE_HOST";

struct CachedDescription {
  HostDescription description;
  bool from_cache = false;  // read from `file` rather than measured by this process
  std::string file;         // the cache file; empty when there is no cache folder (no HOME)
};

// The topology read now, the measured figures from the cache when its file matches this host
// and build, else measured (describe(options)) and stored for the next run.
CachedDescription describe_cached(const DescribeOptions& options = {});

// Who the figures belong to: host name, CPU, cores, PUs, memory and the running scalerun binary
// (its path, size and modification time), one line.
std::string cache_identity(const Topology& topology);

// The description's measured figures as the cache file holds them, and read back into `out`:
// false (and `out` unchanged) unless the text is a complete, well-formed file for `identity`.
std::string cache_text(const HostDescription& description, const std::string& identity);
bool read_cache_text(const std::string& text, const std::string& identity, HostDescription& out);

}  // namespace scalerun::host
