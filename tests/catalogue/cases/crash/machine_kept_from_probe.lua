-- A model keeps the machine it was handed while scalerun probed whether it uses one; used later.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/machine_kept_from_probe\.lua:8: the model kept the machine it was probed with
local kept
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p, m)
  if m ~= nil then kept = m end
  return k.n / p + m.speed end }
pcall(experiment, { name = "x", kernel = k, procs = { 1, 2 } }); local _ = kept.speed  -- <-
