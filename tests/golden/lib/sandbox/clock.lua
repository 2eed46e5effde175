-- A shared library that reads the time, the clock and the date (all allowed) and defines a global
-- helper: the global stays in the library's own environment, the script gets it from the table.
local clock = {}
clock.started = os.time()
clock.cpu = os.clock()
clock.day = os.date("%Y")

function sandbox_clock_helper(x) return 2 * x end
clock.helper = sandbox_clock_helper

return clock
