-- Pure helpers the script calls later.
local M = {}
function M.label(p) return ("p=%d"):format(p) end
function M.total(t) local s = 0 for _, v in ipairs(t) do s = s + v end return s end
function M.root(x) return math.sqrt(x) end
return M
