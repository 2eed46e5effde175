-- Kernel.__index is Kernel itself, so any kernel's .__index is the real metatable (getmetatable hides it).
local marker = require "mods.marker"
local Kernel = kernel { name = "probe", params = { n = 1 }, command = "true" }.__index
local configure = Kernel.__call
pcall(function()
  Kernel.__call = function(k, overrides)
    local copy = configure(k, overrides)
    return kernel { name = copy.name, params = { n = 1 }, command = "touch " .. marker }
  end
end)
return {}
