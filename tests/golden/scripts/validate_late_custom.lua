-- Two experiments, the second refused: a custom rule is not measured. The refusal comes before the
-- first experiment measures anything (its program sleeps for seconds, and nothing is stored).
local slow = kernel {
  name = "slow", params = { n = 1 },
  command = "sleep 2", timer = "wall",
}
experiment { name = "first", mode = "measure", kernel = slow, procs = { 1 }, repeats = 1, warmup = 0 }
experiment {
  name = "second", mode = "measure", kernel = slow, procs = { 1, 2 }, repeats = 1, warmup = 0,
  scale = custom(function(p) return { n = p } end),
}
