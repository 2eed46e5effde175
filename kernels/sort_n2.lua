-- An O(n^2) comparison sort split over P processors (the steady-state timing models paper,
-- 004_accb5d5a432b67f2.txt §2.1 and §3.2; the equations are images in the seed's text, so (3.4) and
-- (3.5) are rebuilt from the prose and from kernels/mergesort.lua's reading of (3.1)-(3.2)).
-- §2.1: an O(n^2) sort is NSSC (non search space compact): its O(n) certificate makes splitting pay,
-- P parts of n/P keys cost P (n/P)^2 = n^2/P comparisons in all, fewer than n^2, so the speedup over
-- the fair sequential run can exceed P ("superlinear speedup", Table 2: 2-5 DEC Alpha workstations).
-- Sequential (3.4):  T_seq = n^2 / W + 2 delta n / B
--   W: customized power, in comparisons ("inputs") per second, the constant of n^2 hidden in it;
--   B: file system speed; delta: bytes per key (8).
-- Split-sort-merge on p processors (3.5), same structure as the O(n lg n) sorter (3.2), with the keys
-- cut into P parts (P = p unless `parts` says otherwise; p = 1 with P > 1 is the seed's partitioned
-- sequential sorter, its Table 3):
--   compute = ceil(P/p) (n/P)^2 / W + n log2(P) / W   each part sorted in (n/P)^2, ceil(P/p) parts
--                                             per processor, P runs merged in log2 P passes over n keys
--   comm    = 2 delta n / u  (P > 1)          every key crosses the network twice (scatter, gather)
--   io      = 2 delta n / B                   read once, written once
-- Defaults: the seed's §3.2 environment, W = 5 MIPS, u = 60,000 bytes/s (low-end Ethernet),
-- B = 3.5 MB/s (NFS over Ethernet). No machine fields are used: pass machine values as parameters.
-- Native kernel (kernels/native/apps/sort_n2.cpp): insertion sort of each part, the parts in
-- parallel, then a parallel merge; in memory (the disk term stays in the model only).
return kernel {
  name = "sort_n2",
  doc  = "O(n^2) sort, split into P parts sorted in (n/P)^2 each and merged: superlinear speedup (seed 004 §3.2)",
  size = "n",
  integer = { "n" },  -- keys: a rule's solved size is rounded to the nearest whole one
  params = {
    n          = 10000,
    parts      = 0,             -- parts sorted separately, then merged (0: one per processor)
    W          = 5 * MIPS,      -- customized processor power (seed 004 §3.2)
    B          = 3.5 * MBps,    -- NFS file system speed (seed 004 §3.2)
    u          = 60000 * Bps,   -- network capacity, low-end Ethernet (seed 004 §3.2)
    delta_io   = 8,             -- bytes per key on disk
    delta_comm = 8,             -- bytes per key on the network
  },
  work   = function(k) return k.n^2 end,
  memory = function(k) return k.delta_io * k.n end,
  model  = function(k, p, m)
    local P = where(gt(k.parts, 0), k.parts, p)
    return {
      compute = math.ceil(P / p) * (k.n / P)^2 / k.W + k.n * log2(P) / k.W,
      comm    = where(gt(p, 1), 2 * k.delta_comm * k.n / k.u, 0),
      io      = 2 * k.delta_io * k.n / k.B,
    }
  end,
  native = "sort_n2",
}
