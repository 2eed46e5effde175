#pragma once
// `scalerun --describe-host`: this host as a machine script (machines/host.lua) that experiments
// can require like any described machine: topology from hwloc, speeds and bandwidth measured.

#include <cstddef>
#include <string>

#include "host/topology.hpp"

namespace scalerun::host {

struct DescribeOptions {
  double seconds = 0.2;                // per benchmark: one core, all cores, memory
  // 0: STREAM's rule, each array 4x the last-level caches (at least 32 MiB), the three arrays at
  // most kStreamBytesInAll together.
  std::size_t stream_array_bytes = 0;
};

// The bandwidth benchmark's three arrays together at most: enough to pass the last-level cache of
// common hosts, small enough that host_machine() does not cost a run gigabytes.
inline constexpr std::size_t kStreamBytesInAll = std::size_t{256} << 20;

struct HostDescription {
  Topology topology;
  int threads = 0;                  // threads the all-core benchmarks ran (one per PU)
  double core_speed = 0;            // flop/s of one core running the speed benchmark alone
  double aggregate_speed = 0;       // flop/s of all threads together
  double speed_per_core = 0;        // aggregate_speed / cores: the marked speed C_i of a core
  double memory_bandwidth = 0;      // bytes/s of the triad on all threads
  std::size_t stream_array_bytes = 0;
  std::string speed_benchmark, bandwidth_benchmark;  // what ran, for the script's comments
  std::string measured_at;          // UTC, ISO 8601
  std::string build_warning;        // non-empty when this build cannot give meaningful speeds
};

// Reads the topology and runs the benchmarks (about 3 x options.seconds, plus allocating the
// arrays). Throws std::runtime_error when hwloc fails or a benchmark computes a wrong result.
HostDescription describe(const DescribeOptions& options = {});
// The same for a topology already read; without `measure` only what needs no benchmark is filled
// (threads, build warning, benchmark names), the speeds left 0.
HostDescription describe(const DescribeOptions& options, const Topology& topology, bool measure);

// The size of each array of the bandwidth benchmark on this topology (options.stream_array_bytes
// when given).
std::size_t stream_array_bytes(const Topology& topology);

// The text of machines/host.lua: `return machine { name, doc, clock, peak, speed, memory, procs }`
// in the vocabulary's units, with comments recording caches, bandwidth, benchmarks and date.
// speed is the per-core marked speed with all cores busy (so p * speed is the measured speed
// of the whole host); peak is one core alone, measured (not the vendor's figure).
std::string to_machine_script(const HostDescription& description);

// One JSON line of the figures a cluster's machine script needs (`--describe-host --format json`,
// what each node prints for --describe-cluster): host, cpu, cores, speed_per_core, core_speed,
// memory_bytes, memory_bandwidth, measured_at.
std::string to_json_line(const HostDescription& description);

}  // namespace scalerun::host
