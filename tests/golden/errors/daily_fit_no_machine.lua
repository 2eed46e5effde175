-- The same for fit{}: the model needs the machine the fit does not name.
local rlsp = require "kernels.rlsp"

fit {
  name   = "tau",
  kernel = rlsp,
  params = { "tau" },
  data   = { { p = 2, n = 64, time = 0.1 }, { p = 4, n = 64, time = 0.06 } },
}
