-- Kendall Square Research KSR-1 (the isospeed paper, 001_1a7b8ec92e9080bf.txt §3.1).
-- A shared-virtual-memory machine of hierarchical rings: up to 32 processors on a local ring
-- (ring:0, Group:0 cache, 150 cycles) and up to 34 rings on ring:1 (Group:1 cache, 570 cycles).
-- Each processor: 20 MHz, 40 Mflops peak in double precision, 32 MB of local cache.
-- Ring bandwidth (simulate mode only; the seed gives none): ASSUMED 1 GB/s per ring, the figure
-- published for the KSR-1's ring:0 and the smallest configuration of ring:1. Override with
-- ksr1 { topology = rings { ... bandwidth = ... } } to study other configurations.
return machine {
  name   = "KSR-1",
  clock  = 20 * MHz,
  peak   = 40 * Mflops,
  memory = 32 * MiB,
  procs  = 1088,
  topology = rings {
    { name = "ring:0", size = 32, latency = 150 / (20 * MHz), bandwidth = 1 * GBps },
    { name = "ring:1", size = 34, latency = 570 / (20 * MHz), bandwidth = 1 * GBps },
  },
}
