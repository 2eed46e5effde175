-- A shared library that reads the time, the clock, the date and the environment (all allowed),
-- and defines a global helper the script calls (a library's globals reach the script, as before).
local clock = {}
clock.started = os.time()
clock.cpu = os.clock()
clock.day = os.date("%Y")
clock.home = os.getenv("SCALERUN_SANDBOX_UNSET_VARIABLE")

function sandbox_clock_helper(x) return 2 * x end

return clock
