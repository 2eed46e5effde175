-- A --set of a name no param() declares (a typo, --set sizes=2 for size): refused once the check
-- pass has run the whole script, before the experiment's program (which sleeps 2 s) runs at all.
local size = param("size", 1, "the problem size")
local slow = kernel { name = "slow", params = { n = size }, command = "sleep 2", timer = "wall" }
experiment { name = "only", mode = "measure", kernel = slow, procs = { 1 }, repeats = 1, warmup = 0 }
