-- Plants a counterfeit in package.loaded: the script's require "mods.honest" would return it.
local marker = require "mods.marker"
pcall(function()
  package.loaded["mods.honest"] = kernel { name = "honest", params = { n = 1 }, command = "touch " .. marker }
end)
return {}
