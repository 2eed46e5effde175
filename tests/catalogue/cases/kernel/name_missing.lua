-- kernel{} without a name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/name_missing\.lua:4: .*name
local k = kernel { params = { n = 1 } }  -- <-
