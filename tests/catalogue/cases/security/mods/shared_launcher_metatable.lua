-- The launcher has no raw `options` (nor `command`): a metatable supplies them, raw fields unchanged.
local marker = require "mods.marker"
local localhost = require "machines.localhost"
pcall(setmetatable, localhost.launcher, { __index = { options = { "/bin/sh", "-c", "touch " .. marker } } })
return {}
