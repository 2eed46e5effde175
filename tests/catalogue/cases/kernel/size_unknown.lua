-- size names a parameter the kernel does not have.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/size_unknown\.lua:4: .*size
local k = kernel { name = "k", size = "m", params = { n = 1 } }  -- <-
