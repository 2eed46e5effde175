return { a = require "stop_cycle_a" }
