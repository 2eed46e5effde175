-- param() with a number as name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/param/name_number\.lua:4: .*(param|name)
local x = param(5, 1)  -- <-
