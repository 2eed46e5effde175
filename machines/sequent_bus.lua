-- A Sequent-like shared bus as simulated by SPASM (003_542419d79f31dea1.txt §5, §6).
-- From the seed (§5): nodes (a SPARC processor with local memory) on a single 64-bit wide,
-- asynchronous, split-transaction, Sequent-like bus with a cycle time of 150 nanoseconds; message
-- passing with a software overhead of 100 microseconds per message (same as the cube platform).
--   bandwidth = 8 bytes / 150 ns = 53.3 MB/s. The bus is one shared medium: every message is
--   handled sequentially (§6, "all the messages have to be sequentially handled on the bus"), so the
--   worst-case capacity while all processors send is the same 53.3 MB/s.
-- procs = 64: the largest system the seed simulates (§6, Fig. 18 uses a 64-node bus).
--
-- NOT in the seed (assumptions): the SPARC's clock and speed (SPARCstation 2-class: 40 MHz, about
-- 4.2 Mflops sustained), 16 MB local memory per node (kept equal to machines/ipsc860.lua so the two
-- platforms differ only in their interconnect, as in the seed), and latency = one bus cycle (the
-- arbitration/address phase of a split transaction) before data moves at the bus bandwidth.
return machine {
  name   = "Sequent-like bus (SPASM)",
  doc    = "single 64-bit split-transaction bus, 150 ns cycle, 100 us software overhead per message (seed 003 §5)",
  clock  = 40 * MHz,
  speed  = 4.2 * Mflops,
  memory = 16 * MiB,
  procs  = 64,
  network = {
    kind      = "bus",
    bandwidth = 8 / (150 * ns),   -- 64 bits per 150 ns cycle = 53.3 MB/s (§5)
    capacity  = 8 / (150 * ns),   -- shared: all senders together get the one bus
    latency   = 150 * ns,         -- one bus cycle (assumption, see above)
    overhead  = 100 * us,         -- software overhead per message (§5)
  },
}
