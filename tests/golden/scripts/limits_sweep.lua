-- A simulated sweep for tests/golden/limits.sh: its points are stored as they complete, it can
-- print a line at every point (stderr, mid-sweep), spin a little per point so the sweep lasts,
-- and hang at one point in a C call no time check reaches (a backtracking string.find).
local points = param("points", 40, "processor counts 1..points")
local say = param("say", 0, "1: print a line at every point")
local spin = param("spin", 0, "Lua loop iterations at every point")
local hang_at = param("hang_at", 0, "the processor count whose point hangs in string.find (0: none)")

local pram = machine { name = "limits pram", speed = 1e6, network = { kind = "ideal", overhead = 100 * us } }
local work = kernel {
  name = "work", params = { n = 1e6 },
  program = function(ctx, k)
    if ctx.rank == 0 then
      if say == 1 then print("limits: simulating p=" .. ctx.size) end
      local s = 0
      for i = 1, spin do s = s + i end
      if ctx.size == hang_at then string.find(string.rep("a", 60), string.rep("a*", 40) .. "b") end
    end
    ctx:compute(k.n / ctx.size)
    ctx:barrier()
  end,
}
local procs = {}
for p = 1, points do procs[#procs + 1] = p end
experiment { name = "limits", mode = "simulate", machine = pram, kernel = work, procs = procs, report = { "speedup", "overhead", "wait", "overhead_functions" } }
