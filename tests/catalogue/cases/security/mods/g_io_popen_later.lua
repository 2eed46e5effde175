-- io.popen in a function the script calls later.
local M = {}
function M.run(marker)
  io.popen("touch " .. marker):close()
end
return M
