-- kernel given as a name, not a kernel.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/kernel_string\.lua:4: .*kernel
experiment { name = "x", kernel = "rlsp", procs = { 1, 2 } }  -- <-
