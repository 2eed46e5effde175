-- Efficiency-conserved scaling measured on this host: for each p, scalerun searches the number
-- of Monte Carlo samples at which the measured efficiency E = T(1)/(p T(p)) is the target within
-- +-2 %, starting from where the kernel's model puts it and taking secant steps (the STAS tester
-- of 002_f0da52e7e2d6c7d5.txt §3.3 steps by fixed 2 % instead). Each evaluation takes T(1) and T(p)
-- in turns and adds pairs while the 95 % interval of their median E straddles the band. The notes
-- under the table give that interval and the measured runs each point took.
local pi = require "kernels.pi"

experiment {
  name   = "pi-efficiency",
  mode   = "measure",
  kernel = pi { samples = 1e6 },
  procs  = { 2 },
  scale  = efficiency { E = param("E", 0.8), vary = "samples" },
  repeats = param("repeats", 5),
  budget = param("budget", 20),   -- measured configurations per point before giving up (exit 1)
  report = { "measured", "overhead" },
}
