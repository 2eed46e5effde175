-- A kernel whose name was removed after kernel{}: every table and the database name the kernel.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/kernel_name_nil\.lua:6: field 'kernel': the kernel has no name
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.name = nil
experiment { name = "x", kernel = k, procs = { 1, 2 } }  -- <-
