-- A configured copy sets parameters by name; a params table is refused, not silently dropped.
local rlsp = require "kernels.rlsp"
local copy = rlsp { params = { n = 128 } }
