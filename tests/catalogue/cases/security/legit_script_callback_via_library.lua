-- The script's own function runs experiment{} when a library helper calls it back: the script acts, the library only iterates.
-- expect-exit: 0
local lib = require "mods.legit_callback"
local rlsp = require "kernels.rlsp"
lib.for_each({ 64, 128 }, function(n)
  experiment { name = "n" .. n, kernel = rlsp { n = n }, machine = require "machines.ksr1", procs = { 1, 2 } }
end)
