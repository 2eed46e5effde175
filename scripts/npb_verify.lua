-- The NAS Parallel Benchmarks EP, IS and CG (NPB 3.4) at classes S, W and A, each measured on 1
-- and 2 TBB workers, one run per point: a check that the native kernels reproduce NPB's official
-- verification values (shared/reference/npb.md) whatever the worker count. A run that fails its
-- verification is reported as an error and makes scalerun exit 1.
-- Each experiment prints its measured table (speed = W / T in NPB's operations per second; the
-- verified column says whether the run passed); a summary with NPB's Mop/s follows on stderr.
--   scalerun scripts/npb_verify.lua --db /tmp/npb.db
--   scalerun scripts/npb_verify.lua --set classes=SW     (only some classes)
local npb = require "kernels.npb_classes"
local kernels = {
  EP = require "kernels.npb_ep",
  IS = require "kernels.npb_is",
  CG = require "kernels.npb_cg",
}

local classes = param("classes", "SWA", "the NPB classes to run, e.g. SW")
for class in classes:gmatch(".") do
  if npb.ep[class] == nil then
    error(string.format("--set classes=%s: NPB class '%s' is not one of S, W, A", classes, class))
  end
end

local summary = {}
for _, bench in ipairs { "EP", "IS", "CG" } do
  for class in classes:gmatch(".") do
    local result = experiment {
      name    = string.format("npb-%s-%s", bench:lower(), class),
      mode    = "measure",
      kernel  = kernels[bench](npb[bench:lower()][class]),
      procs   = { 1, 2 },
      repeats = 1,
      warmup  = 0,
      report  = { "measured" },
    }
    for _, row in ipairs(result.tables.measured and result.tables.measured.rows or {}) do  -- none on --dry-run
      summary[#summary + 1] = string.format("%-4s %-5s %2d %10.4f %10.1f %6.3f  %s", bench, class, row.p, row.T,
                                            row.speed / 1e6, row.E, row.verified == "yes" and "VERIFIED" or "FAILED")
    end
  end
end

print("NPB verification (Mop/s as NPB counts it: W / T / 1e6)")
print(string.format("%-4s %-5s %2s %10s %10s %6s  %s", "kern", "class", "p", "T [s]", "Mop/s", "E", "result"))
for _, line in ipairs(summary) do print(line) end
