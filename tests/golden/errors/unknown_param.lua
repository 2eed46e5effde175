local rlsp = require "kernels.rlsp"
local k = rlsp { taux = 1 }
