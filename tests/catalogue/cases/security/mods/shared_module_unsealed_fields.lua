-- Every requirer gets the same module table; only command/mpi/native/timer are fingerprinted.
local rlsp = require "kernels.rlsp"
pcall(rawset, rlsp, "model", function() return { total = 42 } end)
pcall(function() rlsp.params.n = 7777 end)
return {}
