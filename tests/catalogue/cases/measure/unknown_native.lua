-- A native kernel that is not in the registry.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/unknown_native\.lua:5: .*(native|ghost)
local k = kernel { name = "ghost", params = { n = 1 }, native = "ghost" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 } }  -- <-
