#include "study/cluster_description.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "errors/errors.hpp"
#include "measure/command.hpp"
#include "study/command_measurement.hpp"

namespace scalerun::study {

namespace {

void add_host(std::vector<std::string>& hosts, const std::string& host) {
  if (std::find(hosts.begin(), hosts.end(), host) == hosts.end()) hosts.push_back(host);
}

std::string lua_string(const std::string& text) { return nlohmann::json(text).dump(); }

// "AMD EPYC 7763 64-Core Processor" -> "amd_epyc_7763": a group name a user can type.
std::string group_name(const std::string& cpu, std::size_t index) {
  std::string name;
  int words = 0;
  std::istringstream in(cpu);
  for (std::string word; in >> word && words < 3; ++words) {
    std::string clean;
    for (char c : word) {
      if (std::isalnum(static_cast<unsigned char>(c))) clean += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (clean.empty()) continue;
    name += (name.empty() ? "" : "_") + clean;
  }
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front()))) name = "nodes" + name;
  return index == 0 ? name : fmt::format("{}_{}", name, index + 1);
}

struct Group {
  std::string name, cpu;
  int cores = 0;
  std::vector<const NodeDescription*> nodes;
  double mean_speed() const {
    double sum = 0;
    for (const auto* n : nodes) sum += n->speed_per_core;
    return sum / static_cast<double>(nodes.size());
  }
};

// Nodes of one CPU model and core count, within 10 % of the group's first speed, in host order.
std::vector<Group> group_nodes(const std::vector<NodeDescription>& nodes) {
  std::vector<Group> groups;
  for (const auto& node : nodes) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.cpu == node.cpu && g.cores == node.cores &&
             std::abs(node.speed_per_core / g.nodes.front()->speed_per_core - 1) <= 0.10;
    });
    if (it == groups.end()) {
      std::size_t same_cpu = 0;
      for (const auto& g : groups) same_cpu += g.cpu == node.cpu ? 1 : 0;
      groups.push_back(Group{group_name(node.cpu, same_cpu), node.cpu, node.cores, {}});
      it = std::prev(groups.end());
    }
    it->nodes.push_back(&node);
  }
  return groups;
}

std::string gflops(double v) { return fmt::format("{:.4g} * Gflops", v / 1e9); }

}  // namespace

ClusterTarget machine_target(const MachineSpec& machine, const std::string& path) {
  ClusterTarget target;
  target.name = machine.name;
  for (const auto& host : machine.hosts) add_host(target.hosts, host);
  for (const auto& group : machine.groups) {
    for (const auto& host : group.hosts) add_host(target.hosts, host);
  }
  if (target.hosts.empty()) {
    throw UsageError(fmt::format("--describe-cluster {}: machine '{}' names no hosts (give hosts = {{ \"node1\", ... "
                                 "}}, or groups with hosts, or an Open MPI hostfile)", path, machine.name));
  }
  target.launcher = machine.launcher.value_or(measure::Launcher{});
  return target;
}

ClusterTarget hostfile_target(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError(fmt::format("--describe-cluster {}: cannot read the file", path));
  ClusterTarget target;
  target.name = "cluster";
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    if (std::string host; words >> host) add_host(target.hosts, host);
  }
  if (target.hosts.empty()) {
    throw UsageError(fmt::format("--describe-cluster {}: names no host (an Open MPI hostfile: a line per host, "
                                 "\"node1 slots=4\"; or a machine script .lua)", path));
  }
  return target;
}

std::vector<NodeDescription> describe_nodes(const ClusterTarget& target) {
  // One process per host: the benchmark uses every core of its node itself.
  std::vector<std::string> argv{target.launcher.command, "-np", std::to_string(target.hosts.size()), "--host"};
  std::string hosts;
  for (const auto& host : target.hosts) hosts += fmt::format("{}{}:1", hosts.empty() ? "" : ",", host);
  argv.push_back(hosts);
  argv.insert(argv.end(), target.launcher.options.begin(), target.launcher.options.end());
  for (const auto& [name, value] : target.launcher.env) argv.insert(argv.end(), {"-x", name + "=" + value});
  argv.insert(argv.end(), {target.self, "--describe-host", "--format", "json"});
  measure::RunOptions options = stoppable_run_options(target.timeout_seconds);
  options.env = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"}, {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}};
  options.terminate_grace_seconds = 5;
  measure::CommandResult result;
  try {
    result = measure::run_command(argv, options);
  } catch (const measure::CommandError& e) {
    throw ScriptError(fmt::format("--describe-cluster: {} (the launcher comes with Debian's openmpi-bin: apt-get "
                                  "install openmpi-bin)", e.what()));
  }
  throw_if_run_stopped(result);
  if (!result.ok()) throw ScriptError("--describe-cluster: " + measure::describe_failure(result, argv));
  // Each node prints one JSON line; they arrive in any order, so each is matched to its host.
  std::vector<NodeDescription> nodes;
  std::istringstream lines(result.stdout_text);
  std::vector<NodeDescription> said;
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("speed_per_core")) continue;
    NodeDescription n;
    n.hostname = j.value("host", "");
    n.cpu = j.value("cpu", "unknown");
    n.cores = j.value("cores", 0);
    n.speed_per_core = j.value("speed_per_core", 0.0);
    n.core_speed = j.value("core_speed", 0.0);
    n.memory_bytes = j.value("memory_bytes", 0.0);
    n.memory_bandwidth = j.value("memory_bandwidth", 0.0);
    said.push_back(std::move(n));
  }
  std::vector<std::string> missing;
  for (const auto& host : target.hosts) {
    // A host named "localhost" or by an alias answers with its own name: by name first, then in turn.
    auto it = std::find_if(said.begin(), said.end(), [&](const NodeDescription& n) { return n.hostname == host; });
    if (it == said.end()) it = std::find_if(said.begin(), said.end(), [](const auto& n) { return !n.hostname.empty(); });
    if (it == said.end()) {
      missing.push_back(host);
      continue;
    }
    NodeDescription n = *it;
    it->hostname.clear();  // taken
    n.host = host;
    nodes.push_back(std::move(n));
  }
  if (!missing.empty()) {
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    throw ScriptError(fmt::format("--describe-cluster: no description from host{} {} ({})",
                                  missing.size() == 1 ? "" : "s", list, measure::format_command_line(argv)));
  }
  return nodes;
}

std::string cluster_machine_script(const ClusterTarget& target, const std::vector<NodeDescription>& nodes) {
  const std::vector<Group> groups = group_nodes(nodes);
  std::string out = fmt::format(
      "-- The cluster '{}' as `scalerun --describe-cluster` measured it: the host benchmark of\n"
      "-- --describe-host run on every node through the launcher (one process per node, all its cores).\n"
      "-- Marked speeds (seed 002 §3.1): per core, with all cores of the node busy, so a node of c cores\n"
      "-- is c entries of its group, one MPI rank each. Hosts of one CPU model and core count whose speeds\n"
      "-- agree within 10 % form a group. Measured per host:\n", target.name);
  for (const auto& n : nodes) {
    out += fmt::format("--   {:<16} {}, {} cores: {:.4g} Gflops per core ({:.4g} alone), {:.3g} GB/s, {:.3g} GiB\n",
                       n.host, n.cpu, n.cores, n.speed_per_core / 1e9, n.core_speed / 1e9, n.memory_bandwidth / 1e9,
                       n.memory_bytes / (1024.0 * 1024 * 1024));
  }
  double memory = HUGE_VAL;
  for (const auto& n : nodes) memory = std::min(memory, n.memory_bytes / std::max(1, n.cores));
  out += fmt::format("return machine {{\n  name = {},\n  doc = {},\n  memory = {:.4g} * GiB,  -- per core, the smallest node's\n  groups = {{\n",
                     lua_string(target.name), lua_string(fmt::format("{} host{} described by scalerun --describe-cluster", nodes.size(), nodes.size() == 1 ? "" : "s")),
                     memory / (1024.0 * 1024 * 1024));
  for (const auto& g : groups) {
    std::string hosts, speeds;
    bool differ = false;
    for (const auto* n : g.nodes) {
      for (int c = 0; c < std::max(1, n->cores); ++c) {
        hosts += fmt::format("{}{}", hosts.empty() ? "" : ", ", lua_string(n->host));
        speeds += fmt::format("{}{}", speeds.empty() ? "" : ", ", gflops(n->speed_per_core));
      }
      differ = differ || std::abs(n->speed_per_core / g.mean_speed() - 1) > 0.02;
    }
    int count = 0;
    for (const auto* n : g.nodes) count += std::max(1, n->cores);
    out += fmt::format("    {{ name = {}, count = {}, {},\n      hosts = {{ {} }},\n      doc = {} }},\n",
                       lua_string(g.name), count,
                       differ ? fmt::format("speeds = {{ {} }}", speeds) : fmt::format("speed = {}", gflops(g.mean_speed())),
                       hosts, lua_string(fmt::format("{}, {} cores per host", g.cpu, g.cores)));
  }
  out += "  },\n";
  const measure::Launcher& l = target.launcher;
  out += fmt::format("  launcher = {{ kind = {}, command = {}", lua_string(l.kind), lua_string(l.command));
  if (!l.options.empty()) {
    std::string options;
    for (const auto& o : l.options) options += fmt::format("{}{}", options.empty() ? "" : ", ", lua_string(o));
    out += fmt::format(", options = {{ {} }}", options);
  }
  if (!l.env.empty()) {
    std::string env;
    for (const auto& [name, value] : l.env) env += fmt::format("{}{} = {}", env.empty() ? "" : ", ", name, lua_string(value));
    out += fmt::format(", env = {{ {} }}", env);
  }
  if (l.oversubscribe) out += ", oversubscribe = true";
  out += " },\n}\n";
  return out;
}

}  // namespace scalerun::study
