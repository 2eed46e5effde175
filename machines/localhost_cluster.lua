-- This host as a small homogeneous cluster for machine-set studies (seed 002's doubling sets):
-- one node group "core" whose nodes are ranks on this host, one per core, each with the per-core
-- marked speed the host benchmark measures (the `speed` of host_machine(), so p nodes together
-- have the marked speed the host delivered on p cores). machine_sets{ start = { core = 1 } } then
-- gives sets of 1, 2, 4, ... ranks up to the cores (2 sets on a 2-core host, 5 on 16 cores).
-- Oversubscription is allowed, so a configured copy with more nodes, e.g. local c = require
-- "machines.localhost_cluster"; c.groups[1].count = 8, shows what sharing cores costs. A real
-- cluster lists its groups' hosts instead
-- (see README, "MPI programs on a cluster", and `scalerun --describe-cluster`).
local host = host_machine()
local nodes = host.procs
local hosts = {}
for i = 1, nodes do hosts[i] = "localhost" end
return machine {
  name = "localhost cluster",
  doc = string.format("this host's %d cores as %d MPI nodes of one group", host.procs, nodes),
  groups = {
    { name = "core", count = nodes, speed = host.speed, hosts = hosts,
      doc = "a rank on this host, at the per-core marked speed measured when the script runs" },
  },
  launcher = { kind = "mpirun", oversubscribe = true },
}
