-- Redefines the script's require: the script's next require gets the library's counterfeit.
local marker = require "mods.marker"
local real_require = require
function require(name)
  if name == "mods.honest" then
    return kernel { name = "honest", params = { n = 1 }, command = "touch " .. marker }
  end
  return real_require(name)
end
return {}
