// --describe-host: the topology hwloc reports, the benchmarks (shortened), and the machine script.

#include <catch2/catch.hpp>
#include <string>

#include "host/benchmarks.hpp"
#include "host/describe.hpp"
#include "host/topology.hpp"

using namespace scalerun::host;
using Catch::Matchers::Contains;

TEST_CASE("the topology of this host is sane", "[host]") {
  const Topology t = read_topology();
  CHECK_FALSE(t.hostname.empty());
  CHECK_FALSE(t.cpu_model.empty());
  CHECK(t.sockets >= 1);
  CHECK(t.cores >= t.sockets);
  CHECK(t.pus >= t.cores);
  CHECK(t.numa_nodes >= 1);
  CHECK(t.memory_bytes > 0);
  CHECK(t.clock_hz >= 0);
  CHECK_FALSE(t.hwloc_version.empty());
  if (t.l2.count > 0 && t.l1d.count > 0) CHECK(t.l2.bytes >= t.l1d.bytes);
}

TEST_CASE("the benchmarks measure positive rates and repeat", "[host]") {
  const Rate core = measure_core_speed(0.01);
  CHECK(core.per_second > 1e6);  // any host, even a sanitizer build, does a megaflop per second
  CHECK(core.repetitions >= 2);
  CHECK(measure_aggregate_speed(0.01, 2).per_second > 1e6);
  const Rate memory = measure_triad_bandwidth(0.01, 1 << 20, 2);
  CHECK(memory.per_second > 1e6);
  CHECK(memory.repetitions >= 2);
}

TEST_CASE("describe() with short benchmarks gives a loadable-looking machine script", "[host]") {
  const HostDescription d = describe({.seconds = 0.02, .stream_array_bytes = 8 << 20});
  CHECK(d.threads == d.topology.pus);
  CHECK(d.core_speed > 0);
  CHECK(d.aggregate_speed > 0);
  CHECK(d.speed_per_core == Approx(d.aggregate_speed / d.topology.cores));
  CHECK(d.memory_bandwidth > 0);
  CHECK(d.measured_at.size() == 20);  // 2025-01-31T12:00:00Z
  const std::string script = to_machine_script(d);
  CHECK_THAT(script, Contains("return machine {") && Contains("procs  = " + std::to_string(d.topology.cores) + ",") &&
                         Contains("speed  = ") && Contains("peak   = ") && Contains("seed 002") && Contains(d.measured_at));
  CHECK(script.ends_with("}\n"));
}

TEST_CASE("the machine script states the figures in the vocabulary's units", "[host]") {
  HostDescription d;
  d.topology.hostname = "lab\"box";
  d.topology.cpu_model = "Example CPU 9000";
  d.topology.sockets = 2;
  d.topology.cores = 4;
  d.topology.pus = 8;
  d.topology.numa_nodes = 2;
  d.topology.l1d = {48 << 10, 4};
  d.topology.l2 = {1 << 20, 4};
  d.topology.l3 = {32 << 20, 2};
  d.topology.memory_bytes = 16ULL << 30;
  d.topology.clock_hz = 3e9;
  d.topology.clock_source = "test";
  d.topology.hwloc_version = "2.9.0";
  d.threads = 8;
  d.core_speed = 12.5e9;
  d.aggregate_speed = 40e9;
  d.speed_per_core = 10e9;
  d.memory_bandwidth = 20.5e9;
  d.stream_array_bytes = 256 << 20;
  d.speed_benchmark = "chains";
  d.bandwidth_benchmark = "triad";
  d.measured_at = "2025-01-31T12:00:00Z";
  const std::string script = to_machine_script(d);
  CHECK_THAT(script, Contains("  name   = \"lab\\\"box\",\n") && Contains("  clock  = 3 * GHz,\n") &&
                         Contains("  peak   = 12.5 * Gflops,\n") && Contains("  speed  = 10 * Gflops,\n") &&
                         Contains("  memory = 4 * GiB,\n") && Contains("  procs  = 4,\n") &&
                         Contains("Example CPU 9000, 4 cores, described by scalerun --describe-host on 2025-01-31"));
  CHECK_THAT(script, Contains("2 sockets, 4 cores, 8 PUs, 2 NUMA nodes, 16 GiB of memory") &&
                         Contains("L1d 48 KiB x 4, L2 1 MiB x 4, L3 32 MiB x 2") && Contains("20.5 GB/s") &&
                         Contains("arrays of 256 MiB each") && Contains("40 Gflops in all"));
  CHECK_THAT(script, !Contains("WARNING"));

  d.topology.clock_hz = 0;  // unknown: left out rather than guessed
  d.build_warning = "measured by a sanitizer build";
  const std::string without_clock = to_machine_script(d);
  CHECK_THAT(without_clock, !Contains("clock  =") && Contains("-- WARNING: measured by a sanitizer build."));
}
