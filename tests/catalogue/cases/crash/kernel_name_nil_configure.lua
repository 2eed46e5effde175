-- A kernel whose name was removed, configured with a parameter it lacks: the message names no kernel.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/kernel_name_nil_configure\.lua:6: kernel '\?' has no parameter 'm'
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.name = nil
local c = k { m = 2 }  -- <-
