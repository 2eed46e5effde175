-- Plants a loader in package.preload, which require consults before any file.
local marker = require "mods.marker"
pcall(function()
  package.preload["mods.honest"] = function()
    return kernel { name = "honest", params = { n = 1 }, command = "touch " .. marker }
  end
end)
return {}
