-- program given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/program_string\.lua:4: .*program
local k = kernel { name = "k", program = "run" }  -- <-
