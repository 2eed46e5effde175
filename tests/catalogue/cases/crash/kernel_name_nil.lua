-- A kernel whose name was removed after kernel{}: the experiment names what changed (kernels are sealed).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/kernel_name_nil\.lua:6: kernel 'nil': its name was changed after kernel\{\} made it
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.name = nil
experiment { name = "x", kernel = k, procs = { 1, 2 } }  -- <-
