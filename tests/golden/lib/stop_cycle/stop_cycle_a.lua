return { b = require "stop_cycle_b" }
