-- A library may read the time, clock, date and environment; its global helper reaches the script.
local clock = require "lib.sandbox.clock"
assert(math.type(clock.started) == "integer" and type(clock.cpu) == "number" and #clock.day == 4)
assert(clock.home == nil)
print("library clock ok, helper gives " .. sandbox_clock_helper(21))
