-- Mergesort is I/O bound: the sequential performance maps of the steady-state timing models
-- paper (004_accb5d5a432b67f2.txt, Tables 1-3), computed from its timing model
--   T_seq = n log2 n / W + 2 * 8 n / B
-- calibrated on a DEC Alpha 120 MHz over NFS (W = 5.2 MIPS, B = 2.5 MB/s). Each map is checked
-- against the published table, to the two decimals it prints.
local mergesort = require "kernels.mergesort"
local alpha = require "machines.dec_alpha_now"

local W = param("W", alpha.speed, "processing power, inputs/s")
local B = param("B", alpha.disk, "file system speed, bytes/s")
local sort = mergesort { W = W, B = B }

local sizes = {}
for i = 0, 14 do sizes[#sizes + 1] = 10000 * 2^i end   -- 10,000 ... 163,840,000

-- Table 1: CPU, I/O and total seconds by input size.
map {
  name   = "table1",
  title  = "Sequential mergesort by input size (seed 004 Table 1)",
  kernel = sort,
  rows   = { param = "n", values = sizes, label = "N" },
  value  = "terms",
  digits = 2,
}
check {
  name = "table1-published", of = "table1", table = "map", key = "N",
  columns = { "compute", "io", "total" }, decimals = 2,
  source = "seed 004 Table 1",
  expect = {
    { 10000, 0.03, 0.06, 0.09 }, { 20000, 0.05, 0.13, 0.18 }, { 40000, 0.12, 0.26, 0.37 },
    { 80000, 0.25, 0.51, 0.76 }, { 160000, 0.53, 1.02, 1.56 }, { 320000, 1.13, 2.05, 3.17 },
    { 640000, 2.37, 4.10, 6.47 }, { 1280000, 4.99, 8.19, 13.19 }, { 2560000, 10.48, 16.38, 26.86 },
    { 5120000, 21.94, 32.77, 54.71 }, { 10240000, 45.86, 65.54, 111.39 },
    { 20480000, 95.66, 131.07, 226.73 }, { 40960000, 199.19, 262.14, 461.33 },
    { 81920000, 414.13, 524.29, 938.42 }, { 163840000, 859.77, 1048.58, 1908.35 },
  },
}

-- Table 2: total seconds by input size and I/O speed (W = 5.2 MIPS).
local io_speeds = { 2.5 * MBps, 3 * MBps, 5 * MBps, 10 * MBps, 20 * MBps }
map {
  name   = "table2",
  title  = "Total seconds by input size and I/O speed, W = 5.2 MIPS (seed 004 Table 2)",
  kernel = sort,
  rows   = { param = "n", values = sizes, label = "N" },
  cols   = { param = "B", values = io_speeds, names = { "2.5MB/s", "3MB/s", "5MB/s", "10MB/s", "20MB/s" } },
  value  = "time",
  digits = 2,
}
check {
  name = "table2-published", of = "table2", table = "map", key = "N",
  columns = { "2.5MB/s", "3MB/s", "5MB/s", "10MB/s", "20MB/s" }, decimals = 2,
  source = "seed 004 Table 2",
  expect = {
    { 10000, 0.09, 0.08, 0.06, 0.04, 0.03 }, { 20000, 0.18, 0.16, 0.12, 0.09, 0.07 },
    { 40000, 0.37, 0.33, 0.25, 0.18, 0.15 }, { 80000, 0.76, 0.68, 0.51, 0.38, 0.31 },
    { 160000, 1.56, 1.39, 1.04, 0.79, 0.66 }, { 320000, 3.17, 2.83, 2.15, 1.64, 1.38 },
    { 640000, 6.47, 5.79, 4.42, 3.40, 2.89 }, { 1280000, 13.19, 11.82, 9.09, 7.04, 6.02 },
    { 2560000, 26.86, 24.13, 18.67, 14.58, 12.53 }, { 5120000, 54.71, 49.25, 38.33, 30.14, 26.04 },
    { 10240000, 111.39, 100.47, 78.63, 62.24, 54.05 }, { 20480000, 226.73, 204.88, 161.19, 128.42, 112.04 },
    { 40960000, 461.33, 417.64, 330.26, 264.73, 231.96 }, { 81920000, 938.42, 851.04, 676.28, 545.20, 479.67 },
    { 163840000, 1908.35, 1733.59, 1384.06, 1121.92, 990.84 },
  },
}

-- Table 3: total seconds by input size and processor speed (B = 2.5 MB/s).
local cpu_speeds = { 5.2 * MIPS, 10 * MIPS, 20 * MIPS, 50 * MIPS }
map {
  name   = "table3",
  title  = "Total seconds by input size and processor speed, B = 2.5 MB/s (seed 004 Table 3)",
  kernel = sort,
  rows   = { param = "n", values = sizes, label = "N" },
  cols   = { param = "W", values = cpu_speeds, names = { "5.2MIPS", "10MIPS", "20MIPS", "50MIPS" } },
  value  = "time",
  digits = 2,
}
check {
  name = "table3-published", of = "table3", table = "map", key = "N",
  columns = { "5.2MIPS", "10MIPS", "20MIPS", "50MIPS" }, decimals = 2,
  source = "seed 004 Table 3",
  expect = {
    { 10000, 0.09, 0.08, 0.07, 0.07 }, { 20000, 0.18, 0.16, 0.14, 0.13 },
    { 40000, 0.37, 0.32, 0.29, 0.27 }, { 80000, 0.76, 0.64, 0.58, 0.54 },
    { 160000, 1.56, 1.30, 1.16, 1.08 }, { 320000, 3.17, 2.63, 2.34, 2.17 },
    { 640000, 6.47, 5.33, 4.71, 4.34 }, { 1280000, 13.19, 10.79, 9.49, 8.71 },
    { 2560000, 26.86, 21.83, 19.11, 17.47 }, { 5120000, 54.71, 44.18, 38.47, 35.05 },
    { 10240000, 111.39, 89.38, 77.46, 70.31 }, { 20480000, 226.73, 180.81, 155.94, 141.02 },
    { 40960000, 461.33, 365.72, 313.93, 282.86 }, { 81920000, 938.42, 739.64, 631.96, 567.36 },
    { 163840000, 1908.35, 1495.66, 1272.12, 1137.99 },
  },
}
