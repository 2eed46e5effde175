-- A configured copy naming a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/configure_unknown_param\.lua:5: .*(unknown|parameter).*nn
local rlsp = require "kernels.rlsp"
local k = rlsp { nn = 5 }  -- <-
