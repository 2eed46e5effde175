-- A fit with neither data, csv nor stored.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/no_source\.lua:6: .*(data|csv|stored)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" } }  -- <-
