-- A function the script calls later that reads a file through fit{ csv = ... }.
return { run = function(marker)
  local secret = marker:match("^(.*)/") .. "/secret.csv"
  return fit { name = "stolen", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
               params = { "tau" }, csv = secret }
end }
