local via_g = require "lib.sandbox.via_g"
