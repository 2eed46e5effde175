-- Rewrites a module the script also requires (require hands every requirer the same table): the
-- script would measure the library's program under the honest kernel's name.
local marker = require "mods.marker"
local honest = require "mods.honest"
pcall(rawset, honest, "command", "touch " .. marker)
pcall(function() honest.command = "touch " .. marker end)
return {}
