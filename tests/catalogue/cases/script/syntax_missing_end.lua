-- A function without its end: Lua's syntax error, reported where the file ends.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/syntax_missing_end\.lua:[0-9]+: .*'end' expected
local function f()
  return 1
experiment { name = "x", kernel = require "kernels.rlsp", procs = { 1 } }
