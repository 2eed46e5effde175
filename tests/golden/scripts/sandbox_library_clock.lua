-- A library may read the time, clock and date; its globals stay its own (the script reaches its
-- helper through the table it returned, not as a global).
local clock = require "lib.sandbox.clock"
assert(math.type(clock.started) == "integer" and type(clock.cpu) == "number" and #clock.day == 4)
assert(rawget(_G, "sandbox_clock_helper") == nil, "a library's global reached the script's globals")
print("library clock ok, helper gives " .. clock.helper(21))
