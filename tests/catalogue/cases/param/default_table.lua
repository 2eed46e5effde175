-- param() with a table default.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/param/default_table\.lua:4: .*(param|default)
local x = param("x", {})  -- <-
