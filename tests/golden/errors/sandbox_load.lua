local via_load = require "lib.sandbox.via_load"
