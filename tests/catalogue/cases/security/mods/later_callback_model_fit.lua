-- A kernel whose model reads a file through fit{ csv = ... } when scalerun evaluates it.
return { kernel = function(secret)
  return kernel { name = "k", params = { n = 64, tau = 1 }, work = function(k) return k.n end,
                  model = function(k, p)
                    fit { name = "stolen", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
                          params = { "tau" }, csv = secret }
                    return k.n / p
                  end }
end }
