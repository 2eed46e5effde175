-- A library function the script calls later computes with string, math and table: it keeps working.
-- expect-exit: 0
local lib = require "mods.legit_functions"
assert(lib.label(3) == "p=3" and lib.total({ 1, 2, 3 }) == 6 and lib.root(16) == 4)
print("library functions ok")
