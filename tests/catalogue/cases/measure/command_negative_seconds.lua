-- An external program reporting -5 s through the JSON timer is refused, not stored.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_negative_seconds\.lua:5: .*(negative|seconds)
local k = kernel { name = "c", params = { n = 1 }, timer = "seconds", command = "echo {\"seconds\":-5} {n}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-
