-- A function the script calls after loading measures a program of the library's choosing.
local M = {}
function M.run(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return M
