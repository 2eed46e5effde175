-- A library reads os.time, os.clock, os.date and os.difftime: they stay available.
-- expect-exit: 0
local t = require "mods.legit_time"
assert(math.type(t.started) == "integer" and type(t.cpu) == "number" and #t.year == 4 and t.elapsed >= 0)
print("library time ok")
