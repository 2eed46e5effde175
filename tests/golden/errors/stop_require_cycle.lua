package.path = "tests/golden/lib/stop_cycle/?.lua;" .. package.path
local a = require "stop_cycle_a"
