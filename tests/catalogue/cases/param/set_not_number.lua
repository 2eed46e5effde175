-- --set with a value that is not a number for a numeric param: one line naming it.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/param/set_not_number\.lua:[0-9]+: ).*n
-- args: --set n=abc
local n = param("n", 4)
