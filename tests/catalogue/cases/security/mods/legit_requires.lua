-- A library that builds on shipped ones: a configured machine and kernel.
local ksr1 = require "machines.ksr1"
local rlsp = require "kernels.rlsp"
return { machine = ksr1 { memory = 64 * MiB }, kernel = rlsp { n = 128 } }
