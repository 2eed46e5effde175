-- The Sunwulf cluster of the STAS paper (002_f0da52e7e2d6c7d5.txt §4.1, §4.3.1 Table 1, Figs. 2-4),
-- Scalable Computing Software laboratory, Illinois Institute of Technology.
--
-- Three node groups (§4.1), in the order STAS's set generator uses them (Fig. 2, Table 1):
--   server   1 SunFire server node "sunwulf": 4 CPUs of 480 MHz, 4 GB memory
--   sunblade 64 SunBlade nodes hpc-1..hpc-64: one 500 MHz CPU, 128 MB; hpc-17, hpc-25, hpc-47 and
--            hpc-58 "do not work when tested" (§4.1), so 60 are usable
--   sunfire  20 SunFire V210 nodes hpc-65..hpc-84: two 1 GHz CPUs, 2 GB
-- Network: 100M Ethernet (§4.1); MPICH 1.2.5 on SunOS 5.8.
--
-- Marked speeds (NPB 3.1 "Mop/s total", averaged over the benchmarks, §3.1). The paper lists only a
-- slice of ms.conf (Fig. 4): SunBlade hpc-56..hpc-64 (without hpc-58) = 20.56, 19.48, 20.29, 19.84,
-- 20.04, 19.36, 19.57, 20.43 (mean 19.95) and SunFire hpc-65..67 = 37.21, 36.78, 35.84 (mean 36.61);
-- the server's speed is not shown. Derivation:
--   Table 1 sets hold 1 server, b SunBlades and b+1 SunFires (b = 0, 1, 3, 7, 15), so their marked
--   speeds are C = (s + f) + b (sb + f): Table 1 determines only s + f and sb + f. A least-squares fit
--   of C to Table 1 (relative errors) gives s + f = 57.524 and sb + f = 56.696 Mflops. Taking the
--   SunBlade speed from Fig. 4 (sb = 19.95) gives f = 36.75 (Fig. 4's SunFire values average 36.61,
--   a check) and s = 20.77 (plausible for a 480 MHz UltraSPARC running one NPB process).
--   Resulting set speeds vs Table 1: 57.52/57.72, 114.22/113.57, 227.62/226.64, 454.42/455.71,
--   908.02/911.45 Mflops: every set within 0.6 %.
-- machine_sets{ machine = sunwulf, start = { server = 1, sunfire = 1 } } then rebuilds Table 1:
-- Set1 = 1 server + 1 SunFire, Set2 adds 1 SunBlade + 1 SunFire, ..., Set5 = 1 + 15 + 16 = 32 nodes,
-- and stops there because the SunFire group (20 nodes) cannot take another 16 (§4.3.1).
--
-- memory: per-node memory of the smallest node (SunBlade, 128 MB, §4.1), the binding one.
-- network: bandwidth = 100 Mbit/s (§4.1). latency: ASSUMED 100 us for a small MPICH 1.2.5 message over
-- TCP on Fast Ethernet; the paper gives no latency, so treat it as a knob (sunwulf { network = ... }).
return machine {
  name   = "Sunwulf",
  doc    = "heterogeneous Sun cluster of the STAS paper (seed 002 §4.1)",
  memory = 128 * MiB,
  procs  = 81,   -- usable nodes: 1 + 60 + 20
  groups = {
    { name = "server",   count = 1,  speed = 20.77 * Mflops, memory = 4 * GiB,
      doc = "sunwulf node: SunFire server, 4 x 480 MHz, 4 GB; speed derived (see header)" },
    { name = "sunblade", count = 60, speed = 19.95 * Mflops, memory = 128 * MiB,
      doc = "hpc-1..hpc-64 less 4 broken: SunBlade, 500 MHz, 128 MB; speed = mean of Fig. 4" },
    { name = "sunfire",  count = 20, speed = 36.75 * Mflops, memory = 2 * GiB,
      doc = "hpc-65..hpc-84: SunFire V210, 2 x 1 GHz, 2 GB; speed derived (see header)" },
  },
  network = { kind = "ethernet", bandwidth = 100e6 / 8, latency = 100 * us },
}
