-- rlsp's model asks the machine how many ring levels p processors span: a map without a machine
-- is told so at its own line, not by an error inside kernels/rlsp.lua.
local rlsp = require "kernels.rlsp"

map {
  name   = "m",
  kernel = rlsp,
  rows   = { param = "n", values = { 64, 128 } },
}
