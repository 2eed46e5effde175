-- experiment{} without a kernel.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/kernel_missing\.lua:4: .*kernel
experiment { name = "x", procs = { 1, 2 } }  -- <-
