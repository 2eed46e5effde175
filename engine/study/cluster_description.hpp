#pragma once
// `scalerun --describe-cluster`: the marked speed of every node of a cluster, measured where it
// runs. The launcher starts one `scalerun --describe-host --format json` per host (the host
// benchmark of --describe-host, so a node's speed means what this host's does), and the nodes
// become a machine script with node groups (STAS's ms.conf): hosts of one CPU model and core
// count whose speeds agree within 10 % form a group, one node per core, ready to `require` and
// to take machine_sets{} of.

#include <string>
#include <vector>

#include "measure/mpi_launch.hpp"
#include "study/experiment.hpp"

namespace scalerun::study {

// What to describe: hosts with their slots, and how jobs start there.
struct ClusterTarget {
  std::string name;                 // the machine script's name
  std::vector<std::string> hosts;   // in order, each once
  measure::Launcher launcher;
  std::string self;                 // this scalerun, as every node runs it (a shared path)
  double timeout_seconds = 600;
};

struct NodeDescription {
  std::string host;      // as the cluster target names it
  std::string hostname;  // as the node says
  std::string cpu;
  int cores = 0;
  double speed_per_core = 0;  // flop/s, all cores busy, per core (a node's marked speed share)
  double core_speed = 0;      // flop/s of one core alone
  double memory_bytes = 0;
  double memory_bandwidth = 0;
};

// The hosts of a machine (its hosts, or its groups' hosts, each once) and its launcher. Throws
// UsageError for a machine that names no host.
ClusterTarget machine_target(const MachineSpec& machine, const std::string& path);

// The hosts of an Open MPI hostfile ("node1 slots=4", '#' comments), launched with mpirun.
// Throws UsageError for a file that cannot be read or names no host.
ClusterTarget hostfile_target(const std::string& path);

// Runs the benchmark on every host through the launcher. Throws ScriptError naming a host that
// gave no description, with the launcher's message.
std::vector<NodeDescription> describe_nodes(const ClusterTarget& target);

// The machine script of the nodes: groups, hosts, marked speeds and the launcher.
std::string cluster_machine_script(const ClusterTarget& target, const std::vector<NodeDescription>& nodes);

}  // namespace scalerun::study
