-- A kernel's params that contain themselves (t.self = t): copied for ever until the script's time-out.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/params_hold_themselves\.lua:6: a kernel's params hold a table that contains itself
local t = { n = 1 }
t.self = t
local k = kernel { name = "k", params = t }
