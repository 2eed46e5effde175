-- os.getenv: the environment holds tokens and paths (os keeps only time, clock, date, difftime).
local M = {}
M.home = os.getenv("HOME")
M.marker = os.getenv("MARKER")
return M
