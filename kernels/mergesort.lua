-- Mergesort with its input read from and written back to disk (the steady-state timing models
-- paper, 004_accb5d5a432b67f2.txt §1 and §3).
-- Sequential model (eq. 1.2): T_seq = n log2 n / W + 2 delta_io n / B, with W the processing
-- power in inputs per second ("customized" MIPS: the constant of n log n hidden in W), B the file
-- system speed in bytes per second and delta_io the bytes per input (8 for double keys).
-- Split-sort-merge on P processors (§3): each sorts n/P keys, the P runs are merged in log2 P
-- passes over n keys, every key crosses the network twice (scatter and gather) at u bytes/s, and
-- the disk is read and written once.
-- Native kernel (kernels/native/apps/mergesort.cpp): n random 64-bit keys sorted in memory, blocks
-- merge-sorted in parallel then merged in parallel pieces; the disk term stays in the model only.
return kernel {
  name = "mergesort",
  doc  = "mergesort of n keys from and to disk: CPU n log2 n / W, I/O 2 delta n / B",
  size = "n",
  integer = { "n" },  -- keys: a rule's solved size is rounded to the nearest whole one
  params = {
    n        = 1e6,
    W        = 5.2 * MIPS,      -- DEC Alpha 120 MHz, calibrated (Table 1)
    B        = 2.5 * MBps,      -- NFS over Ethernet, calibrated (Table 1)
    u        = 1.0 * MBps,      -- worst-case network capacity while all processors send
    delta_io = 8,               -- bytes per input on disk
    delta_comm = 8,             -- bytes per input on the network
  },
  work   = function(k) return k.n * log2(k.n) end,
  memory = function(k) return k.delta_io * k.n end,
  model  = function(k, p, m)
    local local_sort = (k.n / p) * log2(k.n / p) / k.W
    local merge = k.n * log2(p) / k.W
    return {
      compute = local_sort + merge,
      comm    = where(gt(p, 1), 2 * k.delta_comm * k.n / k.u, 0),
      io      = 2 * k.delta_io * k.n / k.B,
    }
  end,
  native = "mergesort",
}
