-- A network of DEC Alpha workstations (the steady-state timing models paper,
-- 004_accb5d5a432b67f2.txt): 120 MHz Alpha processors, files over NFS on 10 Mbit/s Ethernet.
-- speed and disk are the paper's calibrated, "customized" figures for mergesort (Table 1):
-- W = 5.2 million inputs per second and B = 2.5 MB/s; they include compiler, cache and NFS
-- effects, so they are far from the vendor's numbers on purpose.
return machine {
  name   = "DEC Alpha NOW",
  clock  = 120 * MHz,
  speed  = 5.2 * MIPS,
  disk   = 2.5 * MBps,
  memory = 64 * MiB,
  procs  = 16,
  network = { kind = "ethernet", bandwidth = 10e6 / 8, latency = 1 * ms, capacity = 1.0 * MBps },
}
