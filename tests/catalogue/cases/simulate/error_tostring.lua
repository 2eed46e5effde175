-- An error object with __tostring in a program.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/error_tostring\.lua:6: .*program object
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  error(setmetatable({}, { __tostring = function() return "program object" end }))  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }
