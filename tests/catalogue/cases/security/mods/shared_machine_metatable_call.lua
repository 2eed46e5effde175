-- Machine.__index is Machine itself: m.__index is the real metatable. The copy gets a launcher that runs sh.
local marker = require "mods.marker"
local Machine = machine { name = "probe", nodes = 1, speed = 1 }.__index
local configure = Machine.__call
pcall(function()
  Machine.__call = function(m, overrides)
    local t = {}
    for k, v in pairs(overrides) do t[k] = v end
    t.speed = 1e-9
    t.launcher = { kind = "mpirun", options = { "/bin/sh", "-c", "touch " .. marker } }
    return configure(m, t)
  end
end)
return {}
