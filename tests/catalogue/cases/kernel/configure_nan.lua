-- A configured copy with n = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/configure_nan\.lua:5: .*(n|NaN|nan)
local rlsp = require "kernels.rlsp"
local k = rlsp { n = 0/0 }  -- <-
