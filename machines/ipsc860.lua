-- An iPSC/860-like binary hypercube as simulated by SPASM (003_542419d79f31dea1.txt §5, §3, §6).
-- From the seed (§5): nodes connected by serial links of 2.8 MBytes/s in a binary hypercube,
-- e-cube routing, circuit-switched wormhole message transmission, and a software overhead of
-- 100 microseconds per message (the same on both SPASM platforms). Processors: "we fix most of the
-- processor characteristics by using the SPARC chip as the baseline for each processor"; results are
-- reported at native SPARC speed (1X) and at 10 times that (10X, §6): use ipsc860 { speed = ... }.
-- procs = 64: the largest system the seed simulates (§6, Tables IV-V).
--
-- NOT in the seed (assumptions, change them freely):
--   clock/speed: the seed never says which SPARC; we take a SPARCstation 2-class processor
--     (40 MHz, about 4.2 Mflops sustained in double precision).
--   memory: 16 MB per node (an iPSC/860 node carried 8 or 16 MB).
--   latency: the seed names a "switching delay" parameter of SPASM but gives no value; wormhole
--     routing makes the hop delay small next to the 100 us software overhead, so it is taken as 0.
return machine {
  name   = "iPSC/860-like hypercube (SPASM)",
  doc    = "binary hypercube, 2.8 MB/s serial links, 100 us software overhead per message (seed 003 §5)",
  clock  = 40 * MHz,
  speed  = 4.2 * Mflops,
  memory = 16 * MiB,
  procs  = 64,
  network = {
    kind      = "hypercube",
    bandwidth = 2.8 * MBps,   -- per link (§5)
    switching = "circuit",    -- "circuit-switched wormhole" (§5): a message holds every link of its
                              -- e-cube path until its last byte has arrived
    latency   = 0,            -- hardware switching delay: not given (see above)
    overhead  = 100 * us,     -- software overhead per message (§5)
  },
}
