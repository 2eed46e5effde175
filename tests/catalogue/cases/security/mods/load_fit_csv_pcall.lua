-- pcall(fit, { csv = FILE }): the error text would quote a file that is no CSV.
local dir = (require "mods.marker"):match("^(.*)/")
local ok, err = pcall(fit, { name = "stolen", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
                             params = { "tau" }, csv = dir .. "/secret.txt" })
if ok or tostring(err):find("hunter2") or tostring(err):find("password") then return { stolen = err } end
error(err, 0)
