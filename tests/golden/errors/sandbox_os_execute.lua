local runner = require "lib.sandbox.runner"
print("loaded")
local n = runner.prepare(4)
