-- A loaded chunk named "@tests/catalogue/cases/security/load_chunkname_script.lua" runs the experiment: a chunk name is no credential.
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local marker = require "mods.marker"
local code = [[
  local marker = ...
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
]]
local chunk = must(load(code, "@tests/catalogue/cases/security/load_chunkname_script.lua"))
chunk(marker)
return {}
