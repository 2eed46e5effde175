-- A library may read the time, the CPU clock and the date, and take differences of times.
local t0 = os.time()
local M = { started = t0, cpu = os.clock(), year = os.date("%Y"), elapsed = os.difftime(os.time(), t0) }
return M
