-- A model that never returns (branching, so evaluated by plain Lua calls): stopped at the budget.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/endless_model\.lua:6: .*timed out
-- args: --script-timeout 1
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) if p > 1 then while true do end end return k.n / p end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }
