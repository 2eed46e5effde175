#include "host/describe.hpp"

#include <algorithm>

#include "host/benchmarks.hpp"
#include "host/identity.hpp"

namespace scalerun::host {

namespace {

// Numbers from a debug or sanitizer build describe the instrumentation, not the host; the script
// says so rather than letting them pass as marked speeds.
std::string build_warning() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return "measured by a sanitizer build: the speeds are far below what this host delivers";
#elif !defined(__OPTIMIZE__)
  return "measured by an unoptimised build: the speeds are far below what this host delivers";
#else
  return {};
#endif
}

}  // namespace

// STREAM's rule: each array at least four times the size of all last-level caches together, so
// no pass is served from cache; at least 32 MiB; the three together at most kStreamBytesInAll,
// and at most an eighth of memory.
std::size_t stream_array_bytes(const Topology& topology) {
  const Cache& llc = topology.last_level_cache();
  const std::uint64_t rule = 4 * llc.bytes * static_cast<std::uint64_t>(std::max(1, llc.count));
  std::uint64_t cap = kStreamBytesInAll / 3;
  if (topology.memory_bytes > 0) cap = std::max<std::uint64_t>(std::min<std::uint64_t>(cap, topology.memory_bytes / 24), 1 << 20);
  return static_cast<std::size_t>(std::min(std::max(rule, std::uint64_t{32} << 20), cap));
}

HostDescription describe(const DescribeOptions& options) { return describe(options, read_topology(), true); }

HostDescription describe(const DescribeOptions& options, const Topology& topology, bool measure) {
  HostDescription d;
  d.topology = topology;
  d.threads = d.topology.pus;
  d.measured_at = utc_now();
  d.build_warning = build_warning();
  d.speed_benchmark = kSpeedBenchmark;
  d.bandwidth_benchmark = kBandwidthBenchmark;
  d.stream_array_bytes = options.stream_array_bytes > 0 ? options.stream_array_bytes : stream_array_bytes(d.topology);
  if (!measure) return d;
  d.core_speed = measure_core_speed(options.seconds).per_second;
  d.aggregate_speed = measure_aggregate_speed(options.seconds, d.threads).per_second;
  d.speed_per_core = d.aggregate_speed / d.topology.cores;
  d.memory_bandwidth = measure_triad_bandwidth(options.seconds, d.stream_array_bytes, d.threads).per_second;
  return d;
}

}  // namespace scalerun::host
