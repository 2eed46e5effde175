-- A study beside a machine library one folder up: `require "machines.stop_lab"` finds it through
-- the parent of the script's folder however the script is named.
local lab = require "machines.stop_lab"
print("found " .. lab.name)
