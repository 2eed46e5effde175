-- --set n=nan for a numeric param: refused (NaN is never a useful parameter).
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/param/set_nan\.lua:[0-9]+: ).*(n|NaN|nan)
-- args: --set n=nan
local n = param("n", 4)
experiment { name = "x", kernel = require "kernels.rlsp" { n = n }, procs = { 1, 2 } }
