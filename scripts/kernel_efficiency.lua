-- Parallel efficiency of the native kernels on this host at their benchmark sizes: NPB EP, IS and
-- CG class A, matmul at N = 2048, the Mandelbrot fractal at 2048 x 2048 and the two Monte Carlo
-- kernels (seed 004 §5 time slices, and pi). E = T(1)/(p T(p)) per kernel, every run verified; the
-- measured table, the overhead breakdown and the latency split (ML, IT, PT measured, and what they
-- leave unaccounted) show where the rest of the time goes. The workers' wake-up is inside the
-- measured time, so E above 1 means a superlinear effect (the latency table says which).
--   scalerun scripts/kernel_efficiency.lua            (p = 1, 2; --set procs=4 adds p = 4)
local npb = require "kernels.npb_classes"
local procs = { 1, 2 }
local most = param("procs", 2, "the largest worker count; above 2 it is measured too")
if most > 2 then procs[#procs + 1] = most end
local repeats = param("repeats", 3, "measured runs per point")

local cases = {
  { "ep-A",       require "kernels.npb_ep" (npb.ep.A) },
  { "is-A",       require "kernels.npb_is" (npb.is.A) },
  { "cg-A",       require "kernels.npb_cg" (npb.cg.A) },
  { "matmul-2048", require "kernels.matmul" { N = 2048 } },
  { "fractal-2048", require "kernels.fractal" { width = 2048, height = 2048, limit = 256, grain = 256 } },
  { "montecarlo-slices", require "kernels.montecarlo" { n = 1000, t = 20 } },
  { "pi", require "kernels.pi" { samples = 1e8 } },
}
for _, case in ipairs(cases) do
  experiment {
    name = case[1], mode = "measure", kernel = case[2], procs = procs, repeats = repeats, warmup = 1,
    report = { "measured", "overhead", "latency" },
  }
end
