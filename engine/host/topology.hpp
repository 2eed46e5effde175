#pragma once
// What this host is made of, as hwloc sees it: the static half of `scalerun --describe-host`.

#include <cstdint>
#include <string>

namespace scalerun::host {

struct Cache {
  std::uint64_t bytes = 0;  // one instance; 0 when the level does not exist
  int count = 0;            // instances on the host
};

struct Topology {
  std::string hostname;
  std::string cpu_model;       // "unknown" when neither hwloc nor /proc/cpuinfo says
  int sockets = 0, cores = 0, pus = 0, numa_nodes = 0;  // PUs: hardware threads we may use
  Cache l1d, l2, l3;
  std::uint64_t memory_bytes = 0;  // total memory of the NUMA nodes
  double clock_hz = 0;             // 0 when unknown
  std::string clock_source;        // where clock_hz came from (the maximum, or a current reading)
  std::string hwloc_version;       // of the library that ran

  // The largest cache level present: what the memory benchmark must overflow.
  const Cache& last_level_cache() const { return l3.count > 0 ? l3 : l2.count > 0 ? l2 : l1d; }
};

// Reads the topology of the CPUs this process may run on (hwloc leaves out PUs outside its
// cgroup or affinity mask). Throws std::runtime_error when hwloc cannot load one.
Topology read_topology();

}  // namespace scalerun::host
