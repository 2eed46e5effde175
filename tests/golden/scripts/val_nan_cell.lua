-- A column that is 0/0 at p = 2 and 1/0 at p = 4: printed, but never without a note saying why.
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment {
  name = "cells", kernel = amdahl, procs = { 1, 2, 4 }, scale = fixed {}, report = { "scaled" },
  columns = { odd = function(k, p) if p == 2 then return 0 / 0 elseif p == 4 then return 1 / 0 end return p end },
}
