-- The module is found only through LUA_PATH; machines.ksr1 through the ";;" default part.
local m = require "lua_path_module"
local ksr1 = require "machines.ksr1"
print(m.origin .. ", and " .. ksr1.name .. " through the default path")
