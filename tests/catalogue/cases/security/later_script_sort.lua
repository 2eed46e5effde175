-- A library comparator runs experiment{} when the script hands it to table.sort.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_script_sort"
local f = lib.callback(os.getenv("MARKER"))
table.sort({ 2, 1 }, function(a, b) f() return a < b end)
print("the callback returned")
