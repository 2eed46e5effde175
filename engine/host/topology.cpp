#include "host/topology.hpp"

#include <hwloc.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "host/identity.hpp"

namespace scalerun::host {

namespace {

// hwloc's C handle, destroyed on every path.
class HwlocTopology {
 public:
  HwlocTopology() {
    if (hwloc_topology_init(&topology_) != 0) throw std::runtime_error("hwloc: cannot initialise a topology");
    if (hwloc_topology_load(topology_) != 0) {
      hwloc_topology_destroy(topology_);
      throw std::runtime_error("hwloc: cannot load this host's topology");
    }
  }
  HwlocTopology(const HwlocTopology&) = delete;
  HwlocTopology& operator=(const HwlocTopology&) = delete;
  ~HwlocTopology() { hwloc_topology_destroy(topology_); }

  int count(hwloc_obj_type_t type) const { return std::max(0, hwloc_get_nbobjs_by_type(topology_, type)); }
  hwloc_obj_t first(hwloc_obj_type_t type) const { return hwloc_get_obj_by_type(topology_, type, 0); }
  hwloc_obj_t root() const { return hwloc_get_root_obj(topology_); }

 private:
  hwloc_topology_t topology_ = nullptr;
};

Cache cache(const HwlocTopology& topology, hwloc_obj_type_t type) {
  const hwloc_obj_t obj = topology.first(type);
  if (obj == nullptr || obj->attr == nullptr) return {};
  return {obj->attr->cache.size, topology.count(type)};
}

std::string cpu_model(const HwlocTopology& topology) {
  if (const hwloc_obj_t package = topology.first(HWLOC_OBJ_PACKAGE); package != nullptr) {
    if (const char* model = hwloc_obj_get_info_by_name(package, "CPUModel"); model != nullptr && *model != 0) {
      return model;
    }
  }
  return cpuinfo_model();
}

// The maximum frequency from cpufreq is the figure that means something; virtual machines often
// lack cpufreq, and /proc/cpuinfo then gives the (current) frequency the hypervisor reports.
void read_clock(Topology& t) {
  std::ifstream max_freq("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (double khz = 0; max_freq >> khz && khz > 0) {
    t.clock_hz = khz * 1e3;
    t.clock_source = "cpufreq's maximum frequency of cpu0";
    return;
  }
  try {
    if (const double mhz = std::stod(cpuinfo_field("cpu MHz")); mhz > 0) {
      t.clock_hz = mhz * 1e6;
      t.clock_source = "/proc/cpuinfo (a current frequency, not the maximum)";
    }
  } catch (const std::exception&) {
    // No frequency known (e.g. many ARM hosts): the script then leaves clock out.
  }
}

}  // namespace

Topology read_topology() {
  const HwlocTopology topology;
  Topology t;
  t.hostname = hostname();
  t.cpu_model = cpu_model(topology);
  t.sockets = std::max(1, topology.count(HWLOC_OBJ_PACKAGE));
  t.pus = std::max(1, topology.count(HWLOC_OBJ_PU));
  t.cores = std::max(1, topology.count(HWLOC_OBJ_CORE));
  if (topology.count(HWLOC_OBJ_CORE) == 0) t.cores = t.pus;  // hwloc found no core objects
  t.numa_nodes = std::max(1, topology.count(HWLOC_OBJ_NUMANODE));
  t.l1d = cache(topology, HWLOC_OBJ_L1CACHE);
  t.l2 = cache(topology, HWLOC_OBJ_L2CACHE);
  t.l3 = cache(topology, HWLOC_OBJ_L3CACHE);
  // hwloc sums the NUMA nodes' memory, which some virtual machines under-report (hot-added memory
  // missing from node meminfo: 6 GB of 24 on one test VM); the kernel's own total covers it.
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
  const std::uint64_t kernel_total =
      pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) : 0;
  t.memory_bytes = std::max<std::uint64_t>(topology.root()->total_memory, kernel_total);
  read_clock(t);
  t.hwloc_version = HWLOC_VERSION;  // the release compiled against (the library's API is the same)
  return t;
}

}  // namespace scalerun::host
