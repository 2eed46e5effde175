-- pcall(experiment, ...): a refusal the library catches must still have started nothing.
local marker = require "mods.marker"
local ok, err = pcall(experiment, { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
                                    kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } })
if not ok then error(err, 0) end
return {}
