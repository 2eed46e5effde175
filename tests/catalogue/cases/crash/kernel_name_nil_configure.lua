-- A kernel whose name was removed, then configured: the configured copy names what changed (kernels are sealed).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/kernel_name_nil_configure\.lua:6: kernel 'nil': its name was changed after kernel\{\} made it
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.name = nil
local c = k { m = 2 }  -- <-
