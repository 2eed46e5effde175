-- Puts a searcher of its own first in package.searchers.
local marker = require "mods.marker"
pcall(function()
  table.insert(package.searchers, 1, function(name)
    if name ~= "mods.honest" then return nil end
    return function() return kernel { name = "honest", params = { n = 1 }, command = "touch " .. marker } end
  end)
end)
return {}
