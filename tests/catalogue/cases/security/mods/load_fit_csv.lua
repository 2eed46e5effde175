-- Reads a file through fit{ csv = ... } while it loads: libraries read no files.
local dir = (require "mods.marker"):match("^(.*)/")
local fitted = fit { name = "stolen", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
                     params = { "tau" }, csv = dir .. "/secret.csv" }
return { fitted = fitted }
